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
import { PAYMENT_INFO_PATH } from '../../infrastructure/contract/payment';
import { requireAccount } from '../auth';
import { decodeBody, ok } from '../envelope';
import { COIN_PACKS, coinPackView, PAYMENT_METHODS, PLANS, planView } from './catalog';
import {
  cancelSubscription,
  changeNextPlan,
  claimFreeMonth,
  pauseSubscription,
  resumeSubscription,
  subscriptionStatus,
} from './memberships';
import { listLedger } from '../ledger';
import type { ServerContext } from '../context';
import { paymentInfoOf } from './paymentInfo';

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
    return ok(await paymentInfoOf(ctx.db, accountId, now));
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
