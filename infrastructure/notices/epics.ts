/**
 * Notices: each raised notice is dismissed after its duration (spec §8: toasts 5 s), or at
 * once when a person closes it; and every failed call becomes the effect the domain's error map
 * decides. The HTTP client never shows anything itself.
 */
import { filter, from, map, mergeMap, take, takeUntil, timer } from 'rxjs';
import { errors, notices, signedOutEvents, type RootState } from '../../domain/index.js';
import type { ApiFailure } from '../http/client';
import type { Dependencies } from '../store/dependencies';
import { closeDialog, dismissNotice, openDialog, reportApiFailure, showNotice } from './commands';
import type { Action, AppEpic } from '../epics/types';
import { loginDialog } from './toast';

export const autoDismissEpic: AppEpic = (action$, _state$, { scheduler }) =>
  action$.pipe(
    filter(notices.noticeRaised.match),
    mergeMap(({ payload }) => {
      const closed$ = action$.pipe(
        filter((a) => dismissNotice.match(a) && a.payload.id === payload.id),
        take(1),
      );
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

/** A toast asked for by a view or an adapter (a guard explaining a redirect): raised with its id. */
export const showNoticeEpic: AppEpic = (action$, _state$, { ids }) =>
  action$.pipe(
    filter(showNotice.match),
    map(({ payload }) =>
      notices.noticeRaised({
        id: ids(),
        level: payload.level,
        messageKey: payload.messageKey,
        values: {},
        fallback: null,
        durationMs: errors.ERROR_TOAST_DURATION_MS,
      }),
    ),
  );

/** A person opens or closes a dialog: the intent becomes the recorded fact. */
export const dialogIntentEpic: AppEpic = (action$) =>
  action$.pipe(
    filter((a) => closeDialog.match(a) || openDialog.match(a)),
    map((a) =>
      closeDialog.match(a)
        ? notices.dialogClosed({ name: a.payload.name })
        : notices.dialogOpened({
            name: (a as ReturnType<typeof openDialog>).payload.name,
            variant: (a as ReturnType<typeof openDialog>).payload.variant ?? null,
          }),
    ),
  );

const queryString = (query: Readonly<Record<string, string>>): string => {
  const q = new URLSearchParams(query).toString();
  return q === '' ? '' : `?${q}`;
};

/** Carries out what the domain's error map (spec §8) decides for one failed call. */
export const effectToActions = (
  effect: errors.ErrorEffect,
  deps: Pick<Dependencies, 'ids' | 'navigate'>,
): Action[] => {
  switch (effect.kind) {
    case 'none':
    case 'silent':
      return [];
    case 'toast':
      return [
        notices.noticeRaised({
          id: deps.ids(),
          level: effect.level,
          messageKey: effect.messageKey,
          values: effect.values,
          fallback: effect.fallback,
          fallbackKey: effect.fallbackKey,
          durationMs: effect.durationMs,
        }),
      ];
    case 'loginDialog':
      return [...signedOutEvents(), loginDialog()];
    case 'redirect': {
      deps.navigate(effect.to + queryString(effect.query));
      return [
        ...(effect.logout ? signedOutEvents() : []),
        ...(effect.openLoginDialog ? [loginDialog()] : []),
      ];
    }
    case 'dialog':
      return [notices.dialogOpened({ name: effect.name, variant: effect.variant })];
  }
};

/** The wire failure as the error map's input; the context is read from the state. */
export const toErrorInput = (failure: ApiFailure, state: RootState, pagePath: string): errors.ErrorInput => {
  switch (failure.kind) {
    case 'api':
      return {
        kind: 'api',
        code: failure.code,
        msg: failure.msg,
        path: failure.path,
        context: errors.errorContextOf(state, failure.path, pagePath),
      };
    case 'http':
      return {
        kind: 'http',
        status: failure.status,
        context: errors.errorContextOf(state, failure.path, pagePath),
      };
    case 'network':
      return { kind: 'network' };
    case 'decode':
      return { kind: 'decode', path: failure.path };
  }
};

export const apiFailureEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(reportApiFailure.match),
    mergeMap(({ payload: { failure } }) =>
      from(effectToActions(errors.mapError(toErrorInput(failure, state$.value, deps.currentPath())), deps)),
    ),
  );

export const noticeEpics = [
  autoDismissEpic,
  dismissNoticeEpic,
  showNoticeEpic,
  dialogIntentEpic,
  apiFailureEpic,
] as const;
