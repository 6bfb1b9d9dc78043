/**
 * Notices: each raised notice is dismissed after its duration (spec §8: toasts 5 s), or at
 * once when a person closes it; and every failed call becomes the effect the error map decides.
 */
import { filter, map, mergeMap, take, takeUntil, timer, EMPTY, of } from 'rxjs';
import { notices } from '../../domain/index.js';
import { dismissNotice, reportApiFailure } from '../store/commands';
import type { Action, AppEpic } from './types';

export const autoDismissEpic: AppEpic = (action$, _state$, { scheduler }) =>
  action$.pipe(
    filter(notices.noticeRaised.match),
    mergeMap(({ payload }) => {
      const closed$ = action$.pipe(filter((a) => dismissNotice.match(a) && a.payload.id === payload.id), take(1));
      return timer(payload.durationMs, scheduler).pipe(
        takeUntil(closed$),
        map(() => notices.noticeDismissed({ id: payload.id })),
      );
    }),
  );

export const dismissNoticeEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(dismissNotice.match),
    map(({ payload }) => notices.noticeDismissed({ id: payload.id })),
  );

export const apiFailureEpic: AppEpic = (action$, _state$, { ids, navigate }) =>
  action$.pipe(
    filter(reportApiFailure.match),
    mergeMap(({ payload: { failure } }) => {
      if (failure.kind === 'http' && failure.status === 403) {
        navigate('/403');
        return EMPTY;
      }
      const raise = (messageKey: string, fallback: string | null, values: Record<string, string | number> = {}): Action =>
        notices.noticeRaised({
          id: ids(),
          level: 'error',
          messageKey,
          values,
          fallback,
          durationMs: notices.TOAST_DURATION_MS,
        });
      switch (failure.kind) {
        case 'api':
          return of(raise(`HttpErrorCode_${failure.code}`, failure.msg, { code: failure.code }));
        case 'http':
          return of(raise('errors.http', null, { status: failure.status }));
        case 'network':
          return of(raise('apiErr', null));
        case 'decode':
          return of(raise('errors.decode', failure.errors[0] ?? null, { path: failure.path }));
      }
    }),
  );

export const noticeEpics = [autoDismissEpic, dismissNoticeEpic, apiFailureEpic] as const;
