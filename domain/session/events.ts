import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { UserInfo } from './state.js';

export interface UserInfoSetPayload {
  readonly token: string;
  readonly user: UserInfo;
}

export const userInfoSet = defineEvent<UserInfoSetPayload>()('session/userInfoSet');
/** Spec §4: a token header on a response refreshes the stored token. */
export const tokenRefreshed = defineEvent<{ readonly token: string }>()('session/tokenRefreshed');
export const loggedOut = defineEvent<Record<string, never>>()('session/loggedOut');

export type SessionEvent =
  | DomainEvent<typeof userInfoSet.type, UserInfoSetPayload>
  | DomainEvent<typeof tokenRefreshed.type, { readonly token: string }>
  | DomainEvent<typeof loggedOut.type, Record<string, never>>;

export const sessionEventTypes = [userInfoSet.type, tokenRefreshed.type, loggedOut.type] as const;
