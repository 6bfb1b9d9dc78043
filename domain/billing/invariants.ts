import type { Invariant } from '../kernel/invariant.js';
import type { BillingState } from './state.js';

/** The coin balance is never negative, in any coin kind. */
export const coinsNeverNegative: Invariant<BillingState> = {
  name: 'coinsNeverNegative',
  check: (_before, after) => {
    if (after.status !== 'known') return null;
    const p = after.paymentInfo;
    const kinds = {
      calculateCoins: p.calculateCoins,
      freeCoins: p.freeCoins,
      tempCoins: p.tempCoins,
      paidCoins: p.paidCoins,
    };
    for (const [kind, value] of Object.entries(kinds))
      if (!(value >= 0)) return `${kind} is ${value}`;
    return null;
  },
};

export const billingInvariants = [coinsNeverNegative] as const;
