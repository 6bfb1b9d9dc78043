import { queueView, type QueueView } from './rules.js';
import type { Batch, QueuedItem, TrackingChannel, TrackingState } from './state.js';

export const selectPending = (s: TrackingState, channel: TrackingChannel): readonly QueuedItem[] =>
  s[channel].pending;

export const selectInFlight = (s: TrackingState, channel: TrackingChannel): readonly Batch[] =>
  s[channel].inFlight;

export const selectQueueView = (s: TrackingState, channel: TrackingChannel): QueueView =>
  queueView(s[channel]);

/** What the adapter writes under the policy's cache key: everything not yet acknowledged. */
export const selectUnacknowledged = (s: TrackingState, channel: TrackingChannel): readonly QueuedItem[] =>
  [...s[channel].inFlight.flatMap((b) => b.items), ...s[channel].pending].sort((a, b) => a.seq - b.seq);

/** Items of the channel lost because the device could not keep them (a full local storage). */
export const selectDropped = (s: TrackingState, channel: TrackingChannel): number => s[channel].dropped ?? 0;
