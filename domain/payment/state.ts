/**
 * The payment iframe of spec §4: the submitting flag goes on and off, then the payment is completed
 * or in error. An error leaves the form open so the user can correct the card and submit again; a
 * completed payment stays completed until the iframe closes.
 */
import { assertNever } from '../kernel/event.js';
import type { PaymentEvent } from './events.js';
import { paymentErrorKey } from './rules.js';

export type PaymentState =
  | { readonly status: 'idle' }
  | { readonly status: 'ready'; readonly methodId: number; readonly submitting: boolean }
  | { readonly status: 'completed'; readonly methodId: number; readonly orderId: string }
  | {
      readonly status: 'error';
      readonly methodId: number;
      readonly code: number | null;
      readonly messageKey: string;
    };

export const initialPaymentState: PaymentState = { status: 'idle' };

export const evolvePayment = (state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case 'payment/iframeOpened':
      return state.status === 'idle'
        ? { status: 'ready', methodId: event.payload.methodId, submitting: false }
        : state;
    case 'payment/submittingChanged': {
      const on = event.payload.submitting;
      if (state.status === 'ready') return state.submitting === on ? state : { ...state, submitting: on };
      // Submitting again after an error is the retry; turning the flag off there changes nothing.
      if (state.status === 'error' && on)
        return { status: 'ready', methodId: state.methodId, submitting: true };
      return state;
    }
    case 'payment/completed':
      return state.status === 'ready' || state.status === 'error'
        ? { status: 'completed', methodId: state.methodId, orderId: event.payload.orderId }
        : state;
    case 'payment/failed':
      return state.status === 'ready'
        ? {
            status: 'error',
            methodId: state.methodId,
            code: event.payload.code,
            messageKey: paymentErrorKey(event.payload.code),
          }
        : state;
    case 'payment/iframeClosed':
      return state.status === 'idle' ? state : initialPaymentState;
    default:
      return assertNever(event);
  }
};
