import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { PaymentInfo, RechargePackage, SubscriptionPlan, SubscriptionStatus } from './state.js';

export const paymentInfoReceived = defineEvent<{ readonly info: PaymentInfo }>()(
  'billing/paymentInfoReceived',
);
/** Spec §4: a payment-info fetch for an empty account clears all payment state. */
export const paymentInfoCleared = defineEvent<Record<string, never>>()('billing/paymentInfoCleared');
/** Spec §3/§4: pause, free-month, cancel and next-plan states come from the server. */
export const subscriptionStatusReceived = defineEvent<{ readonly status: SubscriptionStatus }>()(
  'billing/subscriptionStatusReceived',
);
/** Spec §4: a 3-day trial flag exists. */
export const threeDayTrialFlagged = defineEvent<{ readonly enabled: boolean }>()(
  'billing/threeDayTrialFlagged',
);
/** A fresh subscription list; the event's `at` is when the cache entry was filled. */
export const subscriptionListFetched = defineEvent<{ readonly plans: readonly SubscriptionPlan[] }>()(
  'billing/subscriptionListFetched',
);
/** A fresh calculate (coin pack) list; the event's `at` is when the cache entry was filled. */
export const calculateListFetched = defineEvent<{ readonly packages: readonly RechargePackage[] }>()(
  'billing/calculateListFetched',
);

export type BillingEvent =
  | DomainEvent<typeof paymentInfoReceived.type, { readonly info: PaymentInfo }>
  | DomainEvent<typeof paymentInfoCleared.type, Record<string, never>>
  | DomainEvent<typeof subscriptionStatusReceived.type, { readonly status: SubscriptionStatus }>
  | DomainEvent<typeof threeDayTrialFlagged.type, { readonly enabled: boolean }>
  | DomainEvent<typeof subscriptionListFetched.type, { readonly plans: readonly SubscriptionPlan[] }>
  | DomainEvent<typeof calculateListFetched.type, { readonly packages: readonly RechargePackage[] }>;

export const billingEventTypes = [
  paymentInfoReceived.type,
  paymentInfoCleared.type,
  subscriptionStatusReceived.type,
  threeDayTrialFlagged.type,
  subscriptionListFetched.type,
  calculateListFetched.type,
] as const;
