import { tableGet } from '../kernel/table.js';
import { memoizeLast } from '../kernel/memo.js';
import { assertNever } from '../kernel/event.js';
import { filterMuted } from '../social/rules.js';
import type { SocialState } from '../social/state.js';
import type { ListTab } from './catalog.js';
import { feedQueryKey, type FeedCard, type FeedQuery } from './rules.js';
import { idleFeedTab, type FeedState, type FeedTabState } from './state.js';

export const selectFeedTab = (s: FeedState, tab: ListTab): FeedTabState => s.tabs[tab];

const NO_CARDS: readonly FeedCard[] = [];

export const selectFeedItems = (s: FeedState, tab: ListTab): readonly FeedCard[] => {
  const t = s.tabs[tab];
  return t.status === 'idle' ? NO_CARDS : t.items;
};

const visibleOf = new Map<
  ListTab,
  (items: readonly FeedCard[], hidden: readonly string[]) => readonly FeedCard[]
>();

/**
 * Spec §4: cards in the hidden list are filtered out of every feed. Per tab, the same array until
 * the tab's cards or the hidden list change.
 */
export const selectVisibleFeedItems = (
  s: FeedState,
  tab: ListTab,
  hidden: readonly string[],
): readonly FeedCard[] => {
  let visible = visibleOf.get(tab);
  if (visible === undefined) {
    visible = memoizeLast((items: readonly FeedCard[], h: readonly string[]) => filterMuted(items, h));
    visibleOf.set(tab, visible);
  }
  return visible(selectFeedItems(s, tab), hidden);
};

/**
 * The list of `query`'s tab when it holds that query (sort, time and filters; the offset aside),
 * else idle: a list of other filters is not this query's and starts again from the first page.
 */
export const selectFeedFor = (s: FeedState, query: FeedQuery): FeedTabState => {
  const t = s.tabs[query.tab];
  if (t === undefined || t.status === 'idle') return idleFeedTab;
  return t.queryKey === feedQueryKey(query) ? t : idleFeedTab;
};

/** Whether a list has its answer (a page, or its failure): what the document's first square waits for. */
export const isFeedSettled = (t: FeedTabState): boolean => t.status === 'loaded' || t.status === 'error';

/** The offset of `query`'s next page, or null while a page loads or when none is left. */
export const selectNextOffsetFor = (s: FeedState, query: FeedQuery): number | null =>
  nextOffsetOf(selectFeedFor(s, query));

/** Spec §4 over any list of cards: the muted ones left out, order kept. */
export const selectVisibleFeedItemsOf = (
  items: readonly FeedCard[],
  hidden: readonly string[],
): readonly FeedCard[] => filterMuted(items, hidden);

/** The offset of the page to ask for next, or null while a page loads or when none is left. */
export const selectNextPageOffset = (s: FeedState, tab: ListTab): number | null => nextOffsetOf(s.tabs[tab]);

const nextOffsetOf = (t: FeedTabState): number | null => {
  switch (t.status) {
    case 'idle':
      return 0;
    case 'loading':
      return null;
    case 'loaded':
      return t.hasMore ? t.offset : null;
    case 'error':
      // Retrying asks again for the page that failed.
      return t.failedOffset;
    default:
      return assertNever(t);
  }
};

export const selectIsFeedLoading = (s: FeedState, tab: ListTab): boolean => s.tabs[tab].status === 'loading';

/** An item's collection count as a card shows it (0 for an item not yet received). */
export const selectCollectionCount = (s: SocialState, key: string): number =>
  tableGet(s.items, key)?.stat.num_of_collection ?? 0;
