import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { TrackedItem, TrackingChannel } from './state.js';

export interface EventEnqueuedPayload {
  readonly channel: TrackingChannel;
  readonly item: TrackedItem;
}

/** Items read back from the local cache at start-up (spec §9: log events are cached on failure). */
export interface CacheRestoredPayload {
  readonly channel: TrackingChannel;
  readonly items: readonly TrackedItem[];
  /**
   * How many older items the cache had to leave out (a full local storage): lost with the page
   * that wrote it. Absent in logs recorded before it was counted.
   */
  readonly dropped?: number;
}

/** The front of the queue went out as one upload; `itemIds` are exactly what `takeBatch` took. */
export interface BatchSentPayload {
  readonly channel: TrackingChannel;
  readonly batchId: string;
  readonly itemIds: readonly string[];
}

export interface BatchSettledPayload {
  readonly channel: TrackingChannel;
  readonly batchId: string;
}

export const eventEnqueued = defineEvent<EventEnqueuedPayload>()('tracking/eventEnqueued');
export const cacheRestored = defineEvent<CacheRestoredPayload>()('tracking/cacheRestored');
export const batchSent = defineEvent<BatchSentPayload>()('tracking/batchSent');
export const batchAcked = defineEvent<BatchSettledPayload>()('tracking/batchAcked');
export const batchFailed = defineEvent<BatchSettledPayload>()('tracking/batchFailed');

export type TrackingEvent =
  | DomainEvent<typeof eventEnqueued.type, EventEnqueuedPayload>
  | DomainEvent<typeof cacheRestored.type, CacheRestoredPayload>
  | DomainEvent<typeof batchSent.type, BatchSentPayload>
  | DomainEvent<typeof batchAcked.type, BatchSettledPayload>
  | DomainEvent<typeof batchFailed.type, BatchSettledPayload>;

export const trackingEventTypes = [
  eventEnqueued.type,
  cacheRestored.type,
  batchSent.type,
  batchAcked.type,
  batchFailed.type,
] as const;
