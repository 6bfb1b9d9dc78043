import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { AccountNotice, CollectedTag, CollectionFolder, UserInfo } from './state.js';

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

export type SessionEvent =
  | DomainEvent<typeof userInfoSet.type, UserInfoSetPayload>
  | DomainEvent<typeof loggedOut.type, Record<string, never>>
  | DomainEvent<typeof collectionsLoaded.type, CollectionsLoadedPayload>
  | DomainEvent<typeof noticesLoaded.type, NoticesLoadedPayload>
  | DomainEvent<typeof collectedTagsLoaded.type, CollectedTagsLoadedPayload>
  | DomainEvent<typeof loginRefused.type, LoginRefusedPayload>;

export const sessionEventTypes = [
  userInfoSet.type,
  loggedOut.type,
  collectionsLoaded.type,
  noticesLoaded.type,
  collectedTagsLoaded.type,
  loginRefused.type,
] as const;
