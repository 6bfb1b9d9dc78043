/**
 * Push (spec §2, §6, §9). Registration: on `push/enable` (which may ask for permission) or on
 * sign-in when permission was already granted; denied permission stops it. The service worker at
 * /sw.js must be active within 10 s, else registration gives up quietly; then the browser's
 * subscription for the server's VAPID key is sent as the push token. Foreground messages: an
 * award_task message raises a 3000 ms notice placed top-right whose `link` value a click opens
 * (`notices/openLink`). A link that is not http(s) or a relative path is dropped.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  catchError,
  exhaustMap,
  filter,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  take,
  timeout,
  type Observable,
} from 'rxjs';
import { moderation, notices, session } from '../../domain/index.js';
import { AwardTaskPush, PushEnvelope, SERVICE_WORKER_PATH } from '../contract/platform';
import type { Action, AppEpic } from '../epics/types';
import { enablePush } from './commands';
import { openNoticeLink } from '../notices/commands';

/** Spec §9: service worker activation time-out. */
export const PUSH_ACTIVATION_TIMEOUT_MS = 10_000;
/** Spec §9: the award_task notice. */
export const AWARD_NOTICE_DURATION_MS = 3000;
export const AWARD_NOTICE_PLACEMENT = 'top-right';
export const AWARD_NOTICE_KEY = 'push.awardTask';

export const enablePushEpic: AppEpic = (action$, _state$, { platform, scheduler }) =>
  merge(
    action$.pipe(
      filter(enablePush.match),
      map(() => true),
    ),
    action$.pipe(
      filter(session.userInfoSet.match),
      map(() => false),
    ),
  ).pipe(
    exhaustMap((mayAsk): Observable<Action> => {
      const push = platform.push;
      if (!push.supported()) return EMPTY;
      const current = push.permission();
      const permission$ = current === 'default' && mayAsk ? push.requestPermission() : of(current);
      return permission$.pipe(
        take(1),
        filter((p) => p === 'granted'),
        switchMap(() => push.register(SERVICE_WORKER_PATH)),
        switchMap((registration) =>
          registration.activated().pipe(
            take(1),
            timeout({ first: PUSH_ACTIVATION_TIMEOUT_MS, scheduler }),
            switchMap(() => platform.api.pushConfig()),
            switchMap((config) =>
              E.isLeft(config) ? EMPTY : registration.subscribe(config.right.vapid_public_key),
            ),
          ),
        ),
        switchMap((token) => platform.api.pushToken({ token })),
        // Push is a background nicety: a failure anywhere is not the person's problem.
        mergeMap(() => EMPTY),
        catchError(() => EMPTY),
      );
    }),
  );

const isOpenableLink = (link: string): boolean =>
  link.trim() !== '' && moderation.isSafeHref(link) && !/^(mailto|tel):/i.test(link.trim());

export const pushMessagesEpic: AppEpic = (_action$, _state$, { platform, ids }) =>
  platform.push.messages$.pipe(
    mergeMap((data): Action[] => {
      const envelope = PushEnvelope.decode(data);
      if (E.isLeft(envelope)) return [];
      const award = AwardTaskPush.decode(envelope.right.payload);
      if (E.isLeft(award)) return [];
      const { title, link, body } = award.right;
      return [
        notices.noticeRaised({
          id: ids(),
          level: 'info',
          messageKey: AWARD_NOTICE_KEY,
          values: {
            title,
            ...(body === undefined ? {} : { body }),
            ...(isOpenableLink(link) ? { link } : {}),
            placement: AWARD_NOTICE_PLACEMENT,
          },
          fallback: title,
          durationMs: AWARD_NOTICE_DURATION_MS,
        }),
      ];
    }),
  );

/** A click on a notice with a link: our own paths in place, other sites in a new tab. */
export const openNoticeLinkEpic: AppEpic = (action$, state$, { platform, navigate }) =>
  action$.pipe(
    filter(openNoticeLink.match),
    mergeMap(({ payload }) => {
      const notice = state$.value.notices.active.find((n) => n.id === payload.id);
      const link = notice?.values['link'];
      if (notice === undefined || typeof link !== 'string' || !isOpenableLink(link)) return EMPTY;
      if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
      else platform.openExternal(link);
      return of(notices.noticeDismissed({ id: payload.id }));
    }),
  );

export const pushEpics: readonly AppEpic[] = [enablePushEpic, pushMessagesEpic, openNoticeLinkEpic];
