import { enterpriseRoleOf, isNewUser, type AdminOff, type EnterpriseRole } from './rules.js';
import type {
  AccountNotice,
  AccountSettings,
  CollectedTag,
  CollectionFolder,
  Recovery,
  SessionState,
  UserInfo,
} from './state.js';

export const selectIsGuest = (s: SessionState): boolean => s.status === 'guest';
export const selectUser = (s: SessionState): UserInfo | null => (s.status === 'signedIn' ? s.user : null);
/** Whether a session exists; its bearer token is the HTTP adapter's, never the state's (issue 9). */
export const selectHasSession = (s: SessionState): boolean => s.status === 'signedIn';
export const selectIsNewUser = (s: SessionState): boolean => s.status === 'signedIn' && isNewUser(s.user);
/** Null for a guest: the flag is cleared on logout (spec §4). */
export const selectAdminOff = (s: SessionState): AdminOff | null =>
  s.status === 'signedIn' ? s.adminOff : null;
export const selectEnterpriseRole = (s: SessionState): EnterpriseRole =>
  s.status === 'signedIn' ? enterpriseRoleOf(s.user) : 'none';
export const selectCollections = (s: SessionState): readonly CollectionFolder[] =>
  s.status === 'signedIn' ? s.collections : [];
export const selectCollectedTags = (s: SessionState): readonly CollectedTag[] =>
  s.status === 'signedIn' ? s.collectedTags : [];
export const selectAccountNotices = (s: SessionState): readonly AccountNotice[] =>
  s.status === 'signedIn' ? s.notices : [];

/** The refused sign-in a login form shows: the code and, when throttled, the whole seconds to wait. */
export const selectLoginFailure = (
  s: SessionState,
): { readonly code: number; readonly retryAfterS: number | null } | null =>
  s.status === 'guest' && s.loginFailure
    ? {
        code: s.loginFailure.code,
        retryAfterS:
          s.loginFailure.retryAfterMs === null ? null : Math.ceil(s.loginFailure.retryAfterMs / 1000),
      }
    : null;

/** The code of the last refused sign-up, or null. */
export const selectSignUpFailure = (s: SessionState): number | null =>
  s.status === 'guest' && s.signUpFailure ? s.signUpFailure.code : null;

/** Where a password recovery stands (a guest's only: a reset ends every session). */
export const selectRecovery = (s: SessionState): Recovery | null =>
  s.status === 'guest' ? (s.recovery ?? null) : null;

/** The account's settings once loaded; null for a guest or before the first load. */
export const selectSettings = (s: SessionState): AccountSettings | null =>
  s.status === 'signedIn' ? (s.settings ?? null) : null;

export type SettingsSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** Spec §3 settings as the page reports them: saving while any change is on its way, then how the last ended. */
export const selectSettingsSaveStatus = (s: SessionState): SettingsSaveStatus => {
  if (s.status !== 'signedIn' || !s.settingsSave) return 'idle';
  if (s.settingsSave.inFlight > 0) return 'saving';
  return s.settingsSave.last ?? 'idle';
};

/** The code of a failed settings read, or null. */
export const selectSettingsLoadFailure = (s: SessionState): number | null =>
  s.status === 'signedIn' ? (s.settingsLoadFailure ?? null) : null;
