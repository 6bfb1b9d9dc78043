/**
 * The billing rules of spec §3, §4, §8 and §9 as pure functions: membership level and plan
 * prices, benefit-type resolution, what an empty account clears, cache freshness and the
 * fall-back to cached lists, the visible recharge packages.
 */
import { shortenText } from '../format/rules.js';
import { END_TIME_STORAGE_KEYS } from '../popups/rules.js';
import { DOMAIN_TYPE, domainTypeLabelKey } from '../tasks/domainTypes.js';
import type {
  BillingCaches,
  CacheEntry,
  CacheName,
  LedgerEntry,
  PaymentInfo,
  RechargePackage,
  SubscriptionPlan,
  SubscriptionStatus,
} from './state.js';

// ---- levels and prices (spec §3, §9)

export type PaidLevel = 'Basic' | 'Standard' | 'Pro';
export type SubscriptionLevel = 'inactive' | PaidLevel;

/** Spec §3: product_level 1 Basic, 2 Standard, any other Pro. */
export const paidLevelOf = (productLevel: number): PaidLevel =>
  productLevel === 1 ? 'Basic' : productLevel === 2 ? 'Standard' : 'Pro';

/** Spec §4: inactive unless the membership is active, else the level of product_level. */
export const subscriptionLevelOf = (info: PaymentInfo): SubscriptionLevel =>
  info.isActive ? paidLevelOf(info.productLevel) : 'inactive';

/** Spec §3: product_type (payRange) 3 means yearly. */
export const YEARLY_PRODUCT_TYPE = 3;
export const isYearly = (productType: number): boolean => productType === YEARLY_PRODUCT_TYPE;

export const LEVEL_WEIGHT: Readonly<Record<PaidLevel, 1 | 2 | 3>> = { Basic: 1, Standard: 2, Pro: 3 };

export type PlanWeight = 1 | 2 | 3 | 11 | 12 | 13;

/** Spec §9: a monthly plan weighs its level; a yearly one its level plus 10. */
export const planWeight = (level: PaidLevel, yearly: boolean): PlanWeight =>
  (LEVEL_WEIGHT[level] + (yearly ? 10 : 0)) as PlanWeight;

/** Spec §9: price per month by plan weight. */
export const PRICE_PER_MONTH: Readonly<Record<PlanWeight, number>> = {
  1: 4.99,
  2: 14.99,
  3: 29.99,
  11: 3.99,
  12: 11.99,
  13: 23.99,
};

export const pricePerMonth = (level: PaidLevel, yearly: boolean): number =>
  PRICE_PER_MONTH[planWeight(level, yearly)];

// ---- the half-price offer (spec §3 discount_popup pop_type 1, §4 half-discount countdown)

/**
 * The half-price offer applies to the main membership plans (monthly and yearly), not to trials,
 * add-ons or coin packs. One rule for the server that charges and the page that shows the price.
 */
export const halfPriceApplies = (plan: { readonly main: boolean; readonly trial: boolean }): boolean =>
  plan.main && !plan.trial;

/** The offer is active until its end (the end of its countdown), not at or after it. */
export const halfPriceActive = (endAt: number | null, now: number): boolean =>
  endAt !== null && Number.isFinite(endAt) && now < endAt;

/** Half of a price in cents, rounded up to a whole cent (never below half, never a fraction). */
export const halfPriceCents = (cents: number): number => Math.ceil(Math.round(cents) / 2);

/** Half of a price in currency units (two decimals), by the same cents rule as the server's. */
export const halfPriceAmount = (amount: number): number => halfPriceCents(Math.round(amount * 100)) / 100;

/** What a plan costs in cents at `now`: half while the offer runs and it applies, else the full price. */
export const chargedCents = (
  cents: number,
  plan: { readonly main: boolean; readonly trial: boolean },
  offerEndAt: number | null,
  now: number,
): number => (halfPriceApplies(plan) && halfPriceActive(offerEndAt, now) ? halfPriceCents(cents) : cents);

// ---- subscription status (spec §4)

/** Spec §4: a discount upgrade is pending when the next plan name contains 'discount' (as written). */
export const isDiscountUpgradePending = (status: SubscriptionStatus | null): boolean =>
  status?.nextProduct?.includes('discount') ?? false;

/** Paused now: flagged by the server and, when an end is given, not yet past it. */
export const isPausedAt = (status: SubscriptionStatus | null, now: number): boolean =>
  status !== null && status.isPause && (status.pauseEndAt === null || now < status.pauseEndAt);

/** Inside the free-month trial window the server reported. */
export const isInFreeMonthAt = (status: SubscriptionStatus | null, now: number): boolean =>
  status !== null &&
  status.freeMonthStatus !== 0 &&
  status.freeMonthStartAt !== null &&
  status.freeMonthEndAt !== null &&
  status.freeMonthStartAt <= now &&
  now < status.freeMonthEndAt;

/** Cancelled: a cancel time is set (the plan runs until its expiry). */
export const isCancelled = (status: SubscriptionStatus | null): boolean =>
  status !== null && status.cancelAt !== null;

// ---- benefit type (spec §4)

/** What the benefit-type decision reads about one purchase, decoded at the API edge. */
export interface BenefitInput {
  readonly goodsId: string;
  readonly isSubscription: boolean;
  readonly isTrial: boolean;
  readonly isUpgrade: boolean;
  readonly isOneTime: boolean;
}

export type BenefitType =
  | 'computePurchase'
  | 'trialSubscription'
  | 'upgrade'
  | 'oneTimePurchase'
  | 'weeklySubscription'
  | 'monthlySubscription'
  | 'yearlySubscription'
  | 'unknown';

/**
 * Compute (coin) goods are named `calculate` followed by digits and nothing else, e.g.
 * `calculate500`: the whole id must match, and case matters, so `calculate_plus` or
 * `mycalculate1` are not compute purchases.
 */
export const COMPUTE_GOODS_ID = /^calculate\d+$/;

/** Subscription periods by goods id, checked in this order, case-insensitively. */
export const PERIOD_GOODS_ID: readonly (readonly [BenefitType, RegExp])[] = [
  ['weeklySubscription', /week/i],
  ['monthlySubscription', /month/i],
  ['yearlySubscription', /year|annual/i],
];

/** Spec §4 benefit type, decided in the spec's order; total over every input. */
export const benefitTypeOf = (p: BenefitInput): BenefitType => {
  if (COMPUTE_GOODS_ID.test(p.goodsId)) return 'computePurchase';
  if (p.isSubscription && p.isTrial) return 'trialSubscription';
  if (p.isUpgrade) return 'upgrade';
  if (p.isOneTime) return 'oneTimePurchase';
  for (const [type, pattern] of PERIOD_GOODS_ID) if (pattern.test(p.goodsId)) return type;
  return 'unknown';
};

// ---- payment-info fetch (spec §4)

/**
 * Local keys that hold payment timers: the end times of the payment popups (retention,
 * awaiting order, activation, half-discount).
 */
export const PAYMENT_TIMER_KEYS: readonly string[] = Object.values(END_TIME_STORAGE_KEYS);

/** Spec §4: an empty account clears its timer keys; the ones present locally are returned. */
export const timerKeysToRemove = (localKeys: readonly string[]): readonly string[] =>
  [...new Set(localKeys)].filter((k) => PAYMENT_TIMER_KEYS.includes(k));

/** A fetch that returned no payment info, or one with no account id, is an empty account. */
export const isEmptyAccount = (info: PaymentInfo | null): boolean => info === null || info.accountId === '';

export type PaymentInfoOutcome =
  | { readonly kind: 'received'; readonly info: PaymentInfo }
  | { readonly kind: 'cleared'; readonly removeKeys: readonly string[] };

/** What one payment-info fetch means: store it, or clear payment state and timer keys. */
export const paymentInfoOutcome = (
  info: PaymentInfo | null,
  localKeys: readonly string[],
): PaymentInfoOutcome =>
  info === null || isEmptyAccount(info)
    ? { kind: 'cleared', removeKeys: timerKeysToRemove(localKeys) }
    : { kind: 'received', info };

// ---- caches (spec §8, §9)

/** Spec §9: subscription and calculate caches expire after 300000 ms. */
export const CACHE_TTL_MS = 300_000;

/** Fresh while younger than the TTL; an entry stamped in the future (clock went back) is not trusted. */
export const isCacheFresh = <T>(entry: CacheEntry<T> | null, now: number): boolean =>
  entry !== null && now >= entry.fetchedAt && now - entry.fetchedAt < CACHE_TTL_MS;

export interface CacheData {
  readonly subscriptionList: SubscriptionPlan;
  readonly calculateList: RechargePackage;
}

/** Spec §8: the internal code and message of a failed list fetch. */
export const FETCH_FAILURE_CODE = 50000;
export const FETCH_FAILURE_MESSAGE = {
  subscriptionList: 'Failed to fetch subscription list',
  calculateList: 'Failed to fetch calculate list',
} as const;

export type FetchFailureResolution<W extends CacheName> =
  | { readonly data: readonly CacheData[W][] }
  | {
      readonly error: {
        readonly code: typeof FETCH_FAILURE_CODE;
        readonly message: (typeof FETCH_FAILURE_MESSAGE)[W];
      };
    };

/** Spec §8: on a failed fetch, cached data when there is any (fresh or not), else error 50000. */
export const resolveFetchFailure = <W extends CacheName>(
  caches: BillingCaches,
  which: W,
): FetchFailureResolution<W> => {
  const entry = caches[which] as CacheEntry<CacheData[W]> | null;
  return entry !== null
    ? { data: entry.data }
    : { error: { code: FETCH_FAILURE_CODE, message: FETCH_FAILURE_MESSAGE[which] } };
};

// ---- recharge list (spec §9)

/** The coins a package brings: its calculate coins plus the bonus. */
export const packageCoins = (p: RechargePackage): number => p.calculateCoins + p.giveCalculateCoins;

export const RECHARGE_HEAD_COUNT = 3;

/**
 * Spec §9: up to 3 packages plus the largest. "Largest" is the most coins (calculate plus bonus),
 * the first one on a tie; it is appended only when not already among the first three, so no
 * package appears twice and the list keeps its order.
 */
export const visibleRechargePackages = (list: readonly RechargePackage[]): readonly RechargePackage[] => {
  if (list.length <= RECHARGE_HEAD_COUNT) return list;
  let largest = 0;
  list.forEach((p, i) => {
    if (packageCoins(p) > packageCoins(list[largest] as RechargePackage)) largest = i;
  });
  const head = list.slice(0, RECHARGE_HEAD_COUNT);
  return largest < RECHARGE_HEAD_COUNT ? head : [...head, list[largest] as RechargePackage];
};

// ---- ledger (coins page)

/** A ledger entry's coins with their sign: a debit takes, a credit (a purchase, a refund) gives. */
export const signedCoins = (e: { readonly direction: 'debit' | 'credit'; readonly coins: number }): number =>
  e.direction === 'debit' ? -e.coins : e.coins;

/** Spec §4: a failed task's coins come back; the refund is a credit of the task category 'taskRefund'. */
export const isRefund = (e: { readonly category: string }): boolean =>
  e.category === 'taskRefund' || e.category === 'trainingRefund';

// ---- the coin history's names (issue 21 item 9)

/** The longest prompt a ledger line shows, in characters as people count them, the ellipsis included. */
export const LEDGER_PROMPT_MAX = 40;

/**
 * What a ledger line says about its task: the i18n key of its kind (a training, sent with a
 * negative kind, is a LoRA training) and the start of its prompt (or the training's name), null
 * when it has none so the view shows its translated placeholder. The task's id is never part of it.
 */
export interface LedgerTaskName {
  readonly kindKey: string;
  readonly prompt: string | null;
}

export const ledgerTaskName = (task: NonNullable<LedgerEntry['task']>): LedgerTaskName => ({
  kindKey: domainTypeLabelKey(task.domainType < 0 ? DOMAIN_TYPE.loraTraining : task.domainType),
  prompt: shortenText(task.prompt, LEDGER_PROMPT_MAX),
});

/**
 * A recharge line's pack by the coins it gives (bought and bonus), from the catalogue, so the line
 * reads "Pack of 1,300 coins" rather than an order id; null when the catalogue does not list it.
 */
export const ledgerPackCoins = (
  goodsId: string | null,
  packages: readonly RechargePackage[],
): number | null => {
  const pack = goodsId === null ? undefined : packages.find((p) => p.goodsId === goodsId);
  return pack === undefined ? null : packageCoins(pack);
};
