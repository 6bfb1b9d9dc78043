import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { AccountNotice, AccountSettings, CollectedTag, CollectionFolder, UserInfo } from './state.js';

/**
 * The account fields only. The bearer token never enters a domain event (issue 9): the HTTP
 * adapter holds it, the domain records that a session exists.
 */
export interface UserInfoSetPayload {
  readonly user: UserInfo;
}

export interface CollectionsLoadedPayload {
  readonly folders: readonly CollectionFolder[];
}

export interface NoticesLoadedPayload {
  readonly notices: readonly AccountNotice[];
}

export interface CollectedTagsLoadedPayload {
  readonly tags: readonly CollectedTag[];
}

/**
 * Spec §4: setting user info stores the token and the account fields. The domain stores the
 * fields; the token is stored by the HTTP adapter (`infrastructure/http/tokenStore.ts`), so a
 * refreshed token (spec §4 token header) is no domain fact at all.
 */
export const userInfoSet = defineEvent<UserInfoSetPayload>()('session/userInfoSet');
/**
 * Spec §4: logout clears the per-user state even if the server call fails, so this fact is
 * recorded whatever the logout call returned; no "requested" event gates it.
 */
export const loggedOut = defineEvent<Record<string, never>>()('session/loggedOut');
export const collectionsLoaded = defineEvent<CollectionsLoadedPayload>()('session/collectionsLoaded');
export const noticesLoaded = defineEvent<NoticesLoadedPayload>()('session/noticesLoaded');
/** A notice read list is kept per user (spec §3). */
export const collectedTagsLoaded = defineEvent<CollectedTagsLoadedPayload>()('session/collectedTagsLoaded');

/** A refused sign-in: the code, and for 20010 (too many attempts) how long to wait. */
export interface LoginRefusedPayload {
  readonly code: number;
  readonly retryAfterMs: number | null;
}
/** Spec §8 account family: the sign-in was refused (wrong password, throttled, ...). */
export const loginRefused = defineEvent<LoginRefusedPayload>()('session/loginRefused');

export interface CodePayload {
  readonly code: number;
}
/** Spec §8 account family: the sign-up was refused (20006 email registered, 20005 invalid email, ...). */
export const signUpRefused = defineEvent<CodePayload>()('session/signUpRefused');
/** A reset link was mailed (to the address, if it has an account: the answer never says which). */
export const passwordResetMailSent = defineEvent<Record<string, never>>()('session/passwordResetMailSent');
/** The reset link was refused: 20004 when it expired or was used already. */
export const passwordResetRefused = defineEvent<CodePayload>()('session/passwordResetRefused');
/** The password was changed through a reset link; every session of the account ended. */
export const passwordResetCompleted = defineEvent<Record<string, never>>()('session/passwordResetCompleted');

export interface SettingsLoadedPayload {
  readonly settings: AccountSettings;
}
export interface SettingsChangedPayload {
  readonly changes: Partial<AccountSettings>;
}
export interface SettingsChangeRolledBackPayload {
  /** The values the refused change had replaced. */
  readonly restore: Partial<AccountSettings>;
}
/** Spec §3 settings as the server holds them. */
export const settingsLoaded = defineEvent<SettingsLoadedPayload>()('session/settingsLoaded');
/** A setting changed at once, before the server confirmed it (optimistic). */
export const settingsChanged = defineEvent<SettingsChangedPayload>()('session/settingsChanged');
/** The server refused a change: the previous values are back. */
export const settingsChangeRolledBack = defineEvent<SettingsChangeRolledBackPayload>()(
  'session/settingsChangeRolledBack',
);

/** The server accepted a settings change (spec §3 settings: saving, then saved). */
export const settingsSaved = defineEvent<Record<string, never>>()('session/settingsSaved');
/** The settings could not be read (the settings page shows an error with a retry). */
export const settingsLoadFailed = defineEvent<CodePayload>()('session/settingsLoadFailed');

export type SessionEvent =
  | DomainEvent<typeof userInfoSet.type, UserInfoSetPayload>
  | DomainEvent<typeof loggedOut.type, Record<string, never>>
  | DomainEvent<typeof collectionsLoaded.type, CollectionsLoadedPayload>
  | DomainEvent<typeof noticesLoaded.type, NoticesLoadedPayload>
  | DomainEvent<typeof collectedTagsLoaded.type, CollectedTagsLoadedPayload>
  | DomainEvent<typeof loginRefused.type, LoginRefusedPayload>
  | DomainEvent<typeof signUpRefused.type, CodePayload>
  | DomainEvent<typeof passwordResetMailSent.type, Record<string, never>>
  | DomainEvent<typeof passwordResetRefused.type, CodePayload>
  | DomainEvent<typeof passwordResetCompleted.type, Record<string, never>>
  | DomainEvent<typeof settingsLoaded.type, SettingsLoadedPayload>
  | DomainEvent<typeof settingsChanged.type, SettingsChangedPayload>
  | DomainEvent<typeof settingsChangeRolledBack.type, SettingsChangeRolledBackPayload>
  | DomainEvent<typeof settingsSaved.type, Record<string, never>>
  | DomainEvent<typeof settingsLoadFailed.type, CodePayload>;

export const sessionEventTypes = [
  userInfoSet.type,
  loggedOut.type,
  collectionsLoaded.type,
  noticesLoaded.type,
  collectedTagsLoaded.type,
  loginRefused.type,
  signUpRefused.type,
  passwordResetMailSent.type,
  passwordResetRefused.type,
  passwordResetCompleted.type,
  settingsLoaded.type,
  settingsChanged.type,
  settingsChangeRolledBack.type,
  settingsSaved.type,
  settingsLoadFailed.type,
] as const;
