/**
 * Reading tasks, for their owner only: the batch progress of a poll, one task's detail and the
 * paged list (newest first, optionally of some domain types). A task of another owner is as
 * absent as a deleted one (10404).
 */
import {
  TASK_LIST_DEFAULT_PAGE_SIZE,
  type TaskItem,
  type TaskListRequest,
  type TaskListResponse,
} from '../../infrastructure/contract/tasks';
import type { Caller } from '../auth';
import { ApiError, CODES } from '../envelope';
import { ownerOf } from './inputs';
import {
  PRODUCTION_FRAME_COLUMN,
  isGuest,
  itemsOf,
  ownerSql,
  tasksWithLedger,
  type TaskRow,
  type TaskStore,
} from './items';

export const taskProgress = async (
  store: TaskStore,
  caller: Caller,
  ids: readonly string[],
  guest: boolean,
  now: number,
): Promise<TaskItem[]> => {
  if (ids.length === 0) return [];
  const o = ownerSql(ownerOf(caller, guest));
  return tasksWithLedger(
    store,
    `${o.sql} AND id = ANY($2::text[]) AND deleted_at IS NULL`,
    [o.param, [...ids]],
    now,
  );
};

export const taskDetail = async (
  store: TaskStore,
  caller: Caller,
  id: string,
  guest: boolean,
  now: number,
): Promise<TaskItem> => {
  const o = ownerSql(ownerOf(caller, guest));
  const [item] = await tasksWithLedger(
    store,
    `${o.sql} AND id = $2 AND deleted_at IS NULL`,
    [o.param, id],
    now,
  );
  if (!item) throw new ApiError(CODES.notFound, 'no such task');
  return item;
};

export const taskList = async (
  store: TaskStore,
  caller: Caller,
  req: TaskListRequest,
  now: number,
): Promise<TaskListResponse> => {
  const o = ownerSql(ownerOf(caller, isGuest(caller, req.g_mode)));
  const page = req.page ?? 1;
  const pageSize = req.page_size ?? TASK_LIST_DEFAULT_PAGE_SIZE;
  const types = req.domain_types && req.domain_types.length > 0 ? [...req.domain_types] : null;
  const where = `${o.sql} AND deleted_at IS NULL AND ($2::int[] IS NULL OR domain_type = ANY($2::int[]))`;
  const [count] = await store.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM tasks WHERE ${where}`,
    [o.param, types],
  );
  const rows = await store.db.query<TaskRow>(
    `SELECT t.*, ${PRODUCTION_FRAME_COLUMN} FROM tasks t WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [o.param, types, pageSize, (page - 1) * pageSize],
  );
  return { items: await itemsOf(store, rows, now), total: Number(count?.n ?? 0), page, page_size: pageSize };
};
