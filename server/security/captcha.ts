/**
 * The guest proof-of-work captcha (contract/captcha.ts) and the guest allowance it guards.
 *
 * A challenge is `nonce.difficulty.expiresAt.mac` with an HMAC-SHA256 over the first three
 * parts (a secret of its own, derived from the signing secret), so the server keeps nothing
 * until a solution comes back; a used nonce is remembered until its challenge expires, so a
 * solution is good once.
 *
 * The free allowance is counted per device id AND per client address over the last 24 hours:
 * rotating `x-device-id` from one address does not reset it. Kept in memory (one process).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadingZeroBits, powInput } from '../../infrastructure/contract/captcha';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const DAY_MS = 24 * 3600_000;

export interface IssuedChallenge {
  readonly challenge: string;
  readonly nonce: string;
  readonly difficulty: number;
  readonly expires_at: number;
}

export type SolutionCheck = 'ok' | 'bad' | 'expired' | 'replayed';

export interface Captcha {
  readonly issue: (now: number) => IssuedChallenge;
  /** Checks a `captcha_token` and, when good, marks it used. */
  readonly redeem: (token: string, now: number) => SolutionCheck;
}

export const makeCaptcha = (signingSecret: string, difficulty: number): Captcha => {
  const key = createHmac('sha256', signingSecret).update('atelier captcha v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const used = new Map<string, number>();
  const forget = (now: number) => {
    for (const [nonce, expiresAt] of used) if (expiresAt <= now) used.delete(nonce);
  };
  return {
    issue: (now) => {
      const nonce = randomBytes(16).toString('base64url');
      const expiresAt = now + CHALLENGE_TTL_MS;
      const body = `${nonce}.${difficulty}.${expiresAt}`;
      return { challenge: `${body}.${mac(body)}`, nonce, difficulty, expires_at: expiresAt };
    },
    redeem: (token, now) => {
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
      forget(now);
      if (used.has(nonce)) return 'replayed';
      const digest = createHash('sha256')
        .update(powInput(nonce, Number(counter)))
        .digest();
      if (leadingZeroBits(digest) < difficulty) return 'bad';
      used.set(nonce, Number(expires));
      return 'ok';
    },
  };
};

export interface GuestAllowance {
  /** Whether the next guest generation from this device or address needs a solved challenge. */
  readonly needsChallenge: (deviceId: string | null, address: string, now: number) => boolean;
  readonly record: (deviceId: string | null, address: string, now: number) => void;
}

export const makeGuestAllowance = (freePerDay: number): GuestAllowance => {
  const seen = new Map<string, number[]>();
  const recent = (key: string, now: number): number[] => {
    const kept = (seen.get(key) ?? []).filter((at) => at > now - DAY_MS);
    if (kept.length === 0) seen.delete(key);
    else seen.set(key, kept);
    return kept;
  };
  const keys = (deviceId: string | null, address: string) => [
    `ip:${address}`,
    ...(deviceId === null ? [] : [`device:${deviceId}`]),
  ];
  return {
    needsChallenge: (deviceId, address, now) =>
      keys(deviceId, address).some((k) => recent(k, now).length >= freePerDay),
    record: (deviceId, address, now) => {
      for (const k of keys(deviceId, address)) seen.set(k, [...recent(k, now), now]);
    },
  };
};
