import type { Invariant } from '../kernel/invariant.js';
import { TRACKING_CHANNELS, type BatchQueue, type TrackingState } from './state.js';

const eachQueue = (
  before: TrackingState,
  after: TrackingState,
  check: (b: BatchQueue, a: BatchQueue) => string | null,
): string | null => {
  for (const channel of TRACKING_CHANNELS) {
    const message = check(before[channel], after[channel]);
    if (message !== null) return `${channel}: ${message}`;
  }
  return null;
};

const liveIds = (q: BatchQueue): string[] => [
  ...q.pending.map((i) => i.id),
  ...q.inFlight.flatMap((b) => b.items.map((i) => i.id)),
];

/** An item is in exactly one place: pending, one in-flight batch, or acknowledged. */
export const itemInOnePlace: Invariant<TrackingState> = {
  name: 'itemInOnePlace',
  check: (before, after) =>
    eachQueue(before, after, (_b, a) => {
      const seen = new Set<string>();
      for (const id of [...liveIds(a), ...a.acked]) {
        if (seen.has(id)) return `item ${id} is held twice`;
        seen.add(id);
      }
      return a.inFlight.some((b) => b.items.length === 0) ? 'an in-flight batch is empty' : null;
    }),
};

/** Pending items stay in the order they were enqueued. */
export const pendingInOrder: Invariant<TrackingState> = {
  name: 'pendingInOrder',
  check: (before, after) =>
    eachQueue(before, after, (_b, a) => {
      for (let i = 1; i < a.pending.length; i++)
        if ((a.pending[i]?.seq ?? 0) <= (a.pending[i - 1]?.seq ?? 0)) return 'pending items are out of order';
      return null;
    }),
};

/** No event is lost: what was pending or in flight is still there, or has just been acknowledged. */
export const nothingLost: Invariant<TrackingState> = {
  name: 'nothingLost',
  check: (before, after) =>
    eachQueue(before, after, (b, a) => {
      const now = new Set([...liveIds(a), ...a.acked]);
      const lost = liveIds(b).find((id) => !now.has(id));
      return lost === undefined ? null : `item ${lost} was lost`;
    }),
};

export const trackingInvariants = [itemInOnePlace, pendingInOrder, nothingLost] as const;
