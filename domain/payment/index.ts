import type { BoundedContext } from '../kernel/context.js';
import { paymentEventTypes, type PaymentEvent } from './events.js';
import { paymentInvariants } from './invariants.js';
import { evolvePayment, initialPaymentState, type PaymentState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const paymentContext: BoundedContext<PaymentState, PaymentEvent> = {
  name: 'payment',
  initialState: initialPaymentState,
  evolve: evolvePayment,
  eventTypes: paymentEventTypes,
  invariants: paymentInvariants,
};
