/**
 * Throttles as sliding windows of attempts, kept in PostgreSQL (`throttle_hits`, migration 019) so
 * a limit holds across every server process on the database (issue 23).
 *
 * The sign-in throttle counts failed attempts per account (the lower-cased email) and per client
 * address. Past the limit, every attempt (a right password too) is refused until the oldest
 * failure of the window leaves it; a successful sign-in clears the account's failures. Sign-ups,
 * reset mails and guest generations are windows of their own (server/routes/account.ts,
 * server/security/captcha.ts).
 *
 * Time is the caller's `now`. A check and the record that follows it are two statements: attempts
 * racing on several processes may pass a limit by the number in flight, never by more.
 */
import type { Queryable } from '../db/database';

/** Expired hits of a scope are deleted at most this often per window object (they are never read). */
const SWEEP_EVERY_MS = 60_000;

export interface SlidingWindow {
  /** Milliseconds until `key` is under its limit again, or 0 when one more attempt may be made now. */
  readonly waitMs: (key: string, now: number) => Promise<number>;
  /** Counts one attempt of `key` at `now`. */
  readonly record: (key: string, now: number) => Promise<void>;
  /** Forgets every attempt of `key`. */
  readonly clear: (key: string) => Promise<void>;
}

/** At most `limit` attempts per key in any `windowMs`, counted in `scope` (a name of its own per throttle). */
export const slidingWindow = (
  db: Queryable,
  scope: string,
  limit: number,
  windowMs: number,
): SlidingWindow => {
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    waitMs: async (key, now) => {
      if (limit <= 0) return windowMs;
      // The limit-th most recent attempt inside the window: the one whose leaving frees a place.
      const [row] = await db.query<{ at: string | number }>(
        `SELECT at FROM throttle_hits WHERE scope = $1 AND key = $2 AND at > $3
         ORDER BY at DESC LIMIT 1 OFFSET $4`,
        [scope, key, now - windowMs, limit - 1],
      );
      return row === undefined ? 0 : Math.max(0, Number(row.at) + windowMs - now);
    },
    record: async (key, now) => {
      await db.query('INSERT INTO throttle_hits (scope, key, at) VALUES ($1, $2, $3)', [scope, key, now]);
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now;
        await db.query('DELETE FROM throttle_hits WHERE scope = $1 AND at <= $2', [scope, now - windowMs]);
      }
    },
    clear: async (key) => {
      await db.query('DELETE FROM throttle_hits WHERE scope = $1 AND key = $2', [scope, key]);
    },
  };
};

export interface ThrottleLimits {
  readonly perAccount: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

export interface LoginThrottle {
  /** Milliseconds to wait before another attempt, or 0 when an attempt may be made now. */
  readonly waitMs: (account: string, address: string, now: number) => Promise<number>;
  readonly failed: (account: string, address: string, now: number) => Promise<void>;
  readonly succeeded: (account: string) => Promise<void>;
}

export const makeLoginThrottle = (db: Queryable, limits: ThrottleLimits = LOGIN_LIMITS): LoginThrottle => {
  const accounts = slidingWindow(db, 'sign-in:account', limits.perAccount, limits.windowMs);
  const addresses = slidingWindow(db, 'sign-in:address', limits.perAddress, limits.windowMs);
  return {
    waitMs: async (account, address, now) =>
      Math.max(await accounts.waitMs(account, now), await addresses.waitMs(address, now)),
    failed: async (account, address, now) => {
      await accounts.record(account, now);
      await addresses.record(address, now);
    },
    succeeded: (account) => accounts.clear(account),
  };
};
