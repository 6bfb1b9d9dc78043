import type { BoundedContext } from '../kernel/context.js';
import { billingEventTypes, type BillingEvent } from './events.js';
import { billingInvariants } from './invariants.js';
import { evolveBilling, initialBillingState, type BillingState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './benefits.js';
export * from './membership.js';
export * from './upsell.js';

export const billingContext: BoundedContext<BillingState, BillingEvent> = {
  name: 'billing',
  initialState: initialBillingState,
  evolve: evolveBilling,
  eventTypes: billingEventTypes,
  invariants: billingInvariants,
};
