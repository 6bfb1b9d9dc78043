/**
 * The tracking upload queues (spec §4 "events are batched and retried"), one per channel. An item
 * is pending, in flight in exactly one batch, or acknowledged; a failed batch goes back to the
 * front of the queue in order. Nothing is lost and nothing is acknowledged twice.
 */
import { assertNever } from '../kernel/event.js';
import type { TrackingEvent } from './events.js';
import { ackBatch, enqueueItem, failBatch, takeBatch } from './rules.js';

export type TrackingChannel = 'eventReport' | 'log' | 'starTrack' | 'exposure';

export const TRACKING_CHANNELS: readonly TrackingChannel[] = ['eventReport', 'log', 'starTrack', 'exposure'];

export type TrackedValue = string | number | boolean | null;

/** One analytics event as produced by the app; `id` is a client-generated random id. */
export interface TrackedItem {
  readonly id: string;
  readonly name: string;
  readonly data: Readonly<Record<string, TrackedValue>>;
}

export interface QueuedItem extends TrackedItem {
  /** Enqueue order; the queue is always sorted by it. */
  readonly seq: number;
  readonly enqueuedAt: number;
}

export interface Batch {
  readonly id: string;
  readonly items: readonly QueuedItem[];
}

export interface BatchQueue {
  readonly pending: readonly QueuedItem[];
  /** In the order they were sent. */
  readonly inFlight: readonly Batch[];
  /** The most recent acknowledged ids (bounded), so a re-delivered or re-cached item is not sent again. */
  readonly acked: readonly string[];
  readonly nextSeq: number;
  readonly lastFlushAt: number | null;
  /**
   * Items lost because the device could not keep them (issue 25: a full local storage): the
   * oldest ones its copy had to leave out, counted when the next page reads the copy back.
   */
  readonly dropped: number;
}

export type TrackingState = Readonly<Record<TrackingChannel, BatchQueue>>;

export const emptyQueue: BatchQueue = {
  pending: [],
  inFlight: [],
  acked: [],
  nextSeq: 0,
  lastFlushAt: null,
  dropped: 0,
};

export const initialTrackingState: TrackingState = {
  eventReport: emptyQueue,
  log: emptyQueue,
  starTrack: emptyQueue,
  exposure: emptyQueue,
};

/** The state with one channel's queue replaced: a literal of the four (cheaper than a spread with a computed key). */
const withQueue = (state: TrackingState, channel: TrackingChannel, next: BatchQueue): TrackingState =>
  next === state[channel]
    ? state
    : {
        eventReport: channel === 'eventReport' ? next : state.eventReport,
        log: channel === 'log' ? next : state.log,
        starTrack: channel === 'starTrack' ? next : state.starTrack,
        exposure: channel === 'exposure' ? next : state.exposure,
      };

export const evolveTracking = (state: TrackingState, event: TrackingEvent): TrackingState => {
  const channel = event.payload.channel;
  const queue = state[channel];
  if (queue === undefined) return state;
  switch (event.type) {
    case 'tracking/eventEnqueued':
      return withQueue(state, channel, enqueueItem(queue, event.payload.item, event.meta.at));
    case 'tracking/cacheRestored': {
      const restored = event.payload.items.reduce((q, item) => enqueueItem(q, item, event.meta.at), queue);
      const dropped = event.payload.dropped ?? 0;
      // A snapshot recorded before the count existed has none: it starts from 0.
      return withQueue(
        state,
        channel,
        dropped > 0 ? { ...restored, dropped: (restored.dropped ?? 0) + dropped } : restored,
      );
    }
    case 'tracking/batchSent': {
      const p = event.payload;
      const { queue: next, batch } = takeBatch(queue, p.itemIds.length);
      // Only the batch takeBatch would make is accepted: anything else is a stale or forged report.
      const matches =
        batch !== null &&
        batch.id === p.batchId &&
        batch.items.length === p.itemIds.length &&
        batch.items.every((item, i) => item.id === p.itemIds[i]);
      return matches ? withQueue(state, channel, { ...next, lastFlushAt: event.meta.at }) : state;
    }
    case 'tracking/batchAcked':
      return withQueue(state, channel, ackBatch(queue, event.payload.batchId));
    case 'tracking/batchFailed':
      return withQueue(state, channel, failBatch(queue, event.payload.batchId));
    default:
      return assertNever(event);
  }
};
