/**
 * Ending tasks on their owner's word: soft deletion (a task still queued is refunded, a running one
 * ends as status 4 "deleted") and cancelling (a running task ends as status 5 "cancelled", its
 * coins back). Both lock the account row, then the owner's live rows named (10404 when none).
 */
import type { TaskCancelResponse, TaskDeleteResponse } from '../../infrastructure/contract/tasks';
import { tasks } from '../../domain/index.js';
import type { Caller } from '../auth';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { balances, refund, totalOf } from '../ledger';
import { ownerOf } from './inputs';
import { ownerSql, type TaskRow, type TaskStore } from './items';

/** The account locked, then the caller's live rows among `ids`, locked (10404 when none). */
const lockOwnRows = async (
  tx: Queryable,
  caller: Caller,
  ids: readonly string[],
  guest: boolean,
): Promise<TaskRow[]> => {
  const owner = ownerOf(caller, guest);
  const o = ownerSql(owner);
  if (owner.accountId !== null)
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
  const rows = await tx.query<TaskRow>(
    `SELECT * FROM tasks WHERE ${o.sql} AND id = ANY($2::text[]) AND deleted_at IS NULL FOR UPDATE`,
    [o.param, [...ids]],
  );
  if (rows.length === 0) throw new ApiError(CODES.notFound, 'no such task of yours');
  return rows;
};

/** Refunds a task's coins; returns how many came back. */
const refundTask = async (tx: Queryable, row: TaskRow, reason: string, now: number): Promise<number> => {
  if (row.account_id === null) return 0;
  const before = totalOf(await balances(tx, row.account_id));
  await refund(tx, row.account_id, row.id, reason, now);
  return totalOf(await balances(tx, row.account_id)) - before;
};

export const removeTasks = async (
  store: TaskStore,
  caller: Caller,
  ids: readonly string[],
  guest: boolean,
  now: number,
): Promise<TaskDeleteResponse> =>
  store.db.transaction(async (tx) => {
    const rows = await lockOwnRows(tx, caller, ids, guest);
    let refunded = 0;
    for (const row of rows) {
      await tx.query(
        `UPDATE tasks SET deleted_at = $2, updated_at = $2,
           status = CASE WHEN status IN (1, 2) THEN 4 ELSE status END,
           status_desc = CASE WHEN status IN (1, 2) THEN 'deleted' ELSE status_desc END
         WHERE id = $1`,
        [row.id, now],
      );
      if (row.status === 1 && row.account_id !== null && row.cost > 0)
        refunded += await refundTask(tx, row, 'task deleted while queued', now);
    }
    return { deleted: rows.map((r) => r.id), refunded_coins: refunded };
  });

export const cancelTasks = async (
  store: TaskStore,
  caller: Caller,
  ids: readonly string[],
  guest: boolean,
  now: number,
): Promise<TaskCancelResponse> =>
  store.db.transaction(async (tx) => {
    const rows = await lockOwnRows(tx, caller, ids, guest);
    let refunded = 0;
    const cancelled: string[] = [];
    for (const row of rows) {
      if (row.status !== 1 && row.status !== 2) continue;
      await tx.query(
        `UPDATE tasks SET status = $3, status_desc = 'cancelled', current_node = NULL, updated_at = $2 WHERE id = $1`,
        [row.id, now, tasks.TASK_CANCELLED_STATUS],
      );
      cancelled.push(row.id);
      if (row.account_id !== null && row.cost > 0)
        refunded += await refundTask(tx, row, 'task cancelled', now);
    }
    return { cancelled, refunded_coins: refunded };
  });
