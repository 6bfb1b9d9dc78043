/**
 * The bearer token of spec §4/§7, held by the HTTP adapter and nowhere else (issue 9): it never
 * enters a domain event, the state, or the exported event log. It is kept in memory only, never
 * in local storage (issue 25: no token readable from storage by a script); what survives a reload
 * is the session cookie T, which the server sets HttpOnly and the browser sends with every call of
 * our origin (spec §4 "persisted state covers the token": the cookie jar persists it, out of
 * scripts' reach). Opening the holder removes a token an older client stored.
 *
 * Writers: the login answer and the `token` response header (the HTTP client); `clear` on logout,
 * and the HTTP client when the server says the session the token names is over.
 * Readers: the HTTP client (the §7 `token` request header) and, through the injected
 * dependencies, the streaming epics (SSE header, chat socket auth).
 */
import type { LocalStore } from '../platform/storage';

/** Where clients before issue 25 kept the token; removed when the holder opens. */
export const TOKEN_KEY = 'session_token';

export interface TokenStore {
  /** The current token, or null when there is none (a guest, or the T cookie carries the session). */
  readonly get: () => string | null;
  /** Stores a token from the login answer or a `token` response header; an empty one is ignored. */
  readonly set: (token: string) => void;
  readonly clear: () => void;
}

/** A holder that keeps the token in memory only. */
export const memoryTokenStore = (initial: string | null = null): TokenStore => {
  let current = initial;
  return {
    get: () => current,
    set: (token) => {
      if (token !== '') current = token;
    },
    clear: () => {
      current = null;
    },
  };
};

/** Opens the page's holder: empty, and any token an older client left in `storage` is removed. */
export const openTokenStore = (storage: LocalStore): TokenStore => {
  if (storage.get(TOKEN_KEY) !== null) storage.remove(TOKEN_KEY);
  return memoryTokenStore();
};
