/**
 * Tracking rules of spec §3, §4 and §9: the event envelope, the log event, the batching policies
 * as pure predicates over a queue, the heartbeat action, and the queue operations the reducer and
 * the upload epics share (take a batch, acknowledge it, return it on failure).
 */
import type { Batch, BatchQueue, QueuedItem, TrackedItem } from './state.js';

// ---- envelope (spec §3) --------------------------------------------------------------------

export type DeviceOs = 'android' | 'ios' | 'web';

/** The signed-in user as tracking needs it; null for a guest. */
export interface EnvelopeUser {
  readonly accountId: string;
  readonly accountName: string;
  readonly mail: string;
  readonly regAt: number;
  /** Payment product level (1 Basic, 2 Standard, other Pro); null when not a member. */
  readonly productLevel: number | null;
}

export interface EnvelopeContext {
  readonly at: number;
  readonly pageLocation: string;
  readonly deviceId: string;
  readonly browserId: string;
  readonly userAgent: string;
  readonly appId: string;
  /** A/B information. */
  readonly canary: string;
  readonly pageId: string;
}

/** Spec §3 event envelope, in its wire names, plus the premium level (productLevel). */
export interface EventEnvelope {
  readonly account_id: string;
  readonly account_name: string;
  readonly mail: string;
  readonly reg_at: number;
  readonly create_at: number;
  readonly page_location: string;
  readonly device_id: string;
  readonly browser_id: string;
  readonly device_os: DeviceOs;
  readonly plat: 'web';
  readonly app_id: string;
  readonly canary: string;
  readonly pageId: string;
  readonly productLevel: number;
}

export const deviceOsOf = (userAgent: string): DeviceOs =>
  /android/i.test(userAgent) ? 'android' : /iphone|ipad|ipod/i.test(userAgent) ? 'ios' : 'web';

/** Guests send empty account fields, reg_at 0 and productLevel 0, so every row has the same shape. */
export const buildEnvelope = (user: EnvelopeUser | null, ctx: EnvelopeContext): EventEnvelope => ({
  account_id: user?.accountId ?? '',
  account_name: user?.accountName ?? '',
  mail: user?.mail ?? '',
  reg_at: user?.regAt ?? 0,
  create_at: ctx.at,
  page_location: ctx.pageLocation,
  device_id: ctx.deviceId,
  browser_id: ctx.browserId,
  device_os: deviceOsOf(ctx.userAgent),
  plat: 'web',
  app_id: ctx.appId,
  canary: ctx.canary,
  pageId: ctx.pageId,
  productLevel: user?.productLevel ?? 0,
});

/** Spec §3 log event. `entityType` is from entity set A, `objType` from content set B. */
export interface LogEventInput {
  readonly eventName: string;
  readonly entityType: number;
  readonly objId: string;
  readonly objType: number;
  readonly frontOperation: string;
}

export interface LogEvent {
  readonly event_name: string;
  readonly entity_type: number;
  readonly obj_id: string;
  readonly obj_type: number;
  readonly front_operation: string;
}

export const makeLogEvent = (e: LogEventInput): LogEvent => ({
  event_name: e.eventName,
  entity_type: e.entityType,
  obj_id: e.objId,
  obj_type: e.objType,
  front_operation: e.frontOperation,
});

// ---- batching policies (spec §9) -----------------------------------------------------------

export interface BatchPolicy {
  /** Most items one upload carries. */
  readonly maxBatch: number;
  /** Flush as soon as this many items are pending. */
  readonly flushAtCount: number | null;
  /** Flush this long after the previous flush (or the oldest pending item) while items are pending. */
  readonly flushEveryMs: number | null;
  /** Flush this long after the oldest pending item was enqueued. */
  readonly flushAfterFirstMs: number | null;
  /**
   * The local-storage key under which every item not yet acknowledged is kept, so a reload or a
   * closed tab loses none of them; null when not kept.
   */
  readonly cacheKey: string | null;
}

/**
 * Event report: one batch sent 3 s after the first event. Kept locally like the log events (the
 * key is ours; issue 25: a batch in flight when the page unloads is sent again by the next page).
 */
export const eventReportPolicy: BatchPolicy = {
  maxBatch: 100,
  flushAtCount: null,
  flushEveryMs: null,
  flushAfterFirstMs: 3000,
  cacheKey: 'event_report_cache',
};

/** Log events: uploaded at 20 events or every 1 s, cached locally on failure (the key is ours). */
export const logEventPolicy: BatchPolicy = {
  maxBatch: 20,
  flushAtCount: 20,
  flushEveryMs: 1000,
  flushAfterFirstMs: null,
  cacheKey: 'log_event_cache',
};

/**
 * Star-track: flushed every 1000 ms or at 20 events. The spec's "event limit 10, interval 5 s" is
 * read as the SDK's per-upload limit (so a flush of 20 is two uploads) and its retry interval.
 */
export const starTrackPolicy: BatchPolicy = {
  maxBatch: 10,
  flushAtCount: 20,
  flushEveryMs: 1000,
  flushAfterFirstMs: null,
  cacheKey: 'star_track_event_cache',
};
export const STAR_TRACK_EVENT_LIMIT = 10;
export const STAR_TRACK_RETRY_INTERVAL_MS = 5000;

/** Exposure data: every 5 s; kept locally like the event report (the key is ours). */
export const exposurePolicy: BatchPolicy = {
  maxBatch: 100,
  flushAtCount: null,
  flushEveryMs: 5000,
  flushAfterFirstMs: null,
  cacheKey: 'exposure_cache',
};

export interface QueueView {
  readonly pendingCount: number;
  readonly oldestPendingAt: number | null;
  readonly lastFlushAt: number | null;
}

export const queueView = (q: BatchQueue): QueueView => ({
  pendingCount: q.pending.length,
  oldestPendingAt: q.pending[0]?.enqueuedAt ?? null,
  lastFlushAt: q.lastFlushAt,
});

/** When the policy next wants a flush: null when nothing is pending. */
export const nextFlushAt = (policy: BatchPolicy, view: QueueView): number | null => {
  if (view.pendingCount === 0 || view.oldestPendingAt === null) return null;
  const oldest = view.oldestPendingAt;
  if (policy.flushAtCount !== null && view.pendingCount >= policy.flushAtCount) return oldest;
  const candidates: number[] = [];
  if (policy.flushAfterFirstMs !== null) candidates.push(oldest + policy.flushAfterFirstMs);
  if (policy.flushEveryMs !== null)
    candidates.push(Math.max(oldest, view.lastFlushAt ?? oldest) + policy.flushEveryMs);
  return candidates.length === 0 ? null : Math.min(...candidates);
};

export const flushDue = (policy: BatchPolicy, view: QueueView, nowMs: number): boolean => {
  const at = nextFlushAt(policy, view);
  return at !== null && nowMs >= at;
};

// ---- heartbeat (spec §7, §9) ---------------------------------------------------------------

export const HEARTBEAT_INTERVAL_MS = 120_000;
export type HeartbeatAction = 'first_open' | 'heartbeat';

/** Spec §7 ping: action first_open the first time, a plain heartbeat after. */
export const heartbeatAction = (isFirst: boolean): HeartbeatAction => (isFirst ? 'first_open' : 'heartbeat');

// ---- queue operations ----------------------------------------------------------------------

/** How many acknowledged ids a queue remembers to refuse a duplicate. */
export const ACKED_MEMORY = 1000;

/**
 * Finding an id among the acknowledged ones (up to ACKED_MEMORY, checked for every item enqueued)
 * without building a set of a whole list each time a batch is acknowledged. The ids acknowledged
 * one after another along a queue's history get positions in one shared map, and a list is a window
 * of positions: `[end - length, end)`. A list made by acknowledging a batch (`ackBatch`) extends
 * its parent's history when the parent is the newest list of it and none of the new ids is in it
 * yet (else an older list sharing the map would find a moved position); any other list gets a
 * history of its own, made when first asked. A history longer than a few lists starts over, so
 * the map stays bounded. The map is written only past every list's window, so no list's answer
 * ever changes (tests/domain/tracking/tracking.test.ts checks it against `includes` on histories
 * that branch).
 */
interface AckHistory {
  readonly at: Map<string, number>;
  length: number;
}
interface AckedWindow {
  readonly history: AckHistory;
  readonly end: number;
}
const ackedWindows = new WeakMap<readonly string[], AckedWindow>();

const windowOf = (acked: readonly string[]): AckedWindow => {
  let w = ackedWindows.get(acked);
  if (w === undefined) {
    const at = new Map<string, number>();
    for (let i = 0; i < acked.length; i++) at.set(acked[i] as string, i);
    w = { history: { at, length: acked.length }, end: acked.length };
    ackedWindows.set(acked, w);
  }
  return w;
};

/** Whether `id` is in `acked` (`acked.includes(id)`, through the list's window). */
export const ackedHolds = (acked: readonly string[], id: string): boolean => {
  const w = windowOf(acked);
  const at = w.history.at.get(id);
  return at !== undefined && at < w.end && at >= w.end - acked.length;
};

/** `acked` with `ids` acknowledged after it (the last `memory` kept), its window found from the parent's. */
export const ackedAfter = (
  acked: readonly string[],
  ids: readonly string[],
  memory: number = ACKED_MEMORY,
): readonly string[] => {
  const next = [...acked, ...ids].slice(-memory);
  const w = ackedWindows.get(acked);
  const history = w?.history;
  if (
    w === undefined ||
    history === undefined ||
    w.end !== history.length ||
    history.length > 8 * memory ||
    ids.some((id) => history.at.has(id))
  )
    return next;
  for (const id of ids) history.at.set(id, history.length++);
  ackedWindows.set(next, { history, end: history.length });
  return next;
};

/** Whether the queue holds, sends or has acknowledged the item `id`. */
export const queueHolds = (q: BatchQueue, id: string): boolean => {
  const pending = q.pending;
  for (let i = 0; i < pending.length; i++) if ((pending[i] as QueuedItem).id === id) return true;
  for (const batch of q.inFlight) for (const item of batch.items) if (item.id === id) return true;
  return ackedHolds(q.acked, id);
};

/**
 * Appends an item unless the queue already holds, sends or has acknowledged it. The queue and the
 * item are written as literals of their fields (one per tracked event: cheaper than spreads).
 */
export const enqueueItem = (q: BatchQueue, item: TrackedItem, at: number): BatchQueue => {
  if (queueHolds(q, item.id)) return q;
  const pending = q.pending.slice();
  pending.push({ id: item.id, name: item.name, data: item.data, seq: q.nextSeq, enqueuedAt: at });
  return {
    pending,
    inFlight: q.inFlight,
    acked: q.acked,
    nextSeq: q.nextSeq + 1,
    lastFlushAt: q.lastFlushAt,
    dropped: q.dropped,
  };
};

/**
 * Moves up to `max` items from the front of the queue into one in-flight batch. The batch id is
 * derived from its first item, so it is the same wherever it is computed (epic and reducer).
 */
export const takeBatch = (
  q: BatchQueue,
  max: number,
): { readonly queue: BatchQueue; readonly batch: Batch | null } => {
  const n = Math.min(Math.floor(max), q.pending.length);
  const first = q.pending[0];
  if (!(n >= 1) || first === undefined) return { queue: q, batch: null };
  const batch: Batch = { id: `b${first.seq}`, items: q.pending.slice(0, n) };
  return { queue: { ...q, pending: q.pending.slice(n), inFlight: [...q.inFlight, batch] }, batch };
};

/** The batch is delivered: its items leave the queue for good. An unknown batch changes nothing. */
export const ackBatch = (q: BatchQueue, batchId: string): BatchQueue => {
  const batch = q.inFlight.find((b) => b.id === batchId);
  if (!batch) return q;
  return {
    ...q,
    inFlight: q.inFlight.filter((b) => b !== batch),
    acked: ackedAfter(
      q.acked,
      batch.items.map((i) => i.id),
    ),
  };
};

/**
 * The upload failed: its items return to the front of the queue, in order. Merging by enqueue
 * order keeps the queue sorted even when several batches fail out of order.
 */
export const failBatch = (q: BatchQueue, batchId: string): BatchQueue => {
  const batch = q.inFlight.find((b) => b.id === batchId);
  if (!batch) return q;
  const pending = [...batch.items, ...q.pending].sort((a: QueuedItem, b: QueuedItem) => a.seq - b.seq);
  return { ...q, pending, inFlight: q.inFlight.filter((b) => b !== batch) };
};
