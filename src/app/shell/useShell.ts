/** What the shell shows, from memoised selectors (none builds a new object on an unrelated event). */
import { createSelector } from '../../../domain/kernel/memo.js';
import { billing, flags, preferences, session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectCoins = createSelector([(s: RootState) => s.billing], (b) => billing.selectCoins(b));

export const useUser = () => useAppSelector((s) => session.selectUser(s.session));
export const useCoins = () => useAppSelector(selectCoins);
export const useTheme = () => useAppSelector((s) => preferences.selectTheme(s.preferences));
export const useChatEnabled = () => useAppSelector((s) => flags.selectCharacterChatEnabled(s.flags));
