/**
 * The guest proof-of-work captcha (contract/captcha.ts) and the guest allowance it guards.
 *
 * A challenge is `nonce.difficulty.expiresAt.mac` with an HMAC-SHA256 over the first three
 * parts (a secret of its own, derived from the signing secret), so the server keeps nothing
 * until a solution comes back; a used nonce is remembered until its challenge expires, so a
 * solution is good once. The used nonces are in PostgreSQL (`captcha_nonces`), so a solution is
 * good once across every server process on the database.
 *
 * The free allowance is counted per device id AND per client address over the last 24 hours:
 * rotating `x-device-id` from one address does not reset it. Counted in PostgreSQL too (a sliding
 * window of server/security/throttle.ts), so generations on any process count; a free generation
 * is claimed from both allowances as one step, so a parallel burst gets no more than the allowance.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadingZeroBits, powInput } from '../../infrastructure/contract/captcha';
import type { Database, Queryable } from '../db/database';
import { claim, slidingWindow } from './throttle';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const DAY_MS = 24 * 3600_000;
/** Nonces of expired challenges are deleted at most this often per captcha (they are refused as expired anyway). */
const SWEEP_EVERY_MS = 60_000;

export interface IssuedChallenge {
  readonly challenge: string;
  readonly nonce: string;
  readonly difficulty: number;
  readonly expires_at: number;
}

export type SolutionCheck = 'ok' | 'bad' | 'expired' | 'replayed';

export interface Captcha {
  readonly issue: (now: number) => IssuedChallenge;
  /** Checks a `captcha_token` and, when good, marks it used (on every process). */
  readonly redeem: (token: string, now: number) => Promise<SolutionCheck>;
}

export const makeCaptcha = (db: Queryable, signingSecret: string, difficulty: number): Captcha => {
  const key = createHmac('sha256', signingSecret).update('atelier captcha v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  let sweptAt = Number.NEGATIVE_INFINITY;
  const forget = async (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await db.query('DELETE FROM captcha_nonces WHERE expires_at <= $1', [now]);
  };
  return {
    issue: (now) => {
      const nonce = randomBytes(16).toString('base64url');
      const expiresAt = now + CHALLENGE_TTL_MS;
      const body = `${nonce}.${difficulty}.${expiresAt}`;
      return { challenge: `${body}.${mac(body)}`, nonce, difficulty, expires_at: expiresAt };
    },
    redeem: async (token, now) => {
      const m = /^([A-Za-z0-9_-]{16,64})\.(\d{1,2})\.(\d{1,16})\.([A-Za-z0-9_-]{43})~(\d{1,12})$/.exec(token);
      if (!m) return 'bad';
      const [, nonce, bits, expires, signature, counter] = m as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(mac(`${nonce}.${bits}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
      if (Number(bits) !== difficulty) return 'bad';
      if (now >= Number(expires)) return 'expired';
      await forget(now);
      const digest = createHash('sha256')
        .update(powInput(nonce, Number(counter)))
        .digest();
      if (leadingZeroBits(digest) < difficulty) return 'bad';
      // The one statement that decides, whichever process it runs on: the first insert wins.
      const claimed = await db.query(
        'INSERT INTO captcha_nonces (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
        [nonce, Number(expires)],
      );
      return claimed.length === 1 ? 'ok' : 'replayed';
    },
  };
};

export interface GuestAllowance {
  /** Whether the next guest generation from this device or address needs a solved challenge. */
  readonly needsChallenge: (deviceId: string | null, address: string, now: number) => Promise<boolean>;
  /**
   * Takes one free generation of the device's and the address's allowance, as one step on every
   * process: `release` gives it back (the generation was refused); null when either is spent.
   */
  readonly claimFree: (
    deviceId: string | null,
    address: string,
    now: number,
  ) => Promise<(() => Promise<void>) | null>;
  /** Counts a generation that was not free (a solved challenge paid for it). */
  readonly record: (deviceId: string | null, address: string, now: number) => Promise<void>;
}

/** The window of the free allowance: generations of the last 24 hours count. */
export const GUEST_ALLOWANCE_WINDOW_MS = DAY_MS;

export const makeGuestAllowance = (db: Database, freePerDay: number): GuestAllowance => {
  const generations = slidingWindow(db, 'guest-generation', freePerDay, GUEST_ALLOWANCE_WINDOW_MS);
  const keys = (deviceId: string | null, address: string) => [
    `ip:${address}`,
    ...(deviceId === null ? [] : [`device:${deviceId}`]),
  ];
  return {
    needsChallenge: async (deviceId, address, now) => {
      for (const k of keys(deviceId, address)) if ((await generations.waitMs(k, now)) > 0) return true;
      return false;
    },
    claimFree: async (deviceId, address, now) =>
      (
        await claim(
          db,
          keys(deviceId, address).map((key) => ({ window: generations, key })),
          now,
        )
      ).release,
    record: async (deviceId, address, now) => {
      for (const k of keys(deviceId, address)) await generations.record(k, now);
    },
  };
};
