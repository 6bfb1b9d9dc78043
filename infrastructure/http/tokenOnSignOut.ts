/**
 * Spec §4: logout clears the token even if the call fails. Every sign-out is recorded as
 * `session/loggedOut` (the logout call's answer or failure, an expired session's effect, a
 * password reset), and the token holder drops the token as that fact enters the store: before the
 * reducer and every epic see it. An epic that reacts to the change (the A/B flags asked again for
 * a guest) would otherwise send its request with the ended session's token (issue 25).
 */
import type { Middleware } from 'redux';
import { session } from '../../domain/index.js';
import type { TokenStore } from './tokenStore';

export const dropTokenOnSignOut =
  (token: TokenStore): Middleware =>
  () =>
  (next) =>
  (action) => {
    if ((action as { readonly type?: unknown } | null)?.type === session.loggedOut.type) token.clear();
    return next(action);
  };
