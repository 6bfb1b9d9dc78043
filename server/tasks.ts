/**
 * Tasks on the server: creation (queue and daily limits, a coin debit in the same transaction),
 * progress reports for their owner only, and the runner that advances the simulated engines
 * and refunds a failed task.
 */
import { IMAGE_TASK_COST, type TaskCreateRequest, type TaskItem } from '../infrastructure/contract/tasks';
import type { BlobStore } from './blobs/store';
import type { Caller } from './auth';
import { newId } from './auth';
import type { Database, Queryable } from './db/database';
import { ApiError, CODES } from './envelope';
import { renderImage } from './engines/image';
import { hashString } from './engines/random';
import { debit, refund } from './ledger';

export const TASK_COST = IMAGE_TASK_COST;
/** Tasks one owner may have queued or running at once (spec §8 70002 when exceeded). */
export const QUEUE_LIMIT = 4;
/** Guests' daily generations (spec §8 70001 when exceeded). */
export const GUEST_DAILY_LIMIT = 10;
/** A prompt with this marker makes the simulated engine fail halfway: a hook for tests and demos. */
export const FAIL_MARKER = '#fail';

interface TaskRow extends Record<string, unknown> {
  id: string;
  account_id: string | null;
  device_id: string | null;
  domain_type: number;
  prompt: string;
  aspect_ratio: string;
  seed: string | number;
  status: number;
  process: number;
  status_desc: string;
  img_uris: TaskItem['img_uris'] | string;
  cost: number;
  duration_ms: number;
  created_at: string | number;
}

const toItem = (row: TaskRow, now: number): TaskItem => {
  const elapsed = now - Number(row.created_at);
  const remaining = row.status === 1 || row.status === 2 ? Math.max(0, row.duration_ms - elapsed) : 0;
  return {
    id: row.id,
    status: row.status,
    process: row.process,
    status_desc: row.status_desc,
    img_uris: typeof row.img_uris === 'string' ? (JSON.parse(row.img_uris) as TaskItem['img_uris']) : row.img_uris,
    estimate_time: Math.ceil(remaining / 1000),
    create_at: Number(row.created_at),
    domain_type: row.domain_type,
    prompt: row.prompt,
    aspect_ratio: row.aspect_ratio,
  };
};

const DAY_MS = 24 * 3600 * 1000;

export interface TaskService {
  create(caller: Caller, req: TaskCreateRequest, now: number): Promise<TaskItem>;
  progress(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskItem[]>;
  /** Advances every running task; returns how many changed. */
  tick(now: number): Promise<number>;
}

export const makeTaskService = (db: Database, blobs: BlobStore, durationMs: number): TaskService => {
  const ownerClause = (caller: Caller, guest: boolean): { sql: string; param: string } => {
    if (!guest && caller.accountId) return { sql: 'account_id = $1', param: caller.accountId };
    if (caller.deviceId) return { sql: 'account_id IS NULL AND device_id = $1', param: caller.deviceId };
    throw new ApiError(CODES.notLoggedIn, 'a guest needs a device id');
  };

  const create: TaskService['create'] = async (caller, req, now) => {
    const guest = caller.accountId === null || req.g_mode === 1;
    const owner = ownerClause(caller, guest);
    const id = newId(12);
    const seed = req.seed ?? hashString(`${id}`) % 2_147_483_647;
    return db.transaction(async (tx) => {
      if (!guest) await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.param]);
      const [active] = await tx.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM tasks WHERE ${owner.sql} AND status IN (1, 2)`,
        [owner.param],
      );
      if (Number(active?.n ?? 0) >= QUEUE_LIMIT) throw new ApiError(CODES.queueFull, 'the task queue is full');
      if (guest) {
        const [today] = await tx.query<{ n: string | number }>(
          `SELECT count(*) AS n FROM tasks WHERE ${owner.sql} AND created_at > $2`,
          [owner.param, now - DAY_MS],
        );
        if (Number(today?.n ?? 0) >= GUEST_DAILY_LIMIT)
          throw new ApiError(CODES.dailyLimit, 'the daily generation limit is reached');
      } else {
        await debit(tx, owner.param, TASK_COST, 'task', id, now);
      }
      const rows = await tx.query<TaskRow>(
        `INSERT INTO tasks (id, account_id, device_id, domain_type, prompt, aspect_ratio, seed, status, process, cost, duration_ms, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, 0, $8, $9, $10, $10) RETURNING *`,
        [id, guest ? null : owner.param, caller.deviceId, req.domain_type, req.prompt, req.aspect_ratio, seed, guest ? 0 : TASK_COST, durationMs, now],
      );
      return toItem(rows[0] as TaskRow, now);
    });
  };

  const progress: TaskService['progress'] = async (caller, ids, guest, now) => {
    if (ids.length === 0) return [];
    const owner = ownerClause(caller, guest || caller.accountId === null);
    const rows = await db.query<TaskRow>(`SELECT * FROM tasks WHERE ${owner.sql} AND id = ANY($2::text[])`, [
      owner.param,
      [...ids],
    ]);
    return rows.map((r) => toItem(r, now));
  };

  /** Renders outside any transaction, so a long render never holds a lock. */
  const render = async (row: TaskRow): Promise<TaskItem['img_uris']> => {
    const image = renderImage({ prompt: row.prompt, seed: Number(row.seed), aspectRatio: row.aspect_ratio });
    const key = `tasks/${row.id}/0.png`;
    await blobs.put(key, image.png);
    return [{ url: blobs.urlOf(key), width: image.width, height: image.height }];
  };

  const finish = async (tx: Queryable, row: TaskRow, uris: TaskItem['img_uris'], now: number): Promise<void> => {
    await tx.query(`UPDATE tasks SET status = 3, process = 100, status_desc = 'done', img_uris = $2::jsonb, updated_at = $3 WHERE id = $1 AND status IN (1, 2)`, [
      row.id,
      JSON.stringify(uris),
      now,
    ]);
  };

  const fail = async (tx: Queryable, row: TaskRow, now: number): Promise<void> => {
    const updated = await tx.query(
      `UPDATE tasks SET status = 4, status_desc = 'the engine failed', updated_at = $2 WHERE id = $1 AND status IN (1, 2) RETURNING id`,
      [row.id, now],
    );
    if (updated.length > 0 && row.account_id && row.cost > 0) await refund(tx, row.account_id, row.id, 'task refund', now);
  };

  const tick: TaskService['tick'] = async (now) => {
    const rows = await db.query<TaskRow>('SELECT * FROM tasks WHERE status IN (1, 2) ORDER BY created_at LIMIT 50');
    let changed = 0;
    for (const row of rows) {
      const fraction = (now - Number(row.created_at)) / row.duration_ms;
      const failing = row.prompt.includes(FAIL_MARKER) && fraction >= 0.5;
      const uris = !failing && fraction >= 1 ? await render(row) : null;
      await db.transaction(async (tx) => {
        if (failing) return fail(tx, row, now);
        if (uris) return finish(tx, row, uris, now);
        const process = Math.max(row.process, Math.min(99, Math.floor(fraction * 100)));
        const status = fraction < 0.1 ? 1 : 2;
        if (process === row.process && status === row.status) return;
        await tx.query(`UPDATE tasks SET status = $2, process = $3, status_desc = $4, updated_at = $5 WHERE id = $1 AND status IN (1, 2)`, [
          row.id,
          status,
          process,
          status === 1 ? 'queued' : 'rendering',
          now,
        ]);
      });
      changed += 1;
    }
    return changed;
  };

  return { create, progress, tick };
};
