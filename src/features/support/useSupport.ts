import { createSelector } from '@reduxjs/toolkit';
import { session, support, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectSupport = createSelector([(s: RootState) => s.support], (s) => support.selectSupportStatus(s));
const selectAccountEmail = createSelector(
  [(s: RootState) => session.selectUser(s.session)],
  (user) => user?.email ?? '',
);

export const useSupportStatus = () => useAppSelector(selectSupport);
export const useAccountEmail = () => useAppSelector(selectAccountEmail);
