/**
 * The task runner's tick: it claims the due rows (server/tasks/claims.ts), advances the progress of
 * the running ones over their duration (naming the workflow node being executed), renders the ended
 * ones with the simulated engines (server/tasks/renderTask.ts) while renewing their lease, and
 * finishes them or fails and refunds them. Every write is guarded by the claim: a row another
 * worker took over is left alone.
 */
import type { BlobStore } from '../blobs/store';
import type { Database, Queryable } from '../db/database';
import { EngineError } from '../engines/bitmap';
import { refund } from '../ledger';
import { claimWork, withLease, type ClaimSettings } from './claims';
import { json, type TaskRow, type TaskStore } from './items';
import type { RenderOutput, StoredParams } from './render';
import { renderTask } from './renderTask';

/** A prompt with this marker makes the simulated engine fail halfway: a hook for tests and demos. */
export const FAIL_MARKER = '#fail';

/** How this process claims engine work (tasks/claims.ts) and the clock its leases renew by. */
export interface WorkSettings extends ClaimSettings {
  readonly clock: () => number;
  /** Told once a task of an account ended (done or failed), after its transaction committed. */
  readonly settled?: (accountId: string, taskId: string) => void;
  /**
   * True once the process is stopping: a tick in flight renders no further ended row after the
   * one it is on, so a stop waits for one render, not for the whole backlog (the rows left are
   * released by `releaseClaims` and rendered by the next claimer).
   */
  readonly stopping?: () => boolean;
}

/** The claim guard of every runner write: the row is still live and still this worker's. */
const MINE = 'status IN (1, 2) AND deleted_at IS NULL AND claimed_by = $2';

/** Ends a task with its outputs; false when the row was not this worker's any more. */
const finish = async (
  tx: Queryable,
  work: WorkSettings,
  row: TaskRow,
  out: RenderOutput,
  now: number,
): Promise<boolean> =>
  (
    await tx.query(
      `UPDATE tasks SET status = 3, process = 100, status_desc = 'done', img_uris = $3::jsonb, media = $4::jsonb, task_return = $5,
       current_node = NULL, updated_at = $6, claimed_by = NULL, lease_until = NULL WHERE id = $1 AND ${MINE} RETURNING id`,
      [row.id, work.worker, JSON.stringify(out.images), JSON.stringify(out.media), out.taskReturn, now],
    )
  ).length > 0;

/** Fails a task and refunds it; false when the row was not this worker's any more. */
const fail = async (
  tx: Queryable,
  work: WorkSettings,
  row: TaskRow,
  reason: string,
  now: number,
): Promise<boolean> => {
  const updated = await tx.query(
    `UPDATE tasks SET status = 4, status_desc = $4, current_node = NULL, updated_at = $3, claimed_by = NULL, lease_until = NULL
     WHERE id = $1 AND ${MINE} RETURNING id`,
    [row.id, work.worker, now, reason],
  );
  if (updated.length > 0 && row.account_id && row.cost > 0)
    await refund(tx, row.account_id, row.id, 'task refund', now);
  return updated.length > 0;
};

const currentNodeOf = (row: TaskRow, fraction: number): string | null => {
  const wf = json<StoredParams>(row.params).workflow;
  if (!wf || wf.order.length === 0) return null;
  const i = Math.min(wf.order.length - 1, Math.max(0, Math.floor(fraction * wf.order.length)));
  const id = wf.order[i]!;
  return `${id} ${wf.graph[id]?._meta?.title ?? wf.graph[id]?.class_type ?? '?'}`;
};

const failsOnPurpose = (row: TaskRow): boolean => {
  if (row.prompt.includes(FAIL_MARKER)) return true;
  const wf = json<StoredParams>(row.params).workflow;
  return wf !== undefined && JSON.stringify(wf.graph).includes(FAIL_MARKER);
};

/** Renders a due row while renewing its lease; a failure is the reason, never a throw. */
const render = async (
  db: Database,
  blobs: BlobStore,
  work: WorkSettings,
  row: TaskRow,
): Promise<RenderOutput | string> => {
  try {
    return await withLease(db, 'tasks', work, row.id, work.clock, () =>
      renderTask(blobs, {
        id: row.id,
        domainType: row.domain_type,
        prompt: row.prompt,
        aspectRatio: row.aspect_ratio,
        seed: Number(row.seed),
        params: json<StoredParams>(row.params),
      }),
    );
  } catch (err) {
    if (!(err instanceof EngineError)) console.error('task render failed', row.id, err);
    return `the engine failed: ${err instanceof EngineError ? err.message : 'internal error'}`;
  }
};

interface ProgressUpdate {
  readonly id: string;
  readonly status: number;
  readonly process: number;
  readonly desc: string;
  readonly node: string | null;
}

/** A running row's progress at `fraction` of its duration; null when nothing would change. */
const progressOf = (row: TaskRow, fraction: number): ProgressUpdate | null => {
  const process = Math.max(row.process, Math.min(99, Math.floor(fraction * 100)));
  const status = fraction < 0.1 ? 1 : 2;
  const node = currentNodeOf(row, fraction);
  if (process === row.process && status === row.status && node === row.current_node) return null;
  const desc = status === 1 ? 'queued' : node ? `running ${node}` : 'rendering';
  return { id: row.id, status, process, desc, node };
};

/**
 * Writes the progress of every running row of a tick in one statement. One write per row was a
 * transaction per row every 250 ms: with 200 tasks running, the embedded database's synchronous
 * writes held the event loop for ~250 ms of each second (the pollers soak timed out behind them).
 */
const writeProgress = async (
  db: Database,
  work: WorkSettings,
  updates: readonly ProgressUpdate[],
  now: number,
): Promise<number> =>
  updates.length === 0
    ? 0
    : (
        await db.query(
          `UPDATE tasks SET status = u.next_status, process = u.next_process, status_desc = u.descr, current_node = u.node, updated_at = $7
           FROM unnest($1::text[], $3::int[], $4::int[], $5::text[], $6::text[]) AS u(task_id, next_status, next_process, descr, node)
           WHERE tasks.id = u.task_id AND ${MINE} RETURNING tasks.id`,
          [
            updates.map((u) => u.id),
            work.worker,
            updates.map((u) => u.status),
            updates.map((u) => u.process),
            updates.map((u) => u.desc),
            updates.map((u) => u.node),
            now,
          ],
        )
      ).length;

interface Ending {
  readonly row: TaskRow;
  readonly fails: boolean;
}

/** The claimed rows sorted: those ending now (done or failing on purpose) and the progress of the others. */
const sortClaimed = (rows: readonly TaskRow[], now: number) => {
  const ending: Ending[] = [];
  const running: ProgressUpdate[] = [];
  for (const row of rows) {
    const fraction = (now - Number(row.created_at)) / row.duration_ms;
    if (failsOnPurpose(row) && fraction >= 0.5) ending.push({ row, fails: true });
    else if (fraction >= 1) ending.push({ row, fails: false });
    else {
      const update = progressOf(row, fraction);
      if (update) running.push(update);
    }
  }
  return { ending, running };
};

/** Renders (or fails) one ended row and writes its end; true when it was still this worker's. */
const endTask = async (store: TaskStore, work: WorkSettings, { row, fails }: Ending, now: number) => {
  const outcome = fails ? 'the engine failed' : await render(store.db, store.blobs, work, row);
  // An end is stamped when it is written, after the render (the tick's time, if that is later).
  const endedAt = Math.max(now, work.clock());
  const wrote = await store.db.transaction((tx) =>
    typeof outcome === 'string'
      ? fail(tx, work, row, outcome, endedAt)
      : finish(tx, work, row, outcome, endedAt),
  );
  if (wrote && row.account_id !== null) work.settled?.(row.account_id, row.id);
  return wrote;
};

/** Works on the rows this process holds (renewed and newly claimed); returns how many changed. */
export const tickTasks = async (store: TaskStore, work: WorkSettings, now: number): Promise<number> => {
  const rows = await claimWork<TaskRow>(store.db, 'tasks', work, now);
  const { ending, running } = sortClaimed(rows, now);
  // Progress first: the rows still running are not held back by the renders below.
  let changed = await writeProgress(store.db, work, running, now);
  for (const end of ending) {
    if (work.stopping?.()) break;
    if (await endTask(store, work, end, now)) changed += 1;
  }
  return changed;
};
