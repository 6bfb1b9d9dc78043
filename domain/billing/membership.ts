/**
 * What the membership page offers and what the subscription page allows, as pure decisions over
 * the server's plan list, payment info and subscription status (spec §1, §3, §4, §9): the tiers
 * with their §9 prices per month by plan weight, the add-ons and VIP tiers the server sells, the
 * 3-day trials, the §4 benefit type of each purchase, and the testimonials' language.
 */
import { higherTier, TIER_BENEFITS, tierOfPaymentInfo, type Tier, type TierBenefits } from './benefits.js';
import {
  benefitTypeOf,
  isDiscountUpgradePending,
  halfPriceAmount,
  halfPriceApplies,
  isYearly,
  paidLevelOf,
  PRICE_PER_MONTH,
  planWeight,
  type BenefitType,
  type PaidLevel,
  type PlanWeight,
} from './rules.js';
import type {
  PaymentInfo,
  PlanKind,
  RechargePackage,
  SubscriptionAction,
  SubscriptionPlan,
  SubscriptionStatus,
} from './state.js';

// ---- prices (spec §9)

const planKindOf = (p: SubscriptionPlan): PlanKind => p.kind ?? 'main';

/** A main plan of the three spec levels (1 Basic, 2 Standard, 3 Pro). */
const isSpecLevel = (level: number): level is 1 | 2 | 3 => level === 1 || level === 2 || level === 3;

/** Spec §9 weight of a plan: the server's, else the level plus 10 when yearly; null for add-ons and trials. */
export const weightOfPlan = (p: SubscriptionPlan): number | null => {
  if (p.weight !== undefined) return p.weight;
  if (planKindOf(p) !== 'main' || p.isTrial === true || !isSpecLevel(p.productLevel)) return null;
  return planWeight(paidLevelOf(p.productLevel), isYearly(p.productType));
};

const isPlanWeight = (w: number): w is PlanWeight => Object.hasOwn(PRICE_PER_MONTH, w);

/** Spec §9: the price per month by plan weight; a plan of no §9 weight shows the server's. */
export const pricePerMonthOfPlan = (p: SubscriptionPlan): number | null => {
  const w = weightOfPlan(p);
  return w !== null && isPlanWeight(w) ? PRICE_PER_MONTH[w] : (p.pricePerMonth ?? null);
};

/** How much cheaper a month is on the yearly plan, in whole percent (e.g. 20 for 4.99 → 3.99). */
export const yearlySavingPercent = (monthly: number, yearlyPerMonth: number): number =>
  monthly > 0 ? Math.max(0, Math.round((1 - yearlyPerMonth / monthly) * 100)) : 0;

// ---- benefit type of a purchase (spec §4)

/** A plan the person could buy now is an upgrade when it is a higher main level than their running one. */
export const isUpgradeFor = (p: SubscriptionPlan, info: PaymentInfo | null): boolean =>
  info !== null &&
  info.isActive &&
  planKindOf(p) === 'main' &&
  p.isTrial !== true &&
  p.productLevel > info.productLevel;

/** Spec §4 benefit type of buying this plan, for this person. */
export const benefitOfPlan = (p: SubscriptionPlan, info: PaymentInfo | null): BenefitType =>
  benefitTypeOf({
    goodsId: p.goodsId,
    isSubscription: planKindOf(p) !== 'day',
    isTrial: p.isTrial === true,
    isUpgrade: isUpgradeFor(p, info),
    isOneTime: p.isOneTime === true,
  });

/** Spec §4 benefit type of buying a coin pack (its goods id is `calculate` plus digits). */
export const benefitOfPackage = (p: RechargePackage): BenefitType =>
  benefitTypeOf({
    goodsId: p.goodsId,
    isSubscription: false,
    isTrial: false,
    isUpgrade: false,
    isOneTime: true,
  });

// ---- the membership page

export interface PlanOffer {
  readonly plan: SubscriptionPlan;
  readonly pricePerMonth: number | null;
  /** While the half-price offer runs, what this plan costs (the server charges it); null otherwise. */
  readonly halfPrice: { readonly price: number; readonly pricePerMonth: number | null } | null;
  readonly benefit: BenefitType;
  /** The person's running plan. */
  readonly current: boolean;
}

export type PaidTier = Exclude<Tier, 'guest' | 'none'>;

export interface TierOffer {
  readonly tier: PaidTier;
  readonly level: PaidLevel;
  readonly benefits: TierBenefits;
  readonly monthly: PlanOffer | null;
  readonly yearly: PlanOffer | null;
  /** Percent saved a month on the yearly plan. */
  readonly yearlySaving: number | null;
  /** The person's tier (from their main plan). */
  readonly current: boolean;
}

/** What a VIP or add-on offer is, for its label: the SVIP tier above Pro, lite, top membership, buff VIP, day pass. */
export type VipOfferKind = 'svip' | 'lite' | 'big' | 'buff' | 'day';

export interface VipOffer extends PlanOffer {
  readonly kind: VipOfferKind;
  /** The SVIP number (4 for svip_4), null for the add-ons. */
  readonly svip: number | null;
  readonly yearly: boolean;
}

export interface MembershipCatalogue {
  /** What a signed-in account without a plan gets. */
  readonly free: TierBenefits;
  readonly tiers: readonly TierOffer[];
  readonly vip: readonly VipOffer[];
  /** The 3-day trials: offered to guests and to accounts the server flags (spec §4 3-day trial flag). */
  readonly trials: readonly PlanOffer[];
  /** The person's tier, for "your plan" marks. */
  readonly tier: Tier;
}

const TIERS: readonly { readonly tier: PaidTier; readonly level: 1 | 2 | 3 }[] = [
  { tier: 'basic', level: 1 },
  { tier: 'standard', level: 2 },
  { tier: 'pro', level: 3 },
];

const isCurrentPlan = (p: SubscriptionPlan, info: PaymentInfo | null): boolean =>
  info !== null &&
  info.isActive &&
  planKindOf(p) === 'main' &&
  p.isTrial !== true &&
  p.productLevel === info.productLevel &&
  isYearly(p.productType) === isYearly(info.productType);

const offerOf = (p: SubscriptionPlan, info: PaymentInfo | null, halfPrice: boolean): PlanOffer => {
  const perMonth = pricePerMonthOfPlan(p);
  const applies =
    halfPrice && halfPriceApplies({ main: planKindOf(p) === 'main', trial: p.isTrial === true });
  return {
    plan: p,
    pricePerMonth: perMonth,
    halfPrice: applies
      ? {
          price: halfPriceAmount(p.price),
          pricePerMonth: perMonth === null ? null : halfPriceAmount(perMonth),
        }
      : null,
    benefit: benefitOfPlan(p, info),
    current: isCurrentPlan(p, info),
  };
};

/**
 * The SVIP number of a spec §3 VIP type (`svip_4` and its trial `svip_4_trial`: 4), or null for any
 * other type. The one reading of the name: the offers, the error catalogue's tiers and the plan names use it.
 */
export const svipNumberOf = (vipType: string): number | null => {
  const m = /^svip_(\d+)(?:_trial)?$/.exec(vipType.trim().toLowerCase());
  return m ? Number(m[1]) : null;
};

/** The SVIP number a plan above Pro shows (offers and plan names): its VIP type's, else its level. */
export const svipNumberOfPlan = (p: SubscriptionPlan): number =>
  svipNumberOf(p.vipType ?? '') ?? p.productLevel;

/**
 * The membership page's offers from the subscription list: Basic, Standard and Pro, monthly and
 * yearly (spec §9 weights 1-3 and 11-13); the VIP tiers above Pro and the add-ons (lite, top
 * membership, buff VIP, day pass) the server sells; the 3-day trials when offered.
 */
export const membershipCatalogue = (
  plans: readonly SubscriptionPlan[],
  info: PaymentInfo | null,
  threeDayTrial: boolean,
  signedIn: boolean,
  /** The half-price offer runs (its countdown has not ended): eligible plans show half their price. */
  halfPrice = false,
): MembershipCatalogue => {
  const main = plans.filter((p) => planKindOf(p) === 'main' && p.isTrial !== true);
  const tiers = TIERS.map(({ tier, level }): TierOffer => {
    const monthly = main.find((p) => p.productLevel === level && !isYearly(p.productType)) ?? null;
    const yearly = main.find((p) => p.productLevel === level && isYearly(p.productType)) ?? null;
    const m = monthly === null ? null : offerOf(monthly, info, halfPrice);
    const y = yearly === null ? null : offerOf(yearly, info, halfPrice);
    return {
      tier,
      level: paidLevelOf(level),
      benefits: TIER_BENEFITS[tier],
      monthly: m,
      yearly: y,
      yearlySaving:
        m?.pricePerMonth != null && y?.pricePerMonth != null
          ? yearlySavingPercent(m.pricePerMonth, y.pricePerMonth)
          : null,
      current: info !== null && info.isActive && info.productLevel === level,
    };
  });
  const vip: VipOffer[] = [];
  for (const p of plans) {
    const kind = planKindOf(p);
    if (p.isTrial === true) continue;
    if (kind === 'main') {
      if (isSpecLevel(p.productLevel)) continue;
      vip.push({
        ...offerOf(p, info, halfPrice),
        kind: 'svip',
        svip: svipNumberOfPlan(p),
        yearly: isYearly(p.productType),
      });
    } else vip.push({ ...offerOf(p, info, halfPrice), kind, svip: null, yearly: isYearly(p.productType) });
  }
  const trials =
    !signedIn || threeDayTrial
      ? plans.filter((p) => p.isTrial === true).map((p) => offerOf(p, info, halfPrice))
      : [];
  return {
    free: TIER_BENEFITS.none,
    tiers,
    vip,
    trials,
    tier: signedIn ? higherTier(tierOfPaymentInfo(info), 'none') : 'guest',
  };
};

/** Spec §1: testimonials read in Chinese on a zh-* page, in English on every other. */
export const testimonialLanguage = (locale: string): 'zh' | 'en' =>
  /^zh(?:[-_]|$)/i.test(locale) ? 'zh' : 'en';

// ---- the subscription page (spec §3, §4)

export interface SubscriptionView {
  /** Spec §4 level: inactive, Basic, Standard, Pro. */
  readonly level: 'inactive' | PaidLevel;
  readonly yearly: boolean;
  readonly currentProduct: string | null;
  readonly expiryTime: number | null;
  readonly running: boolean;
  readonly trial: boolean;
  readonly threeDayTrial: boolean;
  readonly paused: {
    readonly months: number;
    readonly startAt: number | null;
    readonly endAt: number | null;
  } | null;
  readonly cancelAt: number | null;
  /** The free month, once claimed: when it runs. */
  readonly freeMonth: { readonly startAt: number | null; readonly endAt: number | null } | null;
  readonly nextPlan: {
    readonly goodsId: string;
    readonly activeAt: number | null;
    /** Spec §4: a discount upgrade is pending when the next plan's name contains 'discount'. */
    readonly discountPending: boolean;
  } | null;
  readonly prevProduct: string | null;
  /** What the server would accept now (it checks again). */
  readonly actions: readonly SubscriptionAction[];
  /** Add-ons with their own expiry (lite, top membership). */
  readonly lite: { readonly active: boolean; readonly expiryTime: number | null };
  readonly big: { readonly active: boolean; readonly expiryTime: number | null };
}

/**
 * The subscription page's view, and the actions the server accepts in that state: pause needs a
 * running paid plan (not a trial) that is neither cancelled nor already paused; resume undoes a
 * pause or a cancel; cancel needs a running plan not yet cancelled; the free month is claimed
 * once, on a running paid plan; the next plan can be changed while the plan runs uncancelled.
 */
export const subscriptionViewOf = (
  info: PaymentInfo | null,
  status: SubscriptionStatus | null,
  threeDayTrial: boolean,
): SubscriptionView => {
  const running = info !== null && info.isActive && (status?.currentProduct ?? '') !== '';
  const trial = running && (status?.isTrial ?? false);
  const paused = running && status !== null && status.isPause;
  const cancelAt = status?.cancelAt ?? null;
  const cancelled = cancelAt !== null;
  const actions: SubscriptionAction[] = [];
  if (running && !trial && !cancelled && !paused) actions.push('pause');
  if (running && (paused || cancelled)) actions.push('resume');
  if (running && !cancelled) actions.push('cancel');
  if (running && !trial && status !== null && status.freeMonthStatus === 0) actions.push('freeMonth');
  if (running && !cancelled) actions.push('changePlan');
  const next = status?.nextProduct ?? null;
  return {
    level: info !== null && info.isActive ? paidLevelOf(info.productLevel) : 'inactive',
    yearly: info !== null && info.isActive && isYearly(info.productType),
    currentProduct: running ? (status?.currentProduct ?? null) : null,
    expiryTime: status?.expiryTime ?? info?.expiryTime ?? null,
    running,
    trial,
    threeDayTrial,
    paused:
      paused && status !== null
        ? { months: status.pauseMonth, startAt: status.pauseStartAt, endAt: status.pauseEndAt }
        : null,
    cancelAt,
    freeMonth:
      status !== null && status.freeMonthStatus !== 0
        ? { startAt: status.freeMonthStartAt, endAt: status.freeMonthEndAt }
        : null,
    nextPlan:
      next === null
        ? null
        : {
            goodsId: next,
            activeAt: status?.nextProductActiveAt ?? null,
            discountPending: isDiscountUpgradePending(status),
          },
    prevProduct: status?.prevProduct ?? null,
    actions,
    lite: { active: info?.liteIsActive ?? false, expiryTime: info?.liteExpiryTime ?? null },
    big: { active: info?.bigIsActive ?? false, expiryTime: info?.bigExpiryTime ?? null },
  };
};

/**
 * When the subscription's reminders end (spec §4 end-time popups; what they remind of is ours):
 * retention while a cancelled plan may still take its one free month (until the plan ends), and
 * activation until the chosen next plan takes effect. Null: no such reminder.
 */
export const reminderEndTimesOf = (
  view: SubscriptionView,
): { readonly retention: number | null; readonly activation: number | null } => ({
  retention: view.cancelAt !== null && view.actions.includes('freeMonth') ? view.expiryTime : null,
  activation: view.nextPlan?.activeAt ?? null,
});

/** The plans the renewal can switch to: every paid main plan but the one in force. */
export const changePlanChoices = (
  plans: readonly SubscriptionPlan[],
  currentProduct: string | null,
): readonly SubscriptionPlan[] =>
  plans.filter((p) => planKindOf(p) === 'main' && p.isTrial !== true && p.goodsId !== currentProduct);

/** Spec §4 pause lengths the server takes (1 to 3 months). */
export const PAUSE_MONTHS: readonly number[] = [1, 2, 3];
