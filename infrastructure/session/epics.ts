/**
 * Session epics: restore the session at start (the T cookie travels with the request), log in,
 * log out. Logout clears local state even when the server call fails (spec §4).
 */
import * as E from 'fp-ts/Either';
import { filter, map, mergeMap, switchMap } from 'rxjs';
import { session, signedOutEvents } from '../../domain/index.js';
import { appStarted } from '../store/commands';
import { login, logout } from './commands';
import { refreshPayment } from '../billing/commands';
import { reportApiFailure } from '../notices/commands';
import { toUserInfo } from '../epics/mappers';
import type { Action, AppEpic } from '../epics/types';

export const restoreSessionEpic: AppEpic = (action$, state$, { api }) =>
  action$.pipe(
    filter(appStarted.match),
    switchMap(() =>
      api.accountInfo().pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) return [];
          // Keep a token restored from persisted state: the cookie session and it are the same.
          const s = state$.value.session;
          const token = s.status === 'signedIn' ? s.token : '';
          return [session.userInfoSet({ token, user: toUserInfo(result.right) }), refreshPayment({})];
        }),
      ),
    ),
  );

export const loginEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(login.match),
    switchMap(({ payload }) =>
      api
        .login({ email: payload.email as never, password: payload.password })
        .pipe(
          mergeMap((result): Action[] =>
            E.isLeft(result)
              ? [reportApiFailure({ failure: result.left })]
              : [
                  session.userInfoSet({ token: result.right.token, user: toUserInfo(result.right.user) }),
                  refreshPayment({}),
                ],
          ),
        ),
    ),
  );

export const logoutEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(logout.match),
    switchMap(() => api.logout().pipe(mergeMap((): readonly Action[] => signedOutEvents()))),
  );

/** Spec §4: a token header on any response refreshes the stored token. */
export const tokenRefreshEpic: AppEpic = (_action$, state$, { tokens$ }) =>
  tokens$.pipe(
    filter((token) => state$.value.session.status === 'signedIn' && state$.value.session.token !== token),
    map((token) => session.tokenRefreshed({ token })),
  );

export const sessionEpics = [restoreSessionEpic, loginEpic, logoutEpic, tokenRefreshEpic] as const;
