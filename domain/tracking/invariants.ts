import { appendedTo, orderedAround } from '../kernel/incremental.js';
import type { Invariant } from '../kernel/invariant.js';
import { queueHolds } from './rules.js';
import { TRACKING_CHANNELS, type BatchQueue, type QueuedItem, type TrackingState } from './state.js';

/**
 * How a queue changed, told by reference, for the incremental checks: one item appended to the
 * pending list (`enqueued`); the front of the pending list moved into a new in-flight batch, the
 * same items (`sent`); an in-flight batch left and its ids were appended to the acknowledged ones
 * (`acked`). Null for anything else (a failed batch, a restored cache): checked in full.
 */
type QueueStep = 'same' | 'enqueued' | 'sent' | 'acked' | null;

let lastStep: { readonly b: BatchQueue; readonly a: BatchQueue; readonly step: QueueStep } | null = null;

/** The step from `b` to `a` (the last answer is kept: the three invariants ask in a row). */
const stepOf = (b: BatchQueue, a: BatchQueue): QueueStep => {
  if (a === b) return 'same';
  if (lastStep !== null && lastStep.b === b && lastStep.a === a) return lastStep.step;
  const step = findStep(b, a);
  lastStep = { b, a, step };
  return step;
};

const findStep = (b: BatchQueue, a: BatchQueue): QueueStep => {
  if (a.inFlight === b.inFlight && a.acked === b.acked)
    return appendedTo(b.pending, a.pending, 1) ? 'enqueued' : null;
  if (
    a.acked === b.acked &&
    a.inFlight.length === b.inFlight.length + 1 &&
    appendedTo(b.inFlight, a.inFlight, 1)
  ) {
    const batch = a.inFlight[a.inFlight.length - 1]!.items;
    if (batch.length === 0 || batch.length + a.pending.length !== b.pending.length) return null;
    for (let i = 0; i < batch.length; i++) if (batch[i] !== b.pending[i]) return null;
    for (let i = 0; i < a.pending.length; i++) if (a.pending[i] !== b.pending[batch.length + i]) return null;
    return 'sent';
  }
  if (a.pending === b.pending && a.inFlight.length === b.inFlight.length - 1) {
    let gone = -1;
    for (let i = 0, j = 0; i < b.inFlight.length; i++) {
      if (b.inFlight[i] === a.inFlight[j]) j++;
      else if (gone < 0) gone = i;
      else return null;
    }
    const batch = b.inFlight[gone]?.items ?? [];
    const n = batch.length;
    if (n === 0 || a.acked.length < n) return null;
    // The acknowledged ids end with the batch's, and before them come the last of the old ones.
    const tail = a.acked.length - n;
    for (let i = 0; i < n; i++) if (a.acked[tail + i] !== batch[i]!.id) return null;
    for (let i = 0; i < tail; i++) if (a.acked[i] !== b.acked[b.acked.length - tail + i]) return null;
    return 'acked';
  }
  return null;
};

/** Each channel's step; null when one of them changed in a way told apart by no step. */
const eachStep = (
  before: TrackingState,
  after: TrackingState,
  ok: (step: QueueStep, b: BatchQueue, a: BatchQueue) => boolean,
) => {
  for (const channel of TRACKING_CHANNELS) {
    const b = before[channel];
    const a = after[channel];
    if (!ok(stepOf(b, a), b, a)) return false;
  }
  return true;
};

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
  // Sent and acknowledged items keep their ids; an enqueued item must be new to the queue.
  holdsAfter: (before, after) =>
    eachStep(before, after, (step, b, a) => {
      if (step !== 'enqueued') return step !== null;
      const item = a.pending[a.pending.length - 1] as QueuedItem;
      return !queueHolds(b, item.id);
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
  holdsAfter: (before, after) =>
    TRACKING_CHANNELS.every((channel) =>
      orderedAround(before[channel].pending, after[channel].pending, (x, y) => !(y.seq <= x.seq)),
    ),
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
  // Each step keeps every live item: appended, moved into a batch, or acknowledged.
  holdsAfter: (before, after) => eachStep(before, after, (step) => step !== null),
};

export const trackingInvariants = [itemInOnePlace, pendingInOrder, nothingLost] as const;
