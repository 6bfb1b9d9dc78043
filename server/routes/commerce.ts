/**
 * Commerce routes: plans, coin packs, payment methods, subscription status and its changes,
 * orders with the simulated checkout (server/commerce/orders.ts), decorations, and uploads
 * with their signed chunk PUTs. Paths and codecs are in infrastructure/contract/{commerce,
 * decorations,uploads}.ts; the modules under server/commerce/ hold the logic.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { payment } from '../../domain/index.js';
import {
  CALCULATE_LIST_PATH,
  CheckoutCompleteRequest,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  OrderCreateRequest,
  OrderDetailRequest,
  PAYMENT_METHODS_PATH,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTION_CHANGE_PATH,
  SUBSCRIPTION_FREE_MONTH_PATH,
  SUBSCRIPTION_LIST_PATH,
  SUBSCRIPTION_PAUSE_PATH,
  SUBSCRIPTION_RESUME_PATH,
  SUBSCRIPTION_STATUS_PATH,
  SUBSCRIPTION_URL_PATH,
  SubscriptionChangeRequest,
  SubscriptionPauseRequest,
  SubscriptionUrlRequest,
  type CalculateListResponse,
  type PaymentMethodsResponse,
  type SubscriptionListResponse,
  type SubscriptionUrlResponse,
} from '../../infrastructure/contract/commerce';
import {
  ORNAMENT_BUY_PATH,
  ORNAMENT_HISTORY_PATH,
  ORNAMENT_LIST_PATH,
  ORNAMENT_PREVIEW_PATH,
  ORNAMENT_STATS_PATH,
  OrnamentPreviewRequest,
  OrnamentStatsRequest,
  ORNAMENT_UNLOAD_PATH,
  ORNAMENT_USE_PATH,
  OrnamentBuyRequest,
  OrnamentHistoryRequest,
  OrnamentListRequest,
  OrnamentUnloadRequest,
  OrnamentUseRequest,
} from '../../infrastructure/contract/decorations';
import {
  AUDIO_CHUNK_CONFIRM_PATH,
  AUDIO_FILE_CONFIRM_PATH,
  AUDIO_PRE_CONFIG_PATH,
  AudioChunkConfirmRequest,
  AudioFileConfirmRequest,
  AudioPreConfigRequest,
  ChunkCheckRequest,
  ChunkSignRequest,
  FileConfirmRequest,
  GUEST_FIELDS_LIST_PATH,
  GUEST_FIELDS_SAVE_PATH,
  GuestFieldsSaveRequest,
  ImageConfirmRequest,
  UPLOAD_CHUNK_CHECK_PATH,
  UPLOAD_CHUNK_SIGN_PATH,
  UPLOAD_CONFIG_PATH,
  UPLOAD_FILE_CONFIRM_PATH,
  UPLOAD_IMAGE_CONFIRM_PATH,
  UPLOAD_PRE_SIGN_PATH,
  UploadConfigRequest,
  UploadPreSignRequest,
} from '../../infrastructure/contract/uploads';
import { requireAccount, resolveCaller } from '../auth';
import {
  COIN_PACKS,
  coinPackView,
  goodsOf,
  methodOf,
  PAYMENT_METHODS,
  PLANS,
  planView,
} from '../commerce/catalog';
import { checkoutNotFoundPage, checkoutPage, type CheckoutPage } from '../commerce/checkout-page';
import { messagesFor } from '../platform/messages';
import {
  buyOrnament,
  decorationStats,
  listOrnaments,
  previewItems,
  purchaseHistory,
  unloadOrnament,
  useOrnament,
} from '../commerce/decorations';
import {
  cancelSubscription,
  changeNextPlan,
  claimFreeMonth,
  pauseSubscription,
  resumeSubscription,
  subscriptionStatus,
} from '../commerce/memberships';
import { completeOrder, createOrder, failOrder, findOwnOrder, orderDetail } from '../commerce/orders';
import { loadSigningSecret } from '../commerce/signing';
import { CHUNK_BODY_LIMIT, INLINE_TYPES, makeUploadService } from '../commerce/uploads';
import type { ServerContext } from '../context';
import { CODES, decodeBody, failure, ok } from '../envelope';
import { activeHalfPriceEndOf } from '../ops/popups';

const sendPage = (reply: FastifyReply, page: CheckoutPage, status = 200) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(page.html);

export const commerceRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();
  const secret = loadSigningSecret(ctx.config.signingSecret, ctx.config.dataDir);
  const uploads = makeUploadService(ctx.db, ctx.blobs, ctx.config.dataDir, secret);

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

  // ---- decorations

  app.post(ORNAMENT_LIST_PATH, async (req) => {
    const body = decodeBody(OrnamentListRequest, req.body);
    return ok(await listOrnaments(ctx.db, ctx.blobs, req.caller.accountId, body));
  });

  app.post(ORNAMENT_BUY_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrnamentBuyRequest, req.body);
    return ok(await buyOrnament(ctx.db, ctx.blobs, accountId, body.ornament_id, now()));
  });

  app.post(ORNAMENT_USE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrnamentUseRequest, req.body);
    return ok({ item: await useOrnament(ctx.db, ctx.blobs, accountId, body, now()) });
  });

  app.post(ORNAMENT_UNLOAD_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrnamentUnloadRequest, req.body);
    return ok({ item: await unloadOrnament(ctx.db, ctx.blobs, accountId, body) });
  });

  app.post(ORNAMENT_HISTORY_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(OrnamentHistoryRequest, req.body);
    return ok(await purchaseHistory(ctx.db, ctx.blobs, accountId, body));
  });

  app.post(ORNAMENT_STATS_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    decodeBody(OrnamentStatsRequest, req.body);
    return ok(await decorationStats(ctx.db, accountId));
  });

  app.post(ORNAMENT_PREVIEW_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    decodeBody(OrnamentPreviewRequest, req.body);
    return ok(await previewItems(ctx.db, ctx.blobs, accountId));
  });

  // ---- uploads

  app.post(UPLOAD_CONFIG_PATH, async (req) =>
    ok(await uploads.config(req.caller, decodeBody(UploadConfigRequest, req.body), now())),
  );
  app.post(UPLOAD_PRE_SIGN_PATH, async (req) =>
    ok(await uploads.preSign(req.caller, decodeBody(UploadPreSignRequest, req.body), now())),
  );
  app.post(UPLOAD_CHUNK_SIGN_PATH, async (req) =>
    ok(await uploads.signChunk(req.caller, decodeBody(ChunkSignRequest, req.body), now())),
  );
  app.post(UPLOAD_CHUNK_CHECK_PATH, async (req) =>
    ok(await uploads.checkChunk(req.caller, decodeBody(ChunkCheckRequest, req.body), now())),
  );
  app.post(UPLOAD_FILE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmFile(req.caller, decodeBody(FileConfirmRequest, req.body).file_id, now())),
  );
  app.post(UPLOAD_IMAGE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmImage(req.caller, decodeBody(ImageConfirmRequest, req.body), now())),
  );
  app.post(AUDIO_PRE_CONFIG_PATH, async (req) =>
    ok(await uploads.audioPreConfig(req.caller, decodeBody(AudioPreConfigRequest, req.body), now())),
  );
  app.post(AUDIO_CHUNK_CONFIRM_PATH, async (req) =>
    ok(await uploads.checkChunk(req.caller, decodeBody(AudioChunkConfirmRequest, req.body), now())),
  );
  app.post(AUDIO_FILE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmAudio(req.caller, decodeBody(AudioFileConfirmRequest, req.body).file_id, now())),
  );
  app.post(GUEST_FIELDS_SAVE_PATH, async (req) => {
    requireAccount(req.caller);
    return ok(await uploads.saveGuestFields(req.caller, decodeBody(GuestFieldsSaveRequest, req.body), now()));
  });
  app.post(GUEST_FIELDS_LIST_PATH, async (req) => ok(await uploads.listGuestFields(req.caller)));

  const headerValue = (h: string | string[] | undefined): string | undefined =>
    h === undefined ? undefined : [h].flat().join(', ');

  // The chunk PUT takes raw bytes of any content type, streamed to disk. Its parser lives in
  // its own encapsulated scope so that no other route accepts raw bodies.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.put<{ Params: { fileId: string; chunk: string }; Querystring: Record<string, unknown> }>(
      '/upload/:fileId/:chunk',
      { bodyLimit: CHUNK_BODY_LIMIT },
      async (req, reply) => {
        try {
          const result = await uploads.putChunk(
            {
              fileId: req.params.fileId,
              chunk: req.params.chunk,
              exp: req.query['exp'],
              sig: req.query['sig'],
              body: req.body,
              contentLength: req.headers['content-length'],
              // Sent twice, it is two values joined: not a digest (400 InvalidDigest).
              contentMd5: headerValue(req.headers['content-md5']),
            },
            now(),
          );
          reply.header('etag', `"${result.etag}"`);
          return ok(result);
        } catch (err) {
          // A refusal before the body was read: close the connection rather than reading up to
          // 20 MiB we do not want, and so that the client never reuses a half-read socket.
          if (!req.raw.complete) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });

  app.get<{ Params: { fileId: string; name: string } }>('/uploads/:fileId/:name', async (req, reply) => {
    const file = await uploads.openStored(req.params.fileId, req.params.name, now());
    if (file === null) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    // A file in an S3-compatible store: its bytes come from the store, never through this process.
    if (file.kind === 'redirect')
      return reply
        .status(302)
        .header('location', file.url)
        .header('cache-control', 'private, max-age=300')
        .send();
    const inline = INLINE_TYPES.test(file.contentType);
    return reply
      .header('content-type', inline ? file.contentType : 'application/octet-stream')
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', inline ? 'inline' : 'attachment')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
};
