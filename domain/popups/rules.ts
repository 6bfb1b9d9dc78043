/**
 * The popup rules of spec §4 and §9 as pure functions: queue priorities, the once-a-day rule,
 * the route and half-price conditions, end-time validity and the half-discount countdown.
 *
 * "Day" is the UTC calendar day of the epoch-millisecond timestamps (`floor(at / 86400000)`):
 * the domain has no time zone, and a fixed day boundary keeps replays identical everywhere.
 */
import { assertNever } from '../kernel/event.js';

/** Spec §4 queue priorities, lowest number first. */
export const POPUP_PRIORITY = {
  newUserExposure: 1,
  revive: 2,
  halfPrice: 3,
  patFace: 4,
  award: 5,
  hot: 6,
  dailyStamina: 7,
} as const;

export type PopupType = keyof typeof POPUP_PRIORITY;

/** Every popup type in priority order. */
export const POPUP_TYPES: readonly PopupType[] = (Object.keys(POPUP_PRIORITY) as PopupType[]).sort(
  (a, b) => POPUP_PRIORITY[a] - POPUP_PRIORITY[b],
);

/** Spec §4: each type is shown at most once per day; the hot popup is exempt. */
export const DAILY_EXEMPT: ReadonlySet<PopupType> = new Set<PopupType>(['hot']);

export const DAY_MS = 86_400_000;

export const utcDayOf = (at: number): number => Math.floor(at / DAY_MS);

export interface ShownRecord {
  /** When the popup was last shown, epoch ms. */
  readonly at: number;
}

/** What the shown status records: the queue's popups and the end-time reminders. */
export type ShownKey = PopupType | ReminderPopup;

export type ShownStatus = Readonly<Partial<Record<ShownKey, ShownRecord>>>;

/**
 * Shown on the day of `now` or, if the clock went back, on a later day. Counting a later day
 * too keeps "once per day" true for a log whose times are not monotonic.
 */
export const shownToday = (record: ShownRecord | undefined, now: number): boolean =>
  record !== undefined && utcDayOf(record.at) >= utcDayOf(now);

export const mayShowToday = (type: ShownKey, shown: ShownStatus, now: number): boolean =>
  (DAILY_EXEMPT as ReadonlySet<ShownKey>).has(type) || !shownToday(shown[type], now);

/** Spec §4: the pat-face popup is only shown on the home page. */
export const HOME_ROUTE = 'homePage';

/**
 * Routes where the half-price offer may appear: the square's feed pages (spec §2 page keys).
 * The spec names "an eligible route" without listing them; creation and chat pages are left out
 * so an offer never interrupts work in progress.
 */
export const HALF_PRICE_ROUTES: ReadonlySet<string> = new Set([
  'homePage',
  'recommendPage',
  'swiftAppPage',
  'cyberBarPage',
  'postPage',
  'videoPage',
  'audioPage',
  'modelPage',
  'loraTrainPage',
  'workflowPage',
  'designTemplatePage',
  'novel',
  'animePage',
]);

/** What the queue needs to know about the moment it decides, beyond its own state. */
export interface PopupContext {
  /** The current route name (a spec §2 page key such as 'homePage'). */
  readonly route: string;
  readonly now: number;
  /** The person qualifies for the half-price offer (server eligibility). */
  readonly halfPriceEligible: boolean;
  /** New-user subscription info, when the server sent any; only its presence matters here. */
  readonly newUserSubscriptionInfo: object | null;
  /** The guided tour (spec §4) is on screen: one thing over the page at a time, the tour first. */
  readonly tourRunning: boolean;
}

/** Spec §4: half-price needs an eligible route and no new-user subscription info. */
export const halfPriceAllowed = (ctx: PopupContext): boolean =>
  ctx.halfPriceEligible && HALF_PRICE_ROUTES.has(ctx.route) && ctx.newUserSubscriptionInfo === null;

/** The part of popup state the decision reads. */
export interface PopupQueueView {
  readonly offered: readonly PopupType[];
  readonly shown: ShownStatus;
  readonly current: PopupType | null;
  /**
   * A queue popup (daily stamina aside) was already shown on this page visit: the person is
   * interrupted at most once per visit, and only the daily stamina follow-up may come after it.
   */
  readonly visitInterrupted: boolean;
  /** The newest hot work this account saw in the hot popup (epoch ms), kept per account. */
  readonly hotSeenAt: number | null;
  /** What the popups say; the hot popup's newest work time is read from it. */
  readonly details: PopupDetails;
}

/**
 * The hot popup shows again only when there is something new since the person last saw it:
 * a newest work time later than the one last seen (none seen yet: any newest time is new).
 */
export const hotIsNew = (newestAt: number | undefined, seenAt: number | null): boolean =>
  newestAt !== undefined && Number.isFinite(newestAt) && (seenAt === null || newestAt > seenAt);

/** Whether an offered popup may be shown now, by the once-a-day rule and its own conditions. */
export const isPopupEligible = (view: PopupQueueView, ctx: PopupContext, type: PopupType): boolean => {
  if (!mayShowToday(type, view.shown, ctx.now)) return false;
  switch (type) {
    case 'halfPrice':
      return halfPriceAllowed(ctx);
    case 'patFace': {
      // Spec §4: skipped unless on the home page and half-price is not eligible or already shown.
      const halfPricePending = view.offered.includes('halfPrice') && halfPriceAllowed(ctx);
      const halfPriceShown = shownToday(view.shown.halfPrice, ctx.now);
      return ctx.route === HOME_ROUTE && (!halfPricePending || halfPriceShown);
    }
    case 'hot':
      // A server that sends no newest time: the hot popup falls back to once a day.
      return view.details.hotNewestAt === undefined
        ? !shownToday(view.shown.hot, ctx.now)
        : hotIsNew(view.details.hotNewestAt, view.hotSeenAt);
    case 'newUserExposure':
    case 'revive':
    case 'award':
    case 'dailyStamina':
      return true;
    default:
      return assertNever(type);
  }
};

/** The types that do not count as the visit's one interruption: the daily stamina follow-up. */
export const FOLLOW_UPS: ReadonlySet<PopupType> = new Set<PopupType>(['dailyStamina']);

/**
 * Spec §4: the eligible offered popup with the lowest priority number; none while one is open,
 * nor while the guided tour runs (the popups wait for it, so the two never cover each other).
 * Once a popup interrupted this page visit, only the daily stamina follow-up may come.
 */
export const nextPopup = (view: PopupQueueView, ctx: PopupContext): PopupType | null => {
  if (view.current !== null || ctx.tourRunning) return null;
  let best: PopupType | null = null;
  for (const type of view.offered)
    if (
      (!view.visitInterrupted || FOLLOW_UPS.has(type)) &&
      isPopupEligible(view, ctx, type) &&
      (best === null || POPUP_PRIORITY[type] < POPUP_PRIORITY[best])
    )
      best = type;
  return best;
};

/** Spec §4 local-storage popups with end times. */
export type EndTimePopup = 'retention' | 'awaitingOrder' | 'activation' | 'halfDiscount';

export const END_TIME_POPUPS: readonly EndTimePopup[] = [
  'retention',
  'awaitingOrder',
  'activation',
  'halfDiscount',
];

/** The local-storage key of each end-time popup. */
export const END_TIME_STORAGE_KEYS: Readonly<Record<EndTimePopup, string>> = {
  retention: 'retention_popup_end_at',
  awaitingOrder: 'awaiting_order_end_at',
  activation: 'activation_popup_end_at',
  halfDiscount: 'half_discount_end_at',
};

/**
 * The end-time popups shown as reminders: a card in a corner, not the queue's dialog, so a
 * reminder never interrupts; the first valid one in this order is shown. Half-discount is not one:
 * its countdown is the half-price popup's. Ours (the spec names them, not what they say):
 * - awaitingOrder: a checkout closed before its order was paid; 15 minutes to complete it;
 * - activation: the next plan chosen, until it takes effect;
 * - retention: a cancelled plan may still take its one free month, until the plan ends.
 */
export type ReminderPopup = Exclude<EndTimePopup, 'halfDiscount'>;

export const REMINDER_POPUPS: readonly ReminderPopup[] = ['awaitingOrder', 'activation', 'retention'];

/** The route name of the page each reminder leads to; on that page the reminder is not repeated. */
export const REMINDER_ROUTES: Readonly<Record<ReminderPopup, string>> = {
  awaitingOrder: 'pricing',
  activation: 'subscription',
  retention: 'subscription',
};

/** Where a reminder leads: the awaiting order back into its checkout, the others to the subscription. */
export const reminderDestination = (popup: ReminderPopup, orderId: string | null): string =>
  popup === 'awaitingOrder'
    ? orderId === null
      ? '/pricing'
      : `/pricing?order=${encodeURIComponent(orderId)}`
    : '/subscription';

/** The local key of the awaiting order's id, kept beside its end time. */
export const AWAITING_ORDER_ID_STORAGE_KEY = 'awaiting_order_id';

/** Where the shown status of each popup type is kept, with its timestamp (spec §4). */
export const POPUP_SHOWN_STORAGE_KEY = 'popup_shown_status';

/** Valid only while the end time is in the future; a missing or non-finite one is never valid. */
export const isEndTimeValid = (endAt: number | null | undefined, now: number): boolean =>
  typeof endAt === 'number' && Number.isFinite(endAt) && endAt > now;

export interface EndTimePlan {
  readonly keep: readonly string[];
  readonly remove: readonly string[];
}

/** Spec §4: each stored end time is kept while in the future; otherwise its key is removed. */
export const planEndTimeKeys = (
  stored: Readonly<Record<string, number | null>>,
  now: number,
): EndTimePlan => {
  const keys = Object.keys(stored);
  return {
    keep: keys.filter((k) => isEndTimeValid(stored[k], now)),
    remove: keys.filter((k) => !isEndTimeValid(stored[k], now)),
  };
};

/**
 * Spec §9 default countdowns. The spec gives bare numbers; we read the popup one as seconds
 * (a close-button countdown) and the awaiting-order one as minutes (an unpaid order's window).
 */
export const DEFAULT_POPUP_COUNTDOWN_SECONDS = 5;
export const DEFAULT_AWAITING_ORDER_COUNTDOWN_MINUTES = 15;

/** The end time of an awaiting-order popup opened at `now`. */
export const awaitingOrderEndAt = (
  now: number,
  minutes: number = DEFAULT_AWAITING_ORDER_COUNTDOWN_MINUTES,
): number => now + minutes * 60_000;

/** Spec §4: the half-discount countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Spec §4: hh:mm:ss of the whole seconds left (rounded down). Hours are not wrapped at 24 and
 * take more digits past 99; a negative or non-finite duration reads as zero. For a countdown a
 * person reads, `countdownParts` (domain/format) splits off the days.
 */
export const formatCountdown = (ms: number): string => {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}`;
};

export type CountdownState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly endAt: number; readonly remainingMs: number };

export const IDLE_COUNTDOWN: CountdownState = { status: 'idle' };

/**
 * One tick at `now`: the remaining time, or idle once the whole seconds left reach zero
 * (spec "clears at zero"), so a running countdown never reads 00:00:00.
 */
export const countdownTick = (state: CountdownState, now: number): CountdownState => {
  switch (state.status) {
    case 'idle':
      return state;
    case 'running': {
      const remainingMs = state.endAt - now;
      if (!(Math.floor(remainingMs / 1000) > 0)) return IDLE_COUNTDOWN;
      return remainingMs === state.remainingMs ? state : { ...state, remainingMs };
    }
    default:
      return assertNever(state);
  }
};

export const startCountdown = (endAt: number, now: number): CountdownState =>
  countdownTick({ status: 'running', endAt, remainingMs: endAt - now }, now);

/**
 * The names of the web client's routes (domain/routing) as the spec §2 page keys the popup rules
 * speak of: home is `homePage`, the square's recommend tab `recommendPage`; the square's other
 * sections are already named by their page keys.
 */
export const popupRouteOf = (routeName: string): string =>
  routeName === 'home' ? HOME_ROUTE : routeName === 'explore' ? 'recommendPage' : routeName;

/** What each popup says, from the server's popup data (spec §3); absent until it arrives. */
export interface PopupDetails {
  /** newUserExposure: the temporary coins a new account may create with. */
  readonly tempCoins?: number;
  /** revive: days left on the membership (0: none left). */
  readonly balanceDay?: number;
  /** patFace: the tool it presents and the page it opens. */
  readonly patFace?: { readonly title: string; readonly page: string };
  /** award: the coins awarded lately. */
  readonly awards?: readonly { readonly id: string; readonly title: string; readonly coins: number }[];
  /** hot: how many works others published in the last day. */
  readonly hotCount?: number;
  /** hot: when the newest of those works was published (epoch ms): what "new since last seen" compares. */
  readonly hotNewestAt?: number;
  /** dailyStamina: generations used in the last day out of the daily limit. */
  readonly stamina?: { readonly used: number; readonly limit: number };
}

/** The addresses popups lead to (other areas build them: membership, coins, create, ...). */
export const POPUP_ADDRESSES = {
  pricing: '/pricing',
  coins: '/coins',
  create: '/create',
  explore: '/explore',
  decorations: '/decorations',
} as const;

/** A site path (one leading slash, no scheme, no `//`): anything else is not followed. */
const isSitePath = (p: string): boolean => /^\/(?!\/)[^\s\\]*$/.test(p);

/**
 * Where a popup's main button leads: half-price and an expired membership to the membership page,
 * the temporary coins and the daily stamina to creation, awarded coins to decorations (what coins
 * buy), the hot works to the square, pat-face to the tool it presents.
 */
export const popupDestination = (type: PopupType, details: PopupDetails): string => {
  switch (type) {
    case 'newUserExposure':
    case 'dailyStamina':
      return POPUP_ADDRESSES.create;
    case 'revive':
      return (details.balanceDay ?? 0) > 0 ? POPUP_ADDRESSES.create : POPUP_ADDRESSES.pricing;
    case 'halfPrice':
      return POPUP_ADDRESSES.pricing;
    case 'patFace': {
      const page = details.patFace?.page;
      return page !== undefined && isSitePath(page) ? page : POPUP_ADDRESSES.create;
    }
    case 'award':
      return POPUP_ADDRESSES.decorations;
    case 'hot':
      return POPUP_ADDRESSES.explore;
    default:
      return assertNever(type);
  }
};

/** The sum of the coins awarded lately (the award popup's headline). */
export const awardedCoins = (details: PopupDetails): number =>
  (details.awards ?? []).reduce((sum, a) => sum + (Number.isFinite(a.coins) && a.coins > 0 ? a.coins : 0), 0);

/** The generations left today, never negative. */
export const staminaLeft = (details: PopupDetails): number | null =>
  details.stamina === undefined ? null : Math.max(0, details.stamina.limit - details.stamina.used);
