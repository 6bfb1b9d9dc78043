/**
 * The bearer token of spec §4/§7, held by the HTTP adapter and nowhere else (issue 9): it never
 * enters a domain event, the state, or the exported event log. The holder keeps the current token
 * in memory and in its own local-storage key (spec §4 "persisted state covers the token"), so a
 * reload keeps it, and applies the domain's cookie rule at start: without the T cookie the stored
 * token is dropped, like the persisted user info beside it.
 *
 * Writers: the login answer and the `token` response header (the HTTP client); `clear` on logout.
 * Readers: the HTTP client (the §7 `token` request header) and, through the injected
 * dependencies, the streaming epics (SSE header, chat socket auth).
 */
import type { LocalStore } from '../platform/storage';

/** The adapter's own key; not on the logout whitelist, so a logout's sweep removes it too. */
export const TOKEN_KEY = 'session_token';

export interface TokenStore {
  /** The current token, or null when there is none (a guest, or the T cookie carries the session). */
  readonly get: () => string | null;
  /** Stores a token from the login answer or a `token` response header; an empty one is ignored. */
  readonly set: (token: string) => void;
  readonly clear: () => void;
}

export interface OpenTokenStoreOptions {
  /** Whether the T cookie exists at start (spec §4: without it the persisted token is dropped). */
  readonly hasSessionCookie: boolean;
}

/** Opens the holder over `storage`, dropping a stored token when the T cookie is missing. */
export const openTokenStore = (
  storage: LocalStore,
  { hasSessionCookie }: OpenTokenStoreOptions,
): TokenStore => {
  const stored = storage.get(TOKEN_KEY);
  let current: string | null = stored !== null && stored !== '' ? stored : null;
  if (!hasSessionCookie) {
    current = null;
    if (stored !== null) storage.remove(TOKEN_KEY);
  }
  return {
    get: () => current,
    set: (token) => {
      if (token === '' || token === current) return;
      current = token;
      storage.set(TOKEN_KEY, token);
    },
    clear: () => {
      current = null;
      storage.remove(TOKEN_KEY);
    },
  };
};

/** A holder that keeps nothing between runs (tests, tools): memory only. */
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
