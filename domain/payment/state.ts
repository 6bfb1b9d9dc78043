/**
 * The payment iframe of spec §4: an intent asks for an order ('ordering'), the iframe opens on
 * its checkout page ('ready'), the submitting flag goes on and off, then the payment is completed
 * or in error. An error leaves the form open so the user can correct the card and submit again; a
 * completed payment stays completed until the iframe closes.
 */
import { assertNever } from '../kernel/event.js';
import type { PaymentEvent } from './events.js';
import { paymentErrorKey } from './rules.js';

/** The order behind the iframe, when the iframe was opened for one. */
export interface CheckoutOrder {
  readonly orderId: string;
  readonly checkoutUrl: string;
  readonly goodsId: string;
}

export type PaymentState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'ordering';
      readonly methodId: number;
      readonly goodsId: string;
      readonly intentKey: string;
    }
  | {
      readonly status: 'ready';
      readonly methodId: number;
      readonly submitting: boolean;
      readonly order?: CheckoutOrder;
    }
  | {
      readonly status: 'completed';
      readonly methodId: number;
      readonly orderId: string;
      readonly goodsId?: string;
    }
  | {
      readonly status: 'error';
      readonly methodId: number;
      readonly code: number | null;
      readonly messageKey: string;
      readonly order?: CheckoutOrder;
      /** The intent failed before an order existed (it cannot be retried in the iframe). */
      readonly goodsId?: string;
    };

export const initialPaymentState: PaymentState = { status: 'idle' };

const orderOf = (s: PaymentState): { readonly order?: CheckoutOrder } =>
  (s.status === 'ready' || s.status === 'error') && s.order !== undefined ? { order: s.order } : {};

export const evolvePayment = (state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case 'payment/iframeOpened':
      return state.status === 'idle'
        ? { status: 'ready', methodId: event.payload.methodId, submitting: false }
        : state;
    case 'payment/checkoutRequested':
      // One intent at a time: a second request while one is under way changes nothing.
      return state.status === 'idle' ? { status: 'ordering', ...event.payload } : state;
    case 'payment/orderCreated':
      return state.status === 'ordering' && state.goodsId === event.payload.goodsId
        ? { status: 'ready', methodId: state.methodId, submitting: false, order: event.payload }
        : state;
    case 'payment/checkoutResumed': {
      // Only from idle: an order on screen is never replaced by another.
      if (state.status !== 'idle') return state;
      const { methodId, ...order } = event.payload;
      return { status: 'ready', methodId, submitting: false, order };
    }
    case 'payment/orderRefused':
      return state.status === 'ordering'
        ? {
            status: 'error',
            methodId: state.methodId,
            code: event.payload.code,
            messageKey: paymentErrorKey(event.payload.code),
            goodsId: state.goodsId,
          }
        : state;
    case 'payment/submittingChanged': {
      const on = event.payload.submitting;
      if (state.status === 'ready') return state.submitting === on ? state : { ...state, submitting: on };
      // Submitting again after an error is the retry; turning the flag off there changes nothing.
      if (state.status === 'error' && on && state.goodsId === undefined)
        return { status: 'ready', methodId: state.methodId, submitting: true, ...orderOf(state) };
      return state;
    }
    case 'payment/completed': {
      if (state.status !== 'ready' && state.status !== 'error') return state;
      const order = orderOf(state).order;
      return {
        status: 'completed',
        methodId: state.methodId,
        orderId: event.payload.orderId,
        ...(order === undefined ? {} : { goodsId: order.goodsId }),
      };
    }
    case 'payment/failed':
      return state.status === 'ready'
        ? {
            status: 'error',
            methodId: state.methodId,
            code: event.payload.code,
            messageKey: paymentErrorKey(event.payload.code),
            ...orderOf(state),
          }
        : state;
    case 'payment/iframeClosed':
      return state.status === 'idle' ? state : initialPaymentState;
    default:
      return assertNever(event);
  }
};
