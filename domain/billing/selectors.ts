import {
  isCacheFresh,
  isCancelled,
  isDiscountUpgradePending,
  isInFreeMonthAt,
  isPausedAt,
  isYearly,
  pricePerMonth,
  subscriptionLevelOf,
  visibleRechargePackages,
  type SubscriptionLevel,
} from './rules.js';
import {
  INITIAL_LEDGER,
  INITIAL_SUBSCRIPTION_CALLS,
  type BillingState,
  type LedgerState,
  type Loadable,
  type PaymentInfo,
  type PaymentMethodEntry,
  type RechargePackage,
  type SubscriptionCalls,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type Testimonial,
} from './state.js';

/** The coin balance a person sees: calculate coins, or null before payment info is known. */
export const selectCoinBalance = (s: BillingState): number | null =>
  s.status === 'known' ? s.paymentInfo.calculateCoins : null;

export interface CoinBalances {
  readonly calculate: number;
  readonly free: number;
  readonly temp: number;
  readonly paid: number;
}

/** Every coin kind of spec §3, or null before payment info is known. */
export const selectCoins = (s: BillingState): CoinBalances | null =>
  s.status === 'known'
    ? {
        calculate: s.paymentInfo.calculateCoins,
        free: s.paymentInfo.freeCoins,
        temp: s.paymentInfo.tempCoins,
        paid: s.paymentInfo.paidCoins,
      }
    : null;

export const selectPaymentInfo = (s: BillingState): PaymentInfo | null =>
  s.status === 'known' ? s.paymentInfo : null;

export const selectActiveState = (s: BillingState): boolean => s.status === 'known' && s.activeState;
export const selectLiteActiveState = (s: BillingState): boolean => s.status === 'known' && s.liteActiveState;
export const selectVipType = (s: BillingState): string | null => (s.status === 'known' ? s.vipType : null);

/** Spec §4 subscription level; also the productLevel added to tracking. */
export const selectSubscriptionLevel = (s: BillingState): SubscriptionLevel =>
  s.status === 'known' ? subscriptionLevelOf(s.paymentInfo) : 'inactive';

export const selectIsYearly = (s: BillingState): boolean =>
  s.status === 'known' && isYearly(s.paymentInfo.productType);

/** The monthly price of the person's current plan, or null without an active plan. */
export const selectCurrentPricePerMonth = (s: BillingState): number | null => {
  const level = selectSubscriptionLevel(s);
  return level === 'inactive' ? null : pricePerMonth(level, selectIsYearly(s));
};

export const selectSubscriptionStatus = (s: BillingState): SubscriptionStatus | null => s.subscription;
export const selectIsPaused = (s: BillingState, now: number): boolean => isPausedAt(s.subscription, now);
export const selectPauseMonths = (s: BillingState): number => s.subscription?.pauseMonth ?? 0;
export const selectIsInFreeMonth = (s: BillingState, now: number): boolean =>
  isInFreeMonthAt(s.subscription, now);
export const selectIsCancelled = (s: BillingState): boolean => isCancelled(s.subscription);
export const selectNextProduct = (
  s: BillingState,
): { readonly product: string; readonly activeAt: number | null } | null =>
  s.subscription?.nextProduct
    ? { product: s.subscription.nextProduct, activeAt: s.subscription.nextProductActiveAt }
    : null;
export const selectIsTrial = (s: BillingState): boolean => s.subscription?.isTrial ?? false;
export const selectThreeDayTrial = (s: BillingState): boolean => s.threeDayTrial;
export const selectDiscountUpgradePending = (s: BillingState): boolean =>
  isDiscountUpgradePending(s.subscription);

/** The cached subscription list while fresh; null means fetch it. */
export const selectFreshSubscriptionList = (
  s: BillingState,
  now: number,
): readonly SubscriptionPlan[] | null =>
  isCacheFresh(s.caches.subscriptionList, now) ? (s.caches.subscriptionList?.data ?? null) : null;

/** The cached calculate list while fresh; null means fetch it. */
export const selectFreshCalculateList = (s: BillingState, now: number): readonly RechargePackage[] | null =>
  isCacheFresh(s.caches.calculateList, now) ? (s.caches.calculateList?.data ?? null) : null;

/** Spec §9: the recharge packages shown, from the cached calculate list. */
export const selectVisibleRechargePackages = (s: BillingState): readonly RechargePackage[] =>
  visibleRechargePackages(s.caches.calculateList?.data ?? []);

export const selectSubscriptionCalls = (s: BillingState): SubscriptionCalls =>
  s.subscriptionCalls ?? INITIAL_SUBSCRIPTION_CALLS;
export const selectLedger = (s: BillingState): LedgerState => s.ledger ?? INITIAL_LEDGER;
const IDLE: Loadable<never> = { status: 'idle' };
export const selectTestimonials = (s: BillingState): Loadable<readonly Testimonial[]> =>
  s.testimonials ?? IDLE;
export const selectPaymentMethods = (s: BillingState): Loadable<readonly PaymentMethodEntry[]> =>
  s.paymentMethods ?? IDLE;
/** The plan list as last fetched (fresh or stale), empty before the first answer. */
export const selectPlans = (s: BillingState): readonly SubscriptionPlan[] =>
  s.caches.subscriptionList?.data ?? [];
export const selectPlansLoaded = (s: BillingState): boolean => s.caches.subscriptionList !== null;
export const selectPackagesLoaded = (s: BillingState): boolean => s.caches.calculateList !== null;
export const selectListFailed = (s: BillingState, which: 'subscriptionList' | 'calculateList'): boolean =>
  (s.failedLists ?? []).includes(which);
