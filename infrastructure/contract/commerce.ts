/**
 * Memberships, plans, coin packs, payment methods and orders (spec §3, §4, §7, §9).
 *
 * Every path here is "not shown" in the spec; we chose POST under `/api/v1/payment/...`:
 *   subscription/list, calculate/list, methods, subscription/status, subscription/pause,
 *   subscription/resume, subscription/cancel, subscription/change (next plan),
 *   subscription/free-month (the one-time retention month), subscription/url,
 *   order/create, order/detail, ledger/list (the coin ledger, newest first, paged by cursor).
 * The simulated payment provider's checkout lives outside /api/: `GET /pay/checkout/:orderId`
 * (an HTML page for an iframe) with `POST /pay/checkout/:orderId/complete` and `/fail`; the page
 * reports to its parent window with `postMessage(CheckoutMessage)`.
 *
 * Prices are the server's: a client shows them and never sends one back. Amounts are decimal
 * currency units with two places (4.99); times are epoch milliseconds.
 */
import * as t from 'io-ts';

export const SUBSCRIPTION_LIST_PATH = '/api/v1/payment/subscription/list';
export const CALCULATE_LIST_PATH = '/api/v1/payment/calculate/list';
export const PAYMENT_METHODS_PATH = '/api/v1/payment/methods';
export const SUBSCRIPTION_STATUS_PATH = '/api/v1/payment/subscription/status';
export const SUBSCRIPTION_PAUSE_PATH = '/api/v1/payment/subscription/pause';
export const SUBSCRIPTION_RESUME_PATH = '/api/v1/payment/subscription/resume';
export const SUBSCRIPTION_CANCEL_PATH = '/api/v1/payment/subscription/cancel';
export const SUBSCRIPTION_CHANGE_PATH = '/api/v1/payment/subscription/change';
export const SUBSCRIPTION_FREE_MONTH_PATH = '/api/v1/payment/subscription/free-month';
export const SUBSCRIPTION_URL_PATH = '/api/v1/payment/subscription/url';
export const ORDER_CREATE_PATH = '/api/v1/payment/order/create';
export const ORDER_DETAIL_PATH = '/api/v1/payment/order/detail';
export const LEDGER_LIST_PATH = '/api/v1/payment/ledger/list';

/** The simulated provider's pages (not under /api/: they are the provider's, not ours). */
export const CHECKOUT_PAGE_PREFIX = '/pay/checkout/';
export const checkoutPagePath = (orderId: string): string =>
  `${CHECKOUT_PAGE_PREFIX}${encodeURIComponent(orderId)}`;
export const checkoutCompletePath = (orderId: string): string => `${checkoutPagePath(orderId)}/complete`;
export const checkoutFailPath = (orderId: string): string => `${checkoutPagePath(orderId)}/fail`;

/** The card number the simulated provider declines with spec §8 code 80213 (Stripe's test number). */
export const DECLINED_TEST_CARD = '4000000000000002';
export const CREDIT_CARD_ERROR_CODE = 80213;

/** Spec §3 product_type (payRange): 3 means yearly; we send 1 for every other period. */
export const PRODUCT_TYPE_MONTHLY = 1;
export const PRODUCT_TYPE_YEARLY = 3;

/** Spec §3 VIP types. `vip_day1` is the one day pass of the `vip_day*` family. */
export const VipType = t.keyof(
  {
    svip_1: null,
    svip_2: null,
    svip_3: null,
    svip_4: null,
    svip_1_trial: null,
    svip_2_trial: null,
    vip_lite: null,
    vip_day1: null,
  },
  'VipType',
);
export type VipType = t.TypeOf<typeof VipType>;

/**
 * Where a plan's benefit lands: `main` is the one membership of payment info (product_level,
 * product_type, vip_type, expiry_time); the others are add-ons with their own expiry
 * (lite, top membership "big", buff vip, day pass).
 */
export const PlanKind = t.keyof({ main: null, lite: null, big: null, buff: null, day: null }, 'PlanKind');
export type PlanKind = t.TypeOf<typeof PlanKind>;

export const Money = t.type({ currency: t.string, price: t.number }, 'Money');
export type Money = t.TypeOf<typeof Money>;

/** One entry of the subscription list. */
export const SubscriptionPlan = t.type(
  {
    goods_id: t.string,
    name: t.string,
    kind: PlanKind,
    /** Spec §3: 1 Basic, 2 Standard, other Pro (4 is our top tier, svip_4). 0 for add-ons. */
    product_level: t.number,
    product_type: t.number,
    /** Null for the add-ons the spec gives no VIP type (top membership, buff vip). */
    vip_type: t.union([VipType, t.null]),
    /** Spec §9 plan weight: the level, plus 10 when yearly; null for add-ons. */
    weight: t.union([t.number, t.null]),
    /** Spec §9 price per month; for a trial the monthly price of its plan; null for the day pass. */
    price_per_month: t.union([t.number, t.null]),
    /** What one purchase charges: the monthly price times the months of the period. */
    price: t.number,
    currency: t.string,
    period_days: t.number,
    is_trial: t.boolean,
    is_one_time: t.boolean,
  },
  'SubscriptionPlan',
);
export type SubscriptionPlan = t.TypeOf<typeof SubscriptionPlan>;

export const SubscriptionListResponse = t.type(
  { items: t.array(SubscriptionPlan) },
  'SubscriptionListResponse',
);
export type SubscriptionListResponse = t.TypeOf<typeof SubscriptionListResponse>;

/** Spec §3 recharge package. Goods ids are `calculate` plus digits (the compute-purchase pattern of spec §4). */
export const RechargePackage = t.type(
  {
    goods_id: t.string,
    calculate_coins: t.number,
    give_calculate_coins: t.number,
    local_price_web: Money,
  },
  'RechargePackage',
);
export type RechargePackage = t.TypeOf<typeof RechargePackage>;

/** Spec §7 "Recharge list (response calculate)". */
export const CalculateListResponse = t.type({ calculate: t.array(RechargePackage) }, 'CalculateListResponse');
export type CalculateListResponse = t.TypeOf<typeof CalculateListResponse>;

/** Spec §3 payment method ids. */
export const PAYMENT_METHOD_IDS = [1, 4, 5, 6, 8, 9, 10, 12] as const;
export const PaymentMethod = t.type({ id: t.number, name: t.string, third_type: t.string }, 'PaymentMethod');
export type PaymentMethod = t.TypeOf<typeof PaymentMethod>;
export const PaymentMethodsResponse = t.type({ items: t.array(PaymentMethod) }, 'PaymentMethodsResponse');
export type PaymentMethodsResponse = t.TypeOf<typeof PaymentMethodsResponse>;

/** Spec §3 subscription status; times are epoch ms or null. */
export const SubscriptionStatus = t.type(
  {
    is_pause: t.boolean,
    pause_month: t.number,
    pause_start_at: t.union([t.number, t.null]),
    pause_end_at: t.union([t.number, t.null]),
    /** 0 never claimed, 1 claimed (the month is running or has run). */
    free_month_status: t.number,
    free_month_start_at: t.union([t.number, t.null]),
    free_month_end_at: t.union([t.number, t.null]),
    cancel_at: t.union([t.number, t.null]),
    prev_product: t.union([t.string, t.null]),
    next_product: t.union([t.string, t.null]),
    next_product_active_at: t.union([t.number, t.null]),
    is_trial: t.boolean,
    /** The plan in force and its end (null when none). */
    current_product: t.union([t.string, t.null]),
    expiry_time: t.union([t.number, t.null]),
    /** Spec §4 3-day trial flag: the account may still start a 3-day trial (it never had a plan). */
    trial_eligible: t.boolean,
  },
  'SubscriptionStatus',
);
export type SubscriptionStatus = t.TypeOf<typeof SubscriptionStatus>;

interface GoodsIdBrand {
  readonly GoodsId: unique symbol;
}
export const GoodsId = t.brand(
  t.string,
  (s): s is t.Branded<string, GoodsIdBrand> => /^[a-z0-9_]{1,64}$/.test(s),
  'GoodsId',
);
export type GoodsId = t.TypeOf<typeof GoodsId>;

interface PauseMonthBrand {
  readonly PauseMonth: unique symbol;
}
/** A pause of 1 to 3 months. */
export const PauseMonth = t.brand(
  t.number,
  (n): n is t.Branded<number, PauseMonthBrand> => Number.isInteger(n) && n >= 1 && n <= 3,
  'PauseMonth',
);
export type PauseMonth = t.TypeOf<typeof PauseMonth>;

export const MAX_PAUSE_MONTHS = 3;

export const SubscriptionPauseRequest = t.type({ pause_month: PauseMonth }, 'SubscriptionPauseRequest');
export type SubscriptionPauseRequest = t.TypeOf<typeof SubscriptionPauseRequest>;

export const SubscriptionChangeRequest = t.type({ goods_id: GoodsId }, 'SubscriptionChangeRequest');
export type SubscriptionChangeRequest = t.TypeOf<typeof SubscriptionChangeRequest>;

interface IdempotencyKeyBrand {
  readonly IdempotencyKey: unique symbol;
}
/** 8 to 128 characters of [A-Za-z0-9_-]: a client generates one per purchase intent. */
export const IdempotencyKey = t.brand(
  t.string,
  (s): s is t.Branded<string, IdempotencyKeyBrand> => /^[A-Za-z0-9_-]{8,128}$/.test(s),
  'IdempotencyKey',
);
export type IdempotencyKey = t.TypeOf<typeof IdempotencyKey>;

interface PaymentMethodIdBrand {
  readonly PaymentMethodId: unique symbol;
}
export const PaymentMethodId = t.brand(
  t.number,
  (n): n is t.Branded<number, PaymentMethodIdBrand> => (PAYMENT_METHOD_IDS as readonly number[]).includes(n),
  'PaymentMethodId',
);
export type PaymentMethodId = t.TypeOf<typeof PaymentMethodId>;

/** Same key, same order: a retried create never makes a second order nor a second charge. */
export const OrderCreateRequest = t.intersection(
  [
    t.type({ goods_id: GoodsId, idempotency_key: IdempotencyKey }),
    t.partial({ payment_method_id: PaymentMethodId }),
  ],
  'OrderCreateRequest',
);
export type OrderCreateRequest = t.TypeOf<typeof OrderCreateRequest>;

export const SubscriptionUrlRequest = OrderCreateRequest;
export type SubscriptionUrlRequest = OrderCreateRequest;

export const OrderStatus = t.keyof({ pending: null, paid: null, failed: null, expired: null }, 'OrderStatus');
export type OrderStatus = t.TypeOf<typeof OrderStatus>;

export const Order = t.type(
  {
    order_id: t.string,
    goods_id: t.string,
    kind: t.keyof({ plan: null, coins: null }),
    amount: t.number,
    currency: t.string,
    payment_method_id: t.number,
    status: OrderStatus,
    /** The spec §8 code of the last refusal (80213), null otherwise. */
    failure_code: t.union([t.number, t.null]),
    checkout_url: t.string,
    created_at: t.number,
    expires_at: t.number,
    paid_at: t.union([t.number, t.null]),
  },
  'Order',
);
export type Order = t.TypeOf<typeof Order>;

export const OrderResponse = t.type({ order: Order }, 'OrderResponse');
export type OrderResponse = t.TypeOf<typeof OrderResponse>;

export const OrderDetailRequest = t.type({ order_id: t.string }, 'OrderDetailRequest');
export type OrderDetailRequest = t.TypeOf<typeof OrderDetailRequest>;

/** Spec §7 subscription url: `url` is the checkout page to frame, `third_type` the provider. */
export const SubscriptionUrlResponse = t.type(
  { url: t.string, third_type: t.string, order_id: t.string },
  'SubscriptionUrlResponse',
);
export type SubscriptionUrlResponse = t.TypeOf<typeof SubscriptionUrlResponse>;

/** The body the checkout page posts to `.../complete`; the card number is optional (wallets send none). */
export const CheckoutCompleteRequest = t.partial({ card_number: t.string }, 'CheckoutCompleteRequest');
export type CheckoutCompleteRequest = t.TypeOf<typeof CheckoutCompleteRequest>;

/** What the checkout page posts to its parent window (spec §4 payment iframe). */
export const CHECKOUT_MESSAGE_TYPE = 'atelier-checkout';
export const CheckoutMessage = t.intersection(
  [
    t.type({
      type: t.literal(CHECKOUT_MESSAGE_TYPE),
      order_id: t.string,
      status: t.keyof({ submitting: null, completed: null, error: null }),
    }),
    t.partial({ code: t.number, msg: t.string }),
  ],
  'CheckoutMessage',
);
export type CheckoutMessage = t.TypeOf<typeof CheckoutMessage>;

// ---- the coin ledger (every debit and credit of the caller's coins)

/** Ledger page size: 20 unless asked, at most 100. */
export const LEDGER_DEFAULT_PAGE_SIZE = 20;
export const LEDGER_MAX_PAGE_SIZE = 100;

interface LedgerPageSizeBrand {
  readonly LedgerPageSize: unique symbol;
}
export const LedgerPageSize = t.brand(
  t.number,
  (n): n is t.Branded<number, LedgerPageSizeBrand> =>
    Number.isInteger(n) && n >= 1 && n <= LEDGER_MAX_PAGE_SIZE,
  'LedgerPageSize',
);

interface LedgerCursorBrand {
  readonly LedgerCursor: unique symbol;
}
/** The `next_cursor` of the previous page: entries older than it come next. */
export const LedgerCursor = t.brand(
  t.number,
  (n): n is t.Branded<number, LedgerCursorBrand> => Number.isSafeInteger(n) && n > 0,
  'LedgerCursor',
);

export const LedgerListRequest = t.partial(
  { cursor: t.union([LedgerCursor, t.null]), page_size: LedgerPageSize },
  'LedgerListRequest',
);
export type LedgerListRequest = t.TypeOf<typeof LedgerListRequest>;

/** What a movement was for (the server decides it from its own records; clients translate it). */
export const LedgerCategory = t.keyof(
  {
    task: null,
    taskRefund: null,
    training: null,
    trainingRefund: null,
    recharge: null,
    rechargeBonus: null,
    decoration: null,
    creatorReward: null,
    bonus: null,
    other: null,
  },
  'LedgerCategory',
);
export type LedgerCategory = t.TypeOf<typeof LedgerCategory>;

/**
 * One movement: the rows of one debit or one credit (a task's debit may take temp, free and paid
 * coins; a refund gives each back), with the task or order it belongs to.
 */
export const LedgerEntry = t.type(
  {
    id: t.number,
    direction: t.keyof({ debit: null, credit: null }),
    category: LedgerCategory,
    coins: t.number,
    parts: t.array(t.type({ kind: t.string, amount: t.number })),
    created_at: t.number,
    ref: t.union([t.string, t.null]),
    task: t.union([
      t.type({ id: t.string, domain_type: t.number, prompt: t.string, status: t.number }),
      t.null,
    ]),
    goods_id: t.union([t.string, t.null]),
  },
  'LedgerEntry',
);
export type LedgerEntry = t.TypeOf<typeof LedgerEntry>;

export const LedgerListResponse = t.type(
  { items: t.array(LedgerEntry), next_cursor: t.union([t.number, t.null]) },
  'LedgerListResponse',
);
export type LedgerListResponse = t.TypeOf<typeof LedgerListResponse>;
