/**
 * The coin ledger: append-only rows per account and coin kind; balances are derived by summing.
 * Debits take temp coins first, then free, then paid, and run inside the caller's transaction
 * after locking the account row, so parallel debits never drive a balance below zero.
 */
import type { LedgerEntry, LedgerListResponse } from '../infrastructure/contract/commerce';
import type { Queryable } from './db/database';
import { ApiError, CODES } from './envelope';

export type CoinKind = 'temp' | 'free' | 'paid';
export type Balances = Readonly<Record<CoinKind, number>>;
const DEBIT_ORDER: readonly CoinKind[] = ['temp', 'free', 'paid'];

export const balances = async (db: Queryable, accountId: string): Promise<Balances> => {
  const rows = await db.query<{ kind: CoinKind; total: string | number }>(
    'SELECT kind, COALESCE(SUM(delta), 0) AS total FROM coin_ledger WHERE account_id = $1 GROUP BY kind',
    [accountId],
  );
  const out: Record<CoinKind, number> = { temp: 0, free: 0, paid: 0 };
  for (const r of rows) out[r.kind] = Number(r.total);
  return out;
};

export const totalOf = (b: Balances): number => b.temp + b.free + b.paid;

export const credit = async (
  db: Queryable,
  accountId: string,
  kind: CoinKind,
  amount: number,
  reason: string,
  ref: string | null,
  now: number,
): Promise<void> => {
  if (!(Number.isInteger(amount) && amount > 0)) throw new Error(`credit of ${amount}`);
  await db.query(
    'INSERT INTO coin_ledger (account_id, kind, delta, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [accountId, kind, amount, reason, ref, now],
  );
};

/** Debits `amount`, throwing 80307 (no coins) when the balance is short. Call inside a transaction. */
export const debit = async (
  tx: Queryable,
  accountId: string,
  amount: number,
  reason: string,
  ref: string,
  now: number,
): Promise<ReadonlyArray<{ kind: CoinKind; amount: number }>> => {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const b = await balances(tx, accountId);
  if (totalOf(b) < amount) throw new ApiError(CODES.noCoins, 'not enough coins');
  const parts: { kind: CoinKind; amount: number }[] = [];
  let left = amount;
  for (const kind of DEBIT_ORDER) {
    const take = Math.min(left, b[kind]);
    if (take <= 0) continue;
    parts.push({ kind, amount: take });
    left -= take;
  }
  for (const p of parts)
    await tx.query(
      'INSERT INTO coin_ledger (account_id, kind, delta, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [accountId, p.kind, -p.amount, reason, ref, now],
    );
  return parts;
};

/** Gives back exactly what a debit with this ref took, once. */
export const refund = async (
  tx: Queryable,
  accountId: string,
  ref: string,
  reason: string,
  now: number,
): Promise<void> => {
  const already = await tx.query(
    'SELECT 1 FROM coin_ledger WHERE ref = $1 AND delta > 0 AND account_id = $2',
    [ref, accountId],
  );
  if (already.length > 0) return;
  const taken = await tx.query<{ kind: CoinKind; delta: number }>(
    'SELECT kind, delta FROM coin_ledger WHERE ref = $1 AND delta < 0 AND account_id = $2',
    [ref, accountId],
  );
  for (const row of taken)
    await tx.query(
      'INSERT INTO coin_ledger (account_id, kind, delta, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [accountId, row.kind, -Number(row.delta), reason, ref, now],
    );
};

// ---- the ledger as the coins page lists it

export type LedgerCategory = LedgerEntry['category'];

/**
 * A new account's welcome: free coins enough for a few generations (our rule: the spec is silent; a
 * guest has 3 free generations, an account made by signing up had none and was refused its first
 * Generate). `SIGN_UP_BONUS_COINS` in the environment sets it (config.signUpBonusCoins, 0 for none);
 * the seeded accounts' coins carry the same reason.
 */
export const WELCOME_BONUS_REASON = 'welcome bonus';
export const SIGN_UP_BONUS_COINS = 100;

/** The reason of a creator's earnings: a coin credited when someone else collects their work (server/people/earnings.ts). */
export const CREATOR_REWARD_REASON = 'creator_reward';

/**
 * What a movement was for, from the reason its writer gave (tasks, trainings, orders, decorations
 * and the seed write these reasons; see their `debit`/`credit`/`refund` calls).
 */
export const ledgerCategoryOf = (reason: string, direction: 'debit' | 'credit'): LedgerCategory => {
  const r = reason.toLowerCase();
  if (r === 'task') return direction === 'debit' ? 'task' : 'taskRefund';
  if (r.startsWith('task ')) return 'taskRefund';
  if (r === 'lora training') return direction === 'debit' ? 'training' : 'trainingRefund';
  if (r.startsWith('training ')) return 'trainingRefund';
  if (r.includes('recharge bonus')) return 'rechargeBonus';
  if (r.includes('recharge')) return 'recharge';
  if (r.startsWith('decoration')) return 'decoration';
  if (r === CREATOR_REWARD_REASON && direction === 'credit') return 'creatorReward';
  if (direction === 'credit' && r.includes('bonus')) return 'bonus';
  return 'other';
};

interface LedgerGroupRow extends Record<string, unknown> {
  id: string | number;
  ref: string | null;
  reason: string;
  sign: string | number;
  coins: string | number;
  created_at: string | number;
  parts: { kind: string; amount: number | string }[] | string;
}

/**
 * The caller's ledger, newest first, one entry per debit or credit (its rows by coin kind
 * grouped), `pageSize` at a time; `cursor` is the previous page's `next_cursor`. Each entry
 * names the task or training it belongs to (a failed task's refund beside its debit) or the
 * goods of its order.
 */
export const listLedger = async (
  db: Queryable,
  accountId: string,
  cursor: number | null,
  pageSize: number,
): Promise<LedgerListResponse> => {
  const rows = await db.query<LedgerGroupRow>(
    `SELECT MIN(l.id) AS id, l.ref, l.reason, SIGN(l.delta) AS sign, SUM(ABS(l.delta)) AS coins,
            MIN(l.created_at) AS created_at,
            json_agg(json_build_object('kind', l.kind, 'amount', ABS(l.delta)) ORDER BY l.id) AS parts
       FROM coin_ledger l
      WHERE l.account_id = $1 AND l.delta <> 0
      GROUP BY COALESCE(l.ref, 'row:' || l.id::text), l.ref, l.reason, SIGN(l.delta)
     HAVING ($2::bigint IS NULL OR MIN(l.id) < $2::bigint)
      ORDER BY MIN(l.id) DESC
      LIMIT $3`,
    [accountId, cursor, pageSize + 1],
  );
  const page = rows.slice(0, pageSize);
  const refs = [...new Set(page.map((r) => r.ref).filter((r): r is string => r !== null))];
  const tasks =
    refs.length === 0
      ? []
      : await db.query<{ id: string; domain_type: number; prompt: string; status: number }>(
          `SELECT id, domain_type, prompt, status FROM tasks WHERE account_id = $1 AND id = ANY($2::text[])
           UNION ALL
           SELECT id, -1 AS domain_type, name AS prompt, status FROM lora_trainings WHERE account_id = $1 AND id = ANY($2::text[])`,
          [accountId, refs],
        );
  const orders =
    refs.length === 0
      ? []
      : await db.query<{ id: string; goods_id: string }>(
          'SELECT id, goods_id FROM payment_orders WHERE account_id = $1 AND id = ANY($2::text[])',
          [accountId, refs],
        );
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const goodsById = new Map(orders.map((o) => [o.id, o.goods_id]));
  const items = page.map((r): LedgerEntry => {
    const direction = Number(r.sign) < 0 ? 'debit' : 'credit';
    const parts = typeof r.parts === 'string' ? (JSON.parse(r.parts) as LedgerGroupRow['parts']) : r.parts;
    const task = r.ref === null ? undefined : taskById.get(r.ref);
    return {
      id: Number(r.id),
      direction,
      category: ledgerCategoryOf(r.reason, direction),
      coins: Number(r.coins),
      parts: (parts as { kind: string; amount: number | string }[]).map((p) => ({
        kind: p.kind,
        amount: Number(p.amount),
      })),
      created_at: Number(r.created_at),
      ref: r.ref,
      task:
        task === undefined
          ? null
          : {
              id: task.id,
              domain_type: Number(task.domain_type),
              prompt: task.prompt,
              status: Number(task.status),
            },
      goods_id: r.ref === null ? null : (goodsById.get(r.ref) ?? null),
    };
  });
  const last = page[page.length - 1];
  return { items, next_cursor: rows.length > pageSize && last !== undefined ? Number(last.id) : null };
};
