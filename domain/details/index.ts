import type { BoundedContext } from '../kernel/context.js';
import { detailsEventTypes, type DetailsEvent } from './events.js';
import { detailsInvariants } from './invariants.js';
import { evolveDetails, initialDetailsState, type DetailsState } from './state.js';

export * from './events.js';
export * from './rules.js';
export * from './state.js';
export * from './selectors.js';
export * from './invariants.js';

export const detailsContext: BoundedContext<DetailsState, DetailsEvent> = {
  name: 'details',
  initialState: initialDetailsState,
  evolve: evolveDetails,
  eventTypes: detailsEventTypes,
  invariants: detailsInvariants,
};
