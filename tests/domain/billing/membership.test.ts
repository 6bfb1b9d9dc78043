import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as billing from '../../../domain/billing/index.js';
import * as payment from '../../../domain/payment/index.js';
import { subscriptionStatus } from '../../support/fixtures.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(billing.billingContext);
const givenPayment = givenIn(payment.paymentContext);

const info = (over: Partial<billing.PaymentInfo> = {}): billing.PaymentInfo => ({
  accountId: 'acc-1',
  calculateCoins: 0,
  freeCoins: 0,
  tempCoins: 0,
  paidCoins: 0,
  isActive: false,
  liteIsActive: false,
  productLevel: 0,
  productType: 0,
  vipType: '',
  expiryTime: null,
  ...over,
});
const status = (over: Partial<billing.SubscriptionStatus> = {}): billing.SubscriptionStatus =>
  subscriptionStatus({ currentProduct: 'standard_month', expiryTime: 5_000, ...over });

const main = (key: string, level: number, yearly: boolean, perMonth: number): billing.SubscriptionPlan => ({
  goodsId: `${key}_${yearly ? 'year' : 'month'}`,
  name: key,
  kind: 'main',
  productLevel: level,
  productType: yearly ? 3 : 1,
  vipType: `svip_${level}`,
  weight: level + (yearly ? 10 : 0),
  pricePerMonth: perMonth,
  price: yearly ? perMonth * 12 : perMonth,
  currency: 'USD',
  periodDays: yearly ? 365 : 30,
  isTrial: false,
  isOneTime: false,
});
const addon = (
  goodsId: string,
  kind: billing.PlanKind,
  vipType: string | null,
): billing.SubscriptionPlan => ({
  goodsId,
  name: goodsId,
  kind,
  productLevel: 0,
  productType: 1,
  vipType,
  weight: null,
  pricePerMonth: kind === 'day' ? null : 1.99,
  price: 1.99,
  currency: 'USD',
  periodDays: kind === 'day' ? 1 : 30,
  isTrial: false,
  isOneTime: kind === 'day',
});
const trial: billing.SubscriptionPlan = {
  ...main('basic', 1, false, 4.99),
  goodsId: 'basic_trial_3day',
  weight: null,
  price: 0.99,
  periodDays: 3,
  isTrial: true,
  vipType: 'svip_1_trial',
};
// The server's list, with prices it might get wrong: the page shows spec §9's by weight.
const PLANS: readonly billing.SubscriptionPlan[] = [
  main('basic', 1, false, 5),
  main('basic', 1, true, 4),
  main('standard', 2, false, 15),
  main('standard', 2, true, 12),
  main('pro', 3, false, 30),
  main('pro', 3, true, 24),
  main('ultra', 4, false, 59.99),
  main('ultra', 4, true, 47.99),
  trial,
  addon('lite_month', 'lite', 'vip_lite'),
  addon('big_month', 'big', null),
  addon('buff_vip_month', 'buff', null),
  addon('day_pass', 'day', 'vip_day1'),
];

describe('membership page: spec §9 "prices per month by plan weight: Basic 4.99, Standard 14.99, Pro 29.99; yearly weights 11, 12, 13: 3.99, 11.99, 23.99"', () => {
  it('lists Basic, Standard and Pro with the §9 monthly and yearly prices per month, whatever the server quotes', () => {
    const c = billing.membershipCatalogue(PLANS, null, false, false);
    expect(c.tiers.map((t) => [t.level, t.monthly?.pricePerMonth, t.yearly?.pricePerMonth])).toEqual([
      ['Basic', 4.99, 3.99],
      ['Standard', 14.99, 11.99],
      ['Pro', 29.99, 23.99],
    ]);
    expect(c.tiers.map((t) => t.yearlySaving)).toEqual([20, 20, 20]);
  });

  it('weighs a plan without a weight by its level (+10 yearly); add-ons and trials have none', () => {
    const { weight: _w, ...bare } = main('pro', 3, true, 1);
    expect(billing.weightOfPlan(bare)).toBe(13);
    expect(billing.pricePerMonthOfPlan(bare)).toBe(23.99);
    expect(billing.weightOfPlan({ ...trial, weight: undefined } as billing.SubscriptionPlan)).toBeNull();
    expect(billing.pricePerMonthOfPlan(addon('day_pass', 'day', 'vip_day1'))).toBeNull();
  });

  it('says what each tier gives, from the one table the server enforces (queue, daily, trainings, speed)', () => {
    const c = billing.membershipCatalogue(PLANS, null, false, true);
    expect(c.free).toEqual({ queue: 2, daily: 30, trainingsPer30Days: 1, speed: 1 });
    expect(c.tiers.map((t) => t.benefits.queue)).toEqual([4, 6, 10]);
    expect(c.tiers.every((t) => t.benefits.daily === null)).toBe(true);
    const queues = billing.TIER_ORDER.map((t) => billing.TIER_BENEFITS[t].queue);
    expect([...queues].sort((a, b) => a - b)).toEqual(queues);
  });

  it('offers the VIP tier above Pro and the add-ons the server sells (lite, top membership, buff VIP, day pass)', () => {
    const c = billing.membershipCatalogue(PLANS, null, false, true);
    expect(c.vip.map((v) => [v.kind, v.svip, v.yearly, v.benefit])).toEqual([
      ['svip', 4, false, 'monthlySubscription'],
      ['svip', 4, true, 'yearlySubscription'],
      ['lite', null, false, 'monthlySubscription'],
      ['big', null, false, 'monthlySubscription'],
      ['buff', null, false, 'monthlySubscription'],
      ['day', null, false, 'oneTimePurchase'],
    ]);
  });

  it('spec §4 3-day trial flag: trials are offered to guests and to flagged accounts only', () => {
    expect(billing.membershipCatalogue(PLANS, null, false, false).trials).toHaveLength(1);
    expect(billing.membershipCatalogue(PLANS, info(), true, true).trials.map((t) => t.benefit)).toEqual([
      'trialSubscription',
    ]);
    expect(billing.membershipCatalogue(PLANS, info(), false, true).trials).toEqual([]);
  });
});

describe('spec §4 benefit type of a purchase: "compute purchase; trial subscription; upgrade; one-time purchase; otherwise weekly, monthly or yearly by goods id"', () => {
  it('a Basic member buying Standard or Pro upgrades; Basic again is a monthly or yearly subscription', () => {
    const basic = info({ isActive: true, productLevel: 1, productType: 1 });
    const c = billing.membershipCatalogue(PLANS, basic, false, true);
    expect(c.tiers.map((t) => [t.monthly?.benefit, t.yearly?.benefit, t.current])).toEqual([
      ['monthlySubscription', 'yearlySubscription', true],
      ['upgrade', 'upgrade', false],
      ['upgrade', 'upgrade', false],
    ]);
    expect(c.tiers[0]?.monthly?.current).toBe(true);
    expect(c.tiers[0]?.yearly?.current).toBe(false);
    expect(c.tier).toBe('basic');
  });

  it('a coin pack is a compute purchase', () => {
    expect(
      billing.benefitOfPackage({
        goodsId: 'calculate500',
        calculateCoins: 500,
        giveCalculateCoins: 0,
        price: 4.99,
        currency: 'USD',
      }),
    ).toBe('computePurchase');
  });

  it('the benefit of a plan is decided in the spec order whatever its flags (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLANS),
        fc.option(fc.record({ isActive: fc.boolean(), productLevel: fc.integer({ min: 0, max: 4 }) })),
        (plan, who) => {
          const person = who === null ? null : info({ ...who, productType: 1 });
          const b = billing.benefitOfPlan(plan, person);
          if (plan.isTrial === true) return b === 'trialSubscription';
          if (billing.isUpgradeFor(plan, person)) return b === 'upgrade';
          if (plan.isOneTime === true) return b === 'oneTimePurchase';
          return b === 'monthlySubscription' || b === 'yearlySubscription';
        },
      ),
    );
  });
});

describe('spec §1 testimonials "in Chinese and English": Chinese on a zh-* page, English otherwise', () => {
  it('chooses by the page language', () => {
    expect(['zh-CN', 'zh-TW', 'zh', 'ZH-hk'].map(billing.testimonialLanguage)).toEqual([
      'zh',
      'zh',
      'zh',
      'zh',
    ]);
    expect(['en', 'ja', 'ko', 'zu', 'fr-CA'].map(billing.testimonialLanguage)).toEqual([
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});

describe('subscription page: spec §3 subscription status and spec §4 "pause, free-month trial, cancel and next-plan states come from the server"', () => {
  const standard = info({ isActive: true, productLevel: 2, productType: 1, vipType: 'svip_2' });

  it('a running paid plan can be paused, cancelled, given its free month and changed', () => {
    const v = billing.subscriptionViewOf(standard, status(), false);
    expect(v).toMatchObject({ level: 'Standard', running: true, expiryTime: 5_000, paused: null });
    expect(v.actions).toEqual(['pause', 'cancel', 'freeMonth', 'changePlan']);
  });

  it('paused: resume only, plus cancel and changing the plan', () => {
    const v = billing.subscriptionViewOf(
      standard,
      status({ isPause: true, pauseMonth: 2, pauseStartAt: 5_000, pauseEndAt: 9_000 }),
      false,
    );
    expect(v.paused).toEqual({ months: 2, startAt: 5_000, endAt: 9_000 });
    expect(v.actions).toEqual(['resume', 'cancel', 'freeMonth', 'changePlan']);
  });

  it('cancelled: resume only; a trial cannot be paused nor given the free month', () => {
    expect(billing.subscriptionViewOf(standard, status({ cancelAt: 1 }), false).actions).toEqual([
      'resume',
      'freeMonth',
    ]);
    expect(billing.subscriptionViewOf(standard, status({ isTrial: true }), true)).toMatchObject({
      trial: true,
      threeDayTrial: true,
      actions: ['cancel', 'changePlan'],
    });
  });

  it('spec §4 end-time popups: retention runs until the plan ends while a cancelled plan may still take its free month; activation until the next plan starts', () => {
    const reminders = (over: Parameters<typeof status>[0]) =>
      billing.reminderEndTimesOf(billing.subscriptionViewOf(standard, status(over), false));
    expect(reminders({})).toEqual({ retention: null, activation: null });
    expect(reminders({ cancelAt: 1 })).toEqual({ retention: 5_000, activation: null });
    // The free month is claimed once: no retention offer after it.
    expect(reminders({ cancelAt: 1, freeMonthStatus: 1 })).toEqual({ retention: null, activation: null });
    // A trial is never given the free month, so it has no retention offer either.
    expect(reminders({ cancelAt: 1, isTrial: true }).retention).toBeNull();
    expect(reminders({ nextProduct: 'pro_month', nextProductActiveAt: 5_000 })).toEqual({
      retention: null,
      activation: 5_000,
    });
    expect(
      billing.reminderEndTimesOf(
        billing.subscriptionViewOf(info(), status({ cancelAt: 1, currentProduct: null }), false),
      ),
    ).toEqual({ retention: null, activation: null });
  });

  it('no plan: nothing to do, level inactive', () => {
    const v = billing.subscriptionViewOf(info(), status({ currentProduct: null }), true);
    expect(v).toMatchObject({ level: 'inactive', running: false, actions: [] });
  });

  it('spec §4 "a discount upgrade is pending when the next plan name contains discount"; the next plan has its activation date', () => {
    const v = billing.subscriptionViewOf(
      standard,
      status({ nextProduct: 'pro_month_discount', nextProductActiveAt: 7_000 }),
      false,
    );
    expect(v.nextPlan).toEqual({ goodsId: 'pro_month_discount', activeAt: 7_000, discountPending: true });
    expect(
      billing.subscriptionViewOf(standard, status({ nextProduct: 'pro_month' }), false).nextPlan
        ?.discountPending,
    ).toBe(false);
  });

  it('laws: resume is offered exactly when a running plan is paused or cancelled; pause never beside resume', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 }),
        (active, paused, cancelled, trialOn, free) => {
          const v = billing.subscriptionViewOf(
            info({ isActive: active, productLevel: 2 }),
            status({
              isPause: paused,
              cancelAt: cancelled ? 1 : null,
              isTrial: trialOn,
              freeMonthStatus: free,
            }),
            false,
          );
          const has = (a: billing.SubscriptionAction) => v.actions.includes(a);
          return (
            has('resume') === (active && (paused || cancelled)) &&
            !(has('pause') && has('resume')) &&
            (!has('freeMonth') || (active && !trialOn && free === 0))
          );
        },
      ),
    );
  });

  it('the renewal can switch to any paid main plan but the current one', () => {
    expect(billing.changePlanChoices(PLANS, 'standard_month').map((p) => p.goodsId)).toEqual([
      'basic_month',
      'basic_year',
      'standard_year',
      'pro_month',
      'pro_year',
      'ultra_month',
      'ultra_year',
    ]);
  });
});

describe('tiers: spec §3 "product_level 1 Basic, 2 Standard, other Pro", add-ons as the server counts them', () => {
  it('reads the tier from payment info', () => {
    expect(billing.tierOfPaymentInfo(null)).toBe('guest');
    expect(billing.tierOfPaymentInfo(info())).toBe('none');
    expect(billing.tierOfPaymentInfo(info({ isActive: true, productLevel: 2 }))).toBe('standard');
    expect(billing.tierOfPaymentInfo(info({ isActive: true, productLevel: 4 }))).toBe('pro');
    expect(billing.tierOfPaymentInfo(info({ liteIsActive: true }))).toBe('basic');
    expect(billing.tierOfPaymentInfo(info({ vipType: 'vip_day1' }))).toBe('basic');
    expect(billing.tierOfPaymentInfo(info({ bigIsActive: true, isActive: true, productLevel: 1 }))).toBe(
      'pro',
    );
  });

  it('a member renders faster: the duration divides by the speed, never below 200 ms', () => {
    expect(billing.taskDurationFor(6000, 'none')).toBe(6000);
    expect(billing.taskDurationFor(6000, 'standard')).toBe(4000);
    expect(billing.taskDurationFor(6000, 'pro')).toBe(3000);
    expect(billing.taskDurationFor(100, 'pro')).toBe(200);
  });
});

describe('upsells of spec §8 dialogs by spec §6 tier and company role', () => {
  const ctx = (
    tier: billing.Tier,
    enterpriseRole: billing.EnterpriseRole = 'none',
  ): billing.UpsellContext => ({
    tier,
    enterpriseRole,
  });

  it('70002 queue full: a free account is told the member queue and sent to the pricing page on Basic', () => {
    const u = billing.upsellOf('break', 'Queue5', ctx('none'));
    expect(u).toMatchObject({
      topic: 'queue',
      bodyKey: 'billing.upsell.queue.free',
      values: { queue: 2, nextQueue: 4, target: 'basic' },
      action: { kind: 'pricing', tier: 'basic' },
      actionKey: 'billing.upsell.action.join',
    });
  });

  it('70002 for a Standard member: upgrade to Pro; for Pro (tier 3 and 4): a plain limit with nothing to buy', () => {
    expect(billing.upsellOf('upgrade', 'Queue10', ctx('standard'))).toMatchObject({
      bodyKey: 'billing.upsell.queue.member',
      values: { queue: 6, nextQueue: 10, target: 'pro' },
      action: { kind: 'pricing', tier: 'pro' },
    });
    expect(billing.upsellOf('upgrade', 'Queue10', ctx('pro'))).toMatchObject({
      bodyKey: 'billing.upsell.queue.top',
      action: { kind: 'none' },
      actionKey: null,
    });
  });

  it('enterprise admins and members read different texts; a member has nothing to buy', () => {
    expect(billing.upsellOf('gpuLimit', null, ctx('basic', 'admin'))).toMatchObject({
      topic: 'gpu',
      bodyKey: 'billing.upsell.gpu.enterpriseAdmin',
      action: { kind: 'pricing', tier: billing.COMPANY_PLAN_TIER },
      actionKey: 'billing.upsell.action.companyPlan',
    });
    expect(billing.upsellOf('vipComputing', null, ctx('basic', 'member'))).toMatchObject({
      bodyKey: 'billing.upsell.vipComputing.enterpriseMember',
      action: { kind: 'none' },
    });
  });

  it('120013 LoRA training limit names the trainings; 190000 unlock buy leads to coins', () => {
    expect(billing.upsellOf('upgrade', 'LoraTrain', ctx('basic'))).toMatchObject({
      topic: 'training',
      values: { trainings: 3, nextTrainings: 8 },
    });
    expect(billing.upsellOf('unlockBuy', null, ctx('pro', 'member'))).toMatchObject({
      topic: 'unlock',
      action: { kind: 'coins' },
    });
  });

  it('every dialog of the error map is an upsell with a known text; login is not (property)', () => {
    expect(billing.upsellOf('login', null, ctx('none'))).toBeNull();
    const names = [
      'upgrade',
      'break',
      'vipComputing',
      'vipLimit',
      'gpuLimit',
      'unlockBuy',
      'canvasLimit',
      'enterpriseQueue',
      'enterpriseCompute',
    ];
    const variants = [
      null,
      'Queue10',
      'Queue5',
      'LoraTrain',
      'Canvas5',
      'Canvas10',
      'Basic',
      'Admin',
      'Member',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.constantFrom(...variants),
        fc.constantFrom(...billing.TIER_ORDER),
        fc.constantFrom<billing.EnterpriseRole>('none', 'admin', 'member'),
        (name, variant, tier, role) => {
          const u = billing.upsellOf(name, variant, ctx(tier, role));
          return (
            u !== null &&
            billing.UPSELL_MESSAGE_KEYS.includes(u.titleKey) &&
            billing.UPSELL_MESSAGE_KEYS.includes(u.bodyKey) &&
            (u.actionKey === null) === (u.action.kind === 'none') &&
            (u.actionKey === null || billing.UPSELL_MESSAGE_KEYS.includes(u.actionKey))
          );
        },
      ),
    );
  });
});

describe('billing state: subscription calls, ledger pages, testimonials and methods', () => {
  const entry = (id: number, over: Partial<billing.LedgerEntry> = {}): billing.LedgerEntry => ({
    id,
    direction: 'debit',
    category: 'task',
    coins: 10,
    parts: [{ kind: 'free', amount: 10 }],
    createdAt: id,
    ref: `t${id}`,
    task: { id: `t${id}`, domainType: 0, prompt: 'p', status: 3 },
    goodsId: null,
    ...over,
  });

  it('ledger pages append older entries; a reset shows the newest again; no entry twice', () => {
    const { state } = given(
      billing.ledgerPageRequested({ reset: true }),
      billing.ledgerPageFetched({ entries: [entry(9), entry(8)], nextCursor: 8, reset: true }),
      billing.ledgerPageRequested({ reset: false }),
      billing.ledgerPageFetched({ entries: [entry(8), entry(7)], nextCursor: null, reset: false }),
    ).when(
      billing.ledgerPageFetched({
        entries: [entry(11, { category: 'taskRefund', direction: 'credit' }), entry(9)],
        nextCursor: 9,
        reset: true,
      }),
    );
    expect(billing.selectLedger(state)).toMatchObject({ status: 'loaded', nextCursor: 9 });
    expect(billing.selectLedger(state).entries.map((e) => e.id)).toEqual([11, 9]);
    expect(billing.signedCoins(billing.selectLedger(state).entries[0]!)).toBe(10);
    expect(billing.isRefund(billing.selectLedger(state).entries[0]!)).toBe(true);
  });

  it('an empty account clears the ledger and the subscription calls, keeps testimonials and methods', () => {
    const { state } = given(
      billing.paymentInfoReceived({ info: info() }),
      billing.ledgerPageFetched({ entries: [entry(1)], nextCursor: null, reset: true }),
      billing.subscriptionActionStarted({ action: 'pause' }),
      billing.testimonialsFetched({ items: [] }),
      billing.paymentMethodsFetched({ items: [{ id: 9, name: 'Credit Card' }] }),
    ).when(billing.paymentInfoCleared({}));
    expect(billing.selectLedger(state)).toEqual(billing.INITIAL_LEDGER);
    expect(billing.selectSubscriptionCalls(state)).toEqual(billing.INITIAL_SUBSCRIPTION_CALLS);
    expect(billing.selectTestimonials(state).status).toBe('loaded');
    expect(billing.selectPaymentMethods(state).status).toBe('loaded');
  });

  it('an action is pending until the new status arrives or the server refuses it', () => {
    const g = given(billing.subscriptionActionStarted({ action: 'pause' }));
    expect(billing.selectSubscriptionCalls(g.state).pending).toBe('pause');
    expect(
      billing.selectSubscriptionCalls(g.when(billing.subscriptionStatusReceived({ status: status() })).state),
    ).toEqual({
      load: 'loaded',
      pending: null,
      refused: null,
    });
    expect(
      billing.selectSubscriptionCalls(
        g.when(billing.subscriptionActionRefused({ action: 'pause', code: 10403 })).state,
      ),
    ).toMatchObject({ pending: null, refused: { action: 'pause', code: 10403 } });
  });
});

describe('spec §4 payment iframe with an order intent: "submitting flag on/off, then completed or error"; spec §8 80213', () => {
  const intent = payment.checkoutRequested({ goodsId: 'standard_month', methodId: 9, intentKey: 'ck_1' });
  const created = payment.orderCreated({
    orderId: 'o1',
    checkoutUrl: '/pay/checkout/o1',
    goodsId: 'standard_month',
  });

  it('one intent at a time: a second request while ordering changes nothing', () => {
    const { state } = givenPayment(intent).when(
      payment.checkoutRequested({ goodsId: 'pro_month', methodId: 9, intentKey: 'ck_2' }),
    );
    expect(state).toEqual({ status: 'ordering', goodsId: 'standard_month', methodId: 9, intentKey: 'ck_1' });
  });

  it('the order opens the iframe; a card error (80213) keeps the order for a retry; completion names the goods', () => {
    const g = givenPayment(intent, created, payment.submittingChanged({ submitting: true }));
    const failed = g.when(payment.paymentFailed({ code: 80213 })).state;
    expect(failed).toMatchObject({
      status: 'error',
      messageKey: 'payment.errors.creditCard',
      order: { orderId: 'o1' },
    });
    expect(payment.selectCheckoutOrder(failed)?.checkoutUrl).toBe('/pay/checkout/o1');
    const retried = givenPayment(intent, created, payment.paymentFailed({ code: 80213 })).when(
      payment.submittingChanged({ submitting: true }),
      payment.paymentCompleted({ orderId: 'o1' }),
    ).state;
    expect(retried).toEqual({ status: 'completed', methodId: 9, orderId: 'o1', goodsId: 'standard_month' });
  });

  it('a refused order is an error with no iframe to retry in; closing returns to idle', () => {
    const g = givenPayment(intent);
    const refused = g.when(payment.orderRefused({ code: 10403 })).state;
    expect(refused).toMatchObject({
      status: 'error',
      messageKey: 'payment.errors.refused',
      goodsId: 'standard_month',
    });
    expect(payment.selectCheckoutOrder(refused)).toBeNull();
    expect(
      givenPayment(intent, payment.orderRefused({ code: 10403 })).when(
        payment.submittingChanged({ submitting: true }),
      ).state.status,
    ).toBe('error');
    expect(
      givenPayment(intent, payment.orderRefused({ code: null })).when(payment.iframeClosed({})).state,
    ).toEqual({
      status: 'idle',
    });
  });

  it('an order for other goods than the intent is ignored', () => {
    const { state } = givenPayment(intent).when(
      payment.orderCreated({ orderId: 'o9', checkoutUrl: '/x', goodsId: 'pro_month' }),
    );
    expect(state.status).toBe('ordering');
  });
});

describe("a tier's name on the wire (the training config's tier, the limit messages) maps back to the tier", () => {
  const tiers: readonly billing.Tier[] = ['guest', 'none', 'basic', 'standard', 'pro'];

  it('reads back every tier from its wire name, so the page can name it in its own language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tiers), (tier) => {
        expect(billing.tierOfWireName(billing.TIER_WIRE_NAMES[tier])).toBe(tier);
      }),
    );
    expect(billing.tierOfWireName('non-member')).toBe('none');
  });

  it('knows no tier by a name none has', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !Object.values(billing.TIER_WIRE_NAMES).includes(s)),
        (name) => {
          expect(billing.tierOfWireName(name)).toBeNull();
        },
      ),
    );
  });
});

describe('the half-price offer on the membership page (issue 21 item 7: the price shown is the price charged)', () => {
  it('while the offer runs the main plans show half their price (cents rounded up), trials and add-ons do not', () => {
    const c = billing.membershipCatalogue(PLANS, null, true, true, true);
    const basic = c.tiers.find((t) => t.tier === 'basic');
    expect(basic?.monthly?.halfPrice).toEqual({ price: 2.5, pricePerMonth: 2.5 });
    expect(basic?.monthly?.pricePerMonth).toBe(4.99);
    for (const trial of c.trials) expect(trial.halfPrice).toBeNull();
    const off = billing.membershipCatalogue(PLANS, null, true, true, false);
    for (const t of off.tiers)
      expect([t.monthly?.halfPrice ?? null, t.yearly?.halfPrice ?? null]).toEqual([null, null]);
  });

  it('the offer ends at its end time, and the charged cents match the server rule for any price', () => {
    expect(billing.halfPriceActive(1000, 999)).toBe(true);
    expect(billing.halfPriceActive(1000, 1000)).toBe(false);
    expect(billing.halfPriceActive(null, 0)).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer(),
        fc.integer(),
        (cents, endAt, now) => {
          const plan = { main: true, trial: false };
          const charged = billing.chargedCents(cents, plan, endAt, now);
          expect(charged).toBe(now < endAt ? Math.ceil(cents / 2) : cents);
          expect(billing.halfPriceAmount(cents / 100)).toBe(Math.ceil(cents / 2) / 100);
          expect(billing.chargedCents(cents, { main: true, trial: true }, endAt, now)).toBe(cents);
        },
      ),
    );
  });
});

describe('svipNumberOf: the one reading of an SVIP plan name (spec §3 vip_type)', () => {
  it('reads svip_N and its trial, in any case and spacing; anything else is null', () => {
    expect(billing.svipNumberOf('svip_4')).toBe(4);
    expect(billing.svipNumberOf(' SVIP_2_trial ')).toBe(2);
    expect(billing.svipNumberOf('svip_12')).toBe(12);
    for (const other of ['vip_lite', 'vip_day', 'svip_', 'svip_4_year', 'xsvip_4', ''])
      expect(billing.svipNumberOf(other), other).toBeNull();
  });

  it("a plan's SVIP number is its VIP type's, else its level", () => {
    expect(billing.svipNumberOfPlan(main('svip', 4, false, 40))).toBe(4);
    expect(billing.svipNumberOfPlan({ ...main('svip', 5, true, 50), vipType: 'svip_6' })).toBe(6);
    expect(billing.svipNumberOfPlan({ ...main('svip', 5, false, 50), vipType: null })).toBe(5);
  });
});
