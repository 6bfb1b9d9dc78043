/**
 * What can be bought, at what price: plans (spec §9 monthly and yearly prices per weight, plus
 * the tiers and add-ons spec §3 names), coin packs and payment methods (spec §3 ids). Prices
 * live here, in cents, and nowhere else: an order takes its amount from this table, never
 * from the client.
 *
 * Prices the spec does not give are ours: svip_4 (Ultra) 59.99 a month or 47.99 a month
 * yearly; 3-day trials 0.99 (Basic) and 1.99 (Standard); lite 1.99 a month; top membership
 * 99.99 a month; buff vip 9.99 a month; day pass 0.99; coin packs from 4.99 to 99.99 USD.
 */
import {
  PRODUCT_TYPE_MONTHLY,
  PRODUCT_TYPE_YEARLY,
  type PaymentMethod,
  type PlanKind,
  type RechargePackage,
  type SubscriptionPlan,
  type VipType,
} from '../../infrastructure/contract/commerce';

export const CURRENCY = 'USD';
export const DAY_MS = 24 * 3600 * 1000;
export const MONTH_DAYS = 30;
export const YEAR_DAYS = 365;

export interface PlanDef {
  readonly goodsId: string;
  readonly name: string;
  readonly kind: PlanKind;
  readonly level: number;
  readonly productType: number;
  readonly vipType: VipType | null;
  readonly weight: number | null;
  readonly pricePerMonthCents: number | null;
  readonly priceCents: number;
  readonly periodDays: number;
  readonly isTrial: boolean;
  readonly isOneTime: boolean;
}

const LEVELS = [
  { key: 'basic', name: 'Basic', level: 1, vip: 'svip_1', monthly: 499, yearly: 399 },
  { key: 'standard', name: 'Standard', level: 2, vip: 'svip_2', monthly: 1499, yearly: 1199 },
  { key: 'pro', name: 'Pro', level: 3, vip: 'svip_3', monthly: 2999, yearly: 2399 },
  { key: 'ultra', name: 'Ultra', level: 4, vip: 'svip_4', monthly: 5999, yearly: 4799 },
] as const;

const mainPlans: PlanDef[] = LEVELS.flatMap((l): PlanDef[] => [
  {
    goodsId: `${l.key}_month`,
    name: `${l.name} monthly`,
    kind: 'main',
    level: l.level,
    productType: PRODUCT_TYPE_MONTHLY,
    vipType: l.vip,
    weight: l.level,
    pricePerMonthCents: l.monthly,
    priceCents: l.monthly,
    periodDays: MONTH_DAYS,
    isTrial: false,
    isOneTime: false,
  },
  {
    goodsId: `${l.key}_year`,
    name: `${l.name} yearly`,
    kind: 'main',
    level: l.level,
    productType: PRODUCT_TYPE_YEARLY,
    vipType: l.vip,
    weight: l.level + 10,
    pricePerMonthCents: l.yearly,
    priceCents: l.yearly * 12,
    periodDays: YEAR_DAYS,
    isTrial: false,
    isOneTime: false,
  },
]);

const trial = (
  goodsId: string,
  name: string,
  level: 1 | 2,
  vipType: VipType,
  priceCents: number,
  monthly: number,
): PlanDef => ({
  goodsId,
  name,
  kind: 'main',
  level,
  productType: PRODUCT_TYPE_MONTHLY,
  vipType,
  weight: null,
  pricePerMonthCents: monthly,
  priceCents,
  periodDays: 3,
  isTrial: true,
  isOneTime: false,
});

const addon = (
  goodsId: string,
  name: string,
  kind: Exclude<PlanKind, 'main'>,
  vipType: VipType | null,
  priceCents: number,
  periodDays: number,
): PlanDef => ({
  goodsId,
  name,
  kind,
  level: 0,
  productType: PRODUCT_TYPE_MONTHLY,
  vipType,
  weight: null,
  pricePerMonthCents: kind === 'day' ? null : priceCents,
  priceCents,
  periodDays,
  isTrial: false,
  isOneTime: kind === 'day',
});

export const PLANS: readonly PlanDef[] = [
  ...mainPlans,
  trial('basic_trial_3day', 'Basic 3-day trial', 1, 'svip_1_trial', 99, 499),
  trial('standard_trial_3day', 'Standard 3-day trial', 2, 'svip_2_trial', 199, 1499),
  addon('lite_month', 'Lite monthly', 'lite', 'vip_lite', 199, MONTH_DAYS),
  addon('big_month', 'Top membership monthly', 'big', null, 9999, MONTH_DAYS),
  addon('buff_vip_month', 'Buff VIP monthly', 'buff', null, 999, MONTH_DAYS),
  addon('day_pass', 'Day pass', 'day', 'vip_day1', 99, 1),
];

export interface CoinPackDef {
  readonly goodsId: string;
  readonly coins: number;
  readonly giveCoins: number;
  readonly priceCents: number;
}

export const COIN_PACKS: readonly CoinPackDef[] = [
  { goodsId: 'calculate500', coins: 500, giveCoins: 0, priceCents: 499 },
  { goodsId: 'calculate1200', coins: 1200, giveCoins: 100, priceCents: 999 },
  { goodsId: 'calculate2600', coins: 2600, giveCoins: 300, priceCents: 1999 },
  { goodsId: 'calculate7000', coins: 7000, giveCoins: 1000, priceCents: 4999 },
  { goodsId: 'calculate15000', coins: 15000, giveCoins: 3000, priceCents: 9999 },
];

/** Spec §3 payment method ids; `third_type` names the provider a checkout URL is for. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 1, name: 'Payermax', third_type: 'payermax' },
  { id: 4, name: 'AliPay_CN', third_type: 'alipay_cn' },
  { id: 5, name: 'WeChat', third_type: 'wechat' },
  { id: 6, name: 'PayPal', third_type: 'paypal' },
  { id: 8, name: 'Stripe', third_type: 'stripe' },
  { id: 9, name: 'Credit Card', third_type: 'card' },
  { id: 10, name: 'PayPal', third_type: 'paypal' },
  { id: 12, name: 'Onerway', third_type: 'onerway' },
];
export const DEFAULT_PAYMENT_METHOD_ID = 9;

export const toAmount = (cents: number): number => Math.round(cents) / 100;

export const planView = (p: PlanDef): SubscriptionPlan => ({
  goods_id: p.goodsId,
  name: p.name,
  kind: p.kind,
  product_level: p.level,
  product_type: p.productType,
  vip_type: p.vipType,
  weight: p.weight,
  price_per_month: p.pricePerMonthCents === null ? null : toAmount(p.pricePerMonthCents),
  price: toAmount(p.priceCents),
  currency: CURRENCY,
  period_days: p.periodDays,
  is_trial: p.isTrial,
  is_one_time: p.isOneTime,
});

export const coinPackView = (c: CoinPackDef): RechargePackage => ({
  goods_id: c.goodsId,
  calculate_coins: c.coins,
  give_calculate_coins: c.giveCoins,
  local_price_web: { currency: CURRENCY, price: toAmount(c.priceCents) },
});

export type Goods =
  { readonly kind: 'plan'; readonly plan: PlanDef } | { readonly kind: 'coins'; readonly pack: CoinPackDef };

export const goodsOf = (goodsId: string): Goods | null => {
  const plan = PLANS.find((p) => p.goodsId === goodsId);
  if (plan) return { kind: 'plan', plan };
  const pack = COIN_PACKS.find((c) => c.goodsId === goodsId);
  return pack ? { kind: 'coins', pack } : null;
};

export const planOf = (goodsId: string): PlanDef | null => PLANS.find((p) => p.goodsId === goodsId) ?? null;

export const priceCentsOf = (g: Goods): number => (g.kind === 'plan' ? g.plan.priceCents : g.pack.priceCents);

export const methodOf = (id: number): PaymentMethod | null =>
  PAYMENT_METHODS.find((m) => m.id === id) ?? null;
