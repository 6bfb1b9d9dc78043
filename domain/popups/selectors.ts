import {
  END_TIME_POPUPS,
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
