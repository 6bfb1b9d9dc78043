import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type {
  CacheName,
  LedgerEntry,
  PaymentInfo,
  PaymentMethodEntry,
  RechargePackage,
  SubscriptionAction,
  SubscriptionPlan,
  SubscriptionStatus,
  Testimonial,
} from './state.js';

type Empty = Record<string, never>;
interface ListFailedPayload {
  readonly which: CacheName;
}
interface ActionPayload {
  readonly action: SubscriptionAction;
}
interface RefusedPayload {
  readonly action: SubscriptionAction;
  readonly code: number;
}
interface LedgerRequestedPayload {
  /** From the newest entry again (after a purchase or a refund), rather than the next older page. */
  readonly reset: boolean;
}
interface LedgerFetchedPayload {
  readonly entries: readonly LedgerEntry[];
  readonly nextCursor: number | null;
  readonly reset: boolean;
}
interface CodePayload {
  /** The server's code, null for a transport failure. */
  readonly code: number | null;
}

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

/** The subscription status call went out (the management page shows a skeleton until it answers). */
export const subscriptionStatusRequested = defineEvent<Empty>()('billing/subscriptionStatusRequested');
export const subscriptionStatusFailed = defineEvent<CodePayload>()('billing/subscriptionStatusFailed');
/** Pause, resume, cancel, free month or plan change was asked for; the answer is a new status. */
export const subscriptionActionStarted = defineEvent<ActionPayload>()('billing/subscriptionActionStarted');
export const subscriptionActionRefused = defineEvent<RefusedPayload>()('billing/subscriptionActionRefused');
/** The coin ledger (every debit and refund, newest first), a page at a time. */
export const ledgerPageRequested = defineEvent<LedgerRequestedPayload>()('billing/ledgerPageRequested');
export const ledgerPageFetched = defineEvent<LedgerFetchedPayload>()('billing/ledgerPageFetched');
export const ledgerPageFailed = defineEvent<CodePayload>()('billing/ledgerPageFailed');
/** Spec §1 membership testimonials. */
export const testimonialsRequested = defineEvent<Empty>()('billing/testimonialsRequested');
export const testimonialsFetched = defineEvent<{ readonly items: readonly Testimonial[] }>()(
  'billing/testimonialsFetched',
);
export const testimonialsFailed = defineEvent<CodePayload>()('billing/testimonialsFailed');
/** Spec §3 payment methods. */
export const paymentMethodsFetched = defineEvent<{ readonly items: readonly PaymentMethodEntry[] }>()(
  'billing/paymentMethodsFetched',
);
export const paymentMethodsFailed = defineEvent<CodePayload>()('billing/paymentMethodsFailed');

/** Spec §8: a plan or pack list fetch failed with nothing cached (50000); the page offers a retry. */
export const listFetchFailed = defineEvent<ListFailedPayload>()('billing/listFetchFailed');

export type BillingEvent =
  | DomainEvent<typeof paymentInfoReceived.type, { readonly info: PaymentInfo }>
  | DomainEvent<typeof paymentInfoCleared.type, Record<string, never>>
  | DomainEvent<typeof subscriptionStatusReceived.type, { readonly status: SubscriptionStatus }>
  | DomainEvent<typeof threeDayTrialFlagged.type, { readonly enabled: boolean }>
  | DomainEvent<typeof subscriptionListFetched.type, { readonly plans: readonly SubscriptionPlan[] }>
  | DomainEvent<typeof calculateListFetched.type, { readonly packages: readonly RechargePackage[] }>
  | DomainEvent<typeof subscriptionStatusRequested.type, Empty>
  | DomainEvent<typeof subscriptionStatusFailed.type, CodePayload>
  | DomainEvent<typeof subscriptionActionStarted.type, ActionPayload>
  | DomainEvent<typeof subscriptionActionRefused.type, RefusedPayload>
  | DomainEvent<typeof ledgerPageRequested.type, LedgerRequestedPayload>
  | DomainEvent<typeof ledgerPageFetched.type, LedgerFetchedPayload>
  | DomainEvent<typeof ledgerPageFailed.type, CodePayload>
  | DomainEvent<typeof testimonialsRequested.type, Empty>
  | DomainEvent<typeof testimonialsFetched.type, { readonly items: readonly Testimonial[] }>
  | DomainEvent<typeof testimonialsFailed.type, CodePayload>
  | DomainEvent<typeof paymentMethodsFetched.type, { readonly items: readonly PaymentMethodEntry[] }>
  | DomainEvent<typeof paymentMethodsFailed.type, CodePayload>
  | DomainEvent<typeof listFetchFailed.type, ListFailedPayload>;

export const billingEventTypes = [
  paymentInfoReceived.type,
  paymentInfoCleared.type,
  subscriptionStatusReceived.type,
  threeDayTrialFlagged.type,
  subscriptionListFetched.type,
  calculateListFetched.type,
  subscriptionStatusRequested.type,
  subscriptionStatusFailed.type,
  subscriptionActionStarted.type,
  subscriptionActionRefused.type,
  ledgerPageRequested.type,
  ledgerPageFetched.type,
  ledgerPageFailed.type,
  testimonialsRequested.type,
  testimonialsFetched.type,
  testimonialsFailed.type,
  paymentMethodsFetched.type,
  paymentMethodsFailed.type,
  listFetchFailed.type,
] as const;
