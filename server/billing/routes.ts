/**
 * Billing routes: plans, coin packs and payment methods (public: guests see prices too), the
 * subscription status and its changes (server/billing/memberships.ts), the caller's payment info
 * and coin ledger. Paths and codecs are in infrastructure/contract/{commerce,payment}.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  CALCULATE_LIST_PATH,
  LEDGER_DEFAULT_PAGE_SIZE,
  LEDGER_LIST_PATH,
  LedgerListRequest,
  PAYMENT_METHODS_PATH,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTION_CHANGE_PATH,
  SUBSCRIPTION_FREE_MONTH_PATH,
  SUBSCRIPTION_LIST_PATH,
  SUBSCRIPTION_PAUSE_PATH,
  SUBSCRIPTION_RESUME_PATH,
  SUBSCRIPTION_STATUS_PATH,
  SubscriptionChangeRequest,
  SubscriptionPauseRequest,
  type CalculateListResponse,
  type PaymentMethodsResponse,
  type SubscriptionListResponse,
} from '../../infrastructure/contract/commerce';
import { PAYMENT_INFO_PATH, type PaymentInfo } from '../../infrastructure/contract/payment';
import { requireAccount } from '../auth';
import { decodeBody, ok } from '../envelope';
import { COIN_PACKS, coinPackView, PAYMENT_METHODS, PLANS, planView } from './catalog';
import {
  addonsOf,
  cancelSubscription,
  changeNextPlan,
  claimFreeMonth,
  pauseSubscription,
  resumeSubscription,
  subscriptionStatus,
} from './memberships';
import { balances, listLedger, totalOf } from '../ledger';
import type { ServerContext } from '../context';

export const billingRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();

  // ---- catalogue (public: guests see prices too)

  app.post(SUBSCRIPTION_LIST_PATH, async () => ok<SubscriptionListResponse>({ items: PLANS.map(planView) }));
  app.post(CALCULATE_LIST_PATH, async () =>
    ok<CalculateListResponse>({ calculate: COIN_PACKS.map(coinPackView) }),
  );
  app.post(PAYMENT_METHODS_PATH, async () => ok<PaymentMethodsResponse>({ items: [...PAYMENT_METHODS] }));

  // ---- subscription status and its changes

  app.post(SUBSCRIPTION_STATUS_PATH, async (req) =>
    ok(await subscriptionStatus(ctx.db, requireAccount(req.caller), now())),
  );

  app.post(SUBSCRIPTION_PAUSE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(SubscriptionPauseRequest, req.body);
    return ok(await ctx.db.transaction((tx) => pauseSubscription(tx, accountId, body.pause_month, now())));
  });

  app.post(SUBSCRIPTION_RESUME_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    return ok(await ctx.db.transaction((tx) => resumeSubscription(tx, accountId, now())));
  });

  app.post(SUBSCRIPTION_CANCEL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    return ok(await ctx.db.transaction((tx) => cancelSubscription(tx, accountId, now())));
  });

  app.post(SUBSCRIPTION_CHANGE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(SubscriptionChangeRequest, req.body);
    return ok(await ctx.db.transaction((tx) => changeNextPlan(tx, accountId, body.goods_id, now())));
  });

  app.post(SUBSCRIPTION_FREE_MONTH_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    return ok(await ctx.db.transaction((tx) => claimFreeMonth(tx, accountId, now())));
  });

  // ---- payment info and the coin ledger

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
    const at = now();
    const expiry = m?.expiry_time === null || m?.expiry_time === undefined ? null : Number(m.expiry_time);
    const active = expiry !== null && expiry > at;
    const [recharge] = await ctx.db.query<{ total: string | number }>(
      `SELECT COALESCE(SUM(delta), 0) AS total FROM coin_ledger WHERE account_id = $1 AND kind = 'paid' AND delta > 0`,
      [accountId],
    );
    const addons = await addonsOf(ctx.db, accountId, at);
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
