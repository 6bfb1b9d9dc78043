/** What the popup host shows, from memoised selectors. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { popups, reminderOnScreen, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectView = createSelector([(s: RootState) => s.popups], (p) => popups.selectPopupView(p));

/** The open popup (its type, where it leads, what it says, the half-price countdown), or null. */
export const usePopupView = () => useAppSelector(selectView);

const selectReminder = createSelector(
  [
    (s: RootState) => s.popups,
    (s: RootState) => s.tour.status,
    (_s: RootState, route: string | null) => route,
  ],
  reminderOnScreen,
);

/** The end-time reminder in the corner (awaiting order, activation, retention), or null. */
export const useReminder = (route: string | null) => useAppSelector((s) => selectReminder(s, route));
