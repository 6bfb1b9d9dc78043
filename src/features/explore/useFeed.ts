import { createSelector } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { feed, social, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const NO_CARDS: readonly feed.FeedCard[] = [];

/**
 * The selectors of one query's list: its state (idle while the tab holds another query's list),
 * every card it holds (muted ones too, so the layout keeps their slots) and the muted keys.
 */
const makeSelectors = (query: feed.FeedQuery) => {
  const selectTab = (s: RootState) => feed.selectFeedFor(s.feed, query);
  const selectCards = createSelector([selectTab], (t) => (t.status === 'idle' ? NO_CARDS : t.items));
  const selectHiddenKeys = createSelector(
    [selectCards, (s: RootState) => social.selectHiddenIds(s.social)],
    (cards, hidden): ReadonlySet<string> => {
      const shown = new Set(feed.selectVisibleFeedItemsOf(cards, hidden).map(feed.cardKey));
      return new Set(cards.map(feed.cardKey).filter((k) => !shown.has(k)));
    },
  );
  return { selectTab, selectCards, selectHiddenKeys };
};

export const useFeedList = (query: feed.FeedQuery) => {
  const selectors = useMemo(() => makeSelectors(query), [query]);
  const state = useAppSelector(selectors.selectTab);
  const cards = useAppSelector(selectors.selectCards);
  const hiddenKeys = useAppSelector(selectors.selectHiddenKeys);
  return { state, cards, hiddenKeys };
};

/**
 * The tab's query as the address says (sort, time, filters; the defaults when it says nothing),
 * and a setter that writes a new one back, leaving default values out.
 */
export const useSquareQuery = (tab: feed.FeedTab) => {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => feed.parseSquareSearch(tab, [...new URLSearchParams(search)]), [tab, search]);
  const setQuery = useCallback(
    (next: feed.FeedQuery) =>
      setParams(new URLSearchParams(feed.writeSquareSearch(tab, next).map((e) => [...e]))),
    [tab, setParams],
  );
  return { query, setQuery };
};

/** How many columns fit the element's width (spec-free layout choice of `feed.columnCountFor`). */
export const useColumnCount = (ref: RefObject<HTMLElement | null>): number => {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) setWidth(e.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return feed.columnCountFor(width);
};

/**
 * The cards in columns: each card's column decided once, on arrival, by the cover ratios
 * (`feed.placeCards`); the plan of a longer list extends the plan of a shorter one, so loading a
 * page never moves a card, and a muted card keeps its slot (it is skipped, not re-flowed).
 */
export const useColumns = (
  cards: readonly feed.FeedCard[],
  hiddenKeys: ReadonlySet<string>,
  columns: number,
): readonly (readonly feed.FeedCard[])[] =>
  useMemo(() => {
    const byKey = new Map(cards.map((c) => [feed.cardKey(c), c]));
    const plan = feed.placeCards(
      feed.emptyPlan(columns),
      columns,
      cards.map((c) => ({ key: feed.cardKey(c), ratio: c.cover ? c.cover.height / c.cover.width : 1 })),
    );
    return feed
      .columnsOf(plan, (k) => !hiddenKeys.has(k))
      .map((keys) => keys.map((k) => byKey.get(k)).filter((c): c is feed.FeedCard => c !== undefined));
  }, [cards, hiddenKeys, columns]);

/** What a card's like button shows: two primitives, so a card redraws only when its own like changes. */
export const useLike = (key: string) => ({
  liked: useAppSelector((s) => social.selectIsLiked(s.social, key)),
  likes: useAppSelector((s) => social.selectLikeCount(s.social, key)),
});
