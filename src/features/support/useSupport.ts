import { createSelector } from '../../../domain/kernel/memo.js';
import { session, support, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectSupport = createSelector([(s: RootState) => s.support], (s) => support.selectSupportStatus(s));
const selectAccountEmail = createSelector(
  [(s: RootState) => session.selectUser(s.session)],
  (user) => user?.email ?? '',
);

const selectFailure = createSelector([(s: RootState) => s.support], (s) => support.selectSupportFailure(s));

export const useSupportStatus = () => useAppSelector(selectSupport);
/** Why the last message failed (its message key and values), or null. */
export const useSupportFailure = () => useAppSelector(selectFailure);
export const useAccountEmail = () => useAppSelector(selectAccountEmail);
