/**
 * The database seam: one small interface over PGlite (embedded PostgreSQL, the default) and
 * node-postgres (a real PostgreSQL through DATABASE_URL). Both run the same SQL and migrations.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { ApiError } from '../envelope';

export interface Queryable {
  query<T extends Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction; commits on success, rolls back on a throw. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while holding a lock every process on this database shares (a PostgreSQL advisory
   * lock on one connection): server processes starting together migrate and seed one at a time.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export const openPglite = async (dataDir: string | null): Promise<Database> => {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const db = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
  const asQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) =>
      (await q.query<T>(sql, [...params])).rows,
  });
  return {
    kind: 'pglite',
    ...asQueryable(db),
    transaction: (fn) => db.transaction((tx) => fn(asQueryable(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    // One process owns an embedded database: nothing else can take the lock.
    exclusive: (_key, fn) => fn(),
    close: () => db.close(),
  };
};

/** SQLSTATEs and socket errors of a connection the database ended or refused (restart, failover). */
const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database is starting up
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

export const isConnectionError = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    (typeof code === 'string' && CONNECTION_CODES.has(code)) ||
    /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(err.message)
  );
};

/** What a request gets while the database is away: 503 in the envelope, never a crash. */
export const DATABASE_UNAVAILABLE = 503;

const unavailable = (err: unknown): never => {
  if (isConnectionError(err))
    throw new ApiError(DATABASE_UNAVAILABLE, 'the database is unavailable; try again shortly', 503);
  throw err;
};

/**
 * node-postgres. A connection the database ends (a restart, a failover, an administrator's
 * terminate: 57P01) is an `error` event on the pool or the client: logged and dropped here, never
 * an unhandled error that would end the process. Queries on it fail with a 503 ApiError, and the
 * pool opens fresh connections when the database is back. `close()` resolves once every
 * connection has really ended (pool.end() alone resolves before the sockets close).
 */
export const openPostgres = async (
  url: string,
  log: (msg: string, err: unknown) => void = (msg, err) =>
    console.warn(msg, err instanceof Error ? err.message : err),
): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  const live = new Set<pg.Client>();
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) log('postgres: idle connection lost', err);
  });
  pool.on('connect', (client) => {
    live.add(client);
    client.on('end', () => live.delete(client));
    // An error while a client is checked out between two queries; the query in flight, if any,
    // fails on its own, and the client is released as broken (see `transaction`).
    client.on('error', (err) => {
      if (!closing) log('postgres: connection lost', err);
    });
  });
  const asQueryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) =>
      (await q.query<T>(sql, [...params]).catch(unavailable)).rows,
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect().catch(unavailable);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN').catch(unavailable);
        const result = await fn(asQueryable(client));
        await client.query('COMMIT').catch(unavailable);
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
        throw err;
      } finally {
        // A client whose ROLLBACK failed is dropped, not handed to the next query.
        client.release(broken);
      }
    },
    exec: async (sql) => {
      await pool.query(sql).catch(unavailable);
    },
    exclusive: async (key, fn) => {
      const client = await pool.connect().catch(unavailable);
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]).catch(unavailable);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((e: unknown) => {
            broken = e instanceof Error ? e : new Error(String(e));
          });
        }
      } finally {
        // A connection whose unlock failed is dropped: closing it releases the lock.
        client.release(broken);
      }
    },
    close: async () => {
      closing = true;
      const ended = [...live].map((c) => new Promise<void>((resolve) => c.once('end', () => resolve())));
      await pool.end();
      await Promise.race([Promise.all(ended), new Promise((r) => setTimeout(r, 5_000).unref())]);
    },
  };
};
