/**
 * Memberships and the subscription state (spec §3, §4). A paid plan order upserts the one row
 * of `memberships` that payment info reads (product_level, product_type 3 yearly else 1,
 * vip_type, expiry_time) and the `subscriptions` row beside it; add-ons (lite, top membership,
 * buff vip, day pass) land in `membership_addons`.
 *
 * Decisions where the spec is silent:
 * - Buying while a plan runs keeps the paid remainder: the new plan starts now and ends at
 *   max(old expiry, now) + its period. A trial's remainder is not carried into a paid plan.
 * - A trial is for an account that never had a plan (checked when ordering and when paying).
 * - Renewals are not simulated (no stored card is charged): `next_product` and
 *   `next_product_active_at` record what the renewal at the period end would buy.
 * - Pause (1-3 months) starts when the paid period ends: billing stops for that long, the
 *   plan runs until its expiry. Cancel keeps the plan until its expiry. Resume undoes both.
 * - The free month is a one-time retention offer: 30 more days at the end of the period,
 *   which also withdraws a pending cancel.
 */
import type { SubscriptionStatus } from '../../infrastructure/contract/commerce';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { DAY_MS, MONTH_DAYS, planOf, type PlanDef } from './catalog';

interface MembershipRow extends Record<string, unknown> {
  product_level: number;
  product_type: number;
  vip_type: string;
  expiry_time: string | number | null;
}

interface SubscriptionRow extends Record<string, unknown> {
  goods_id: string;
  is_trial: boolean;
  is_pause: boolean;
  pause_month: number;
  pause_start_at: string | number | null;
  pause_end_at: string | number | null;
  free_month_status: number;
  free_month_start_at: string | number | null;
  free_month_end_at: string | number | null;
  cancel_at: string | number | null;
  prev_product: string | null;
  next_product: string | null;
  next_product_active_at: string | number | null;
  had_trial: boolean;
}

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

const lockMembership = async (tx: Queryable, accountId: string) => {
  // The account row is the per-account lock every money path shares (ledger.debit takes it too).
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const [m] = await tx.query<MembershipRow>('SELECT * FROM memberships WHERE account_id = $1', [accountId]);
  const [s] = await tx.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE account_id = $1', [
    accountId,
  ]);
  return { m, s };
};

/** Spec §4 3-day trial: only for an account that has never had a main plan. */
export const trialEligible = async (db: Queryable, accountId: string): Promise<boolean> => {
  const rows = await db.query(
    'SELECT 1 FROM memberships WHERE account_id = $1 UNION ALL SELECT 1 FROM subscriptions WHERE account_id = $1',
    [accountId],
  );
  return rows.length === 0;
};

/** Applies a paid plan. Call inside the order's transaction. */
export const activatePlan = async (
  tx: Queryable,
  accountId: string,
  plan: PlanDef,
  now: number,
): Promise<void> => {
  const period = plan.periodDays * DAY_MS;
  if (plan.kind !== 'main') {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const [a] = await tx.query<{ expiry_time: string | number }>(
      'SELECT expiry_time FROM membership_addons WHERE account_id = $1 AND kind = $2 FOR UPDATE',
      [accountId, plan.kind],
    );
    const expiry = Math.max(num(a?.expiry_time) ?? 0, now) + period;
    await tx.query(
      `INSERT INTO membership_addons (account_id, kind, goods_id, vip_type, expiry_time) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, kind) DO UPDATE SET goods_id = EXCLUDED.goods_id, vip_type = EXCLUDED.vip_type, expiry_time = EXCLUDED.expiry_time`,
      [accountId, plan.kind, plan.goodsId, plan.vipType ?? '', expiry],
    );
    return;
  }
  const { m, s } = await lockMembership(tx, accountId);
  if (plan.isTrial && (m !== undefined || s !== undefined))
    throw new ApiError(CODES.forbidden, 'the trial is for new members only');
  const oldExpiry = num(m?.expiry_time);
  const carry = oldExpiry !== null && oldExpiry > now && !(s?.is_trial ?? false) ? oldExpiry : now;
  const expiry = carry + period;
  await tx.query(
    `INSERT INTO memberships (account_id, product_level, product_type, vip_type, expiry_time) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id) DO UPDATE SET product_level = EXCLUDED.product_level, product_type = EXCLUDED.product_type,
       vip_type = EXCLUDED.vip_type, expiry_time = EXCLUDED.expiry_time`,
    [accountId, plan.level, plan.productType, plan.vipType ?? '', expiry],
  );
  const changed = s !== undefined && s.goods_id !== plan.goodsId;
  await tx.query(
    `INSERT INTO subscriptions (account_id, goods_id, is_trial, started_at, had_trial, prev_product, updated_at)
     VALUES ($1, $2, $3, $4, $3, NULL, $4)
     ON CONFLICT (account_id) DO UPDATE SET
       goods_id = EXCLUDED.goods_id, is_trial = EXCLUDED.is_trial,
       started_at = CASE WHEN subscriptions.goods_id = EXCLUDED.goods_id THEN subscriptions.started_at ELSE EXCLUDED.started_at END,
       had_trial = subscriptions.had_trial OR EXCLUDED.had_trial,
       prev_product = $5,
       is_pause = false, pause_month = 0, pause_start_at = NULL, pause_end_at = NULL,
       cancel_at = NULL, next_product = NULL, next_product_active_at = NULL, updated_at = EXCLUDED.updated_at`,
    [accountId, plan.goodsId, plan.isTrial, now, changed ? s.goods_id : (s?.prev_product ?? null)],
  );
};

const emptyStatus = (): SubscriptionStatus => ({
  is_pause: false,
  pause_month: 0,
  pause_start_at: null,
  pause_end_at: null,
  free_month_status: 0,
  free_month_start_at: null,
  free_month_end_at: null,
  cancel_at: null,
  prev_product: null,
  next_product: null,
  next_product_active_at: null,
  is_trial: false,
  current_product: null,
  expiry_time: null,
  trial_eligible: true,
});

const statusOf = (
  m: MembershipRow | undefined,
  s: SubscriptionRow | undefined,
  now: number,
): SubscriptionStatus => {
  if (s === undefined) return emptyStatus();
  const expiry = num(m?.expiry_time);
  const active = expiry !== null && expiry > now;
  const pauseEnd = num(s.pause_end_at);
  const paused = s.is_pause && (pauseEnd === null || now < pauseEnd);
  return {
    is_pause: paused,
    pause_month: paused ? s.pause_month : 0,
    pause_start_at: paused ? num(s.pause_start_at) : null,
    pause_end_at: paused ? pauseEnd : null,
    free_month_status: s.free_month_status,
    free_month_start_at: num(s.free_month_start_at),
    free_month_end_at: num(s.free_month_end_at),
    cancel_at: num(s.cancel_at),
    prev_product: s.prev_product,
    next_product: active ? s.next_product : null,
    next_product_active_at: active ? num(s.next_product_active_at) : null,
    is_trial: active && s.is_trial,
    current_product: active ? s.goods_id : null,
    expiry_time: expiry,
    // A subscriptions row means the account has had a plan: no more 3-day trial.
    trial_eligible: false,
  };
};

export const subscriptionStatus = async (
  db: Queryable,
  accountId: string,
  now: number,
): Promise<SubscriptionStatus> => {
  const [m] = await db.query<MembershipRow>('SELECT * FROM memberships WHERE account_id = $1', [accountId]);
  const [s] = await db.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE account_id = $1', [
    accountId,
  ]);
  const status = statusOf(m, s, now);
  return s === undefined && m !== undefined ? { ...status, trial_eligible: false } : status;
};

/** The running main plan, locked; 10403 when there is none (or only a trial, when `paidOnly`). */
const requireRunningPlan = async (tx: Queryable, accountId: string, now: number, paidOnly: boolean) => {
  const { m, s } = await lockMembership(tx, accountId);
  const expiry = num(m?.expiry_time);
  if (m === undefined || s === undefined || expiry === null || expiry <= now)
    throw new ApiError(CODES.forbidden, 'no running subscription');
  if (paidOnly && s.is_trial) throw new ApiError(CODES.forbidden, 'not available during a trial');
  return { m, s, expiry };
};

export const pauseSubscription = async (
  tx: Queryable,
  accountId: string,
  months: number,
  now: number,
): Promise<SubscriptionStatus> => {
  const { s, expiry } = await requireRunningPlan(tx, accountId, now, true);
  if (s.cancel_at !== null) throw new ApiError(CODES.forbidden, 'a cancelled subscription cannot be paused');
  const current = statusOf(undefined, s, now);
  if (current.is_pause) throw new ApiError(CODES.forbidden, 'the subscription is already paused');
  await tx.query(
    `UPDATE subscriptions SET is_pause = true, pause_month = $2, pause_start_at = $3, pause_end_at = $4,
       next_product_active_at = CASE WHEN next_product IS NULL THEN NULL ELSE $4::bigint END, updated_at = $5 WHERE account_id = $1`,
    [accountId, months, expiry, expiry + months * MONTH_DAYS * DAY_MS, now],
  );
  return subscriptionStatus(tx, accountId, now);
};

export const resumeSubscription = async (
  tx: Queryable,
  accountId: string,
  now: number,
): Promise<SubscriptionStatus> => {
  const { expiry } = await requireRunningPlan(tx, accountId, now, false);
  await tx.query(
    `UPDATE subscriptions SET is_pause = false, pause_month = 0, pause_start_at = NULL, pause_end_at = NULL, cancel_at = NULL,
       next_product_active_at = CASE WHEN next_product IS NULL THEN NULL ELSE $2::bigint END, updated_at = $3 WHERE account_id = $1`,
    [accountId, expiry, now],
  );
  return subscriptionStatus(tx, accountId, now);
};

/** Idempotent: cancelling a cancelled plan changes nothing. */
export const cancelSubscription = async (
  tx: Queryable,
  accountId: string,
  now: number,
): Promise<SubscriptionStatus> => {
  const { s } = await requireRunningPlan(tx, accountId, now, false);
  if (s.cancel_at === null)
    await tx.query(
      `UPDATE subscriptions SET cancel_at = $2, next_product = NULL, next_product_active_at = NULL,
         is_pause = false, pause_month = 0, pause_start_at = NULL, pause_end_at = NULL, updated_at = $2 WHERE account_id = $1`,
      [accountId, now],
    );
  return subscriptionStatus(tx, accountId, now);
};

/** The plan the renewal buys. Choosing the current plan again clears a pending change. */
export const changeNextPlan = async (
  tx: Queryable,
  accountId: string,
  goodsId: string,
  now: number,
): Promise<SubscriptionStatus> => {
  const plan = planOf(goodsId);
  if (plan === null || plan.kind !== 'main' || plan.isTrial)
    throw new ApiError(CODES.invalidRequest, 'not a subscription plan');
  const { s, expiry } = await requireRunningPlan(tx, accountId, now, false);
  if (s.cancel_at !== null)
    throw new ApiError(CODES.forbidden, 'resume the subscription before changing its plan');
  const status = statusOf(undefined, s, now);
  const activeAt = status.is_pause && status.pause_end_at !== null ? status.pause_end_at : expiry;
  if (goodsId === s.goods_id)
    await tx.query(
      'UPDATE subscriptions SET next_product = NULL, next_product_active_at = NULL, updated_at = $2 WHERE account_id = $1',
      [accountId, now],
    );
  else
    await tx.query(
      'UPDATE subscriptions SET next_product = $2, next_product_active_at = $3, updated_at = $4 WHERE account_id = $1',
      [accountId, goodsId, activeAt, now],
    );
  return subscriptionStatus(tx, accountId, now);
};

export const claimFreeMonth = async (
  tx: Queryable,
  accountId: string,
  now: number,
): Promise<SubscriptionStatus> => {
  const { s, expiry } = await requireRunningPlan(tx, accountId, now, true);
  if (s.free_month_status !== 0) throw new ApiError(CODES.forbidden, 'the free month was already claimed');
  const end = expiry + MONTH_DAYS * DAY_MS;
  await tx.query('UPDATE memberships SET expiry_time = $2 WHERE account_id = $1', [accountId, end]);
  await tx.query(
    `UPDATE subscriptions SET free_month_status = 1, free_month_start_at = $2, free_month_end_at = $3, cancel_at = NULL,
       next_product_active_at = CASE WHEN next_product IS NULL THEN NULL ELSE $3::bigint END, updated_at = $4 WHERE account_id = $1`,
    [accountId, expiry, end, now],
  );
  return subscriptionStatus(tx, accountId, now);
};

export interface AddonState {
  readonly isActive: boolean;
  readonly expiryTime: number | null;
  readonly vipType: string;
}

/**
 * The add-ons of one account (lite, top membership "big", buff vip, day pass), for payment
 * info's lite_is_active / lite_expiry_time / big_is_active / big_expiry_time /
 * buff_vip_expiry_time (server/billing/routes.ts may read them from here).
 */
export const addonsOf = async (
  db: Queryable,
  accountId: string,
  now: number,
): Promise<Readonly<Record<'lite' | 'big' | 'buff' | 'day', AddonState>>> => {
  const rows = await db.query<{
    kind: 'lite' | 'big' | 'buff' | 'day';
    vip_type: string;
    expiry_time: string | number;
  }>('SELECT kind, vip_type, expiry_time FROM membership_addons WHERE account_id = $1', [accountId]);
  const none: AddonState = { isActive: false, expiryTime: null, vipType: '' };
  const out = { lite: none, big: none, buff: none, day: none };
  for (const r of rows) {
    const expiry = Number(r.expiry_time);
    out[r.kind] = { isActive: expiry > now, expiryTime: expiry, vipType: r.vip_type };
  }
  return out;
};
