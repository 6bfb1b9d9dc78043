import type { FastifyInstance } from 'fastify';
import {
  LEDGER_DEFAULT_PAGE_SIZE,
  LEDGER_LIST_PATH,
  LedgerListRequest,
} from '../../infrastructure/contract/commerce';
import { PAYMENT_INFO_PATH, type PaymentInfo } from '../../infrastructure/contract/payment';
import { requireAccount } from '../auth';
import { decodeBody, ok } from '../envelope';
import { addonsOf } from '../commerce/memberships';
import { balances, listLedger, totalOf } from '../ledger';
import type { ServerContext } from '../context';

export const paymentRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(PAYMENT_INFO_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const b = await balances(ctx.db, accountId);
    const [m] = await ctx.db.query<{
      product_level: number;
      product_type: number;
      vip_type: string;
      expiry_time: string | null;
    }>('SELECT product_level, product_type, vip_type, expiry_time FROM memberships WHERE account_id = $1', [
      accountId,
    ]);
    const now = ctx.clock.now();
    const expiry = m?.expiry_time === null || m?.expiry_time === undefined ? null : Number(m.expiry_time);
    const active = expiry !== null && expiry > now;
    const [recharge] = await ctx.db.query<{ total: string | number }>(
      `SELECT COALESCE(SUM(delta), 0) AS total FROM coin_ledger WHERE account_id = $1 AND kind = 'paid' AND delta > 0`,
      [accountId],
    );
    const addons = await addonsOf(ctx.db, accountId, now);
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
    return ok(info);
  });

  /** The caller's coin ledger, newest first, paged by cursor. */
  app.post(LEDGER_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(LedgerListRequest, req.body ?? {});
    return ok(
      await listLedger(ctx.db, accountId, body.cursor ?? null, body.page_size ?? LEDGER_DEFAULT_PAGE_SIZE),
    );
  });
};
