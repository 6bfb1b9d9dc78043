/**
 * Orders and the SIMULATED payment provider. A real deployment puts Stripe, PayPal, Payermax
 * and the rest here (their hosted checkout in the iframe, their signed webhook completing the
 * order); none of them can run on one offline machine, so this module stands in for them at
 * the edge: the checkout page is ours, and its Pay button plays the provider's charge and
 * webhook in one call. Everything behind that edge is real: idempotent orders, prices from
 * the catalogue, exactly-once fulfilment under a row lock, the coin ledger, the memberships.
 *
 * - Create: one order per (account, idempotency key). The same key returns the same order;
 *   the same key for a different purchase is refused (10400).
 * - Complete: the order row is locked FOR UPDATE; only a pending order of the caller's is
 *   fulfilled, and it becomes `paid` in the same transaction, so a second completion (in
 *   sequence or in parallel) finds it paid and credits nothing. A coin pack credits its
 *   coins as paid coins and its bonus as free coins; a plan upserts the membership.
 * - A card number that fails the Luhn check, or the declined test card, answers 80213 and
 *   leaves the order pending (another card may be tried). Fail marks it failed.
 * - A pending order expires 30 minutes after creation (reported as `expired`).
 * - The amount is the catalogue's, never the client's; an eligible plan ordered while the account's
 *   half-price offer runs costs half, and that order expires when the offer ends.
 */
import type {
  CheckoutCompleteRequest,
  Order,
  OrderCreateRequest,
} from '../../infrastructure/contract/commerce';
import {
  checkoutPagePath,
  CREDIT_CARD_ERROR_CODE,
  DECLINED_TEST_CARD,
} from '../../infrastructure/contract/commerce';
import { billing, luhnValid } from '../../domain/index.js';
import { newId } from '../auth';
import type { Database, Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { credit } from '../ledger';
import { CURRENCY, DEFAULT_PAYMENT_METHOD_ID, goodsOf, priceCentsOf, toAmount } from '../billing/catalog';
import { activatePlan, trialEligible } from '../billing/memberships';

export const ORDER_TTL_MS = 30 * 60 * 1000;

interface OrderRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  idempotency_key: string;
  goods_id: string;
  kind: 'plan' | 'coins';
  amount_cents: number;
  currency: string;
  payment_method_id: number;
  status: Order['status'];
  failure_code: number | null;
  created_at: string | number;
  expires_at: string | number;
  paid_at: string | number | null;
}

const isExpired = (r: OrderRow, now: number): boolean =>
  r.status === 'pending' && now >= Number(r.expires_at);

const toOrder = (r: OrderRow, now: number): Order => ({
  order_id: r.id,
  goods_id: r.goods_id,
  kind: r.kind,
  amount: toAmount(r.amount_cents),
  currency: r.currency,
  payment_method_id: r.payment_method_id,
  status: isExpired(r, now) ? 'expired' : r.status,
  failure_code: r.failure_code,
  checkout_url: checkoutPagePath(r.id),
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at),
  paid_at: r.paid_at === null ? null : Number(r.paid_at),
});

export const createOrder = async (
  db: Database,
  accountId: string,
  req: OrderCreateRequest,
  now: number,
  only?: 'plan' | 'coins',
  /** The end of the account's active half-price offer (`activeHalfPriceEndOf`), null without one. */
  halfPriceEndAt: number | null = null,
): Promise<Order> => {
  const goods = goodsOf(req.goods_id);
  if (goods === null) throw new ApiError(CODES.notFound, 'no such goods');
  if (only !== undefined && goods.kind !== only)
    throw new ApiError(
      CODES.invalidRequest,
      `goods ${req.goods_id} is not a ${only === 'plan' ? 'subscription plan' : 'coin pack'}`,
    );
  const method = req.payment_method_id ?? DEFAULT_PAYMENT_METHOD_ID;
  const [existing] = await db.query<OrderRow>(
    'SELECT * FROM payment_orders WHERE account_id = $1 AND idempotency_key = $2',
    [accountId, req.idempotency_key],
  );
  const sameRequest = (r: OrderRow) => {
    if (r.goods_id !== req.goods_id || r.payment_method_id !== method)
      throw new ApiError(CODES.invalidRequest, 'this idempotency key belongs to a different purchase');
    return toOrder(r, now);
  };
  if (existing) return sameRequest(existing);
  if (goods.kind === 'plan' && goods.plan.isTrial && !(await trialEligible(db, accountId)))
    throw new ApiError(CODES.forbidden, 'the trial is for new members only');
  // The amount is the catalogue's, halved on an eligible plan while the offer runs (domain/billing);
  // a discounted order cannot be paid after the offer ends: it expires with it.
  const full = priceCentsOf(goods);
  const amountCents =
    goods.kind === 'plan'
      ? billing.chargedCents(
          full,
          { main: goods.plan.kind === 'main', trial: goods.plan.isTrial },
          halfPriceEndAt,
          now,
        )
      : full;
  const expiresAt =
    amountCents < full && halfPriceEndAt !== null
      ? Math.min(now + ORDER_TTL_MS, halfPriceEndAt)
      : now + ORDER_TTL_MS;
  const [inserted] = await db.query<OrderRow>(
    `INSERT INTO payment_orders (id, account_id, idempotency_key, goods_id, kind, amount_cents, currency, payment_method_id, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10)
     ON CONFLICT (account_id, idempotency_key) DO NOTHING RETURNING *`,
    [
      `ord_${newId(12)}`,
      accountId,
      req.idempotency_key,
      req.goods_id,
      goods.kind,
      amountCents,
      CURRENCY,
      method,
      now,
      expiresAt,
    ],
  );
  if (inserted) return toOrder(inserted, now);
  // A parallel request with the same key won the insert: answer with its order.
  const [winner] = await db.query<OrderRow>(
    'SELECT * FROM payment_orders WHERE account_id = $1 AND idempotency_key = $2',
    [accountId, req.idempotency_key],
  );
  if (!winner) throw new Error('idempotent insert lost its row');
  return sameRequest(winner);
};

/** The caller's order; anyone else's is reported as missing, not as forbidden. */
const ownOrder = async (
  db: Queryable,
  accountId: string,
  orderId: string,
  lock: boolean,
): Promise<OrderRow> => {
  const [row] = await db.query<OrderRow>(
    `SELECT * FROM payment_orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  if (!row || row.account_id !== accountId) throw new ApiError(CODES.notFound, 'no such order');
  return row;
};

export const orderDetail = async (
  db: Queryable,
  accountId: string,
  orderId: string,
  now: number,
): Promise<Order> => toOrder(await ownOrder(db, accountId, orderId, false), now);

/** Luhn checksum of a card number of 12 to 19 digits. */

type Outcome =
  | { readonly kind: 'paid'; readonly order: Order }
  | { readonly kind: 'refused'; readonly code: number; readonly msg: string };

export const completeOrder = async (
  db: Database,
  accountId: string,
  orderId: string,
  body: CheckoutCompleteRequest,
  now: number,
): Promise<Order> => {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await ownOrder(tx, accountId, orderId, true);
    if (row.status === 'paid') return { kind: 'paid', order: toOrder(row, now) };
    if (row.status === 'failed')
      throw new ApiError(CODES.forbidden, 'this order has failed; start a new one');
    if (isExpired(row, now)) throw new ApiError(CODES.forbidden, 'this order has expired; start a new one');
    if (body.card_number !== undefined) {
      const digits = body.card_number.replace(/[\s-]/g, '');
      if (!luhnValid(digits) || digits === DECLINED_TEST_CARD) {
        await tx.query('UPDATE payment_orders SET failure_code = $2 WHERE id = $1', [
          orderId,
          CREDIT_CARD_ERROR_CODE,
        ]);
        return { kind: 'refused', code: CREDIT_CARD_ERROR_CODE, msg: 'the card was declined' };
      }
    }
    const goods = goodsOf(row.goods_id);
    if (goods === null) throw new Error(`order ${orderId} names unknown goods ${row.goods_id}`);
    if (goods.kind === 'coins') {
      await credit(tx, accountId, 'paid', goods.pack.coins, `recharge ${goods.pack.goodsId}`, orderId, now);
      if (goods.pack.giveCoins > 0)
        await credit(
          tx,
          accountId,
          'free',
          goods.pack.giveCoins,
          `recharge bonus ${goods.pack.goodsId}`,
          orderId,
          now,
        );
    } else {
      if (goods.plan.isTrial && !(await trialEligible(tx, accountId))) {
        await tx.query(`UPDATE payment_orders SET status = 'failed', failure_code = $2 WHERE id = $1`, [
          orderId,
          CODES.forbidden,
        ]);
        return { kind: 'refused', code: CODES.forbidden, msg: 'the trial is for new members only' };
      }
      await activatePlan(tx, accountId, goods.plan, now);
    }
    const [paid] = await tx.query<OrderRow>(
      `UPDATE payment_orders SET status = 'paid', paid_at = $2, failure_code = NULL WHERE id = $1 RETURNING *`,
      [orderId, now],
    );
    if (!paid) throw new Error(`order ${orderId} vanished`);
    return { kind: 'paid', order: toOrder(paid, now) };
  });
  if (outcome.kind === 'refused') throw new ApiError(outcome.code, outcome.msg);
  return outcome.order;
};

/** The checkout's Fail button: a pending order becomes failed; failing twice changes nothing. */
export const failOrder = async (
  db: Database,
  accountId: string,
  orderId: string,
  now: number,
): Promise<Order> =>
  db.transaction(async (tx) => {
    const row = await ownOrder(tx, accountId, orderId, true);
    if (row.status === 'paid') throw new ApiError(CODES.forbidden, 'this order is already paid');
    if (row.status === 'failed') return toOrder(row, now);
    const [failed] = await tx.query<OrderRow>(
      `UPDATE payment_orders SET status = 'failed' WHERE id = $1 RETURNING *`,
      [orderId],
    );
    if (!failed) throw new Error(`order ${orderId} vanished`);
    return toOrder(failed, now);
  });

/** For the checkout page: the caller's order, or null (the page then says it was not found). */
export const findOwnOrder = async (
  db: Queryable,
  accountId: string | null,
  orderId: string,
  now: number,
): Promise<Order | null> => {
  if (accountId === null) return null;
  const [row] = await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1 AND account_id = $2', [
    orderId,
    accountId,
  ]);
  return row ? toOrder(row, now) : null;
};
