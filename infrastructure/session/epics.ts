/**
 * Session epics: restore the session at start (the T cookie travels with the request), log in,
 * log out. Logout clears local state even when the server call fails (spec §4). The token of
 * the login answer goes to the injected token holder, not into `session/userInfoSet` (issue 9).
 */
import * as E from 'fp-ts/Either';
import { concat, EMPTY, filter, forkJoin, map, mergeMap, of, switchMap, type Observable } from 'rxjs';
import { errors, session, signedOutEvents } from '../../domain/index.js';
import { LoginThrottled, type AccountSettings } from '../contract/account';
import type { SessionApi } from './api';
import { apiCodeOf, type ApiFailure, type ApiResult } from '../http/client';
import { appStarted } from '../store/commands';
import {
  changeSettings,
  loadSettings,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  sessionKnown,
  signUp,
} from './commands';
import { refreshPayment } from '../billing/commands';
import { reportApiFailure } from '../notices/commands';
import { toUserInfo } from './mappers';
import type { Action, AppEpic } from '../epics/types';

export const restoreSessionEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(appStarted.match),
    switchMap(() =>
      api.accountInfo().pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) return result.left.kind === 'api' ? [sessionKnown({ accountId: null })] : [];
          // The token, if any, stays in its holder: the cookie session and it are the same.
          const user = toUserInfo(result.right);
          return [session.userInfoSet({ user }), refreshPayment({}), sessionKnown({ accountId: user.id })];
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
          // The server said who this is: what this account left on the device goes on (uploads).
          const user = toUserInfo(result.right.user);
          return [session.userInfoSet({ user }), refreshPayment({}), sessionKnown({ accountId: user.id })];
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
 * Sign-up: a new account is signed in like a login. A refusal of the account family is recorded
 * for the form, which says what to fix (no toast); a transport failure goes to the error map.
 */
export const signUpEpic: AppEpic = (action$, _state$, { api, token }) =>
  action$.pipe(
    filter(signUp.match),
    switchMap(({ payload }) =>
      api.register(payload).pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result))
            return result.left.kind === 'api'
              ? [session.signUpRefused({ code: result.left.code })]
              : [reportApiFailure({ failure: result.left })];
          token.set(result.right.token);
          // The server said who this is: what this account left on the device goes on (uploads).
          const user = toUserInfo(result.right.user);
          return [session.userInfoSet({ user }), refreshPayment({}), sessionKnown({ accountId: user.id })];
        }),
      ),
    ),
  );

/**
 * Signed out (by the person, or by an error that ended the session): the page is a guest's now,
 * as far as what belongs to one account on this device goes (interrupted uploads).
 */
export const sessionKnownAfterSignOutEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(session.loggedOut.match),
    map(() => sessionKnown({ accountId: null })),
  );

/**
 * The reset calls answer the page that asked: 20004 (the link expired) is in spec §8's session
 * range, but here it is no expired session, so it never goes through the error map's logout.
 */
const recoveryRefused = (failure: ApiFailure): Action[] =>
  failure.kind === 'api'
    ? [session.passwordResetRefused({ code: failure.code })]
    : [reportApiFailure({ failure })];

export const requestPasswordResetEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(requestPasswordReset.match),
    switchMap(({ payload }) =>
      api
        .forgotPassword({ email: payload.email })
        .pipe(
          mergeMap((result): Action[] =>
            E.isLeft(result) ? recoveryRefused(result.left) : [session.passwordResetMailSent({})],
          ),
        ),
    ),
  );

/** A reset ends every session of the account, this one too: a signed-in person is signed out here. */
export const resetPasswordEpic: AppEpic = (action$, state$, { api }) =>
  action$.pipe(
    filter(resetPassword.match),
    switchMap(({ payload }) =>
      api.resetPassword(payload).pipe(
        mergeMap((result): readonly Action[] => {
          if (E.isLeft(result)) return recoveryRefused(result.left);
          const signedIn = state$.value.session.status === 'signedIn';
          return [...(signedIn ? signedOutEvents() : []), session.passwordResetCompleted({})];
        }),
      ),
    ),
  );

/** Contract settings (spec §3 names) to the domain's. */
export const toSettings = (s: AccountSettings): session.AccountSettings => ({
  langCode: s.lang_code,
  showNsfw: s.show_sexy,
  taskFlowVersion: s.task_flow_version,
  modelPresetMode: s.use_model_preset_meta_mode,
  imagePromptSwitch: s.task_image_prompt_switch,
  autoPublish: s.is_auto_pub_community,
});

export const loadSettingsEpic: AppEpic = (action$, _state$, { api }) =>
  action$.pipe(
    filter(loadSettings.match),
    switchMap(() =>
      api
        .settings()
        .pipe(
          mergeMap((result): Action[] =>
            E.isLeft(result)
              ? [
                  session.settingsLoadFailed({ code: apiCodeOf(result.left) }),
                  reportApiFailure({ failure: result.left }),
                ]
              : [session.settingsLoaded({ settings: toSettings(result.right) })],
          ),
        ),
    ),
  );

/** The calls that save a change: spec §7 names one for the language and one for NSFW. */
const saveCalls = (
  api: SessionApi,
  changes: Partial<session.AccountSettings>,
): Observable<ApiResult<AccountSettings>>[] => {
  const calls: Observable<ApiResult<AccountSettings>>[] = [];
  if (changes.langCode !== undefined) calls.push(api.setLanguage({ lang_code: changes.langCode }));
  if (changes.showNsfw !== undefined) calls.push(api.showSexy({ show_sexy: changes.showNsfw }));
  const rest = {
    ...(changes.taskFlowVersion !== undefined ? { task_flow_version: changes.taskFlowVersion } : {}),
    ...(changes.modelPresetMode !== undefined ? { use_model_preset_meta_mode: changes.modelPresetMode } : {}),
    ...(changes.imagePromptSwitch !== undefined
      ? { task_image_prompt_switch: changes.imagePromptSwitch }
      : {}),
    ...(changes.autoPublish !== undefined ? { is_auto_pub_community: changes.autoPublish } : {}),
  };
  // Spec §7: the settings update is "mode 1 with task_flow_version or use_model_preset_meta_mode".
  const mode =
    changes.taskFlowVersion !== undefined || changes.modelPresetMode !== undefined
      ? { mode: 1 as const }
      : {};
  if (Object.keys(rest).length > 0) calls.push(api.updateSettings({ ...mode, ...rest }));
  return calls;
};

/**
 * Optimistic settings: the change shows at once; when a save fails, the values it replaced come
 * back and the failure is reported (the error map's toast). A success records only that it was
 * saved (the page says so): the state already says what the server now holds, and a late answer
 * must not undo a newer change.
 */
export const changeSettingsEpic: AppEpic = (action$, state$, { api }) =>
  action$.pipe(
    filter(changeSettings.match),
    mergeMap(({ payload }) => {
      const current = session.selectSettings(state$.value.session);
      const calls = saveCalls(api, payload.changes);
      if (current === null || calls.length === 0) return EMPTY;
      const keys = Object.keys(payload.changes) as (keyof session.AccountSettings)[];
      const restore: Partial<session.AccountSettings> = Object.fromEntries(keys.map((k) => [k, current[k]]));
      return concat(
        of(session.settingsChanged({ changes: payload.changes })),
        forkJoin(calls).pipe(
          mergeMap((results): Action[] => {
            const failed = results.find(E.isLeft);
            return failed
              ? [session.settingsChangeRolledBack({ restore }), reportApiFailure({ failure: failed.left })]
              : [session.settingsSaved({})];
          }),
        ),
      );
    }),
  );

export const sessionEpics = [
  restoreSessionEpic,
  loginEpic,
  logoutEpic,
  sessionKnownAfterSignOutEpic,
  signUpEpic,
  requestPasswordResetEpic,
  resetPasswordEpic,
  loadSettingsEpic,
  changeSettingsEpic,
] as const;
