/**
 * Creating a task and estimating one. Order of checks on create: the request (server/tasks/prepare.ts:
 * the body 10400, the kind's fields 10400, the model 10404/70009, the inputs 10404/70008/10400),
 * then in one transaction with the account row locked: the balance (80307), the queue (70002, with
 * the tier in the message), the daily limit (70001), the debit and the insert. An estimate runs the
 * same checks without side effects and tells the cost, the time, the balance and the limits.
 */
import type {
  DeductionDetail,
  TaskCreateRequest,
  TaskEstimateResponse,
  TaskItem,
} from '../../infrastructure/contract/tasks';
import { billing } from '../../domain/index.js';
import { newId, type Caller } from '../auth';
import type { Queryable } from '../db/database';
import { hashString } from '../engines/random';
import { ApiError, CODES } from '../envelope';
import { balances, debit, totalOf } from '../ledger';
import type { Owner } from './inputs';
import { ownerSql, toItem, type TaskRow, type TaskStore } from './items';
import { prepareTask, type PreparedTask } from './prepare';
import { TIER_LIMITS, TIER_NAMES, tierOf, type Tier } from './tiers';

const DAY_MS = 24 * 3600 * 1000;

const activeCount = async (tx: Queryable, owner: Owner): Promise<number> => {
  const o = ownerSql(owner);
  const [row] = await tx.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM tasks WHERE ${o.sql} AND status IN (1, 2) AND deleted_at IS NULL`,
    [o.param],
  );
  return Number(row?.n ?? 0);
};

const todayCount = async (tx: Queryable, owner: Owner, now: number): Promise<number> => {
  const o = ownerSql(owner);
  const [row] = await tx.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM tasks WHERE ${o.sql} AND created_at > $2`,
    [o.param, now - DAY_MS],
  );
  return Number(row?.n ?? 0);
};

const deductionsIn = async (tx: Queryable, id: string): Promise<DeductionDetail> => {
  const parts = await tx.query<{ kind: string; delta: number }>(
    'SELECT kind, delta FROM coin_ledger WHERE ref = $1 AND delta < 0 ORDER BY id',
    [id],
  );
  return {
    coins: parts.reduce((s, x) => s - Number(x.delta), 0),
    parts: parts.map((x) => ({ kind: x.kind, amount: -Number(x.delta) })),
    refunded: false,
  };
};

/** The balance (80307), the tier's queue (70002) and its daily limit (70001), in that order. */
const checkLimits = async (tx: Queryable, p: PreparedTask, tier: Tier, now: number): Promise<void> => {
  const accountId = p.owner.accountId;
  const limits = TIER_LIMITS[tier];
  if (accountId !== null && totalOf(await balances(tx, accountId)) < p.cost)
    throw new ApiError(CODES.noCoins, 'not enough coins');
  if ((await activeCount(tx, p.owner)) >= limits.queue)
    throw new ApiError(
      CODES.queueFull,
      `the task queue is full: ${TIER_NAMES[tier]} accounts run ${limits.queue} tasks at once`,
    );
  if (limits.daily !== null && (await todayCount(tx, p.owner, now)) >= limits.daily)
    throw new ApiError(
      CODES.dailyLimit,
      `the daily generation limit is reached (${limits.daily} a day for ${TIER_NAMES[tier]} accounts)`,
    );
};

interface NewTask {
  readonly id: string;
  readonly seed: number;
  readonly duration: number;
}

const insertTask = async (
  tx: Queryable,
  caller: Caller,
  req: TaskCreateRequest,
  p: PreparedTask,
  task: NewTask,
  now: number,
): Promise<TaskRow> => {
  const rows = await tx.query<TaskRow>(
    `INSERT INTO tasks (id, account_id, device_id, domain_type, prompt, aspect_ratio, seed, status, process, status_desc, cost, duration_ms,
       params, speed_type, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, 0, 'queued', $8, $9, $10::jsonb, $11, $12, $12) RETURNING *`,
    [
      task.id,
      p.owner.accountId,
      caller.deviceId,
      req.domain_type,
      req.prompt ?? '',
      p.aspectRatio,
      task.seed,
      p.cost,
      task.duration,
      JSON.stringify(p.params),
      req.speed_type ?? 1,
      now,
    ],
  );
  return rows[0] as TaskRow;
};

export const createTask = async (
  store: TaskStore,
  durationMs: number,
  caller: Caller,
  req: TaskCreateRequest,
  now: number,
): Promise<TaskItem> => {
  const p = await prepareTask(store, durationMs, caller, req, true);
  const id = newId(12);
  const seed = req.seed ?? hashString(`${id}`) % 2_147_483_647;
  return store.db.transaction(async (tx) => {
    const accountId = p.owner.accountId;
    if (accountId !== null) await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const tier: Tier = await tierOf(tx, accountId, now);
    // The tier's speed (billing.TIER_BENEFITS): a member's task renders faster.
    const duration = billing.taskDurationFor(p.duration, tier);
    await checkLimits(tx, p, tier, now);
    if (accountId !== null && p.cost > 0) await debit(tx, accountId, p.cost, 'task', id, now);
    const row = await insertTask(tx, caller, req, p, { id, seed, duration }, now);
    const d = p.cost > 0 ? await deductionsIn(tx, id) : null;
    return toItem(store.blobs, row, now, d);
  });
};

export const estimateTask = async (
  store: TaskStore,
  durationMs: number,
  caller: Caller,
  req: TaskCreateRequest,
  now: number,
): Promise<TaskEstimateResponse> => {
  const { db } = store;
  const p = await prepareTask(store, durationMs, caller, req, false);
  const tier = await tierOf(db, p.owner.accountId, now);
  const limits = TIER_LIMITS[tier];
  const balance = p.owner.accountId === null ? null : totalOf(await balances(db, p.owner.accountId));
  return {
    coins: p.cost,
    estimate_time: Math.ceil(billing.taskDurationFor(p.duration, tier) / 1000),
    balance,
    can_afford: balance === null || balance >= p.cost,
    queue: { active: await activeCount(db, p.owner), limit: limits.queue, tier: TIER_NAMES[tier] },
    daily: { used: limits.daily === null ? 0 : await todayCount(db, p.owner, now), limit: limits.daily },
  };
};
