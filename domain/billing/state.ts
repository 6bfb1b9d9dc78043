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
  /** The plan in force (a goods id) and when it ends; optional so older producers stay valid. */
  readonly currentProduct?: string | null;
  readonly expiryTime?: number | null;
}

/** Where a plan's benefit lands: the one main membership, or an add-on with its own expiry. */
export type PlanKind = 'main' | 'lite' | 'big' | 'buff' | 'day';

/** One plan of the subscription list. */
export interface SubscriptionPlan {
  readonly goodsId: string;
  readonly productLevel: number;
  readonly productType: number;
  /** What one purchase charges. */
  readonly price: number;
  readonly currency: string;
  /** The fields below are optional so that older producers (and logs) stay valid. */
  readonly name?: string;
  readonly kind?: PlanKind;
  readonly vipType?: string | null;
  /** Spec §9 plan weight (level, plus 10 when yearly); null for add-ons and trials. */
  readonly weight?: number | null;
  /** The server's price per month; null for the day pass. */
  readonly pricePerMonth?: number | null;
  readonly periodDays?: number;
  readonly isTrial?: boolean;
  readonly isOneTime?: boolean;
}

/** Spec §1 membership testimonial, in both languages. */
export interface Testimonial {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  readonly titleEn: string;
  readonly titleZh: string;
  readonly contentEn: string;
  readonly contentZh: string;
}

/** Spec §3 payment method (id and the provider's name). */
export interface PaymentMethodEntry {
  readonly id: number;
  readonly name: string;
}

/** What a ledger row was for; decided by the server, translated by views. */
export type LedgerCategory =
  | 'task'
  | 'taskRefund'
  | 'training'
  | 'trainingRefund'
  | 'recharge'
  | 'rechargeBonus'
  | 'decoration'
  | 'creatorReward'
  | 'bonus'
  | 'other';

/** One movement of coins: a debit or a credit, split by coin kind, with what it belongs to. */
export interface LedgerEntry {
  readonly id: number;
  readonly direction: 'debit' | 'credit';
  readonly category: LedgerCategory;
  /** Always positive: the coins that moved. */
  readonly coins: number;
  readonly parts: readonly { readonly kind: string; readonly amount: number }[];
  readonly createdAt: number;
  readonly ref: string | null;
  /** The task (or training) the movement belongs to, when it belongs to one. */
  readonly task: {
    readonly id: string;
    readonly domainType: number;
    readonly prompt: string;
    readonly status: number;
  } | null;
  /** The goods of a recharge order. */
  readonly goodsId: string | null;
}

/** A list fetched from the server, in phases. */
export type Loadable<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly data: T }
  | { readonly status: 'error'; readonly code: number | null };

export interface LedgerState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'error';
  readonly entries: readonly LedgerEntry[];
  /** The cursor of the next (older) page, null at the end. */
  readonly nextCursor: number | null;
}

export type SubscriptionAction = 'pause' | 'resume' | 'cancel' | 'freeMonth' | 'changePlan';

/** The subscription status call and the actions on it, in phases. */
export interface SubscriptionCalls {
  readonly load: 'idle' | 'loading' | 'loaded' | 'error';
  readonly pending: SubscriptionAction | null;
  /** The last action the server refused, with its code. */
  readonly refused: { readonly action: SubscriptionAction; readonly code: number } | null;
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
  /** Optional so that states built by older code stay valid; absent reads as the initial value. */
  readonly subscriptionCalls?: SubscriptionCalls;
  readonly ledger?: LedgerState;
  readonly testimonials?: Loadable<readonly Testimonial[]>;
  readonly paymentMethods?: Loadable<readonly PaymentMethodEntry[]>;
  /** The cached lists whose last fetch failed with nothing cached (spec §8 50000). */
  readonly failedLists?: readonly CacheName[];
}

export type CacheName = keyof BillingCaches;

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
export const INITIAL_SUBSCRIPTION_CALLS: SubscriptionCalls = { load: 'idle', pending: null, refused: null };
export const INITIAL_LEDGER: LedgerState = { status: 'idle', entries: [], nextCursor: null };

export const initialBillingState: BillingState = {
  status: 'empty',
  subscription: null,
  threeDayTrial: false,
  caches: EMPTY_CACHES,
};

const commonOf = (s: BillingState): BillingCommon => {
  const {
    subscription,
    threeDayTrial,
    caches,
    subscriptionCalls,
    ledger,
    testimonials,
    paymentMethods,
    failedLists,
  } = s;
  return {
    subscription,
    threeDayTrial,
    caches,
    ...(subscriptionCalls === undefined ? {} : { subscriptionCalls }),
    ...(ledger === undefined ? {} : { ledger }),
    ...(testimonials === undefined ? {} : { testimonials }),
    ...(paymentMethods === undefined ? {} : { paymentMethods }),
    ...(failedLists === undefined ? {} : { failedLists }),
  };
};

const callsOf = (s: BillingState): SubscriptionCalls => s.subscriptionCalls ?? INITIAL_SUBSCRIPTION_CALLS;
const ledgerOf = (s: BillingState): LedgerState => s.ledger ?? INITIAL_LEDGER;

/** Ledger entries by id, newest first: a page fetched twice never shows an entry twice. */
const mergeEntries = (a: readonly LedgerEntry[], b: readonly LedgerEntry[]): readonly LedgerEntry[] => {
  const byId = new Map<number, LedgerEntry>();
  for (const e of [...a, ...b]) byId.set(e.id, e);
  return [...byId.values()].sort((x, y) => y.id - x.id);
};

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
    case 'billing/paymentInfoCleared': {
      // All of the person's payment state goes (their subscription, its calls, their ledger); the
      // catalogues (plans, coin packs, testimonials, payment methods) stay.
      const personal =
        state.status === 'known' ||
        state.subscription !== null ||
        state.threeDayTrial ||
        state.subscriptionCalls !== undefined ||
        state.ledger !== undefined;
      if (!personal) return state;
      const { testimonials, paymentMethods } = state;
      return {
        status: 'empty',
        subscription: null,
        threeDayTrial: false,
        caches: state.caches,
        ...(testimonials === undefined ? {} : { testimonials }),
        ...(paymentMethods === undefined ? {} : { paymentMethods }),
      };
    }
    case 'billing/subscriptionStatusReceived':
      return {
        ...state,
        subscription: event.payload.status,
        subscriptionCalls: { load: 'loaded', pending: null, refused: null },
      };
    case 'billing/subscriptionStatusRequested':
      return { ...state, subscriptionCalls: { ...callsOf(state), load: 'loading' } };
    case 'billing/subscriptionStatusFailed':
      return { ...state, subscriptionCalls: { ...callsOf(state), load: 'error' } };
    case 'billing/subscriptionActionStarted':
      return {
        ...state,
        subscriptionCalls: { ...callsOf(state), pending: event.payload.action, refused: null },
      };
    case 'billing/subscriptionActionRefused':
      return {
        ...state,
        subscriptionCalls: {
          ...callsOf(state),
          pending: null,
          refused: { action: event.payload.action, code: event.payload.code },
        },
      };
    case 'billing/ledgerPageRequested': {
      const ledger = ledgerOf(state);
      return {
        ...state,
        ledger: event.payload.reset
          ? { status: 'loading', entries: ledger.entries, nextCursor: null }
          : { ...ledger, status: 'loading' },
      };
    }
    case 'billing/ledgerPageFetched': {
      const ledger = ledgerOf(state);
      return {
        ...state,
        ledger: {
          status: 'loaded',
          entries: event.payload.reset
            ? mergeEntries([], event.payload.entries)
            : mergeEntries(ledger.entries, event.payload.entries),
          nextCursor: event.payload.nextCursor,
        },
      };
    }
    case 'billing/ledgerPageFailed':
      return { ...state, ledger: { ...ledgerOf(state), status: 'error' } };
    case 'billing/testimonialsRequested':
      return state.testimonials?.status === 'loaded'
        ? state
        : { ...state, testimonials: { status: 'loading' } };
    case 'billing/testimonialsFetched':
      return { ...state, testimonials: { status: 'loaded', data: event.payload.items } };
    case 'billing/testimonialsFailed':
      return state.testimonials?.status === 'loaded'
        ? state
        : { ...state, testimonials: { status: 'error', code: event.payload.code } };
    case 'billing/paymentMethodsFetched':
      return { ...state, paymentMethods: { status: 'loaded', data: event.payload.items } };
    case 'billing/paymentMethodsFailed':
      return state.paymentMethods?.status === 'loaded'
        ? state
        : { ...state, paymentMethods: { status: 'error', code: event.payload.code } };
    case 'billing/threeDayTrialFlagged':
      return state.threeDayTrial === event.payload.enabled
        ? state
        : { ...state, threeDayTrial: event.payload.enabled };
    case 'billing/listFetchFailed':
      return (state.failedLists ?? []).includes(event.payload.which)
        ? state
        : { ...state, failedLists: [...(state.failedLists ?? []), event.payload.which] };
    case 'billing/subscriptionListFetched':
      return {
        ...state,
        failedLists: (state.failedLists ?? []).filter((w) => w !== 'subscriptionList'),
        caches: {
          ...state.caches,
          subscriptionList: { data: event.payload.plans, fetchedAt: event.meta.at },
        },
      };
    case 'billing/calculateListFetched':
      return {
        ...state,
        failedLists: (state.failedLists ?? []).filter((w) => w !== 'calculateList'),
        caches: {
          ...state.caches,
          calculateList: { data: event.payload.packages, fetchedAt: event.meta.at },
        },
      };
    default:
      return assertNever(event);
  }
};
