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

export const useContentItem = (key: string) => useAppSelector((s) => social.selectContentItem(s.social, key));
