/**
 * Payment routes: orders (a plan's subscription URL, an order of a plan or a coin pack, its
 * detail) and the simulated provider's checkout page with its Pay and Fail posts
 * (server/payment/orders.ts, ./checkoutPage.ts). Paths and codecs are in
 * infrastructure/contract/commerce.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { payment } from '../../domain/index.js';
import {
  CheckoutCompleteRequest,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  OrderCreateRequest,
  OrderDetailRequest,
  SUBSCRIPTION_URL_PATH,
  SubscriptionUrlRequest,
  type SubscriptionUrlResponse,
} from '../../infrastructure/contract/commerce';
import { requireAccount, resolveCaller } from '../auth';
import { goodsOf, methodOf } from '../billing/catalog';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import { activeHalfPriceEndOf } from '../ops/popups';
import { checkoutNotFoundPage, checkoutPage, type CheckoutPage } from './checkoutPage';
import { completeOrder, createOrder, failOrder, findOwnOrder, orderDetail } from './orders';
import { messagesFor } from './pageMessages';

const sendPage = (reply: FastifyReply, page: CheckoutPage, status = 200) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(page.html);

export const paymentRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();

  // ---- orders

  app.post(SUBSCRIPTION_URL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(SubscriptionUrlRequest, req.body);
    const at = now();
    const halfPriceEnd = await activeHalfPriceEndOf(ctx.db, ctx.popupOverrides, accountId, at);
    const order = await createOrder(ctx.db, accountId, body, at, 'plan', halfPriceEnd);
    const method = methodOf(order.payment_method_id);
    return ok<SubscriptionUrlResponse>({
      url: order.checkout_url,
      third_type: method?.third_type ?? 'unknown',
      order_id: order.order_id,
    });
  });

  app.post(ORDER_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrderCreateRequest, req.body);
    const at = now();
    const halfPriceEnd = await activeHalfPriceEndOf(ctx.db, ctx.popupOverrides, accountId, at);
    return ok({ order: await createOrder(ctx.db, accountId, body, at, undefined, halfPriceEnd) });
  });

  app.post(ORDER_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrderDetailRequest, req.body);
    return ok({ order: await orderDetail(ctx.db, accountId, body.order_id, now()) });
  });

  // ---- the simulated provider's checkout (outside /api/: resolve the caller here)

  app.get<{ Params: { orderId: string }; Querystring: Record<string, unknown> }>(
    '/pay/checkout/:orderId',
    async (req, reply) => {
      const caller = await resolveCaller(ctx.db, req, now());
      // The interface's language (payment.checkoutFrameSrc); anything else is English.
      const asked = req.query[payment.CHECKOUT_LOCALE_PARAM];
      const m = messagesFor(typeof asked === 'string' ? asked : null);
      const order = await findOwnOrder(ctx.db, caller.accountId, req.params.orderId, now());
      const goods = order ? goodsOf(order.goods_id) : null;
      const method = order ? methodOf(order.payment_method_id) : null;
      if (!order || !goods || !method) return sendPage(reply, checkoutNotFoundPage(m), 404);
      const name =
        goods.kind === 'plan'
          ? goods.plan.name
          : m.t('billing.provider.coins', { coins: String(goods.pack.coins + goods.pack.giveCoins) });
      return sendPage(reply, checkoutPage(order, name, method, m));
    },
  );

  app.post<{ Params: { orderId: string } }>('/pay/checkout/:orderId/complete', async (req) => {
    const caller = await resolveCaller(ctx.db, req, now());
    const accountId = requireAccount(caller);
    const body = decodeBody(CheckoutCompleteRequest, req.body);
    return ok({ order: await completeOrder(ctx.db, accountId, req.params.orderId, body, now()) });
  });

  app.post<{ Params: { orderId: string } }>('/pay/checkout/:orderId/fail', async (req) => {
    const caller = await resolveCaller(ctx.db, req, now());
    const accountId = requireAccount(caller);
    return ok({ order: await failOrder(ctx.db, accountId, req.params.orderId, now()) });
  });
};
