import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { feed, social, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

/** The cards of one tab minus the muted ones, recomputed only when the feed or the muted list changes. */
const makeSelectCards = (tab: feed.ListTab) =>
  createSelector(
    [(s: RootState) => s.feed, (s: RootState) => social.selectHiddenIds(s.social)],
    (f, hidden) => feed.selectVisibleFeedItems(f, tab, hidden),
  );

export const useFeedTab = (tab: feed.ListTab) => {
  const selectCards = useMemo(() => makeSelectCards(tab), [tab]);
  const state = useAppSelector((s) => feed.selectFeedTab(s.feed, tab));
  const cards = useAppSelector(selectCards);
  return { state, cards };
};

/** What a card's like button shows: two primitives, so a card redraws only when its own like changes. */
export const useLike = (key: string) => ({
  liked: useAppSelector((s) => social.selectIsLiked(s.social, key)),
  likes: useAppSelector((s) => social.selectLikeCount(s.social, key)),
});
