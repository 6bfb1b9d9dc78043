import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface IframeOpenedPayload {
  readonly methodId: number;
}

/**
 * A purchase intent (spec §4 payment iframe, before it opens): one goods, one method, one
 * idempotency key. A second click while it runs is the same intent and makes no second order.
 */
export interface CheckoutRequestedPayload {
  readonly goodsId: string;
  readonly methodId: number;
  readonly intentKey: string;
}

/** The server's order for the intent, with the provider's checkout page to frame. */
export interface OrderCreatedPayload {
  readonly orderId: string;
  readonly checkoutUrl: string;
  readonly goodsId: string;
}

/** An unpaid order opened again (the awaiting-order reminder): its page in the iframe. */
export interface CheckoutResumedPayload extends OrderCreatedPayload {
  readonly methodId: number;
}

export interface SubmittingChangedPayload {
  readonly submitting: boolean;
}

export interface PaymentCompletedPayload {
  readonly orderId: string;
}

/** The iframe's onError; `code` is the provider's when it sends one (80213 for a card error). */
export interface PaymentFailedPayload {
  readonly code: number | null;
}

type Empty = Record<string, never>;

export const iframeOpened = defineEvent<IframeOpenedPayload>()('payment/iframeOpened');
export const checkoutRequested = defineEvent<CheckoutRequestedPayload>()('payment/checkoutRequested');
export const orderCreated = defineEvent<OrderCreatedPayload>()('payment/orderCreated');
export const checkoutResumed = defineEvent<CheckoutResumedPayload>()('payment/checkoutResumed');
/** The order could not be made (the trial is taken, the session ended, ...); `code` is the server's. */
export const orderRefused = defineEvent<PaymentFailedPayload>()('payment/orderRefused');
export const submittingChanged = defineEvent<SubmittingChangedPayload>()('payment/submittingChanged');
export const paymentCompleted = defineEvent<PaymentCompletedPayload>()('payment/completed');
export const paymentFailed = defineEvent<PaymentFailedPayload>()('payment/failed');
export const iframeClosed = defineEvent<Empty>()('payment/iframeClosed');

export type PaymentEvent =
  | DomainEvent<typeof iframeOpened.type, IframeOpenedPayload>
  | DomainEvent<typeof checkoutRequested.type, CheckoutRequestedPayload>
  | DomainEvent<typeof orderCreated.type, OrderCreatedPayload>
  | DomainEvent<typeof checkoutResumed.type, CheckoutResumedPayload>
  | DomainEvent<typeof orderRefused.type, PaymentFailedPayload>
  | DomainEvent<typeof submittingChanged.type, SubmittingChangedPayload>
  | DomainEvent<typeof paymentCompleted.type, PaymentCompletedPayload>
  | DomainEvent<typeof paymentFailed.type, PaymentFailedPayload>
  | DomainEvent<typeof iframeClosed.type, Empty>;

export const paymentEventTypes = [
  iframeOpened.type,
  checkoutRequested.type,
  orderCreated.type,
  checkoutResumed.type,
  orderRefused.type,
  submittingChanged.type,
  paymentCompleted.type,
  paymentFailed.type,
  iframeClosed.type,
] as const;
