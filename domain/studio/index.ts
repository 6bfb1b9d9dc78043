import type { BoundedContext } from '../kernel/context.js';
import { studioEventTypes, type StudioEvent } from './events.js';
import { studioInvariants } from './invariants.js';
import { evolveStudio, initialStudioState, type StudioState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './resources.js';
export * from './palette.js';
export * from './selectors.js';
export * from './tries.js';
export * from './invariants.js';

export const studioContext: BoundedContext<StudioState, StudioEvent> = {
  name: 'studio',
  initialState: initialStudioState,
  evolve: evolveStudio,
  eventTypes: studioEventTypes,
  invariants: studioInvariants,
};
