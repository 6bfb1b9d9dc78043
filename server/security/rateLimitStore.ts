/**
 * A PostgreSQL store for `@fastify/rate-limit` (its custom `store` option), so a limit holds across
 * every server process on the database (issue 23). Fixed windows, like the plugin's own local and
 * Redis stores: the first hit of a key opens a window of `timeWindow` ms, every hit in it counts,
 * and the first hit after it opens the next. One row per route and key (`rate_limits`, migration
 * 019), counted by one upsert, so hits racing on several processes are all counted.
 *
 * Time is the server's clock. The plugin's `continueExceeding`, `exponentialBackoff` and `ban`
 * options are not supported here (no route uses them).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';

/** Windows that ended are deleted at most this often per server (they are reopened, never read). */
const SWEEP_EVERY_MS = 60_000;

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** `METHOD url` of the route a child store counts for (the plugin passes it as `routeInfo`). */
const scopeOf = (routeOptions: unknown): string => {
  const info =
    typeof routeOptions === 'object' && routeOptions !== null && 'routeInfo' in routeOptions
      ? routeOptions.routeInfo
      : null;
  if (typeof info !== 'object' || info === null) return 'global';
  const method = 'method' in info ? [info.method].flat().join(',') : '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return method === '' && url === '' ? 'global' : `${method} ${url}`;
};

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/** The store class to give the plugin as `store`, counting in `db` by `clock`. */
export const postgresRateLimitStore = (
  db: Queryable,
  clock: { readonly now: () => number },
): FastifyRateLimitStoreCtor => {
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = async (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await db.query('DELETE FROM rate_limits WHERE reset_at <= $1', [now]);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'global',
    ) {}

    incr(key: string, cb: Counted, timeWindow: number): void {
      const now = clock.now();
      db.query<{ hits: number; reset_at: string | number }>(
        `INSERT INTO rate_limits (scope, key, hits, reset_at) VALUES ($1, $2, 1, $4)
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= $3 THEN $4 ELSE rate_limits.reset_at END
         RETURNING hits, reset_at`,
        [this.scope, key, now, now + timeWindow],
      ).then(
        ([row]) => {
          if (row === undefined) cb(new Error('rate limit: the upsert returned no row'));
          else cb(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) });
          // After the answer: a request never waits for the clean-up.
          sweep(now).catch(() => undefined);
        },
        (err: unknown) => cb(asError(err)),
      );
    }

    /** The window as it is, counting nothing (the plugin's `{ increment: false }`). */
    read(key: string, cb: Counted): void {
      const now = clock.now();
      db.query<{ hits: number; reset_at: string | number }>(
        'SELECT hits, reset_at FROM rate_limits WHERE scope = $1 AND key = $2 AND reset_at > $3',
        [this.scope, key, now],
      ).then(
        ([row]) =>
          cb(
            null,
            row === undefined
              ? { current: 0, ttl: 0 }
              : { current: Number(row.hits), ttl: Number(row.reset_at) - now },
          ),
        (err: unknown) => cb(asError(err)),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new PostgresRateLimitStore(routeOptions, scopeOf(routeOptions));
    }
  }
  return PostgresRateLimitStore;
};
