import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface IframeOpenedPayload {
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
export const submittingChanged = defineEvent<SubmittingChangedPayload>()('payment/submittingChanged');
export const paymentCompleted = defineEvent<PaymentCompletedPayload>()('payment/completed');
export const paymentFailed = defineEvent<PaymentFailedPayload>()('payment/failed');
export const iframeClosed = defineEvent<Empty>()('payment/iframeClosed');

export type PaymentEvent =
  | DomainEvent<typeof iframeOpened.type, IframeOpenedPayload>
  | DomainEvent<typeof submittingChanged.type, SubmittingChangedPayload>
  | DomainEvent<typeof paymentCompleted.type, PaymentCompletedPayload>
  | DomainEvent<typeof paymentFailed.type, PaymentFailedPayload>
  | DomainEvent<typeof iframeClosed.type, Empty>;

export const paymentEventTypes = [
  iframeOpened.type,
  submittingChanged.type,
  paymentCompleted.type,
  paymentFailed.type,
  iframeClosed.type,
] as const;
