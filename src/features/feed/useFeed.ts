import { createSelector } from '../../../domain/kernel/memo.js';
import { useCallback, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { feed, social, studio, type RootState } from '../../../domain/index.js';
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

const selectUndoableMutes = (s: RootState) => social.selectUndoableMutes(s.social);

/** The 'not interested' mutes that can still be undone (one Undo toast each). */
export const useUndoableMutes = () => useAppSelector(selectUndoableMutes);

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
 *
 * A new address is the router's once its loaders finish; until then the query is the one on its
 * way (the navigation's location), so a second filter chosen meanwhile adds to the first rather
 * than to the address before it. The router hands its navigation state to React in a transition,
 * which a slow device may not have rendered when the person picks the next filter: the query
 * asked for is therefore also kept at once (an urgent state update, rendered before the next
 * input is handled) and shown until the address moves from where it was asked.
 */
export const useSquareQuery = (tab: feed.FeedTab) => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === pathname ? navigation.location.search : undefined;
  const search = pending === undefined ? params.toString() : new URLSearchParams(pending).toString();
  const address = `${pathname}?${search}`;
  const [asked, setAsked] = useState<{ readonly from: string; readonly query: feed.FeedQuery } | null>(null);
  const fromAddress = useMemo(
    () => feed.parseSquareSearch(tab, [...new URLSearchParams(search)]),
    [tab, search],
  );
  const query = asked !== null && asked.from === address ? asked.query : fromAddress;
  const setQuery = useCallback(
    (next: feed.FeedQuery) => {
      setAsked({ from: address, query: next });
      setParams(new URLSearchParams(feed.writeSquareSearch(tab, next).map((e) => [...e])));
    },
    [tab, address, setParams],
  );
  return { query, setQuery };
};

/**
 * The last width the square's grid had: a page that mounts again (back from a detail page) lays
 * its cards out at once at that width, so the scroll position it had can be restored before paint.
 */
let lastGridWidth = 0;

/** The element's content width, read before paint and followed as it changes. */
export const useGridWidth = (ref: RefObject<HTMLElement | null>): number => {
  const [width, setWidth] = useState(lastGridWidth);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (w: number) => {
      lastGridWidth = w;
      setWidth(w);
    };
    measure(el.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) measure(e.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
};

/**
 * Where the element starts in the document (what a window-scrolled list calls its scroll margin),
 * measured again whenever the page above it changes size (filters wrapping, a message appearing).
 */
export const useDocumentTop = (
  ref: RefObject<HTMLElement | null>,
  page: RefObject<HTMLElement | null>,
): number => {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    if (page.current) observer.observe(page.current);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, page]);
  return top;
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

/** A card's collection count (the social context's, kept current by collecting). */
export const useCardCounts = (key: string): number =>
  useAppSelector((s) => feed.selectCollectionCount(s.social, key));

/** Where the Try of a workflow card stands (idle, waiting for the sign-in, copying). */
export const useWorkflowTry = (itemId: string) =>
  useAppSelector((s) => studio.selectWorkflowTry(s.studio, itemId));
