import type { BoundedContext } from '../kernel/context.js';
import { tourEventTypes, type TourEvent } from './events.js';
import { tourInvariants } from './invariants.js';
import { evolveTour, initialTourState, type TourState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const tourContext: BoundedContext<TourState, TourEvent> = {
  name: 'tour',
  initialState: initialTourState,
  evolve: evolveTour,
  eventTypes: tourEventTypes,
  invariants: tourInvariants,
};
