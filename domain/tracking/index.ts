import type { BoundedContext } from '../kernel/context.js';
import { trackingEventTypes, type TrackingEvent } from './events.js';
import { trackingInvariants } from './invariants.js';
import { evolveTracking, initialTrackingState, type TrackingState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const trackingContext: BoundedContext<TrackingState, TrackingEvent> = {
  name: 'tracking',
  initialState: initialTrackingState,
  evolve: evolveTracking,
  eventTypes: trackingEventTypes,
  invariants: trackingInvariants,
};
