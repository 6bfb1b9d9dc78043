/** What the decoration screens show, from memoised selectors over the store. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { billing, decorations, people, session, tasks, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectDecorations = (s: RootState) => s.decorations;

const selectAvatarCards = createSelector([selectDecorations], (d) =>
  decorations.selectOrnamentCards(d, 'avatarBox'),
);
const selectProductionCards = createSelector([selectDecorations], (d) =>
  decorations.selectOrnamentCards(d, 'productionBox'),
);
const selectOwnedAvatarCards = createSelector([selectAvatarCards], (cards) =>
  cards.filter((c) => c.ornament.is_owned),
);
const selectOwnedProductionCards = createSelector([selectProductionCards], (cards) =>
  cards.filter((c) => c.ornament.is_owned),
);
const selectListStatus = createSelector([selectDecorations], (d) => decorations.selectLoadStatus(d, 'list'));
const selectHistoryStatus = createSelector([selectDecorations], (d) =>
  decorations.selectLoadStatus(d, 'history'),
);
const selectStatsStatus = createSelector([selectDecorations], (d) =>
  decorations.selectLoadStatus(d, 'stats'),
);
const selectPreviewStatus = createSelector([selectDecorations], (d) =>
  decorations.selectLoadStatus(d, 'previews'),
);
const selectHistory = createSelector([selectDecorations], (d) => decorations.selectHistoryView(d));
const selectStats = createSelector([selectDecorations], (d) => d.stats);
const selectPreviews = createSelector([selectDecorations], (d) => decorations.selectPreviewItems(d));
const selectWorn = createSelector([selectDecorations], (d) => decorations.selectWornAvatarBox(d));
const selectMe = createSelector([(s: RootState) => s.session], (s) => session.selectUser(s));
const selectCoins = createSelector(
  [(s: RootState) => s.billing],
  (b) => billing.selectCoins(b)?.calculate ?? null,
);
const selectWorks = createSelector([(s: RootState) => s.tasks], (t) =>
  decorations.worksForProductionBox(tasks.selectTaskList(t)),
);

/** The buy confirmation of one decoration: price, balance now and after (decorations.purchaseQuote). */
export const usePurchaseQuote = (ornamentId: string) => {
  const select = useMemo(
    () =>
      createSelector([selectDecorations, selectCoins], (d, coins) =>
        decorations.selectPurchaseQuote(d, ornamentId, coins),
      ),
    [ornamentId],
  );
  return useAppSelector(select);
};

export const useAvatarCards = () => useAppSelector(selectAvatarCards);
export const useProductionCards = () => useAppSelector(selectProductionCards);
export const useOwnedAvatarCards = () => useAppSelector(selectOwnedAvatarCards);
export const useOwnedProductionCards = () => useAppSelector(selectOwnedProductionCards);
export const useListStatus = () => useAppSelector(selectListStatus);
export const useHistoryStatus = () => useAppSelector(selectHistoryStatus);
export const useStatsStatus = () => useAppSelector(selectStatsStatus);
export const usePreviewStatus = () => useAppSelector(selectPreviewStatus);
export const useHistory = () => useAppSelector(selectHistory);
export const useDecorationStats = () => useAppSelector(selectStats);
const selectFigures = createSelector([(s: RootState) => s.people, selectStats], (p, d) =>
  people.selectAccountFigures(p, d),
);
/** The account's four figures, from the same selector as the personal page. */
export const useAccountFigures = () => useAppSelector(selectFigures);
export const usePreviewItems = () => useAppSelector(selectPreviews);
export const useWornAvatarBox = () => useAppSelector(selectWorn);
/** The signed-in person (their name, avatar and worn frame), or null for a guest. */
export const useMe = () => useAppSelector(selectMe);
export const useCoinBalance = () => useAppSelector(selectCoins);
/** The person's finished works a production box can go on, newest first. */
export const usePickableWorks = () => useAppSelector(selectWorks);
