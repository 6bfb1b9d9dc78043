/**
 * Ops routes (spec §7 "Core" and "Logging and analytics"): heartbeat, A/B flags, popup status,
 * and the analytics uploads (event report, log-report batch, star-track init and events, exposure
 * data, log error report). Paths and codecs are in infrastructure/contract/telemetry.ts; the
 * logic is under server/ops/.
 *
 * Who sent an item is the session (cookie T or token header) and the `x-device-id` header; a
 * body's `device_id` stands in only when the header is missing (beacons cannot set headers).
 * Guests may ping, read flags and upload analytics; popup status needs an account (20000).
 * Every body is validated (10400, nothing stored); every item is stored once per client id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AB_FLAGS_PATH,
  AbFlagsRequest,
  ERROR_REPORT_PATH,
  ErrorReportRequest,
  EVENT_REPORT_PATH,
  EventReportRequest,
  EXPOSURE_REPORT_PATH,
  ExposureReportRequest,
  LOG_REPORT_PATH,
  LogReportRequest,
  PING_PATH,
  POPUP_STATUS_PATH,
  PingRequest,
  PopupStatusRequest,
  DEV_POPUPS_PATH,
  DevPopupsRequest,
  STAR_TRACK_EVENTS_PATH,
  STAR_TRACK_INIT_PATH,
  STAR_TRACK_UPLOAD_MAX,
  StarTrackEventsRequest,
  StarTrackInitRequest,
  type StarTrackInitResponse,
} from '../../infrastructure/contract/telemetry';
import { newId, requireAccount, resolveCaller } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { assign } from './flags';
import {
  storeErrorReport,
  storeEventReports,
  storeExposures,
  storeLogEvents,
  storeStarTrackEvents,
  type Sender,
} from './ingest';
import { popupStatusOf } from './popups';
import { ping } from './presence';

/** The codes these routes answer with besides success (spec §8, plus our 10400). */
export const OPS_CODES = {
  invalidRequest: CODES.invalidRequest,
  notLoggedIn: CODES.notLoggedIn,
  /** An unknown (or someone else's) star-track session. */
  unknownSession: CODES.notFound,
} as const;

const senderOf = (req: FastifyRequest, bodyDeviceId: string | undefined): Sender => ({
  accountId: req.caller.accountId,
  deviceId: req.caller.deviceId ?? bodyDeviceId ?? null,
});

export const opsRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  /** The development switch's popup status per account (README "Development switches"). */
  const popupOverrides = ctx.popupOverrides;

  app.post(PING_PATH, async (req) => {
    const body = decodeBody(PingRequest, req.body);
    if (req.caller.accountId === null && req.caller.deviceId === null)
      throw new ApiError(OPS_CODES.invalidRequest, 'a ping needs a device id or a session');
    return ok(await ping(ctx.db, req.caller, body.action, ctx.clock.now()));
  });

  app.post(AB_FLAGS_PATH, async (req) => {
    const body = decodeBody(AbFlagsRequest, req.body);
    const { accountId, deviceId } = req.caller;
    if (accountId !== null) return ok(assign('account', accountId, body.experiments));
    if (deviceId !== null) return ok(assign('device', deviceId, body.experiments));
    throw new ApiError(OPS_CODES.invalidRequest, 'flags need a device id or a session');
  });

  app.post(POPUP_STATUS_PATH, async (req) => {
    decodeBody(PopupStatusRequest, req.body);
    const accountId = requireAccount(req.caller);
    return ok(popupOverrides.get(accountId) ?? (await popupStatusOf(ctx.db, accountId, ctx.clock.now())));
  });

  // Outside production only: the popup status the caller's account answers with until a restart.
  if (ctx.config.devSwitches)
    app.post(DEV_POPUPS_PATH, async (req) => {
      // Outside /api/ the caller is not resolved by the app's hook.
      const accountId = requireAccount(await resolveCaller(ctx.db, req, ctx.clock.now()));
      const body = decodeBody(DevPopupsRequest, req.body);
      if (body.status === null) popupOverrides.delete(accountId);
      else popupOverrides.set(accountId, body.status);
      return ok(null);
    });

  app.post(EVENT_REPORT_PATH, async (req) => {
    const body = decodeBody(EventReportRequest, req.body);
    return ok(await storeEventReports(ctx.db, body.items, senderOf(req, body.device_id), ctx.clock.now()));
  });

  app.post(LOG_REPORT_PATH, async (req) => {
    const body = decodeBody(LogReportRequest, req.body);
    return ok(await storeLogEvents(ctx.db, body.items, senderOf(req, body.device_id), ctx.clock.now()));
  });

  app.post(STAR_TRACK_INIT_PATH, async (req) => {
    const body = decodeBody(StarTrackInitRequest, req.body);
    const who = senderOf(req, undefined);
    if (who.accountId === null && who.deviceId === null)
      throw new ApiError(OPS_CODES.invalidRequest, 'star-track needs a device id or a session');
    const id = newId(12);
    await ctx.db.query(
      'INSERT INTO ops_star_track_sessions (id, account_id, device_id, page_location, created_at) VALUES ($1, $2, $3, $4, $5)',
      [id, who.accountId, who.deviceId, body.page_location, ctx.clock.now()],
    );
    const answer = { session_id: id, event_limit: STAR_TRACK_UPLOAD_MAX } as StarTrackInitResponse;
    return ok(answer);
  });

  app.post(STAR_TRACK_EVENTS_PATH, async (req) => {
    const body = decodeBody(StarTrackEventsRequest, req.body);
    const who = senderOf(req, body.device_id);
    // The session must be the sender's: its device, or its account.
    const [owned] = await ctx.db.query(
      `SELECT 1 AS ok FROM ops_star_track_sessions
        WHERE id = $1 AND ((device_id IS NOT NULL AND device_id = $2) OR (account_id IS NOT NULL AND account_id = $3))`,
      [body.session_id, who.deviceId, who.accountId],
    );
    if (!owned) throw new ApiError(OPS_CODES.unknownSession, 'unknown star-track session');
    return ok(await storeStarTrackEvents(ctx.db, body.session_id, body.items, who, ctx.clock.now()));
  });

  app.post(EXPOSURE_REPORT_PATH, async (req) => {
    const body = decodeBody(ExposureReportRequest, req.body);
    return ok(await storeExposures(ctx.db, body.items, senderOf(req, body.device_id), ctx.clock.now()));
  });

  app.post(ERROR_REPORT_PATH, async (req) => {
    const body = decodeBody(ErrorReportRequest, req.body);
    return ok(await storeErrorReport(ctx.db, body, senderOf(req, body.device_id), ctx.clock.now()));
  });
};
