import type { PaymentInfo } from '../../infrastructure/contract/payment';
import type { Queryable } from '../db/database';
import { balances, totalOf } from '../ledger';
import { addonsOf } from './memberships';

/**
 * Spec §3 payment info: the coin balances (sums of the ledger), the plan that runs, the add-ons and
 * what the account ever paid for coins.
 */
export const paymentInfoOf = async (
  db: Queryable,
  accountId: string,
  now: () => number,
): Promise<PaymentInfo> => {
  const b = await balances(db, accountId);
  const [m] = await db.query<{
    product_level: number;
    product_type: number;
    vip_type: string;
    expiry_time: string | null;
  }>('SELECT product_level, product_type, vip_type, expiry_time FROM memberships WHERE account_id = $1', [
    accountId,
  ]);
  const at = now();
  const expiry = m?.expiry_time === null || m?.expiry_time === undefined ? null : Number(m.expiry_time);
  const active = expiry !== null && expiry > at;
  const [recharge] = await db.query<{ total: string | number }>(
    `SELECT COALESCE(SUM(delta), 0) AS total FROM coin_ledger WHERE account_id = $1 AND kind = 'paid' AND delta > 0`,
    [accountId],
  );
  const addons = await addonsOf(db, accountId, at);
  const info: PaymentInfo = {
    account_id: accountId,
    calculate_coins: totalOf(b),
    free_coins: b.free,
    temp_coins: b.temp,
    paid_coins: b.paid,
    is_active: active,
    expiry_time: expiry,
    lite_is_active: addons.lite.isActive,
    lite_expiry_time: addons.lite.expiryTime,
    product_level: active ? (m?.product_level ?? 0) : 0,
    product_type: m?.product_type ?? 0,
    vip_type: active
      ? (m?.vip_type ?? '')
      : addons.day.isActive
        ? addons.day.vipType
        : addons.lite.isActive
          ? 'vip_lite'
          : '',
    big_is_active: addons.big.isActive,
    total_recharge: Number(recharge?.total ?? 0),
  };
  return info;
};
