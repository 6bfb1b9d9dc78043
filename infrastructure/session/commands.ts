/** Commands of the session area: sign in and sign out. */
import type { session } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

export const login = defineCommand<{ readonly email: string; readonly password: string }>()('session/login');

export const logout = defineCommand()('session/logout');

/**
 * The server said who this is: the account id, or null for a guest. Emitted by the session epics
 * at start once the account call answered (not when it could not be reached), and again whenever
 * that changes on the page: a sign-in or sign-up (the account), a sign-out (null). What belongs to
 * one account on this device (interrupted uploads) waits for it.
 */
export const sessionKnown = defineCommand<{ readonly accountId: string | null }>()('session/known');

/** Sign-up (issue 11): the form was checked with `session.signUpProblems` first. */
export const signUp = defineCommand<{
  readonly name: string;
  readonly email: string;
  readonly password: string;
}>()('session/signUp');

/** Mail a reset link to the address (the answer never says whether it has an account). */
export const requestPasswordReset = defineCommand<{ readonly email: string }>()(
  'session/requestPasswordReset',
);

/** Set a new password with the token of a mailed link. */
export const resetPassword = defineCommand<{ readonly token: string; readonly password: string }>()(
  'session/resetPassword',
);

/** Load the account's settings (spec §3). */
export const loadSettings = defineCommand()('session/loadSettings');

/** Change settings at once and save them; a refusal puts the previous values back (with a toast). */
export const changeSettings = defineCommand<{ readonly changes: Partial<session.AccountSettings> }>()(
  'session/changeSettings',
);
