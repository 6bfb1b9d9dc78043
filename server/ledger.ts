/**
 * The coin ledger: append-only rows per account and coin kind; balances are derived by summing.
 * Debits take temp coins first, then free, then paid, and run inside the caller's transaction
 * after locking the account row, so parallel debits never drive a balance below zero.
 */
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
