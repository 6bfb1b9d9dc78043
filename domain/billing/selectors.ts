import type { BillingState } from './state.js';

/** The coin balance a person sees: calculate coins, or null before payment info is known. */
export const selectCoinBalance = (s: BillingState): number | null =>
  s.status === 'known' ? s.paymentInfo.calculateCoins : null;
