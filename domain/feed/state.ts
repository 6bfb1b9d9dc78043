/**
 * Feed paging per list tab. A tab's list belongs to one query (params without the offset):
 * asking for a different query starts a new list, answers to a query or offset no longer
 * awaited are dropped, cards are kept once by their key and the offset only moves forward.
 */
import { assertNever } from '../kernel/event.js';
import { LIST_TABS, type ListTab } from './catalog.js';
import type { FeedEvent } from './events.js';
import { appendUnique, feedQueryKey, type FeedCard } from './rules.js';

export interface FeedList {
  readonly queryKey: string;
  readonly items: readonly FeedCard[];
  /** Where the next page starts. */
  readonly offset: number;
  readonly hasMore: boolean;
}

export type FeedTabState =
  | { readonly status: 'idle' }
  | ({ readonly status: 'loading'; readonly requestedOffset: number } & FeedList)
  | ({ readonly status: 'loaded' } & FeedList)
  | ({ readonly status: 'error'; readonly code: number; readonly failedOffset: number } & FeedList);

export interface FeedState {
  readonly tabs: { readonly [T in ListTab]: FeedTabState };
}

export const idleFeedTab: FeedTabState = { status: 'idle' };

export const initialFeedState: FeedState = {
  tabs: Object.fromEntries(LIST_TABS.map((t) => [t, idleFeedTab])) as { [T in ListTab]: FeedTabState },
};

const listOf = (s: FeedTabState): FeedList | null => {
  switch (s.status) {
    case 'idle':
      return null;
    case 'loading':
    case 'loaded':
    case 'error':
      return { queryKey: s.queryKey, items: s.items, offset: s.offset, hasMore: s.hasMore };
    default:
      return assertNever(s);
  }
};

const evolveTab = (s: FeedTabState, event: FeedEvent): FeedTabState => {
  switch (event.type) {
    case 'feed/pageRequested': {
      const key = feedQueryKey(event.payload.query);
      const requestedOffset = event.payload.query.params.offset;
      const held = listOf(s);
      if (held === null || held.queryKey !== key)
        return { status: 'loading', requestedOffset, queryKey: key, items: [], offset: 0, hasMore: true };
      if (s.status === 'loading' && s.requestedOffset === requestedOffset) return s;
      return { status: 'loading', requestedOffset, ...held };
    }
    case 'feed/pageLoaded': {
      const p = event.payload;
      if (s.status !== 'loading') return s;
      if (s.queryKey !== feedQueryKey(p.query) || s.requestedOffset !== p.query.params.offset) return s;
      const nextOffset = Number.isFinite(p.nextOffset) ? Math.max(0, Math.floor(p.nextOffset)) : s.offset;
      // An answer for an earlier page must not move the cursor back nor decide hasMore.
      const advances = nextOffset >= s.offset;
      return {
        status: 'loaded',
        queryKey: s.queryKey,
        items: appendUnique(s.items, p.items),
        offset: advances ? nextOffset : s.offset,
        hasMore: advances ? p.hasMore : s.hasMore,
      };
    }
    case 'feed/pageFailed': {
      const p = event.payload;
      if (s.status !== 'loading') return s;
      if (s.queryKey !== feedQueryKey(p.query) || s.requestedOffset !== p.query.params.offset) return s;
      const { requestedOffset, status: _status, ...held } = s;
      return { status: 'error', code: p.code, failedOffset: requestedOffset, ...held };
    }
    case 'feed/reset':
      return s.status === 'idle' ? s : idleFeedTab;
    default:
      return assertNever(event);
  }
};

const tabOf = (event: FeedEvent): ListTab => {
  switch (event.type) {
    case 'feed/pageRequested':
    case 'feed/pageLoaded':
    case 'feed/pageFailed':
      return event.payload.query.tab;
    case 'feed/reset':
      return event.payload.tab;
    default:
      return assertNever(event);
  }
};

export const evolveFeed = (state: FeedState, event: FeedEvent): FeedState => {
  const tab = tabOf(event);
  const before = state.tabs[tab];
  // A tab outside the catalogue (an event from a newer log) changes nothing.
  if (before === undefined) return state;
  const after = evolveTab(before, event);
  return after === before ? state : { tabs: { ...state.tabs, [tab]: after } };
};
