import * as E from 'fp-ts/Either';
import { of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { billing, notices, payment, popups, session } from '../../../domain/index.js';
import {
  changeSubscription,
  closeCheckout,
  loadLedger,
  loadSubscriptionStatus,
  refreshPayment,
  resumeCheckout,
  startCheckout,
} from '../../../infrastructure/billing/commands';
import type { BillingApi } from '../../../infrastructure/billing/api';
import type { LedgerEntry, Order, SubscriptionStatus } from '../../../infrastructure/contract/commerce';
import type { PaymentInfo } from '../../../infrastructure/contract/payment';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakeBilling } from '../../support/fakes/billing';

const signedIn = session.userInfoSet({
  user: { id: 'u', accountName: 'u', name: 'U', email: 'u@x.test', avatar: '', status: 1, role: 'user' },
});
const newScheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

const order = (over: Partial<Order> = {}): Order => ({
  order_id: 'ord_1',
  goods_id: 'calculate500',
  kind: 'coins',
  amount: 4.99,
  currency: 'USD',
  payment_method_id: 9,
  status: 'pending',
  failure_code: null,
  checkout_url: '/pay/checkout/ord_1',
  created_at: 0,
  expires_at: 1,
  paid_at: null,
  ...over,
});
const msg = (status: string, over: Record<string, unknown> = {}) => ({
  type: 'atelier-checkout',
  order_id: 'ord_1',
  status,
  ...over,
});
const subStatus: SubscriptionStatus = {
  is_pause: true,
  pause_month: 2,
  pause_start_at: 10,
  pause_end_at: 20,
  free_month_status: 0,
  free_month_start_at: null,
  free_month_end_at: null,
  cancel_at: null,
  prev_product: null,
  next_product: null,
  next_product_active_at: null,
  is_trial: false,
  current_product: 'standard_month',
  expiry_time: 10,
  trial_eligible: false,
};

const paymentInfo: PaymentInfo = {
  account_id: 'u',
  calculate_coins: 10,
  free_coins: 10,
  temp_coins: 0,
  paid_coins: 0,
  is_active: true,
  expiry_time: 10,
  lite_is_active: false,
  lite_expiry_time: null,
  product_level: 2,
  product_type: 1,
  vip_type: 'svip_2',
  big_is_active: false,
  total_recharge: 0,
};

const setup = (scheduler: TestScheduler, api: Partial<BillingApi>) => {
  const fake = makeFakeBilling(api);
  const core = makeFakeDeps(
    scheduler,
    { paymentInfo: () => of(E.right(paymentInfo)) },
    { billing: fake.deps },
  );
  const store = makeStore({ dependencies: core.deps });
  store.dispatch(signedIn);
  // Payment info arrives; a member's session then asks for its status once (the reminders read it).
  store.dispatch(refreshPayment({}));
  expect(fake.calls.map((c) => c.name)).toEqual(['subscriptionStatus']);
  fake.calls.length = 0;
  return { store, fake, core };
};

describe('checkout (spec §4 payment iframe; orders are idempotent: one order per intent)', () => {
  it('a double click makes one order with one idempotency key; a coin pack is ordered directly', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        createOrder: () => cold('--r|', { r: E.right({ order: order() }) }),
      });
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      flush();
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 })); // the iframe is open
      flush();
      expect(h.fake.calls.map((c) => c.name)).toEqual(['createOrder']);
      expect(h.fake.calls[0]?.body).toMatchObject({ goods_id: 'calculate500', payment_method_id: 9 });
      expect((h.fake.calls[0]?.body as { idempotency_key: string }).idempotency_key).toMatch(/^ck_/);
      expect(payment.selectCheckoutOrder(h.store.getState().payment)).toEqual({
        orderId: 'ord_1',
        checkoutUrl: '/pay/checkout/ord_1',
        goodsId: 'calculate500',
      });
    });
  });

  it('a plan goes through the subscription url call; a refusal says why and orders nothing more', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        subscriptionUrl: () =>
          cold('-r|', { r: E.left({ kind: 'api' as const, path: '/x', code: 10403, msg: 'trial taken' }) }),
      });
      h.store.dispatch(startCheckout({ goodsId: 'basic_trial_3day', methodId: 9 }));
      flush();
      expect(h.fake.calls.map((c) => c.name)).toEqual(['subscriptionUrl']);
      expect(payment.selectPaymentErrorKey(h.store.getState().payment)).toBe('payment.errors.refused');
      h.store.dispatch(closeCheckout({}));
      expect(h.store.getState().payment).toEqual({ status: 'idle' });
    });
  });

  it('iframe messages: only the order on screen, in the contract shape; completed is checked with the server, then payment info and the status are fetched again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        createOrder: () => cold('r|', { r: E.right({ order: order() }) }),
        orderDetail: () => cold('-r|', { r: E.right({ order: order({ status: 'paid', paid_at: 5 }) }) }),
      });
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      flush();
      h.fake.messages.next(msg('submitting', { order_id: 'ord_other' })); // another order: dropped
      h.fake.messages.next({ type: 'something-else', status: 'completed' }); // not the contract: dropped
      expect(h.store.getState().payment.status).toBe('ready');
      h.fake.messages.next(msg('submitting'));
      expect(payment.selectIsSubmitting(h.store.getState().payment)).toBe(true);
      h.fake.messages.next(msg('error', { code: 80213, msg: 'declined' }));
      expect(payment.selectPaymentErrorKey(h.store.getState().payment)).toBe('payment.errors.creditCard');
      h.fake.messages.next(msg('submitting'));
      h.fake.messages.next(msg('completed'));
      flush();
      expect(h.store.getState().payment).toMatchObject({ status: 'completed', orderId: 'ord_1' });
      const names = h.core.calls.map((c) => c.name);
      expect(names.filter((n) => n === 'paymentInfo').length).toBeGreaterThanOrEqual(1);
      expect(h.fake.calls.map((c) => c.name)).toEqual(['createOrder', 'orderDetail', 'subscriptionStatus']);
    });
  });

  it('a "completed" message for an order the server has not been paid for is a failure', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        createOrder: () => cold('r|', { r: E.right({ order: order() }) }),
        orderDetail: () => cold('r|', { r: E.right({ order: order({ status: 'failed' }) }) }),
      });
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      flush();
      h.fake.messages.next(msg('completed'));
      flush();
      expect(h.store.getState().payment.status).toBe('error');
    });
  });
});

describe('subscription changes and the ledger', () => {
  it('one change at a time; the answer is the new status with the 3-day trial flag, then payment info again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        pause: () => cold('--r|', { r: E.right(subStatus) }),
        subscriptionStatus: () => cold('-r|', { r: E.right({ ...subStatus, trial_eligible: true }) }),
      });
      h.store.dispatch(changeSubscription({ action: 'pause', months: 2 }));
      h.store.dispatch(changeSubscription({ action: 'pause', months: 2 }));
      expect(billing.selectSubscriptionCalls(h.store.getState().billing).pending).toBe('pause');
      flush();
      expect(h.fake.calls.map((c) => [c.name, c.body])).toEqual([['pause', { pause_month: 2 }]]);
      expect(billing.selectSubscriptionStatus(h.store.getState().billing)).toMatchObject({
        isPause: true,
        pauseMonth: 2,
        currentProduct: 'standard_month',
      });
      h.store.dispatch(loadSubscriptionStatus({}));
      flush();
      expect(billing.selectThreeDayTrial(h.store.getState().billing)).toBe(true);
    });
  });

  it('pages the ledger by cursor and reloads its first page when payment info changes (a refund shows up)', () => {
    const scheduler = newScheduler();
    const e = (id: number, category: LedgerEntry['category'] = 'task'): LedgerEntry => ({
      id,
      direction: category === 'taskRefund' ? 'credit' : 'debit',
      category,
      coins: 10,
      parts: [{ kind: 'free', amount: 10 }],
      created_at: id,
      ref: 't1',
      task: { id: 't1', domain_type: 0, prompt: 'p', status: 4 },
      goods_id: null,
    });
    scheduler.run(({ cold, flush }) => {
      const pages = [
        { items: [e(5), e(4)], next_cursor: 4 },
        { items: [e(3)], next_cursor: null },
        { items: [e(6, 'taskRefund'), e(5)], next_cursor: 5 },
      ];
      let n = 0;
      const h = setup(scheduler, { ledger: () => cold('-r|', { r: E.right(pages[n++]!) }) });
      h.store.dispatch(loadLedger({ reset: false }));
      flush();
      h.store.dispatch(loadLedger({ reset: false }));
      flush();
      h.store.dispatch(loadLedger({ reset: false })); // the end: nothing asked
      flush();
      expect(h.fake.calls.map((c) => c.body)).toEqual([{}, { cursor: 4 }]);
      h.store.dispatch(
        billing.paymentInfoReceived({
          info: {
            accountId: 'u',
            calculateCoins: 10,
            freeCoins: 10,
            tempCoins: 0,
            paidCoins: 0,
            isActive: false,
            liteIsActive: false,
            productLevel: 0,
            productType: 0,
            vipType: '',
            expiryTime: null,
          },
        }),
      );
      flush();
      const ledger = billing.selectLedger(h.store.getState().billing);
      expect(ledger.entries.map((x) => [x.id, x.category])).toEqual([
        [6, 'taskRefund'],
        [5, 'task'],
      ]);
    });
  });
});

describe('end-time reminders (spec §4 retention, awaiting order, activation; §9 awaiting order 15)', () => {
  const MIN = 60_000;

  it('a checkout closed on an unpaid order leaves 15 minutes to complete it; a completed payment ends that', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        createOrder: () => cold('r|', { r: E.right({ order: order() }) }),
        orderDetail: () => cold('r|', { r: E.right({ order: order({ status: 'paid', paid_at: 5 }) }) }),
      });
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      flush();
      h.store.dispatch(closeCheckout({}));
      const p = h.store.getState().popups;
      expect(p.endTimes.awaitingOrder).toBe(scheduler.now() + 15 * MIN);
      expect(p.awaitingOrderId).toBe('ord_1');
      // Reopened and paid: the reminder ends.
      h.store.dispatch(resumeCheckout({ orderId: 'ord_1' }));
      flush();
      expect(h.store.getState().popups.endTimes.awaitingOrder).toBeUndefined();
    });
  });

  it('a closed checkout that was paid, or that never had an order, leaves no reminder', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = setup(scheduler, {
        createOrder: () => cold('r|', { r: E.right({ order: order() }) }),
        orderDetail: () => cold('r|', { r: E.right({ order: order({ status: 'paid', paid_at: 5 }) }) }),
      });
      h.store.dispatch(closeCheckout({}));
      expect(h.store.getState().popups.endTimes).toEqual({});
      h.store.dispatch(startCheckout({ goodsId: 'calculate500', methodId: 9 }));
      flush();
      h.fake.messages.next(msg('completed'));
      flush();
      h.store.dispatch(closeCheckout({}));
      expect(h.store.getState().popups.endTimes).toEqual({});
    });
  });

  it('resuming asks the server: an unpaid order opens again in the iframe; an expired one says so and ends the reminder', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let answer = order({ expires_at: 30 * MIN });
      const h = setup(scheduler, { orderDetail: () => cold('-r|', { r: E.right({ order: answer }) }) });
      h.store.dispatch(popups.endTimeSet({ popup: 'awaitingOrder', endAt: 15 * MIN, orderId: 'ord_1' }));
      h.store.dispatch(resumeCheckout({ orderId: 'ord_1' }));
      h.store.dispatch(resumeCheckout({ orderId: 'ord_1' })); // a double click asks once
      flush();
      expect(h.fake.calls.map((c) => [c.name, c.body])).toEqual([['orderDetail', { order_id: 'ord_1' }]]);
      expect(h.store.getState().payment).toMatchObject({
        status: 'ready',
        methodId: 9,
        order: { orderId: 'ord_1', checkoutUrl: '/pay/checkout/ord_1', goodsId: 'calculate500' },
      });
      h.store.dispatch(closeCheckout({}));
      answer = order({ status: 'expired' });
      const toasts = new Set<string>();
      h.store.subscribe(() =>
        notices.selectNotices(h.store.getState().notices).forEach((n) => toasts.add(n.messageKey)),
      );
      h.store.dispatch(resumeCheckout({ orderId: 'ord_1' }));
      flush();
      const s = h.store.getState();
      expect(s.payment.status).toBe('idle');
      expect(s.popups.endTimes.awaitingOrder).toBeUndefined();
      expect([...toasts]).toEqual(['popups.awaitingOrder.gone']);
    });
  });

  it('retention follows a cancelled plan that may still take its free month, until the plan ends; activation the next plan', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let answer: SubscriptionStatus = {
        ...subStatus,
        is_pause: false,
        expiry_time: 100 * MIN,
        cancel_at: 1,
      };
      const h = setup(scheduler, { subscriptionStatus: () => cold('r|', { r: E.right(answer) }) });
      // The status the session asked for at its start (setup) brings the retention end.
      flush();
      expect(h.store.getState().popups.endTimes).toEqual({ retention: 100 * MIN });
      answer = {
        ...answer,
        cancel_at: null,
        free_month_status: 1,
        next_product: 'pro_month',
        next_product_active_at: 100 * MIN,
      };
      h.store.dispatch(loadSubscriptionStatus({}));
      flush();
      expect(h.store.getState().popups.endTimes).toEqual({ activation: 100 * MIN });
    });
  });
});
