/**
 * Session epics: restore the session at start (the T cookie travels with the request), log in,
 * log out. Logout clears local state even when the server call fails (spec §4).
 */
import * as E from 'fp-ts/Either';
import { filter, map, mergeMap, switchMap } from 'rxjs';
import { errors, session, signedOutEvents } from '../../domain/index.js';
import { LoginThrottled } from '../contract/account';
import type { ApiFailure } from '../http/client';
import { appStarted, login, logout, refreshPayment, reportApiFailure } from '../store/commands';
import { toUserInfo } from './mappers';
import type { Action, AppEpic } from './types';

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

/** A refused sign-in: recorded for the form; a throttle (20010) carries its wait and shows no toast. */
const refusedLogin = (failure: ApiFailure): Action[] => {
  if (failure.kind !== 'api') return [reportApiFailure({ failure })];
  const throttled =
    failure.code === errors.ErrorCodes.tooManySignIns ? LoginThrottled.decode(failure.data) : null;
  if (throttled && E.isRight(throttled))
    return [session.loginRefused({ code: failure.code, retryAfterMs: throttled.right.retry_after_s * 1000 })];
  return [session.loginRefused({ code: failure.code, retryAfterMs: null }), reportApiFailure({ failure })];
};

export const loginEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(login.match),
    switchMap(({ payload }) =>
      api
        .login({ email: payload.email as never, password: payload.password })
        .pipe(
          mergeMap((result): Action[] =>
            E.isLeft(result)
              ? refusedLogin(result.left)
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
