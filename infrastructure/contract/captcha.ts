/**
 * The guest captcha of spec §4/§7 ("Guests use a captcha token flow (status check with scene)";
 * "Captcha status (scene) returns data.state"). Paths are not shown in the spec; we chose
 * `POST /api/v1/captcha/status` and `/api/v1/captcha/challenge`.
 *
 * The challenge is a proof of work: the server hands out a random nonce and a difficulty in bits,
 * HMAC-signed with an expiry (`challenge`); the client finds a counter such that
 * SHA-256(`${nonce}:${counter}`) starts with `difficulty` zero bits and sends
 * `captcha_token = solutionToken(challenge, counter)` with the call that asked for it (task create).
 * A token is good once, before its expiry.
 */
import * as t from 'io-ts';

export const CAPTCHA_STATUS_PATH = '/api/v1/captcha/status';
export const CAPTCHA_CHALLENGE_PATH = '/api/v1/captcha/challenge';

/** The scene of the guest generation flow. */
export const TASK_CREATE_SCENE = 'task_create';

export const CaptchaScene = t.keyof({ task_create: null }, 'CaptchaScene');
export type CaptchaScene = t.TypeOf<typeof CaptchaScene>;

export const CaptchaStatusRequest = t.type({ scene: CaptchaScene }, 'CaptchaStatusRequest');
export type CaptchaStatusRequest = t.TypeOf<typeof CaptchaStatusRequest>;

/** state 0: nothing to solve; 1: the next call of the scene needs a solved challenge. */
export const CaptchaState = t.union([t.literal(0), t.literal(1)], 'CaptchaState');
export const CaptchaStatusResponse = t.type({ state: CaptchaState }, 'CaptchaStatusResponse');
export type CaptchaStatusResponse = t.TypeOf<typeof CaptchaStatusResponse>;

export const CaptchaChallengeRequest = t.type({ scene: CaptchaScene }, 'CaptchaChallengeRequest');
export type CaptchaChallengeRequest = t.TypeOf<typeof CaptchaChallengeRequest>;

export const CaptchaChallenge = t.type(
  {
    /** Opaque, signed by the server: sent back inside the solution token. */
    challenge: t.string,
    nonce: t.string,
    /** Leading zero bits the hash must have. */
    difficulty: t.number,
    expires_at: t.number,
  },
  'CaptchaChallenge',
);
export type CaptchaChallenge = t.TypeOf<typeof CaptchaChallenge>;

/** The `captcha_token` of a solved challenge. */
export const solutionToken = (challenge: string, counter: number): string => `${challenge}~${counter}`;

/** The text whose SHA-256 is checked for a counter. */
export const powInput = (nonce: string, counter: number): string => `${nonce}:${counter}`;

/** How many leading zero bits a digest has. */
export const leadingZeroBits = (digest: Uint8Array): number => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};
