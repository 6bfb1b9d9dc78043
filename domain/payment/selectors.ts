import { paymentMethodName } from './rules.js';
import type { CheckoutOrder, PaymentState } from './state.js';

export const selectIsSubmitting = (s: PaymentState): boolean => s.status === 'ready' && s.submitting;

export const selectPaymentErrorKey = (s: PaymentState): string | null =>
  s.status === 'error' ? s.messageKey : null;

export const selectPaymentMethodName = (s: PaymentState): string | null =>
  s.status === 'idle' ? null : paymentMethodName(s.methodId);

export const selectIsPaymentCompleted = (s: PaymentState): boolean => s.status === 'completed';

/** The order the iframe shows, when it was opened for one. */
export const selectCheckoutOrder = (s: PaymentState): CheckoutOrder | null =>
  (s.status === 'ready' || s.status === 'error') && s.order !== undefined ? s.order : null;

/** The goods of the purchase under way (ordering, paying, paid or failed), null when idle. */
export const selectCheckoutGoods = (s: PaymentState): string | null => {
  switch (s.status) {
    case 'idle':
      return null;
    case 'ordering':
      return s.goodsId;
    case 'completed':
      return s.goodsId ?? null;
    case 'ready':
      return s.order?.goodsId ?? null;
    case 'error':
      return s.order?.goodsId ?? s.goodsId ?? null;
    default:
      return null;
  }
};
