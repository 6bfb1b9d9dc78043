/** What the popup host shows, from memoised selectors. */
import { createSelector } from '@reduxjs/toolkit';
import { popups, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectView = createSelector([(s: RootState) => s.popups], (p) => popups.selectPopupView(p));

/** The open popup (its type, where it leads, what it says, the half-price countdown), or null. */
export const usePopupView = () => useAppSelector(selectView);
