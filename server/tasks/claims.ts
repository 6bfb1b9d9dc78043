/**
 * Engine work claimed from PostgreSQL (issue 23): every running task and training is worked on by
 * exactly one server process at a time, however many processes share the database.
 *
 * A process (a `worker`, named once per server) claims due rows with `FOR UPDATE SKIP LOCKED`, so
 * two processes claiming at the same moment never take the same row, and holds each for a lease
 * (`lease_until`, the clock's milliseconds). While it works it renews the leases of the rows it
 * holds; a row whose lease expired (its claimer died, or stalled past the lease) is free to be
 * claimed by any process, which then carries the work on from where the row says it is. Every
 * write a worker makes to a claimed row is guarded by `claimed_by = worker`, so a claimer that lost
 * its row (it stalled, another took over) writes nothing: a row is finished, charged and refunded
 * once. How many rows a process holds at once is the capacity of its engines, nothing else.
 *
 * Why claims on the work's own rows rather than a job queue package: the row is already the
 * source of truth of a task's state, its charge and its refund live in the same transaction as
 * its status, and the two queues that fit (graphile-worker 0.18, pg-boss 12) need Node 22; see the
 * README's "Scaling out".
 */
import type { Queryable } from '../db/database';

/** The tables whose rows are engine work: a status (1 queued, 2 running) and a claim. */
export type WorkTable = 'tasks' | 'lora_trainings';

export interface ClaimSettings {
  /** This process's name in `claimed_by`. */
  readonly worker: string;
  /** How long a claim holds without renewal. */
  readonly leaseMs: number;
  /** The most rows this process works on at once (its engines' capacity). */
  readonly capacity: number;
}

/** The clauses that make a row live work (`deleted_at` only exists on tasks). */
const LIVE: Readonly<Record<WorkTable, string>> = {
  tasks: 'status IN (1, 2) AND deleted_at IS NULL',
  lora_trainings: 'status IN (1, 2)',
};

/**
 * Whether either table has live work at all. With none, a tick has no lease to renew and no row to
 * claim: one read instead of the four writes of two `claimWork` calls, four times a second on
 * every idle process (on PGlite those writes were four in ten of an end-to-end server's database time).
 */
export const hasLiveWork = async (db: Queryable): Promise<boolean> => {
  const [row] = await db.query<{ live: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tasks WHERE ${LIVE.tasks})
         OR EXISTS (SELECT 1 FROM lora_trainings WHERE ${LIVE.lora_trainings}) AS live`,
  );
  return row?.live === true;
};

/**
 * Renews this worker's leases and claims more due rows up to its capacity, oldest first; answers
 * every row the worker holds now (renewed and newly claimed), oldest first.
 */
export const claimWork = async <Row extends Record<string, unknown>>(
  db: Queryable,
  table: WorkTable,
  settings: ClaimSettings,
  now: number,
): Promise<Row[]> => {
  const until = now + settings.leaseMs;
  const held = await db.query<Row>(
    `UPDATE ${table} SET lease_until = $2 WHERE claimed_by = $1 AND ${LIVE[table]} RETURNING *`,
    [settings.worker, until],
  );
  const free = settings.capacity - held.length;
  const claimed =
    free <= 0
      ? []
      : await db.query<Row>(
          `UPDATE ${table} SET claimed_by = $1, lease_until = $2, claims = claims + 1
           WHERE id IN (
             SELECT id FROM ${table}
             WHERE ${LIVE[table]} AND (claimed_by IS NULL OR lease_until < $3)
             ORDER BY created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
           RETURNING *`,
          [settings.worker, until, now, free],
        );
  return [...held, ...claimed].sort(
    (a, b) =>
      Number(a['created_at']) - Number(b['created_at']) || String(a['id']).localeCompare(String(b['id'])),
  );
};

/**
 * Gives up every live row this worker holds (its process is stopping): another process, or this
 * one's next start, claims them at its next tick instead of after the lease. Their state is in the
 * row (progress follows from `created_at`), so the next claimer carries the work on.
 */
export const releaseClaims = async (db: Queryable, table: WorkTable, worker: string): Promise<number> =>
  (
    await db.query(
      `UPDATE ${table} SET claimed_by = NULL, lease_until = NULL WHERE claimed_by = $1 AND ${LIVE[table]} RETURNING id`,
      [worker],
    )
  ).length;

/** Renews one row's lease while long work on it runs; false when the row is no longer this worker's. */
export const renewLease = async (
  db: Queryable,
  table: WorkTable,
  settings: ClaimSettings,
  id: string,
  now: number,
): Promise<boolean> =>
  (
    await db.query(
      `UPDATE ${table} SET lease_until = $3 WHERE id = $1 AND claimed_by = $2 AND ${LIVE[table]} RETURNING id`,
      [id, settings.worker, now + settings.leaseMs],
    )
  ).length > 0;

/**
 * Runs `work` while renewing the row's lease every third of the lease, so a render longer than the
 * lease is not taken over while its claimer is alive. The renewals stop when the work settles.
 */
export const withLease = async <T>(
  db: Queryable,
  table: WorkTable,
  settings: ClaimSettings,
  id: string,
  clock: () => number,
  work: () => Promise<T>,
): Promise<T> => {
  const timer = setInterval(
    () => void renewLease(db, table, settings, id, clock()).catch(() => undefined),
    Math.max(50, Math.floor(settings.leaseMs / 3)),
  );
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
};

/** A name for this process's claims: host, pid and a random part (a restarted pid is another worker). */
export const workerName = (host: string, pid: number, random: string): string => `${host}:${pid}:${random}`;
