import type { BoundedContext } from '../kernel/context.js';
import { supportEventTypes, type SupportEvent } from './events.js';
import { evolveSupport, initialSupportState, type SupportState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './problemReports.js';

export const supportContext: BoundedContext<SupportState, SupportEvent> = {
  name: 'support',
  initialState: initialSupportState,
  evolve: evolveSupport,
  eventTypes: supportEventTypes,
  invariants: [],
};
