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
    for (const [kind, value] of Object.entries(kinds)) if (!(value >= 0)) return `${kind} is ${value}`;
    return null;
  },
};

/** Spec §3: the client payment state (activeState, liteActiveState, vipType) mirrors the payment info. */
export const paymentStateMirrorsInfo: Invariant<BillingState> = {
  name: 'paymentStateMirrorsInfo',
  check: (_before, after) => {
    if (after.status !== 'known') return null;
    const p = after.paymentInfo;
    if (after.activeState !== p.isActive) return 'activeState disagrees with is_active';
    if (after.liteActiveState !== p.liteIsActive) return 'liteActiveState disagrees with lite_is_active';
    if (after.vipType !== p.vipType) return 'vipType disagrees with vip_type';
    return null;
  },
};

export const billingInvariants = [coinsNeverNegative, paymentStateMirrorsInfo] as const;
