/**
 * The response envelope and the error codes the reference server produces. Every code is one
 * of spec §8's, except 10400 (malformed request), which the spec leaves open and we added in
 * the style of 10403/10404.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { SUCCESS_CODE } from '../infrastructure/contract/envelope';
import { bound } from './boundary';

export const CODES = {
  invalidRequest: 10400,
  forbidden: 10403,
  notFound: 10404,
  notLoggedIn: 20000,
  accountNotExistent: 20001,
  wrongPassword: 20003,
  /** A password-reset link that expired or was used already. */
  resetLinkExpired: 20004,
  invalidEmail: 20005,
  emailRegistered: 20006,
  /** The new password breaks the domain's rule (session.passwordProblem); ours, in the account family. */
  passwordRejected: 20007,
  /** The display name breaks the domain's rule (session.nameProblem); ours, in the account family. */
  nameRejected: 20008,
  /** Too many failed sign-ins for the account or the address; data.retry_after_s says how long to wait. */
  tooManySignIns: 20010,
  /** A guest past the free allowance must solve a captcha challenge (GET one from /captcha/challenge). */
  captchaRequired: 20011,
  /** The captcha solution is wrong, expired or already used. */
  captchaInvalid: 20012,
  /** Too many guest task creations from one client address in a minute. */
  tooManyGuestRequests: 70011,
  dailyLimit: 70001,
  queueFull: 70002,
  noCoins: 80307,
} as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const ok = <A>(data: A) => ({ status: { code: SUCCESS_CODE, msg: 'success' }, data });
export const failure = (code: number, msg: string) => ({ status: { code, msg }, data: null });

const MAX_REPORTED_PATHS = 3;

/**
 * Where a decode failed and what was expected there (`body.email: expected Email`), for at most
 * three places and 300 characters. Never the rejected value: it may be huge, deep or hostile.
 * Union and intersection members share their parent's value; their index is not a path step.
 */
export const reportDecodeErrors = (errors: t.Errors, root = 'body'): string => {
  const lines: string[] = [];
  for (const error of errors) {
    let path = root;
    let parent: unknown = undefined;
    error.context.forEach((entry, i) => {
      if (i > 0 && entry.key !== '' && entry.actual !== parent)
        path +=
          /^\d+$/.test(entry.key) && Array.isArray(parent) ? `[${entry.key}]` : `.${entry.key.slice(0, 40)}`;
      parent = entry.actual;
    });
    const expected = error.context[error.context.length - 1]?.type.name ?? 'a valid value';
    const line = `${path}: expected ${expected.length > 60 ? `${expected.slice(0, 59)}…` : expected}`;
    if (!lines.includes(line)) lines.push(line);
  }
  const shown = lines.slice(0, MAX_REPORTED_PATHS).join('; ');
  const more = lines.length > MAX_REPORTED_PATHS ? ` (and ${lines.length - MAX_REPORTED_PATHS} more)` : '';
  return bound(`${shown}${more}`);
};

/** Validates a request body; a malformed one is rejected before anything changes. */
export const decodeBody = <A, O>(codec: t.Type<A, O, unknown>, body: unknown): A => {
  const result = codec.decode(body ?? {});
  if (E.isLeft(result)) throw new ApiError(CODES.invalidRequest, reportDecodeErrors(result.left));
  return result.right;
};
