/**
 * Session epics: restore the session at start (the T cookie travels with the request), log in,
 * log out. Logout clears local state even when the server call fails (spec §4). The token of
 * the login answer goes to the injected token holder, not into `session/userInfoSet` (issue 9).
 */
import * as E from 'fp-ts/Either';
import { filter, ignoreElements, mergeMap, switchMap, tap } from 'rxjs';
import { errors, session, signedOutEvents } from '../../domain/index.js';
import { LoginThrottled } from '../contract/account';
import type { ApiFailure } from '../http/client';
import { appStarted } from '../store/commands';
import { login, logout } from './commands';
import { refreshPayment } from '../billing/commands';
import { reportApiFailure } from '../notices/commands';
import { toUserInfo } from '../epics/mappers';
import type { Action, AppEpic } from '../epics/types';

export const restoreSessionEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(appStarted.match),
    switchMap(() =>
      api.accountInfo().pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) return [];
          // The token, if any, stays in its holder: the cookie session and it are the same.
          return [session.userInfoSet({ user: toUserInfo(result.right) }), refreshPayment({})];
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

export const loginEpic: AppEpic = (action$, _state$, { api, token }) =>
  action$.pipe(
    filter(login.match),
    switchMap(({ payload }) =>
      api.login({ email: payload.email as never, password: payload.password }).pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) return refusedLogin(result.left);
          token.set(result.right.token);
          return [session.userInfoSet({ user: toUserInfo(result.right.user) }), refreshPayment({})];
        }),
      ),
    ),
  );

export const logoutEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(logout.match),
    switchMap(() => api.logout().pipe(mergeMap((): readonly Action[] => signedOutEvents()))),
  );

/**
 * Spec §4: logout clears the token even if the call fails. Every logout ends in `session/loggedOut`
 * (the logout call's answer, or an expired session's effect), so the holder follows that fact.
 */
export const clearTokenOnLogoutEpic: AppEpic = (action$, _state$, { token }) =>
  action$.pipe(
    filter(session.loggedOut.match),
    tap(() => token.clear()),
    ignoreElements(),
  );

export const sessionEpics = [restoreSessionEpic, loginEpic, logoutEpic, clearTokenOnLogoutEpic] as const;
