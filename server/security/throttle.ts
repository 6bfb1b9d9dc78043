/**
 * Throttles as sliding windows of attempts, kept in PostgreSQL (`throttle_hits`, migration 019) so
 * a limit holds across every server process on the database (issue 23).
 *
 * The sign-in throttle counts failed attempts per account (the lower-cased email) and per client
 * address. Past the limit, every attempt (a right password too) is refused until the oldest
 * failure of the window leaves it; a successful sign-in clears the account's failures. Sign-ups,
 * reset mails (per address and per e-mail address) and guest generations are windows of their own
 * (server/session/routes.ts, server/security/captcha.ts).
 *
 * Time is the caller's `now`. `waitMs` and the `record` that follows it are two statements:
 * attempts racing on several processes may pass a limit by the number in flight (harmless where a
 * limit only slows guessing). Where what is counted is given away, `claim` checks and counts as
 * one step under advisory locks: of any burst, exactly the limit passes (issue 25: a burst of 30
 * parallel guest generations had 20 rendered free where the allowance is 3).
 */
import type { Database, Queryable } from '../db/database';

/** Expired hits of a scope are deleted at most this often per window object (they are never read). */
const SWEEP_EVERY_MS = 60_000;

export interface SlidingWindow {
  readonly scope: string;
  /** Milliseconds until `key` is under its limit again, or 0 when one more attempt may be made now. */
  readonly waitMs: (key: string, now: number) => Promise<number>;
  /** Counts one attempt of `key` at `now`. */
  readonly record: (key: string, now: number) => Promise<void>;
  /** Forgets every attempt of `key`. */
  readonly clear: (key: string) => Promise<void>;
  /** The same as `waitMs` and `record`, through `q` (a transaction of `claim`); `record` answers the hit's id. */
  readonly waitIn: (q: Queryable, key: string, now: number) => Promise<number>;
  readonly recordIn: (q: Queryable, key: string, now: number) => Promise<string>;
}

/** At most `limit` attempts per key in any `windowMs`, counted in `scope` (a name of its own per throttle). */
export const slidingWindow = (
  db: Queryable,
  scope: string,
  limit: number,
  windowMs: number,
): SlidingWindow => {
  let sweptAt = Number.NEGATIVE_INFINITY;
  const waitIn = async (q: Queryable, key: string, now: number): Promise<number> => {
    if (limit <= 0) return windowMs;
    // The limit-th most recent attempt inside the window: the one whose leaving frees a place.
    const [row] = await q.query<{ at: string | number }>(
      `SELECT at FROM throttle_hits WHERE scope = $1 AND key = $2 AND at > $3
       ORDER BY at DESC LIMIT 1 OFFSET $4`,
      [scope, key, now - windowMs, limit - 1],
    );
    return row === undefined ? 0 : Math.max(0, Number(row.at) + windowMs - now);
  };
  const recordIn = async (q: Queryable, key: string, now: number): Promise<string> => {
    const [hit] = await q.query<{ id: string | number }>(
      'INSERT INTO throttle_hits (scope, key, at) VALUES ($1, $2, $3) RETURNING id',
      [scope, key, now],
    );
    if (now - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now;
      await q.query('DELETE FROM throttle_hits WHERE scope = $1 AND at <= $2', [scope, now - windowMs]);
    }
    return String(hit?.id);
  };
  return {
    scope,
    waitMs: (key, now) => waitIn(db, key, now),
    record: async (key, now) => {
      await recordIn(db, key, now);
    },
    clear: async (key) => {
      await db.query('DELETE FROM throttle_hits WHERE scope = $1 AND key = $2', [scope, key]);
    },
    waitIn,
    recordIn,
  };
};

/** One attempt counted in several windows (each with its key), or the wait when one of them is full. */
export type Claim =
  | { readonly waitMs: 0; readonly release: () => Promise<void> }
  | { readonly waitMs: number; readonly release: null };

/**
 * Counts one attempt in every window at once, or in none: in one transaction holding an advisory
 * lock per scope and key (taken in one order, so two claims never wait on each other), each window
 * is checked and the attempt recorded only when all have room. Attempts racing on any process on
 * the database never pass a limit. `release` forgets the attempt (what it paid for was not given).
 */
export const claim = async (
  db: Database,
  parts: readonly { readonly window: SlidingWindow; readonly key: string }[],
  now: number,
): Promise<Claim> => {
  const lockOf = (p: (typeof parts)[number]) => `${p.window.scope}|${p.key}`;
  const ordered = [...parts].sort((x, y) => (lockOf(x) < lockOf(y) ? -1 : 1));
  const hits = await db.transaction(async (tx) => {
    for (const p of ordered)
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockOf(p)]);
    let wait = 0;
    for (const p of ordered) wait = Math.max(wait, await p.window.waitIn(tx, p.key, now));
    if (wait > 0) return wait;
    const ids: string[] = [];
    for (const p of ordered) ids.push(await p.window.recordIn(tx, p.key, now));
    return ids;
  });
  if (typeof hits === 'number') return { waitMs: hits, release: null };
  return {
    waitMs: 0,
    release: async () => {
      await db.query('DELETE FROM throttle_hits WHERE id = ANY($1::bigint[])', [hits]);
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
  /**
   * Takes one attempt from the account's and the address's allowance of failures, as one step on
   * every process (a burst of guesses in parallel gets no more than the limit), or answers the
   * wait. A failed attempt stays counted; `release` gives back one whose password was right.
   */
  readonly attempt: (account: string, address: string, now: number) => Promise<Claim>;
  /** A successful sign-in: forgets the account's failures. */
  readonly succeeded: (account: string) => Promise<void>;
}

export const makeLoginThrottle = (db: Database, limits: ThrottleLimits = LOGIN_LIMITS): LoginThrottle => {
  const accounts = slidingWindow(db, 'sign-in:account', limits.perAccount, limits.windowMs);
  const addresses = slidingWindow(db, 'sign-in:address', limits.perAddress, limits.windowMs);
  return {
    attempt: (account, address, now) =>
      claim(
        db,
        [
          { window: accounts, key: account },
          { window: addresses, key: address },
        ],
        now,
      ),
    succeeded: (account) => accounts.clear(account),
  };
};
