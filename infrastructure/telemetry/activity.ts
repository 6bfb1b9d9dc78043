/**
 * Tracking wired across the app (spec §3 log event and event envelope, §9 "exposure data every
 * 5 s"): a page view per address the router settles on (an event report with the envelope and
 * productLevel, via trackEvent); the cards the exposure adapter saw, once per card per page view
 * (the exposure queue uploads them every 5 s); and log events for what people do (a task
 * created, a like, "not interested").
 */
import { EMPTY, filter, map, merge, mergeMap, scan, type Observable } from 'rxjs';
import { social, tasks } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { exposeItem, logEvent, trackEvent, trackPageView } from './commands';
import type { ExposureSighting } from './deps';

export const PAGE_VIEW_EVENT = 'page_view';

export const pageViewEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(trackPageView.match),
    map(({ payload }) =>
      trackEvent({ name: PAGE_VIEW_EVENT, properties: { path: payload.path, route: payload.route } }),
    ),
  );

type Step = { readonly kind: 'page' } | { readonly kind: 'seen'; readonly s: ExposureSighting };

/** Each card once per page view: a new page view forgets what the previous one saw. */
export const exposureSightingsEpic: AppEpic = (action$, _state$, { telemetry }) => {
  const sightings$: Observable<ExposureSighting> = telemetry.exposures$ ?? EMPTY;
  return merge(
    action$.pipe(
      filter(trackPageView.match),
      map((): Step => ({ kind: 'page' })),
    ),
    sightings$.pipe(map((s): Step => ({ kind: 'seen', s }))),
  ).pipe(
    scan(
      (acc: { readonly seen: ReadonlySet<string>; readonly emit: ExposureSighting | null }, step: Step) => {
        if (step.kind === 'page') return { seen: new Set<string>(), emit: null };
        const key = `${step.s.objType}:${step.s.objId}:${step.s.page}`;
        return acc.seen.has(key)
          ? { seen: acc.seen, emit: null }
          : { seen: new Set([...acc.seen, key]), emit: step.s };
      },
      { seen: new Set<string>(), emit: null },
    ),
    mergeMap(({ emit }): Action[] => (emit === null ? [] : [exposeItem(emit)])),
  );
};

/** Spec §3 log events for what people do; ids as the store knows them. */
export const activityLogEpic: AppEpic = (action$) =>
  action$.pipe(
    mergeMap((a): Action[] => {
      if (tasks.taskCreated.match(a))
        return [
          logEvent({
            eventName: 'task_create',
            entityType: 1,
            objId: a.payload.id,
            objType: 1,
            frontOperation: `domain_type_${a.payload.params.domainType}`,
          }),
        ];
      if (social.likeToggled.match(a))
        return [
          logEvent({
            eventName: 'like',
            entityType: 1,
            objId: a.payload.key,
            objType: 1,
            frontOperation: 'toggle',
          }),
        ];
      if (social.muted.match(a))
        return [
          logEvent({
            eventName: 'not_interested',
            entityType: 1,
            objId: a.payload.id,
            objType: 1,
            frontOperation: a.payload.reason,
          }),
        ];
      return [];
    }),
  );

export const activityEpics: readonly AppEpic[] = [pageViewEpic, exposureSightingsEpic, activityLogEpic];
