import {
  END_TIME_POPUPS,
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
import type { PopupsState } from './state.js';

/** Spec §4: the one decision of the popup queue; null when nothing may be shown now. */
export const selectNextPopup = (s: PopupsState, ctx: PopupContext): PopupType | null => nextPopup(s, ctx);

export const selectCurrentPopup = (s: PopupsState): PopupType | null => s.current;

/** The shown status to keep locally: last-shown timestamp per type. */
export const selectShownStatus = (s: PopupsState): Readonly<Partial<Record<PopupType, number>>> =>
  Object.fromEntries(Object.entries(s.shown).map(([type, record]) => [type, record.at]));

/** End-time popups still valid at `now` (the tick that removes the others may not have run yet). */
export const selectActiveEndTimePopups = (s: PopupsState, now: number): readonly EndTimePopup[] =>
  END_TIME_POPUPS.filter((p) => isEndTimeValid(s.endTimes[p], now));

/** The half-discount countdown text (hh:mm:ss), or null once cleared. */
export const selectHalfDiscountCountdown = (s: PopupsState): string | null =>
  s.halfDiscountCountdown.status === 'running' ? formatCountdown(s.halfDiscountCountdown.remainingMs) : null;

/** What the open popup shows: its type, where it leads, and its details. */
export interface PopupView {
  readonly type: PopupType;
  readonly destination: string;
  readonly details: PopupDetails;
  /** Half-price only: hh:mm:ss left, null once cleared. */
  readonly countdown: string | null;
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
        countdown: s.current === 'halfPrice' ? selectHalfDiscountCountdown(s) : null,
        awardedCoins: awardedCoins(s.details),
        staminaLeft: staminaLeft(s.details),
      };
