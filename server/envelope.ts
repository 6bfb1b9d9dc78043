/**
 * The response envelope and the error codes the reference server produces. Every code is one
 * of spec §8's, except 10400 (malformed request), which the spec leaves open and we added in
 * the style of 10403/10404.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { SUCCESS_CODE } from '../infrastructure/contract/envelope';

export const CODES = {
  invalidRequest: 10400,
  forbidden: 10403,
  notFound: 10404,
  notLoggedIn: 20000,
  accountNotExistent: 20001,
  wrongPassword: 20003,
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

/** Validates a request body; a malformed one is rejected before anything changes. */
export const decodeBody = <A, O>(codec: t.Type<A, O, unknown>, body: unknown): A => {
  const result = codec.decode(body ?? {});
  if (E.isLeft(result)) throw new ApiError(CODES.invalidRequest, PathReporter.report(result).join('; '));
  return result.right;
};
