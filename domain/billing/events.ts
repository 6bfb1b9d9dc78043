import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { PaymentInfo } from './state.js';

export const paymentInfoReceived = defineEvent<{ readonly info: PaymentInfo }>()(
  'billing/paymentInfoReceived',
);
/** Spec §4: a payment-info fetch for an empty account clears all payment state. */
export const paymentInfoCleared = defineEvent<Record<string, never>>()('billing/paymentInfoCleared');

export type BillingEvent =
  | DomainEvent<typeof paymentInfoReceived.type, { readonly info: PaymentInfo }>
  | DomainEvent<typeof paymentInfoCleared.type, Record<string, never>>;

export const billingEventTypes = [paymentInfoReceived.type, paymentInfoCleared.type] as const;
