/**
 * Billing state and its reducer. The payment phase is a union on `status` ('empty' before or
 * after an empty account, 'known' with payment info); the subscription status, the 3-day
 * trial flag and the list caches sit beside it in both phases.
 */
import { assertNever } from '../kernel/event.js';
import type { BillingEvent } from './events.js';

/** Spec §3 payment info, the fields the client keeps, in domain names. */
export interface PaymentInfo {
  readonly accountId: string;
  readonly calculateCoins: number;
  readonly freeCoins: number;
  readonly tempCoins: number;
  readonly paidCoins: number;
  readonly isActive: boolean;
  readonly liteIsActive: boolean;
  readonly productLevel: number;
  readonly productType: number;
  readonly vipType: string;
  readonly expiryTime: number | null;
  /** Optional so existing producers stay valid: lite and top-membership (big) expiry, epoch ms. */
  readonly liteExpiryTime?: number | null;
  readonly bigIsActive?: boolean;
  readonly bigExpiryTime?: number | null;
}

/** Spec §3 subscription status, in domain names; times are epoch ms, null when unset. */
export interface SubscriptionStatus {
  readonly isPause: boolean;
  readonly pauseMonth: number;
  readonly pauseStartAt: number | null;
  readonly pauseEndAt: number | null;
  /** The server's free-month trial status code; 0 means none. */
  readonly freeMonthStatus: number;
  readonly freeMonthStartAt: number | null;
  readonly freeMonthEndAt: number | null;
  readonly cancelAt: number | null;
  /** Plan names (product ids) before and after the next change. */
  readonly prevProduct: string | null;
  readonly nextProduct: string | null;
  readonly nextProductActiveAt: number | null;
  readonly isTrial: boolean;
}

/** One plan of the subscription list. */
export interface SubscriptionPlan {
  readonly goodsId: string;
  readonly productLevel: number;
  readonly productType: number;
  readonly price: number;
  readonly currency: string;
}

/** Spec §3 recharge package (calculate list entry). */
export interface RechargePackage {
  readonly goodsId: string;
  readonly calculateCoins: number;
  readonly giveCalculateCoins: number;
  readonly price: number;
  /** local_price_web.currency */
  readonly currency: string;
}

export interface CacheEntry<T> {
  readonly data: readonly T[];
  readonly fetchedAt: number;
}

export interface BillingCaches {
  readonly subscriptionList: CacheEntry<SubscriptionPlan> | null;
  readonly calculateList: CacheEntry<RechargePackage> | null;
}

/** What billing keeps in either payment phase. */
export interface BillingCommon {
  readonly subscription: SubscriptionStatus | null;
  readonly threeDayTrial: boolean;
  readonly caches: BillingCaches;
}

export type BillingState =
  | ({ readonly status: 'empty' } & BillingCommon)
  | ({
      readonly status: 'known';
      readonly paymentInfo: PaymentInfo;
      /** Spec §3 client payment state. */
      readonly activeState: boolean;
      readonly liteActiveState: boolean;
      readonly vipType: string;
      readonly receivedAt: number;
    } & BillingCommon);

export const EMPTY_CACHES: BillingCaches = { subscriptionList: null, calculateList: null };

export const initialBillingState: BillingState = {
  status: 'empty',
  subscription: null,
  threeDayTrial: false,
  caches: EMPTY_CACHES,
};

const commonOf = (s: BillingState): BillingCommon => ({
  subscription: s.subscription,
  threeDayTrial: s.threeDayTrial,
  caches: s.caches,
});

export const evolveBilling = (state: BillingState, event: BillingEvent): BillingState => {
  switch (event.type) {
    case 'billing/paymentInfoReceived': {
      const info = event.payload.info;
      return {
        ...commonOf(state),
        status: 'known',
        paymentInfo: info,
        activeState: info.isActive,
        liteActiveState: info.liteIsActive,
        vipType: info.vipType,
        receivedAt: event.meta.at,
      };
    }
    case 'billing/paymentInfoCleared':
      // All of the person's payment state goes; the plan and coin-pack catalogues stay cached.
      return state.status === 'empty' && state.subscription === null && !state.threeDayTrial
        ? state
        : { status: 'empty', subscription: null, threeDayTrial: false, caches: state.caches };
    case 'billing/subscriptionStatusReceived':
      return { ...state, subscription: event.payload.status };
    case 'billing/threeDayTrialFlagged':
      return state.threeDayTrial === event.payload.enabled
        ? state
        : { ...state, threeDayTrial: event.payload.enabled };
    case 'billing/subscriptionListFetched':
      return {
        ...state,
        caches: {
          ...state.caches,
          subscriptionList: { data: event.payload.plans, fetchedAt: event.meta.at },
        },
      };
    case 'billing/calculateListFetched':
      return {
        ...state,
        caches: {
          ...state.caches,
          calculateList: { data: event.payload.packages, fetchedAt: event.meta.at },
        },
      };
    default:
      return assertNever(event);
  }
};
