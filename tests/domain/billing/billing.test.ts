import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as billing from '../../../domain/billing/index.js';
import { subscriptionStatus } from '../../support/fixtures.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const given = givenIn(billing.billingContext);

const info = (over: Partial<billing.PaymentInfo> = {}): billing.PaymentInfo => ({
  accountId: 'acc-1',
  calculateCoins: 120,
  freeCoins: 20,
  tempCoins: 5,
  paidCoins: 95,
  isActive: true,
  liteIsActive: false,
  productLevel: 2,
  productType: 1,
  vipType: 'svip_2',
  expiryTime: null,
  ...over,
});
const status = subscriptionStatus;
const pack = (goodsId: string, calculateCoins: number, giveCalculateCoins = 0): billing.RechargePackage => ({
  goodsId,
  calculateCoins,
  giveCalculateCoins,
  price: calculateCoins / 100,
  currency: 'USD',
});
const plan: billing.SubscriptionPlan = {
  goodsId: 'pro_monthly',
  productLevel: 3,
  productType: 1,
  price: 29.99,
  currency: 'USD',
};

describe('billing: payment info (spec §3 "client payment state: activeState, liteActiveState, vipType, paymentInfo.calculateCoins")', () => {
  it('given nothing, when payment info arrives, then every coin kind and the client payment state are kept', () => {
    const { state, violation } = given().when(
      billing.paymentInfoReceived({ info: info({ liteIsActive: true }) }),
    );
    expect(violation).toBeNull();
    expect(state).toMatchObject({
      status: 'known',
      activeState: true,
      liteActiveState: true,
      vipType: 'svip_2',
    });
    expect(billing.selectCoinBalance(state)).toBe(120);
    expect(billing.selectCoins(state)).toEqual({ calculate: 120, free: 20, temp: 5, paid: 95 });
    expect(billing.selectPaymentInfo(state)?.accountId).toBe('acc-1');
    expect(billing.selectActiveState(state)).toBe(true);
    expect(billing.selectLiteActiveState(state)).toBe(true);
    expect(billing.selectVipType(state)).toBe('svip_2');
  });

  it('before payment info is known there is no balance, no payment state and no level', () => {
    const s = billing.initialBillingState;
    expect(billing.selectCoinBalance(s)).toBeNull();
    expect(billing.selectCoins(s)).toBeNull();
    expect(billing.selectPaymentInfo(s)).toBeNull();
    expect(billing.selectActiveState(s)).toBe(false);
    expect(billing.selectLiteActiveState(s)).toBe(false);
    expect(billing.selectVipType(s)).toBeNull();
    expect(billing.selectSubscriptionLevel(s)).toBe('inactive');
    expect(billing.selectIsYearly(s)).toBe(false);
    expect(billing.selectCurrentPricePerMonth(s)).toBeNull();
  });

  it('payment info does not drop the subscription status or the caches', () => {
    const { state } = given(
      billing.subscriptionStatusReceived({ status: status({ isTrial: true }) }),
      billing.calculateListFetched({ packages: [pack('calculate100', 100)] }),
    ).when(billing.paymentInfoReceived({ info: info() }));
    expect(billing.selectIsTrial(state)).toBe(true);
    expect(state.caches.calculateList?.data).toHaveLength(1);
  });
});

describe('billing: empty account (spec §4 "an empty account clears all payment state, timers and local timer keys")', () => {
  it('given known payment state, when cleared, then payment info, subscription status and the trial flag go; catalogues stay cached', () => {
    const { state } = given(
      billing.paymentInfoReceived({ info: info() }),
      billing.subscriptionStatusReceived({ status: status({ isPause: true }) }),
      billing.threeDayTrialFlagged({ enabled: true }),
      billing.subscriptionListFetched({ plans: [plan] }),
    ).when(billing.paymentInfoCleared({}));
    expect(state.status).toBe('empty');
    expect(state.subscription).toBeNull();
    expect(state.threeDayTrial).toBe(false);
    expect(billing.selectCoinBalance(state)).toBeNull();
    expect(state.caches.subscriptionList?.data).toEqual([plan]);
  });

  it('clearing an already empty state leaves it as it is', () => {
    const g = given();
    expect(g.when(billing.paymentInfoCleared({})).state).toBe(g.state);
  });

  it('returns the payment timer keys present locally, each once', () => {
    expect(
      billing.timerKeysToRemove([
        'lang',
        'half_discount_end_at',
        'retention_popup_end_at',
        'half_discount_end_at',
      ]),
    ).toEqual(['half_discount_end_at', 'retention_popup_end_at']);
    expect(billing.PAYMENT_TIMER_KEYS).toEqual([
      'retention_popup_end_at',
      'awaiting_order_end_at',
      'activation_popup_end_at',
      'half_discount_end_at',
    ]);
  });

  it('a fetch with no payment info, or no account id, is an empty account; otherwise it is stored', () => {
    const keys = ['awaiting_order_end_at', 'theme'];
    expect(billing.paymentInfoOutcome(null, keys)).toEqual({
      kind: 'cleared',
      removeKeys: ['awaiting_order_end_at'],
    });
    expect(billing.paymentInfoOutcome(info({ accountId: '' }), keys)).toEqual({
      kind: 'cleared',
      removeKeys: ['awaiting_order_end_at'],
    });
    expect(billing.paymentInfoOutcome(info(), keys)).toEqual({ kind: 'received', info: info() });
    expect(billing.isEmptyAccount(info())).toBe(false);
  });
});

describe('billing: levels (spec §3/§4 "inactive, Basic, Standard, Pro; product_level 1 Basic, 2 Standard, other Pro; product_type 3 yearly")', () => {
  it.each([
    [1, 'Basic'],
    [2, 'Standard'],
    [3, 'Pro'],
    [0, 'Pro'],
    [7, 'Pro'],
  ] as const)('an active product_level %d is %s', (productLevel, level) => {
    expect(billing.subscriptionLevelOf(info({ productLevel }))).toBe(level);
  });

  it('an inactive membership is inactive whatever its level', () => {
    expect(billing.subscriptionLevelOf(info({ isActive: false, productLevel: 3 }))).toBe('inactive');
  });

  it('product_type 3 is yearly, other types are not', () => {
    expect(billing.isYearly(3)).toBe(true);
    expect(billing.isYearly(1)).toBe(false);
    expect(billing.isYearly(2)).toBe(false);
  });

  it('the selectors read level, yearly and the price per month of the current plan', () => {
    const s = given(billing.paymentInfoReceived({ info: info({ productLevel: 3, productType: 3 }) })).state;
    expect(billing.selectSubscriptionLevel(s)).toBe('Pro');
    expect(billing.selectIsYearly(s)).toBe(true);
    expect(billing.selectCurrentPricePerMonth(s)).toBe(23.99);
    const inactive = given(billing.paymentInfoReceived({ info: info({ isActive: false }) })).state;
    expect(billing.selectCurrentPricePerMonth(inactive)).toBeNull();
  });
});

describe('billing: prices (spec §9 "Basic 4.99, Standard 14.99, Pro 29.99; yearly weights 11, 12, 13: 3.99, 11.99, 23.99")', () => {
  it('monthly plans weigh 1, 2, 3 and yearly plans 11, 12, 13', () => {
    expect(billing.planWeight('Basic', false)).toBe(1);
    expect(billing.planWeight('Standard', false)).toBe(2);
    expect(billing.planWeight('Pro', false)).toBe(3);
    expect(billing.planWeight('Basic', true)).toBe(11);
    expect(billing.planWeight('Standard', true)).toBe(12);
    expect(billing.planWeight('Pro', true)).toBe(13);
  });

  it('prices per month follow the table', () => {
    expect(billing.pricePerMonth('Basic', false)).toBe(4.99);
    expect(billing.pricePerMonth('Standard', false)).toBe(14.99);
    expect(billing.pricePerMonth('Pro', false)).toBe(29.99);
    expect(billing.pricePerMonth('Basic', true)).toBe(3.99);
    expect(billing.pricePerMonth('Standard', true)).toBe(11.99);
    expect(billing.pricePerMonth('Pro', true)).toBe(23.99);
  });

  it('property: price table law: for any product level, yearly price < monthly price, both positive, and higher levels cost more', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), fc.integer({ min: -5, max: 20 }), (a, b) => {
        const la = billing.paidLevelOf(a);
        const lb = billing.paidLevelOf(b);
        expect(billing.pricePerMonth(la, true)).toBeLessThan(billing.pricePerMonth(la, false));
        expect(billing.pricePerMonth(la, true)).toBeGreaterThan(0);
        expect(billing.planWeight(la, true)).toBe(billing.planWeight(la, false) + 10);
        if (billing.LEVEL_WEIGHT[la] < billing.LEVEL_WEIGHT[lb])
          for (const yearly of [false, true])
            expect(billing.pricePerMonth(la, yearly)).toBeLessThan(billing.pricePerMonth(lb, yearly));
      }),
    );
  });
});

describe('billing: subscription status (spec §4 "pause, free-month trial, cancel and next-plan states come from the server; a 3-day trial flag exists")', () => {
  const now = T0 + 10_000;

  it('stores the status and reads pause, free month, cancel, next plan and trial', () => {
    const s = given(
      billing.subscriptionStatusReceived({
        status: status({
          isPause: true,
          pauseMonth: 2,
          pauseStartAt: now - 1,
          pauseEndAt: now + 1,
          freeMonthStatus: 1,
          freeMonthStartAt: now - 1,
          freeMonthEndAt: now + 1,
          cancelAt: now + 5,
          prevProduct: 'basic_monthly',
          nextProduct: 'pro_yearly',
          nextProductActiveAt: now + 100,
          isTrial: true,
        }),
      }),
    ).state;
    expect(billing.selectSubscriptionStatus(s)?.pauseMonth).toBe(2);
    expect(billing.selectIsPaused(s, now)).toBe(true);
    expect(billing.selectIsPaused(s, now + 1)).toBe(false);
    expect(billing.selectPauseMonths(s)).toBe(2);
    expect(billing.selectIsInFreeMonth(s, now)).toBe(true);
    expect(billing.selectIsInFreeMonth(s, now + 1)).toBe(false);
    expect(billing.selectIsCancelled(s)).toBe(true);
    expect(billing.selectNextProduct(s)).toEqual({ product: 'pro_yearly', activeAt: now + 100 });
    expect(billing.selectIsTrial(s)).toBe(true);
    expect(billing.selectDiscountUpgradePending(s)).toBe(false);
  });

  it('without a status nothing is paused, cancelled, pending or in trial', () => {
    const s = billing.initialBillingState;
    expect(billing.selectSubscriptionStatus(s)).toBeNull();
    expect(billing.selectIsPaused(s, now)).toBe(false);
    expect(billing.selectPauseMonths(s)).toBe(0);
    expect(billing.selectIsInFreeMonth(s, now)).toBe(false);
    expect(billing.selectIsCancelled(s)).toBe(false);
    expect(billing.selectNextProduct(s)).toBeNull();
    expect(billing.selectIsTrial(s)).toBe(false);
    expect(billing.selectDiscountUpgradePending(s)).toBe(false);
  });

  it('a pause with no end stays paused; a free month needs status and both bounds', () => {
    expect(billing.isPausedAt(status({ isPause: true }), now)).toBe(true);
    expect(billing.isPausedAt(status({ isPause: false, pauseEndAt: now + 1 }), now)).toBe(false);
    expect(
      billing.isInFreeMonthAt(
        status({ freeMonthStatus: 0, freeMonthStartAt: 0, freeMonthEndAt: now + 1 }),
        now,
      ),
    ).toBe(false);
    expect(
      billing.isInFreeMonthAt(
        status({ freeMonthStatus: 1, freeMonthStartAt: null, freeMonthEndAt: now + 1 }),
        now,
      ),
    ).toBe(false);
    expect(
      billing.isInFreeMonthAt(
        status({ freeMonthStatus: 1, freeMonthStartAt: now + 1, freeMonthEndAt: now + 2 }),
        now,
      ),
    ).toBe(false);
  });

  it('the 3-day trial flag is set and unset; setting it twice changes nothing', () => {
    const g = given(billing.threeDayTrialFlagged({ enabled: true }));
    expect(billing.selectThreeDayTrial(g.state)).toBe(true);
    expect(g.when(billing.threeDayTrialFlagged({ enabled: true })).state).toBe(g.state);
    expect(billing.selectThreeDayTrial(g.when(billing.threeDayTrialFlagged({ enabled: false })).state)).toBe(
      false,
    );
  });

  it("a discount upgrade is pending when the next plan name contains 'discount' (spec §4)", () => {
    expect(billing.isDiscountUpgradePending(status({ nextProduct: 'pro_yearly_discount' }))).toBe(true);
    expect(billing.isDiscountUpgradePending(status({ nextProduct: 'discount' }))).toBe(true);
    expect(billing.isDiscountUpgradePending(status({ nextProduct: 'pro_yearly' }))).toBe(false);
    expect(billing.isDiscountUpgradePending(status({ nextProduct: null }))).toBe(false);
    expect(billing.isDiscountUpgradePending(null)).toBe(false);
    const s = given(
      billing.subscriptionStatusReceived({ status: status({ nextProduct: 'std_discount_50' }) }),
    ).state;
    expect(billing.selectDiscountUpgradePending(s)).toBe(true);
  });
});

describe('billing: benefit type (spec §4 "compute purchase; trial subscription; upgrade; one-time purchase; weekly, monthly or yearly by goods id; else unknown")', () => {
  const base: billing.BenefitInput = {
    goodsId: 'x',
    isSubscription: false,
    isTrial: false,
    isUpgrade: false,
    isOneTime: false,
  };

  it.each([
    [
      { goodsId: 'calculate500', isSubscription: true, isTrial: true, isUpgrade: true, isOneTime: true },
      'computePurchase',
    ],
    [{ goodsId: 'pro_monthly', isSubscription: true, isTrial: true, isUpgrade: true }, 'trialSubscription'],
    [{ goodsId: 'pro_monthly', isTrial: true, isUpgrade: true }, 'upgrade'],
    [{ goodsId: 'pro_monthly', isSubscription: true, isOneTime: true }, 'oneTimePurchase'],
    [{ goodsId: 'basic_weekly', isSubscription: true }, 'weeklySubscription'],
    [{ goodsId: 'std_MONTH_1' }, 'monthlySubscription'],
    [{ goodsId: 'pro_yearly' }, 'yearlySubscription'],
    [{ goodsId: 'pro_annual' }, 'yearlySubscription'],
    [{ goodsId: 'calculate' }, 'unknown'],
    [{ goodsId: 'calculate_500' }, 'unknown'],
    [{ goodsId: 'Calculate500' }, 'unknown'],
    [{ goodsId: '' }, 'unknown'],
  ] as const)('%j resolves to %s', (over, expected) => {
    expect(billing.benefitTypeOf({ ...base, ...over })).toBe(expected);
  });

  // An independent oracle: the spec's branches as (predicate, result) pairs, first match wins.
  const oracle = (p: billing.BenefitInput): billing.BenefitType => {
    const branches: [boolean, billing.BenefitType][] = [
      [/^calculate[0-9]+$/.test(p.goodsId), 'computePurchase'],
      [p.isSubscription && p.isTrial, 'trialSubscription'],
      [p.isUpgrade, 'upgrade'],
      [p.isOneTime, 'oneTimePurchase'],
      [p.goodsId.toLowerCase().includes('week'), 'weeklySubscription'],
      [p.goodsId.toLowerCase().includes('month'), 'monthlySubscription'],
      [
        p.goodsId.toLowerCase().includes('year') || p.goodsId.toLowerCase().includes('annual'),
        'yearlySubscription',
      ],
      [true, 'unknown'],
    ];
    return branches.find(([hit]) => hit)![1];
  };
  const goodsId = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.nat().map((n) => `calculate${n}`),
    fc
      .tuple(
        fc.constantFrom('', 'basic_', 'calculate', 'pro-'),
        fc.constantFrom('week', 'Month', 'YEAR', 'annual', 'weekly_month', ''),
        fc.constantFrom('', '_1', 'ly'),
      )
      .map(([a, b, c]) => a + b + c),
  );
  const arbInput = fc.record({
    goodsId,
    isSubscription: fc.boolean(),
    isTrial: fc.boolean(),
    isUpgrade: fc.boolean(),
    isOneTime: fc.boolean(),
  });

  it('property: benefit type is total and follows the order (equals the first matching branch of an ordered oracle)', () => {
    fc.assert(
      fc.property(arbInput, (p) => {
        const t = billing.benefitTypeOf(p);
        expect(t).toBe(oracle(p));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('billing: caches (spec §9 "subscription and calculate caches expire after 300000 ms"; §8 "cached data when available, else 50000")', () => {
  it('an entry is fresh for 300000 ms and stale from then on; none or a future stamp is not fresh', () => {
    const entry = { data: [plan], fetchedAt: 1_000 };
    expect(billing.isCacheFresh(entry, 1_000)).toBe(true);
    expect(billing.isCacheFresh(entry, 1_000 + 299_999)).toBe(true);
    expect(billing.isCacheFresh(entry, 1_000 + 300_000)).toBe(false);
    expect(billing.isCacheFresh(entry, 999)).toBe(false);
    expect(billing.isCacheFresh(null, 1_000)).toBe(false);
  });

  it('given fetched lists, the fresh selectors return them within the TTL and null after', () => {
    const at = T0 + 5_000;
    const s = given(
      billing.subscriptionListFetched({ plans: [plan] }, at),
      billing.calculateListFetched({ packages: [pack('calculate100', 100)] }, at),
    ).state;
    expect(s.caches.subscriptionList?.fetchedAt).toBe(at);
    expect(billing.selectFreshSubscriptionList(s, at + 10)).toEqual([plan]);
    expect(billing.selectFreshSubscriptionList(s, at + billing.CACHE_TTL_MS)).toBeNull();
    expect(billing.selectFreshCalculateList(s, at + 10)).toHaveLength(1);
    expect(billing.selectFreshCalculateList(s, at + billing.CACHE_TTL_MS)).toBeNull();
  });

  it('a failed fetch returns cached data, fresh or stale', () => {
    const s = given(
      billing.subscriptionListFetched({ plans: [plan] }),
      billing.calculateListFetched({ packages: [] }),
    ).state;
    expect(billing.resolveFetchFailure(s.caches, 'subscriptionList')).toEqual({ data: [plan] });
    expect(billing.resolveFetchFailure(s.caches, 'calculateList')).toEqual({ data: [] });
  });

  it('a failed fetch with nothing cached gives code 50000 and the spec message', () => {
    expect(billing.resolveFetchFailure(billing.EMPTY_CACHES, 'subscriptionList')).toEqual({
      error: { code: 50000, message: 'Failed to fetch subscription list' },
    });
    expect(billing.resolveFetchFailure(billing.EMPTY_CACHES, 'calculateList')).toEqual({
      error: { code: 50000, message: 'Failed to fetch calculate list' },
    });
  });

  it('property: a cache is fresh exactly when 0 <= age < 300000', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (fetchedAt, age) => {
          expect(billing.isCacheFresh({ data: [], fetchedAt }, fetchedAt + age)).toBe(
            age >= 0 && age < 300_000,
          );
        },
      ),
    );
  });
});

describe('billing: recharge list (spec §9 "shows up to 3 packages plus the largest")', () => {
  it('three or fewer packages are shown as they are', () => {
    const list = [pack('a', 10), pack('b', 30), pack('c', 20)];
    expect(billing.visibleRechargePackages(list)).toBe(list);
    expect(billing.visibleRechargePackages([])).toEqual([]);
  });

  it('the first three plus the largest by coins plus bonus, in list order', () => {
    const list = [
      pack('a', 10),
      pack('b', 20),
      pack('c', 30),
      pack('d', 40),
      pack('e', 45, 20),
      pack('f', 60),
    ];
    expect(billing.visibleRechargePackages(list).map((p) => p.goodsId)).toEqual(['a', 'b', 'c', 'e']);
  });

  it('a largest package among the first three is not repeated', () => {
    const list = [pack('a', 100), pack('b', 20), pack('c', 30), pack('d', 40)];
    expect(billing.visibleRechargePackages(list).map((p) => p.goodsId)).toEqual(['a', 'b', 'c']);
  });

  it('the selector reads the cached calculate list', () => {
    const s = given(
      billing.calculateListFetched({
        packages: [pack('a', 1), pack('b', 2), pack('c', 3), pack('d', 9), pack('e', 4)],
      }),
    ).state;
    expect(billing.selectVisibleRechargePackages(s).map((p) => p.goodsId)).toEqual(['a', 'b', 'c', 'd']);
    expect(billing.selectVisibleRechargePackages(billing.initialBillingState)).toEqual([]);
  });

  it('property: at most 4 items, always contains a largest, no duplicates, a prefix of 3 then order kept', () => {
    const arbPack = fc.record({
      goodsId: fc.string({ maxLength: 4 }),
      calculateCoins: fc.nat(1000),
      giveCalculateCoins: fc.nat(200),
      price: fc.nat(100),
      currency: fc.constant<string>('USD'),
    });
    fc.assert(
      fc.property(fc.array(arbPack, { maxLength: 12 }), (list) => {
        const shown = billing.visibleRechargePackages(list);
        expect(shown.length).toBeLessThanOrEqual(4);
        if (list.length <= 3) expect(shown).toEqual(list);
        else expect(shown.length).toBeGreaterThanOrEqual(3);
        expect(shown.slice(0, 3)).toEqual(list.slice(0, 3));
        expect(new Set(shown).size).toBe(shown.length);
        const indices = shown.map((p) => list.indexOf(p));
        expect(indices).toEqual([...indices].sort((a, b) => a - b));
        if (list.length > 0) {
          const max = Math.max(...list.map((p) => p.calculateCoins + p.giveCalculateCoins));
          expect(shown.some((p) => p.calculateCoins + p.giveCalculateCoins === max)).toBe(true);
        }
      }),
    );
  });
});

describe('billing: invariants', () => {
  const e = stamp(billing.paymentInfoCleared({}), 1, 0);
  it('coins never negative: a negative balance in a log is reported with its coin kind', () => {
    const g = given();
    const { violation } = g.when(billing.paymentInfoReceived({ info: info({ tempCoins: -1 }) }));
    expect(violation?.invariant).toBe('coinsNeverNegative');
    expect(violation?.message).toBe('tempCoins is -1');
    expect(billing.coinsNeverNegative.check(g.state, g.state, e)).toBeNull();
  });

  it('a client payment state that disagrees with the payment info is reported', () => {
    const s = given(billing.paymentInfoReceived({ info: info() })).state;
    if (s.status !== 'known') throw new Error('expected known');
    expect(billing.paymentStateMirrorsInfo.check(s, { ...s, activeState: false }, e)).toBe(
      'activeState disagrees with is_active',
    );
    expect(billing.paymentStateMirrorsInfo.check(s, { ...s, liteActiveState: true }, e)).toBe(
      'liteActiveState disagrees with lite_is_active',
    );
    expect(billing.paymentStateMirrorsInfo.check(s, { ...s, vipType: 'x' }, e)).toBe(
      'vipType disagrees with vip_type',
    );
    expect(billing.paymentStateMirrorsInfo.check(s, billing.initialBillingState, e)).toBeNull();
  });
});

// ---- random sequences

const arbInfo = fc.record({
  accountId: fc.constantFrom('acc-1', 'acc-2'),
  calculateCoins: fc.nat(10_000),
  freeCoins: fc.nat(100),
  tempCoins: fc.nat(100),
  paidCoins: fc.nat(10_000),
  isActive: fc.boolean(),
  liteIsActive: fc.boolean(),
  productLevel: fc.integer({ min: 0, max: 4 }),
  productType: fc.integer({ min: 1, max: 3 }),
  vipType: fc.constantFrom('svip_1', 'svip_2', 'vip_lite', ''),
  expiryTime: fc.option(fc.nat()),
});
const arbTime = fc.option(fc.nat(1e9));
const arbStatus = fc.record({
  isPause: fc.boolean(),
  pauseMonth: fc.nat(3),
  pauseStartAt: arbTime,
  pauseEndAt: arbTime,
  freeMonthStatus: fc.nat(2),
  freeMonthStartAt: arbTime,
  freeMonthEndAt: arbTime,
  cancelAt: arbTime,
  prevProduct: fc.option(fc.constantFrom('basic_monthly', 'pro_yearly')),
  nextProduct: fc.option(fc.constantFrom('pro_discount', 'pro_yearly')),
  nextProductActiveAt: arbTime,
  isTrial: fc.boolean(),
});
const arbEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  arbInfo.map((i) => billing.paymentInfoReceived({ info: i })),
  fc.constant(billing.paymentInfoCleared({})),
  arbStatus.map((s) => billing.subscriptionStatusReceived({ status: s })),
  fc.boolean().map((enabled) => billing.threeDayTrialFlagged({ enabled })),
  fc.constant(billing.subscriptionListFetched({ plans: [plan] })),
  fc
    .array(fc.nat(500), { maxLength: 6 })
    .map((cs) => billing.calculateListFetched({ packages: cs.map((c, i) => pack(`calculate${i}`, c)) })),
);
const arbEvents = fc
  .array(arbEvent, { maxLength: 40 })
  .map((es) => es.map((e, i) => stamp(e, i + 1, T0 + i * 60_000)));
const evolve = billing.evolveBilling as (s: billing.BillingState, e: DomainEvent) => billing.BillingState;

describe('billing: replay', () => {
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(arbEvents, fc.nat(), (events, cut) => {
        const k = cut % (events.length + 1);
        const whole = replayWith(evolve, [], billing.initialBillingState, events).state;
        let stepwise = billing.initialBillingState;
        for (const e of events) stepwise = evolve(stepwise, e);
        const resumed = replayWith(
          evolve,
          [],
          replayWith(evolve, [], billing.initialBillingState, events.slice(0, k)).state,
          events.slice(k),
        ).state;
        expect(stepwise).toEqual(whole);
        expect(resumed).toEqual(whole);
      }),
    );
  });

  it('property: invariants (coins never negative, payment state mirrors info) hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(arbEvents, (events) => {
        expect(
          replayWith(evolve, billing.billingContext.invariants, billing.initialBillingState, events)
            .violation,
        ).toBeNull();
      }),
    );
  });
});
