import { createSelector } from '../../../domain/kernel/memo.js';
import { session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

/** Why the last sign-in was refused (its code, and how long to wait when throttled), or null. */
const selectFailure = createSelector([(s: RootState) => s.session], (s) => session.selectLoginFailure(s));

export const useLoginFailure = () => useAppSelector(selectFailure);
