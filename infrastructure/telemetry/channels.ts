/**
 * The four tracking channels (spec §4 "events are batched and retried", §9 timings): for each,
 * its batching policy (from domain/tracking), its retry delay, and how a batch of queued items
 * becomes one request. How an answer settles a batch is decided here too.
 */
import * as E from 'fp-ts/Either';
import type { Observable } from 'rxjs';
import { tracking } from '../../domain/index.js';
import {
  DeviceId,
  EVENT_REPORT_PATH,
  EXPOSURE_REPORT_PATH,
  LOG_REPORT_PATH,
  STAR_TRACK_EVENTS_PATH,
  type BatchResult,
  type EventReportItem,
  type ExposureItem,
  type LogEventItem,
  type StarTrackEvent,
  type StarTrackSessionId,
} from '../contract/telemetry';
import type { ApiResult } from '../http/client';
import type { TelemetryApi } from './deps';
import { toEventReportItem, toExposureItem, toLogEventItem, toStarTrackEvent } from './wire';

type TrackedItem = tracking.TrackedItem;

/** Codes the reference server answers that settle a batch without success (spec §8 + ours). */
export const MALFORMED_CODE = 10400;
export const NOT_FOUND_CODE = 10404;

/** Retries after consecutive failures double from the channel's base delay up to its cap (default). */
export const RETRY_CAP_MS = 60_000;

export interface UploadContext {
  readonly deviceId: string;
  /** The star-track session, once init has answered. */
  readonly starTrackSession: string | null;
}

export type Prepared =
  /** Nothing in the batch is valid: it is settled at once without a request. */
  | { readonly kind: 'empty' }
  /** The request cannot be made yet (no star-track session): the batch goes back to the queue. */
  | { readonly kind: 'wait' }
  | {
      readonly kind: 'send';
      readonly body: object;
      readonly send: (api: TelemetryApi) => Observable<ApiResult<BatchResult>>;
    };

export interface ChannelSpec {
  readonly channel: tracking.TrackingChannel;
  readonly policy: tracking.BatchPolicy;
  /** The first retry delay after a failed upload; it doubles per consecutive failure up to `retryCapMs`. */
  readonly retryBaseMs: number;
  readonly retryCapMs: number;
  /** The API path, also used for the beacon when the page is hidden. */
  readonly path: string;
  readonly prepare: (items: readonly TrackedItem[], ctx: UploadContext) => Prepared;
}

const deviceField = (deviceId: string): { readonly device_id?: DeviceId } =>
  DeviceId.is(deviceId) ? { device_id: deviceId } : {};

const wireItems = <W>(items: readonly TrackedItem[], toWire: (i: TrackedItem) => W | null): W[] =>
  items.map(toWire).filter((w): w is W => w !== null);

/** Builds the `prepare` of a channel whose request is `{ items, device_id? }` (plus extras). */
const prepareWith =
  <W, R extends object>(
    toWire: (i: TrackedItem) => W | null,
    request: (items: W[], ctx: UploadContext) => R | null,
    post: (api: TelemetryApi, body: R) => Observable<ApiResult<BatchResult>>,
  ) =>
  (items: readonly TrackedItem[], ctx: UploadContext): Prepared => {
    const wire = wireItems(items, toWire);
    if (wire.length === 0) return { kind: 'empty' };
    const body = request(wire, ctx);
    if (body === null) return { kind: 'wait' };
    return { kind: 'send', body, send: (api) => post(api, body) };
  };

export const eventReportChannel: ChannelSpec = {
  channel: 'eventReport',
  policy: tracking.eventReportPolicy,
  // Its own window: a failed batch waits as long as a new one would.
  retryBaseMs: 3000,
  retryCapMs: RETRY_CAP_MS,
  path: EVENT_REPORT_PATH,
  prepare: prepareWith(
    toEventReportItem,
    (items: EventReportItem[], ctx) => ({ items, ...deviceField(ctx.deviceId) }),
    (api, body) => api.eventReport(body),
  ),
};

export const logChannel: ChannelSpec = {
  channel: 'log',
  policy: tracking.logEventPolicy,
  retryBaseMs: 1000,
  retryCapMs: RETRY_CAP_MS,
  path: LOG_REPORT_PATH,
  prepare: prepareWith(
    toLogEventItem,
    (items: LogEventItem[], ctx) => ({ items, ...deviceField(ctx.deviceId) }),
    (api, body) => api.logReport(body),
  ),
};

export const starTrackChannel: ChannelSpec = {
  channel: 'starTrack',
  policy: tracking.starTrackPolicy,
  // Spec §9 star-track "interval 5 s": a fixed retry interval, never longer.
  retryBaseMs: tracking.STAR_TRACK_RETRY_INTERVAL_MS,
  retryCapMs: tracking.STAR_TRACK_RETRY_INTERVAL_MS,
  path: STAR_TRACK_EVENTS_PATH,
  prepare: prepareWith(
    toStarTrackEvent,
    (items: StarTrackEvent[], ctx) =>
      ctx.starTrackSession === null
        ? null
        : { session_id: ctx.starTrackSession as StarTrackSessionId, items, ...deviceField(ctx.deviceId) },
    (api, body) => api.starTrackEvents(body),
  ),
};

export const exposureChannel: ChannelSpec = {
  channel: 'exposure',
  policy: tracking.exposurePolicy,
  retryBaseMs: 5000,
  retryCapMs: RETRY_CAP_MS,
  path: EXPOSURE_REPORT_PATH,
  prepare: prepareWith(
    toExposureItem,
    (items: ExposureItem[], ctx) => ({ items, ...deviceField(ctx.deviceId) }),
    (api, body) => api.exposureReport(body),
  ),
};

export const CHANNELS: readonly ChannelSpec[] = [
  eventReportChannel,
  logChannel,
  starTrackChannel,
  exposureChannel,
];

/**
 * How an answer settles a batch:
 * - success: acknowledged;
 * - 10400 (malformed): settled as acknowledged, because sending the same bytes again can never
 *   succeed and would block the queue for ever (items are checked when built, so this only
 *   happens across incompatible versions);
 * - 10404 on star-track events: the session is unknown, so the batch fails and a new session starts;
 * - anything else (network, HTTP, decode, other codes): the batch fails and is retried.
 */
export type Outcome = 'acked' | 'rejected' | 'sessionLost' | 'failed';

export const outcomeOf = (spec: ChannelSpec, result: ApiResult<BatchResult>): Outcome => {
  if (E.isRight(result)) return 'acked';
  const failure = result.left;
  if (failure.kind !== 'api') return 'failed';
  if (failure.code === MALFORMED_CODE) return 'rejected';
  if (failure.code === NOT_FOUND_CODE && spec.channel === 'starTrack') return 'sessionLost';
  return 'failed';
};

/** The delay before the next attempt after `failures` consecutive failures (1, 2, ...). */
export const retryDelayMs = (spec: ChannelSpec, failures: number): number =>
  Math.min(spec.retryCapMs, spec.retryBaseMs * 2 ** Math.max(0, failures - 1));

/**
 * Every pending item in batches of at most `max`, exactly as the reducer's `takeBatch` will take
 * them when the `batchSent` events are applied in this order.
 */
export const planBatches = (queue: tracking.BatchQueue, max: number): tracking.Batch[] => {
  const batches: tracking.Batch[] = [];
  let q = queue;
  for (;;) {
    const { queue: next, batch } = tracking.takeBatch(q, max);
    if (batch === null) return batches;
    batches.push(batch);
    q = next;
  }
};
