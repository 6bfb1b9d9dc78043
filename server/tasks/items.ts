/**
 * A task row and what its owner sees of it: the row as stored, the owner clause of every task
 * query, the ledger's debits and refunds of a task (its `deduction_detail`), the item a client
 * reads (spec §3 TaskItem) and the queries that read items with their ledger in one statement.
 */
import type { DeductionDetail, TaskItem, TaskMedia } from '../../infrastructure/contract/tasks';
import type { Caller } from '../auth';
import type { BlobStore } from '../blobs/store';
import { taskProductionBoxColumn } from '../decorations/frames';
import type { Database } from '../db/database';
import { ApiError, CODES } from '../envelope';
import type { Owner } from './inputs';
import { publicParams } from './params';
import type { StoredParams } from './render';

/** What every step of the task service works with. */
export interface TaskStore {
  readonly db: Database;
  readonly blobs: BlobStore;
}

export interface LedgerEntry {
  readonly kind: string;
  readonly delta: number | string;
}

export interface TaskRow extends Record<string, unknown> {
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
  media: TaskMedia[] | string;
  params: StoredParams | string;
  current_node: string | null;
  task_return: string | null;
  speed_type: number;
  cost: number;
  duration_ms: number;
  created_at: string | number;
  deleted_at: string | number | null;
}

export const json = <A>(v: A | string): A => (typeof v === 'string' ? (JSON.parse(v) as A) : v);

export const ownerSql = (owner: Owner, at = 1): { sql: string; param: string } => {
  if (owner.accountId !== null) return { sql: `account_id = $${at}`, param: owner.accountId };
  if (owner.deviceId !== null)
    return { sql: `account_id IS NULL AND device_id = $${at}`, param: owner.deviceId };
  throw new ApiError(CODES.notLoggedIn, 'a guest needs a device id');
};

/**
 * Guest-ness comes from the session, never from the body: a signed-in caller sending g_mode 1 is
 * still the account (and is charged). The request's g_mode is accepted and ignored.
 */
export const isGuest = (caller: Caller, _gMode: number | undefined): boolean => caller.accountId === null;

/** One ledger row folded into a task's deduction: a debit adds a part, a credit is its refund. */
const withLedgerEntry = (d: DeductionDetail, l: LedgerEntry): DeductionDetail => {
  const delta = Number(l.delta);
  return delta < 0
    ? { ...d, coins: d.coins - delta, parts: [...d.parts, { kind: l.kind, amount: -delta }] }
    : { ...d, refunded: true };
};

const NO_DEDUCTION: DeductionDetail = { coins: 0, parts: [], refunded: false };

export const deductionOf = (entries: readonly LedgerEntry[]): DeductionDetail =>
  entries.reduce<DeductionDetail>(withLedgerEntry, NO_DEDUCTION);

/** The deductions of the charged rows among `rows`, by task id. */
const deductions = async (db: Database, rows: readonly TaskRow[]): Promise<Map<string, DeductionDetail>> => {
  const ids = rows.filter((r) => r.account_id !== null && r.cost > 0).map((r) => r.id);
  const out = new Map<string, DeductionDetail>();
  if (ids.length === 0) return out;
  const ledger = await db.query<{ ref: string; kind: string; delta: number }>(
    'SELECT ref, kind, delta FROM coin_ledger WHERE ref = ANY($1::text[]) ORDER BY id',
    [ids],
  );
  for (const l of ledger) out.set(l.ref, withLedgerEntry(out.get(l.ref) ?? NO_DEDUCTION, l));
  return out;
};

/** The production box worn on a task, for the task queries that show the queue. */
export const PRODUCTION_FRAME_COLUMN = taskProductionBoxColumn('t', 'production_frame_key');

export const toItem = (
  blobs: BlobStore,
  row: TaskRow,
  now: number,
  deduction: DeductionDetail | null,
): TaskItem => {
  const elapsed = now - Number(row.created_at);
  const running = row.status === 1 || row.status === 2;
  const remaining = running ? Math.max(0, row.duration_ms - elapsed) : 0;
  const params = json<StoredParams>(row.params);
  const published = params.published_artwork_id;
  return {
    id: row.id,
    status: row.status,
    process: row.process,
    status_desc: row.status_desc,
    img_uris: json<TaskItem['img_uris']>(row.img_uris),
    estimate_time: Math.ceil(remaining / 1000),
    create_at: Number(row.created_at),
    domain_type: row.domain_type,
    prompt: row.prompt,
    aspect_ratio: row.aspect_ratio,
    media: json<TaskMedia[]>(row.media),
    comfyui_current_node: row.current_node,
    task_return: row.task_return,
    pub_community: params.pub_community ?? 0,
    deduction_detail: deduction,
    expiration_time: null,
    speed_type: row.speed_type,
    g_mode: row.account_id === null ? 1 : 0,
    seed: Number(row.seed),
    params: publicParams(params),
    ...(published === undefined ? {} : { artwork_id: published }),
    ...(typeof row.production_frame_key === 'string'
      ? { production_frame: blobs.urlOf(row.production_frame_key) }
      : {}),
  };
};

/** The items of `rows`, with their deductions read in one more query. */
export const itemsOf = async (
  store: TaskStore,
  rows: readonly TaskRow[],
  now: number,
): Promise<TaskItem[]> => {
  const d = await deductions(store.db, rows);
  return rows.map((r) => toItem(store.blobs, r, now, d.get(r.id) ?? null));
};

/**
 * Tasks and their ledger rows in one query (a poll is this query and, when signed in, the
 * session's): each row carries `ledger`, its debits and refunds in order (coin_ledger_ref index).
 */
export const tasksWithLedger = async (
  store: TaskStore,
  where: string,
  params: readonly unknown[],
  now: number,
): Promise<TaskItem[]> => {
  const rows = await store.db.query<TaskRow & { ledger: LedgerEntry[] | string | null }>(
    `SELECT t.*, (SELECT json_agg(json_build_object('kind', l.kind, 'delta', l.delta) ORDER BY l.id)
       FROM coin_ledger l WHERE l.ref = t.id AND t.account_id IS NOT NULL AND t.cost > 0) AS ledger,
       ${PRODUCTION_FRAME_COLUMN}
     FROM tasks t WHERE ${where}`,
    params,
  );
  return rows.map((r) =>
    toItem(store.blobs, r, now, r.ledger === null ? null : deductionOf(json<LedgerEntry[]>(r.ledger))),
  );
};
