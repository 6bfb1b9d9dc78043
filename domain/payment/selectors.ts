import { paymentMethodName } from './rules.js';
import type { PaymentState } from './state.js';

export const selectIsSubmitting = (s: PaymentState): boolean => s.status === 'ready' && s.submitting;

export const selectPaymentErrorKey = (s: PaymentState): string | null =>
  s.status === 'error' ? s.messageKey : null;

export const selectPaymentMethodName = (s: PaymentState): string | null =>
  s.status === 'idle' ? null : paymentMethodName(s.methodId);

export const selectIsPaymentCompleted = (s: PaymentState): boolean => s.status === 'completed';
