import type { BoundedContext } from '../kernel/context.js';
import { popupsEventTypes, type PopupsEvent } from './events.js';
import { popupsInvariants } from './invariants.js';
import { evolvePopups, initialPopupsState, type PopupsState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const popupsContext: BoundedContext<PopupsState, PopupsEvent> = {
  name: 'popups',
  initialState: initialPopupsState,
  evolve: evolvePopups,
  eventTypes: popupsEventTypes,
  invariants: popupsInvariants,
};
