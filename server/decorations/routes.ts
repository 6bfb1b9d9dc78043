/**
 * Decoration routes (spec §3, §4, §7): the list as the caller sees it, buying, wearing and
 * unloading, the purchase history, the stats and the preview items (server/decorations/
 * decorations.ts). Paths and codecs are in infrastructure/contract/decorations.ts.
 */
import type { FastifyInstance } from 'fastify';
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
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  buyOrnament,
  decorationStats,
  listOrnaments,
  previewItems,
  purchaseHistory,
  unloadOrnament,
  useOrnament,
} from './decorations';

export const decorationRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();

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
};
