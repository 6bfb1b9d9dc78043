/**
 * Popup state and its reducer: the offered candidates, when each type was last shown, the one
 * popup open now, the daily-stamina follow-up flag, the end-time popups and the half-discount
 * countdown. The reducer refuses a second show of a type on the same UTC day (hot aside), so
 * the once-a-day rule holds for the recorded state whatever the view does.
 */
import { assertNever } from '../kernel/event.js';
import type { PopupsEvent } from './events.js';
import {
  FOLLOW_UPS,
  IDLE_COUNTDOWN,
  countdownTick,
  isEndTimeValid,
  mayShowToday,
  startCountdown,
  type CountdownState,
  type EndTimePopup,
  type PopupDetails,
  type PopupType,
  type ReminderPopup,
  type ShownKey,
  type ShownStatus,
} from './rules.js';

export type EndTimes = Readonly<Partial<Record<EndTimePopup, number>>>;

export interface PopupsState {
  /** Candidates in the order they were offered, each once. */
  readonly offered: readonly PopupType[];
  readonly shown: ShownStatus;
  readonly current: PopupType | null;
  /** Daily stamina follows the next popup that closes. */
  readonly staminaFollows: boolean;
  /** End-time popups, only while their end time is in the future. */
  readonly endTimes: EndTimes;
  readonly halfDiscountCountdown: CountdownState;
  /** What each offered popup says. */
  readonly details: PopupDetails;
  /** The unpaid order the awaiting-order reminder leads back to, while it is valid. */
  readonly awaitingOrderId: string | null;
  /** The time of the last end-time event or clock tick: what the reminders are judged against. */
  readonly clockAt: number | null;
  /** The page the person is on (a route name), null before the first. */
  readonly visitRoute: string | null;
  /** A queue popup (daily stamina aside) was shown on this page visit. */
  readonly visitInterrupted: boolean;
  /** The account the hot marker belongs to (null signed out). */
  readonly hotSeenAccount: string | null;
  /** The newest hot work this account saw in the hot popup (epoch ms), null when none. */
  readonly hotSeenAt: number | null;
}

export const initialPopupsState: PopupsState = {
  offered: [],
  shown: {},
  current: null,
  staminaFollows: false,
  endTimes: {},
  halfDiscountCountdown: IDLE_COUNTDOWN,
  details: {},
  awaitingOrderId: null,
  clockAt: null,
  visitRoute: null,
  visitInterrupted: false,
  hotSeenAccount: null,
  hotSeenAt: null,
};

const withoutKey = (endTimes: EndTimes, key: EndTimePopup): EndTimes => {
  const { [key]: _dropped, ...rest } = endTimes;
  return rest;
};

const expireEndTimes = (endTimes: EndTimes, now: number): EndTimes => {
  const keys = Object.keys(endTimes) as EndTimePopup[];
  const expired = keys.filter((k) => !isEndTimeValid(endTimes[k], now));
  return expired.length === 0 ? endTimes : expired.reduce(withoutKey, endTimes);
};

const show = (state: PopupsState, type: PopupType, at: number): PopupsState => {
  if (!mayShowToday(type, state.shown, at)) return state;
  const previous = state.shown[type]?.at ?? -Infinity;
  const newest = state.details.hotNewestAt;
  return {
    ...state,
    // Only the exempt hot popup can be re-shown; max keeps its timestamp from going back.
    shown: { ...state.shown, [type]: { at: Math.max(previous, at) } },
    current: type,
    offered: state.offered.filter((t) => t !== type),
    visitInterrupted: state.visitInterrupted || !FOLLOW_UPS.has(type),
    // The hot popup seen: what it showed is no longer new (the marker never goes back).
    hotSeenAt:
      type === 'hot' && newest !== undefined && Number.isFinite(newest)
        ? Math.max(state.hotSeenAt ?? -Infinity, newest)
        : state.hotSeenAt,
  };
};

const close = (state: PopupsState, type: PopupType): PopupsState => {
  if (state.current !== type) return state;
  const follow = state.staminaFollows && type !== 'dailyStamina';
  if (!follow) return { ...state, current: null };
  return {
    ...state,
    current: null,
    staminaFollows: false,
    offered: state.offered.includes('dailyStamina') ? state.offered : [...state.offered, 'dailyStamina'],
  };
};

const restoreShown = (
  state: PopupsState,
  restored: Readonly<Partial<Record<ShownKey, number>>>,
): PopupsState => {
  let shown = state.shown;
  for (const [type, at] of Object.entries(restored) as [ShownKey, number | undefined][]) {
    if (at === undefined || !Number.isFinite(at)) continue;
    const known = shown[type];
    if (known === undefined || at > known.at) shown = { ...shown, [type]: { at } };
  }
  return shown === state.shown ? state : { ...state, shown };
};

const setEndTime = (
  state: PopupsState,
  popup: EndTimePopup,
  endAt: number,
  at: number,
  orderId: string | undefined,
): PopupsState => {
  if (!isEndTimeValid(endAt, at)) return clearEndTime(state, popup);
  const countdown = popup === 'halfDiscount' ? startCountdown(endAt, at) : state.halfDiscountCountdown;
  // A half-discount with less than a whole second left is already at zero: cleared, not stored.
  if (popup === 'halfDiscount' && countdown.status === 'idle') return clearEndTime(state, popup);
  return {
    ...state,
    endTimes: { ...state.endTimes, [popup]: endAt },
    halfDiscountCountdown: countdown,
    awaitingOrderId: popup === 'awaitingOrder' ? (orderId ?? null) : state.awaitingOrderId,
  };
};

const clearEndTime = (state: PopupsState, popup: EndTimePopup): PopupsState => {
  const countdownStops = popup === 'halfDiscount' && state.halfDiscountCountdown.status !== 'idle';
  if (state.endTimes[popup] === undefined && !countdownStops) return state;
  return {
    ...state,
    endTimes: withoutKey(state.endTimes, popup),
    halfDiscountCountdown: countdownStops ? IDLE_COUNTDOWN : state.halfDiscountCountdown,
    awaitingOrderId: popup === 'awaitingOrder' ? null : state.awaitingOrderId,
  };
};

/** The reminders' clock moves on with each end-time event (never back: a log's times may not be monotonic). */
const withClock = (state: PopupsState, at: number): PopupsState =>
  state.clockAt !== null && state.clockAt >= at ? state : { ...state, clockAt: at };

const closeReminder = (state: PopupsState, popup: ReminderPopup, at: number): PopupsState => {
  const previous = state.shown[popup]?.at ?? -Infinity;
  return { ...state, shown: { ...state.shown, [popup]: { at: Math.max(previous, at) } } };
};

const tick = (state: PopupsState, at: number): PopupsState => {
  const countdown = countdownTick(state.halfDiscountCountdown, at);
  const cleared = countdown.status === 'idle' && state.halfDiscountCountdown.status === 'running';
  const live = expireEndTimes(state.endTimes, at);
  const endTimes = cleared ? withoutKey(live, 'halfDiscount') : live;
  const clockAt = Math.max(state.clockAt ?? at, at);
  const awaitingOrderId = endTimes.awaitingOrder === undefined ? null : state.awaitingOrderId;
  if (countdown === state.halfDiscountCountdown && endTimes === state.endTimes && clockAt === state.clockAt)
    return state;
  const next = { ...state, endTimes, halfDiscountCountdown: countdown, clockAt, awaitingOrderId };
  if (!cleared) return next;
  // At zero the half-price offer is over: an open half-price popup closes (and daily stamina may
  // follow, as after any close), and one still waiting in the queue is no longer offered.
  const closed = next.current === 'halfPrice' ? close(next, 'halfPrice') : next;
  return closed.offered.includes('halfPrice')
    ? { ...closed, offered: closed.offered.filter((t) => t !== 'halfPrice') }
    : closed;
};

export const evolvePopups = (state: PopupsState, event: PopupsEvent): PopupsState => {
  switch (event.type) {
    case 'popups/offered':
      return state.offered.includes(event.payload.type)
        ? state
        : { ...state, offered: [...state.offered, event.payload.type] };
    case 'popups/withdrawn':
      return state.offered.includes(event.payload.type)
        ? { ...state, offered: state.offered.filter((t) => t !== event.payload.type) }
        : state;
    case 'popups/shown':
      return show(state, event.payload.type, event.meta.at);
    case 'popups/closed':
      return close(state, event.payload.type);
    case 'popups/dailyStaminaFlagged':
      return state.staminaFollows === event.payload.flagged
        ? state
        : { ...state, staminaFollows: event.payload.flagged };
    case 'popups/shownStatusRestored':
      return restoreShown(state, event.payload.shown);
    case 'popups/endTimeSet':
      return withClock(
        setEndTime(state, event.payload.popup, event.payload.endAt, event.meta.at, event.payload.orderId),
        event.meta.at,
      );
    case 'popups/endTimeCleared':
      return withClock(clearEndTime(state, event.payload.popup), event.meta.at);
    case 'popups/countdownTicked':
      return tick(state, event.meta.at);
    case 'popups/reminderClosed':
      return withClock(closeReminder(state, event.payload.popup, event.meta.at), event.meta.at);
    case 'popups/detailsReceived':
      return { ...state, details: event.payload.details };
    case 'popups/pageVisited':
      return state.visitRoute === event.payload.route
        ? state
        : { ...state, visitRoute: event.payload.route, visitInterrupted: false };
    case 'popups/hotSeenRestored': {
      const { accountId, at } = event.payload;
      return {
        ...state,
        hotSeenAccount: accountId,
        hotSeenAt: accountId !== null && at !== null && Number.isFinite(at) ? at : null,
      };
    }
    default:
      return assertNever(event);
  }
};
