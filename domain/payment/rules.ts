/** Payment constants and rules of spec §3, §8 and §9: method names, error codes, SDK version, countries. */

/** Spec §3 payment method ids. */
export const PAYMENT_METHODS: Readonly<Record<number, string>> = {
  1: 'Payermax',
  4: 'AliPay_CN',
  5: 'WeChat',
  6: 'PayPal',
  8: 'Stripe',
  9: 'Credit Card',
  10: 'PayPal',
  12: 'Onerway',
};

export const UNKNOWN_PAYMENT_METHOD = 'Unknown';

/** Spec §8: an unknown payment method name shows Unknown. */
export const paymentMethodName = (id: number): string => PAYMENT_METHODS[id] ?? UNKNOWN_PAYMENT_METHOD;

/** Spec §8: the credit-card error code. */
export const CREDIT_CARD_ERROR_CODE = 80213;

/** The server refused the order or its payment (the trial is taken, the order expired or failed). */
export const ORDER_REFUSED_CODE = 10403;

/**
 * Message keys for what the payment iframe reports; views translate them. 80213 is the card
 * error (spec §8); 10403 an order the server will not take; anything else (the provider's own
 * refusal, a network failure) the generic one.
 */
export const paymentErrorKey = (code: number | null): string =>
  code === CREDIT_CARD_ERROR_CODE
    ? 'payment.errors.creditCard'
    : code === ORDER_REFUSED_CODE
      ? 'payment.errors.refused'
      : 'payment.errors.generic';

/** Every message key `paymentErrorKey` can name, for the catalogue test. */
export const PAYMENT_ERROR_KEYS: readonly string[] = [
  'payment.errors.creditCard',
  'payment.errors.refused',
  'payment.errors.generic',
];

/** Spec §9: the checkout SDK version the iframe loads. */
export const CHECKOUT_SDK_VERSION = '1.1.5';

/** Spec §9 countries, as listed (both GB and UK appear). */
export const PAYMENT_COUNTRIES = ['US', 'JP', 'CA', 'FR', 'GB', 'UK', 'KR', 'DE'] as const;
export type PaymentCountry = (typeof PAYMENT_COUNTRIES)[number];

export const isPaymentCountry = (code: string): code is PaymentCountry =>
  (PAYMENT_COUNTRIES as readonly string[]).includes(code);

/** The method a checkout starts with until the person picks another (spec §3 id 9, Credit Card). */
export const DEFAULT_PAYMENT_METHOD_ID = 9;
