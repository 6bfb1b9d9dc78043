import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as payment from '../../../domain/payment/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(payment.paymentContext);
const open = payment.iframeOpened({ methodId: 9 });
const on = payment.submittingChanged({ submitting: true });
const off = payment.submittingChanged({ submitting: false });
const evolve = payment.paymentContext.evolve as unknown as (
  s: payment.PaymentState,
  e: DomainEvent,
) => payment.PaymentState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));

describe('payment iframe (spec §4 "submitting flag on/off, then completed or error")', () => {
  it('given an open iframe, when the user submits and the provider completes, then it is completed', () => {
    const g = given(open, on);
    expect(payment.selectIsSubmitting(g.state)).toBe(true);
    const { state, violation } = g.when(off, payment.paymentCompleted({ orderId: 'o1' }));
    expect(violation).toBeNull();
    expect(state).toEqual({ status: 'completed', methodId: 9, orderId: 'o1' });
    expect(payment.selectIsPaymentCompleted(state)).toBe(true);
    expect(payment.selectPaymentMethodName(state)).toBe('Credit Card');
  });
  it('an onError ends in error with a message key; 80213 is the credit-card error', () => {
    const { state } = given(open, on).when(payment.paymentFailed({ code: 80213 }));
    expect(state).toEqual({
      status: 'error',
      methodId: 9,
      code: 80213,
      messageKey: 'payment.errors.creditCard',
    });
    expect(payment.selectIsSubmitting(state)).toBe(false);
    expect(payment.selectPaymentErrorKey(state)).toBe('payment.errors.creditCard');
    expect(payment.selectPaymentErrorKey(given(open).when(payment.paymentFailed({ code: null })).state)).toBe(
      'payment.errors.generic',
    );
  });
  it('after an error, submitting again retries; the flag going off there changes nothing', () => {
    const g = given(open, on, payment.paymentFailed({ code: 1 }));
    expect(g.when(off).state).toBe(g.state);
    expect(g.when(on).state).toEqual({ status: 'ready', methodId: 9, submitting: true });
    expect(g.when(payment.paymentCompleted({ orderId: 'o2' })).state).toMatchObject({
      status: 'completed',
      orderId: 'o2',
    });
  });
  it('a completed payment ignores late errors and flags until the iframe closes', () => {
    const g = given(open, on, payment.paymentCompleted({ orderId: 'o1' }));
    expect(
      g.when(payment.paymentFailed({ code: 80213 }), on, open, payment.paymentCompleted({ orderId: 'o9' }))
        .state,
    ).toBe(g.state);
    expect(g.when(payment.iframeClosed({})).state).toEqual({ status: 'idle' });
  });
  it('ignores everything but opening while idle, and a repeated flag', () => {
    const idle = given();
    expect(
      idle.when(
        on,
        payment.paymentCompleted({ orderId: 'x' }),
        payment.paymentFailed({ code: 1 }),
        payment.iframeClosed({}),
      ).state,
    ).toBe(idle.state);
    expect(payment.selectPaymentMethodName(idle.state)).toBeNull();
    const g = given(open);
    expect(g.when(off).state).toBe(g.state);
  });
  it('the invariant names a completed payment that changed', () => {
    const done: payment.PaymentState = { status: 'completed', methodId: 1, orderId: 'o' };
    const e = stamp(open, 1, 1);
    expect(
      payment.completedIsFinal.check(done, { status: 'error', methodId: 1, code: 1, messageKey: 'k' }, e),
    ).toBe('completed payment became error');
    expect(payment.completedIsFinal.check(done, { status: 'idle' }, e)).toBeNull();
  });
});

describe('payment constants (spec §3 method ids, §8 "Unknown" and 80213, §9 SDK 1.1.5 and countries)', () => {
  it('names the payment methods, Unknown otherwise', () => {
    expect([1, 4, 5, 6, 8, 9, 10, 12].map(payment.paymentMethodName)).toEqual([
      'Payermax',
      'AliPay_CN',
      'WeChat',
      'PayPal',
      'Stripe',
      'Credit Card',
      'PayPal',
      'Onerway',
    ]);
    expect(payment.paymentMethodName(2)).toBe('Unknown');
    expect(payment.paymentMethodName(-1)).toBe('Unknown');
  });
  it('holds the card error code, the SDK version and the countries', () => {
    expect(payment.CREDIT_CARD_ERROR_CODE).toBe(80213);
    expect(payment.CHECKOUT_SDK_VERSION).toBe('1.1.5');
    expect(payment.PAYMENT_COUNTRIES).toEqual(['US', 'JP', 'CA', 'FR', 'GB', 'UK', 'KR', 'DE']);
    expect(payment.isPaymentCountry('UK')).toBe(true);
    expect(payment.isPaymentCountry('CN')).toBe(false);
    expect(payment.isPaymentCountry('us')).toBe(false);
  });
});

describe('payment iframe: an unpaid order opened again (the awaiting-order reminder)', () => {
  const resumed = payment.checkoutResumed({
    orderId: 'o7',
    checkoutUrl: '/pay/checkout/o7',
    goodsId: 'standard_month',
    methodId: 5,
  });
  it('from idle the iframe is ready on that order, with its method', () => {
    const { state } = given().when(resumed);
    expect(state).toEqual({
      status: 'ready',
      methodId: 5,
      submitting: false,
      order: { orderId: 'o7', checkoutUrl: '/pay/checkout/o7', goodsId: 'standard_month' },
    });
  });
  it('never replaces an order on screen nor a purchase under way', () => {
    const g = given(payment.checkoutRequested({ goodsId: 'a', methodId: 9, intentKey: 'k' }));
    expect(g.when(resumed).state).toBe(g.state);
    const h = given(open);
    expect(h.when(resumed).state).toBe(h.state);
  });
});

const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.constantFrom(1, 5, 9, 99).map((methodId) => payment.iframeOpened({ methodId })),
  fc.boolean().map((submitting) => payment.submittingChanged({ submitting })),
  fc.constantFrom('o1', 'o2').map((orderId) => payment.paymentCompleted({ orderId })),
  fc.constantFrom(80213, 500, null).map((code) => payment.paymentFailed({ code })),
  fc.constant(payment.iframeClosed({})),
  fc.constantFrom('o1', 'o2').map((orderId) =>
    payment.checkoutResumed({
      orderId,
      checkoutUrl: `/pay/checkout/${orderId}`,
      goodsId: 'g',
      methodId: 9,
    }),
  ),
);

describe('payment iframe laws', () => {
  it('property: submitting is only ever on in the ready state, and completion only follows an open iframe', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        let s = payment.initialPaymentState;
        for (const e of stampAll(events)) {
          const n = evolve(s, e);
          if (payment.selectIsSubmitting(n)) expect(n.status).toBe('ready');
          if (n.status === 'completed' && s.status !== 'completed')
            expect(['ready', 'error']).toContain(s.status);
          s = n;
        }
      }),
    );
  });
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        const stamped = stampAll(events);
        let s = payment.initialPaymentState;
        for (const e of stamped) s = evolve(s, e);
        expect(replayWith(evolve, [], payment.initialPaymentState, stamped).state).toEqual(s);
      }),
    );
  });
  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        expect(
          replayWith(evolve, payment.paymentInvariants, payment.initialPaymentState, stampAll(events))
            .violation,
        ).toBeNull();
      }),
    );
  });
});

describe('payment methods as people see them (issue 21 item 9: one row per method, a human name, never an id)', () => {
  it('ids 6 and 10 are both PayPal: one row, with the first id; the server order is kept; unknown ids are their own rows', () => {
    expect(payment.paymentMethodRows([1, 4, 5, 6, 8, 9, 10, 12])).toEqual([
      { kind: 'payermax', id: 1 },
      { kind: 'alipay', id: 4 },
      { kind: 'wechat', id: 5 },
      { kind: 'paypal', id: 6 },
      { kind: 'stripe', id: 8 },
      { kind: 'card', id: 9 },
      { kind: 'onerway', id: 12 },
    ]);
    expect(payment.paymentMethodRows([10, 6, 77, 78])).toEqual([
      { kind: 'paypal', id: 10 },
      { kind: 'unknown', id: 77 },
      { kind: 'unknown', id: 78 },
    ]);
  });

  it('property: each known method appears at most once, every row id was listed, and every listed known method has a row', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(1, 2, 4, 5, 6, 8, 9, 10, 12, 99)), (ids) => {
        const rows = payment.paymentMethodRows(ids);
        const known = rows.filter((r) => r.kind !== 'unknown').map((r) => r.kind);
        expect(new Set(known).size).toBe(known.length);
        for (const r of rows) expect(ids).toContain(r.id);
        for (const id of ids)
          if (payment.paymentMethodKind(id) !== 'unknown')
            expect(known).toContain(payment.paymentMethodKind(id));
      }),
    );
  });
});

describe('the checkout frame speaks the interface language (a hosted checkout takes the shopper’s locale)', () => {
  it('adds lang to the order’s address, keeping its own query and fragment', () => {
    expect(payment.checkoutFrameSrc('/pay/checkout/o1', 'ar')).toBe('/pay/checkout/o1?lang=ar');
    expect(payment.checkoutFrameSrc('/pay/checkout/o1?x=1#top', 'zh-TW')).toBe(
      '/pay/checkout/o1?x=1&lang=zh-TW#top',
    );
    expect(payment.checkoutFrameSrc('/pay/checkout/o1?lang=de&x=1', 'ja')).toBe(
      '/pay/checkout/o1?x=1&lang=ja',
    );
  });
  it('property: idempotent, one lang, the last asked wins, every other parameter kept in order', () => {
    const part = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(part, part), { maxLength: 4 }),
        fc.constantFrom('en', 'ar', 'ja', 'zh-CN'),
        fc.constantFrom('en', 'ar', 'de'),
        (params, first, second) => {
          const url = `/pay/checkout/o?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
          const once = payment.checkoutFrameSrc(url, first);
          expect(payment.checkoutFrameSrc(once, first)).toBe(once);
          const again = new URL(payment.checkoutFrameSrc(once, second), 'http://x');
          expect(again.searchParams.getAll(payment.CHECKOUT_LOCALE_PARAM)).toEqual([second]);
          const others = params.filter(([k]) => k !== payment.CHECKOUT_LOCALE_PARAM);
          expect([...again.searchParams].filter(([k]) => k !== payment.CHECKOUT_LOCALE_PARAM)).toEqual(
            others,
          );
        },
      ),
    );
  });
});
