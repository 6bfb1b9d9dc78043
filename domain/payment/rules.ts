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

/** What a payment method is to a person: one per provider, whatever ids the server has for it. */
export type PaymentMethodKind =
  'card' | 'paypal' | 'stripe' | 'payermax' | 'alipay' | 'wechat' | 'onerway' | 'unknown';

const KIND_OF_ID: Readonly<Record<number, PaymentMethodKind>> = {
  1: 'payermax',
  4: 'alipay',
  5: 'wechat',
  6: 'paypal',
  8: 'stripe',
  9: 'card',
  10: 'paypal',
  12: 'onerway',
};

export const paymentMethodKind = (id: number): PaymentMethodKind => KIND_OF_ID[id] ?? 'unknown';

/** One row a person sees: the method, and the id a purchase with it uses. */
export interface PaymentMethodRow {
  readonly kind: PaymentMethodKind;
  /** The id a purchase uses: the first the server listed for this method. */
  readonly id: number;
}

/**
 * One row per method (ids 6 and 10 are both PayPal: one row), in the server's order, each with
 * the first id listed for it; ids we do not know are one "unknown" row each, never merged.
 */
export const paymentMethodRows = (ids: readonly number[]): readonly PaymentMethodRow[] => {
  const seen = new Set<PaymentMethodKind>();
  const rows: PaymentMethodRow[] = [];
  for (const id of ids) {
    const kind = paymentMethodKind(id);
    if (kind !== 'unknown' && seen.has(kind)) continue;
    seen.add(kind);
    rows.push({ kind, id });
  }
  return rows;
};

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

/**
 * The query parameter that asks the provider's checkout page for a language (as a hosted checkout's
 * `locale` does): the page in the frame speaks the interface's language, not the browser's.
 */
export const CHECKOUT_LOCALE_PARAM = 'lang';

/** The checkout page's address in a frame for an interface in `locale` (the order's own query kept). */
export const checkoutFrameSrc = (checkoutUrl: string, locale: string): string => {
  const hash = checkoutUrl.indexOf('#');
  const [base, fragment] =
    hash < 0 ? [checkoutUrl, ''] : [checkoutUrl.slice(0, hash), checkoutUrl.slice(hash)];
  const kept = base
    .split(/[?&]/)
    .slice(1)
    .filter((p) => p !== '' && p.split('=')[0] !== CHECKOUT_LOCALE_PARAM);
  const path = base.split('?')[0] ?? '';
  const query = [...kept, `${CHECKOUT_LOCALE_PARAM}=${encodeURIComponent(locale)}`].join('&');
  return `${path}?${query}${fragment}`;
};
