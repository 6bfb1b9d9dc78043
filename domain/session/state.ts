import { assertNever } from '../kernel/event.js';
import type { SessionEvent } from './events.js';

/** Spec §3 account fields the client keeps, in domain names. */
export interface UserInfo {
  readonly id: string;
  readonly accountName: string;
  readonly name: string;
  readonly email: string;
  readonly avatar: string;
  /** 3 marks a new user (spec §4). */
  readonly status: number;
  readonly role: string;
}

export type SessionState =
  | { readonly status: 'guest' }
  | { readonly status: 'signedIn'; readonly token: string; readonly user: UserInfo };

export const initialSessionState: SessionState = { status: 'guest' };

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'session/userInfoSet':
      return { status: 'signedIn', token: event.payload.token, user: event.payload.user };
    case 'session/tokenRefreshed':
      return state.status === 'signedIn' && state.token !== event.payload.token
        ? { ...state, token: event.payload.token }
        : state;
    case 'session/loggedOut':
      return state.status === 'guest' ? state : initialSessionState;
    default:
      return assertNever(event);
  }
};

export const selectIsGuest = (s: SessionState): boolean => s.status === 'guest';
export const selectUser = (s: SessionState): UserInfo | null =>
  s.status === 'signedIn' ? s.user : null;
/** Spec §4: status 3 is a new user. */
export const isNewUser = (user: UserInfo): boolean => user.status === 3;
