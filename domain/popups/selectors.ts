import {
  END_TIME_POPUPS,
  REMINDER_POPUPS,
  REMINDER_ROUTES,
  mayShowToday,
  reminderDestination,
  type ReminderPopup,
  type ShownKey,
  awardedCoins,
  popupDestination,
  staminaLeft,
  type PopupDetails,
  formatCountdown,
  isEndTimeValid,
  nextPopup,
  type EndTimePopup,
  type PopupContext,
  type PopupType,
} from './rules.js';
import { countdownParts, type CountdownParts } from '../format/rules.js';
import type { PopupsState } from './state.js';

/** Spec §4: the one decision of the popup queue; null when nothing may be shown now. */
export const selectNextPopup = (s: PopupsState, ctx: PopupContext): PopupType | null => nextPopup(s, ctx);

export const selectCurrentPopup = (s: PopupsState): PopupType | null => s.current;

/** The shown status to keep locally: last-shown timestamp per type. */
export const selectShownStatus = (s: PopupsState): Readonly<Partial<Record<ShownKey, number>>> =>
  Object.fromEntries(Object.entries(s.shown).map(([type, record]) => [type, record.at]));

/** End-time popups still valid at `now` (the tick that removes the others may not have run yet). */
export const selectActiveEndTimePopups = (s: PopupsState, now: number): readonly EndTimePopup[] =>
  END_TIME_POPUPS.filter((p) => isEndTimeValid(s.endTimes[p], now));

/** The half-discount countdown text (hh:mm:ss), or null once cleared. */
export const selectHalfDiscountCountdown = (s: PopupsState): string | null =>
  s.halfDiscountCountdown.status === 'running' ? formatCountdown(s.halfDiscountCountdown.remainingMs) : null;

/** The half-discount countdown as a person reads it (days, then hh:mm:ss), or null once cleared. */
export const selectHalfDiscountCountdownParts = (s: PopupsState): CountdownParts | null =>
  s.halfDiscountCountdown.status === 'running' ? countdownParts(s.halfDiscountCountdown.remainingMs) : null;

/** The half-price offer's end (epoch ms) while its countdown runs; null when there is no offer. */
export const selectHalfDiscountEndAt = (s: PopupsState): number | null =>
  s.halfDiscountCountdown.status === 'running' ? s.halfDiscountCountdown.endAt : null;

/** What the open popup shows: its type, where it leads, and its details. */
export interface PopupView {
  readonly type: PopupType;
  readonly destination: string;
  readonly details: PopupDetails;
  /** Half-price only: the days and hh:mm:ss left, null once cleared. */
  readonly countdown: CountdownParts | null;
  readonly awardedCoins: number;
  readonly staminaLeft: number | null;
}

export const selectPopupView = (s: PopupsState): PopupView | null =>
  s.current === null
    ? null
    : {
        type: s.current,
        destination: popupDestination(s.current, s.details),
        details: s.details,
        countdown: s.current === 'halfPrice' ? selectHalfDiscountCountdownParts(s) : null,
        awardedCoins: awardedCoins(s.details),
        staminaLeft: staminaLeft(s.details),
      };

/** The reminder on screen: which one, when it ends, the time left (hh:mm:ss) and where it leads. */
export interface ReminderView {
  readonly popup: ReminderPopup;
  readonly endAt: number;
  readonly remaining: string;
  readonly destination: string;
}

/**
 * The first valid end-time reminder not closed today, judged at the last clock time the state
 * recorded; none while a queue popup is open, nor on the page the reminder leads to (`route`).
 */
export const selectReminder = (s: PopupsState, route: string | null): ReminderView | null => {
  const now = s.clockAt;
  if (s.current !== null || now === null) return null;
  for (const popup of REMINDER_POPUPS) {
    const endAt = s.endTimes[popup];
    if (!isEndTimeValid(endAt, now) || endAt === undefined) continue;
    if (!mayShowToday(popup, s.shown, now) || REMINDER_ROUTES[popup] === route) continue;
    return {
      popup,
      endAt,
      remaining: formatCountdown(endAt - now),
      destination: reminderDestination(popup, s.awaitingOrderId),
    };
  }
  return null;
};

/**
 * Whether the one-second clock runs: while the half-discount counts down, and while an awaiting
 * order (the one reminder that shows its minutes) is valid. The other reminders last days and show
 * a date, so they do not keep a clock (and a tick in the event log) running every second.
 */
export const selectClockRuns = (s: PopupsState): boolean =>
  s.halfDiscountCountdown.status === 'running' || s.endTimes.awaitingOrder !== undefined;
