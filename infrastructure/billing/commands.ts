/** Commands of the billing area: payment info, the cached plan and pack lists (spec §8, §9), the membership screens. */
import { defineCommand } from '../store/commands';

export const refreshPayment = defineCommand()('billing/refresh');

// ---- payment caches (spec §8, §9)
export const loadSubscriptionList = defineCommand()('billing/loadSubscriptionList');

export const loadCalculateList = defineCommand()('billing/loadCalculateList');

// ---- the membership screens
/** The subscription status (spec §3) with the 3-day trial flag. */
export const loadSubscriptionStatus = defineCommand()('billing/loadSubscriptionStatus');

export type SubscriptionChange =
  | { readonly action: 'pause'; readonly months: number }
  | { readonly action: 'resume' }
  | { readonly action: 'cancel' }
  | { readonly action: 'freeMonth' }
  | { readonly action: 'changePlan'; readonly goodsId: string };

/** Pause (months), resume, cancel, claim the free month, or change the plan of the next period. */
export const changeSubscription = defineCommand<SubscriptionChange>()('billing/changeSubscription');

export const loadPaymentMethods = defineCommand()('billing/loadPaymentMethods');

export const loadTestimonials = defineCommand()('billing/loadTestimonials');

/** The coin ledger: from the newest (`reset`) or the next older page. */
export const loadLedger = defineCommand<{ readonly reset: boolean }>()('billing/loadLedger');

/**
 * A purchase intent: buy these goods with this method. One order per intent: a second start
 * while one is under way is ignored, and the server makes one order per idempotency key.
 */
export const startCheckout = defineCommand<{ readonly goodsId: string; readonly methodId: number }>()(
  'billing/startCheckout',
);

/** Closes the payment iframe (after success, failure or a change of mind). */
export const closeCheckout = defineCommand()('billing/closeCheckout');

/** Open the checkout again on an unpaid order (the awaiting-order reminder's link). */
export const resumeCheckout = defineCommand<{ readonly orderId: string }>()('billing/resumeCheckout');
