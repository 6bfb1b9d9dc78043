import type { Invariant } from '../kernel/invariant.js';
import type { PaymentState } from './state.js';

/** A completed payment is never undone or turned into an error; only closing the iframe leaves it. */
export const completedIsFinal: Invariant<PaymentState> = {
  name: 'completedIsFinal',
  check: (before, after) =>
    before.status === 'completed' && after.status !== 'completed' && after.status !== 'idle'
      ? `completed payment became ${after.status}`
      : null,
};

export const paymentInvariants = [completedIsFinal] as const;
