/**
 * Search state: the tag suggestions of the header's box (only the answer for the prefix last
 * asked is kept), result lists by key (a search, or a tag's works), the three tag lists of
 * `/tag`, and tag details by name. Pages are held once each and the offset only moves forward.
 */
import { assertNever } from '../kernel/event.js';
import type { SearchEvent, SearchResult, SuggestLoadedPayload, TagCard, TagInfo, TagList } from './events.js';
import { resultKey, SUGGEST_LIMIT, tagKey } from './rules.js';

export type Suggestions =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly prefix: string; readonly items: readonly SearchResult[] }
  | { readonly status: 'loaded'; readonly prefix: string; readonly items: readonly SearchResult[] }
  | { readonly status: 'error'; readonly prefix: string };

export interface ResultList {
  readonly status: 'loading' | 'loaded' | 'error';
  readonly items: readonly SearchResult[];
  readonly offset: number;
  /** The offset asked while loading, or that failed. */
  readonly pending: number | null;
  readonly hasMore: boolean;
  readonly code: number | null;
}

export type TagListLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly items: readonly TagCard[] }
  | { readonly status: 'error'; readonly code: number };

export type TagLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly tag: TagInfo }
  | { readonly status: 'error'; readonly code: number };

export interface SearchState {
  readonly suggestions: Suggestions;
  readonly results: Readonly<Record<string, ResultList>>;
  readonly tagLists: Readonly<Partial<Record<TagList, TagListLoad>>>;
  readonly tags: Readonly<Record<string, TagLoad>>;
}

export const initialSearchState: SearchState = {
  suggestions: { status: 'idle' },
  results: {},
  tagLists: {},
  tags: {},
};

const appendResults = (
  held: readonly SearchResult[],
  page: readonly SearchResult[],
): readonly SearchResult[] => {
  const seen = new Set(held.map(resultKey));
  const fresh: SearchResult[] = [];
  for (const r of page) {
    const k = resultKey(r);
    if (seen.has(k)) continue;
    seen.add(k);
    fresh.push(r);
  }
  return fresh.length === 0 ? held : [...held, ...fresh];
};

/** An answer as the options of the list: its tags, then its people, then its works, at most SUGGEST_LIMIT of each. */
export const suggestionsOf = (p: SuggestLoadedPayload): readonly SearchResult[] => [
  ...p.items.slice(0, SUGGEST_LIMIT).map((tag): SearchResult => ({ kind: 'tag', tag })),
  ...(p.users ?? []).slice(0, SUGGEST_LIMIT).map((user): SearchResult => ({ kind: 'user', user })),
  ...(p.works ?? []).slice(0, SUGGEST_LIMIT).map((work): SearchResult => ({ kind: 'work', work })),
];

const withTagCollected = (tag: TagLoad, tagId: string, collected: boolean): TagLoad =>
  tag.status === 'loaded' && tag.tag.id === tagId
    ? { status: 'loaded', tag: { ...tag.tag, isCollected: collected } }
    : tag;

export const evolveSearch = (state: SearchState, event: SearchEvent): SearchState => {
  switch (event.type) {
    case 'search/suggestRequested': {
      const before = state.suggestions;
      // The previous suggestions stay on screen until the new ones arrive.
      const items = before.status === 'loaded' || before.status === 'loading' ? before.items : [];
      return { ...state, suggestions: { status: 'loading', prefix: event.payload.prefix, items } };
    }
    case 'search/suggestLoaded': {
      const before = state.suggestions;
      if (before.status !== 'loading' || before.prefix !== event.payload.prefix) return state;
      return {
        ...state,
        suggestions: { status: 'loaded', prefix: before.prefix, items: suggestionsOf(event.payload) },
      };
    }
    case 'search/suggestFailed': {
      const before = state.suggestions;
      if (before.status !== 'loading' || before.prefix !== event.payload.prefix) return state;
      return { ...state, suggestions: { status: 'error', prefix: before.prefix } };
    }
    case 'search/suggestCleared':
      return state.suggestions.status === 'idle' ? state : { ...state, suggestions: { status: 'idle' } };
    case 'search/resultsRequested': {
      const { key, offset } = event.payload;
      const held = state.results[key];
      const list: ResultList =
        held === undefined || offset === 0
          ? { status: 'loading', items: [], offset: 0, pending: 0, hasMore: true, code: null }
          : { ...held, status: 'loading', pending: offset, code: null };
      return { ...state, results: { ...state.results, [key]: list } };
    }
    case 'search/resultsLoaded': {
      const p = event.payload;
      const held = state.results[p.key];
      if (held === undefined || held.status !== 'loading' || held.pending !== p.offset) return state;
      const next = Math.max(held.offset, Math.floor(p.nextOffset));
      return {
        ...state,
        results: {
          ...state.results,
          [p.key]: {
            status: 'loaded',
            items: appendResults(held.items, p.items),
            offset: next,
            pending: null,
            hasMore: p.hasMore,
            code: null,
          },
        },
      };
    }
    case 'search/resultsFailed': {
      const p = event.payload;
      const held = state.results[p.key];
      if (held === undefined || held.status !== 'loading' || held.pending !== p.offset) return state;
      return { ...state, results: { ...state.results, [p.key]: { ...held, status: 'error', code: p.code } } };
    }
    case 'search/tagListRequested': {
      const before = state.tagLists[event.payload.list];
      if (before?.status === 'loaded') return state;
      return { ...state, tagLists: { ...state.tagLists, [event.payload.list]: { status: 'loading' } } };
    }
    case 'search/tagListLoaded':
      return {
        ...state,
        tagLists: {
          ...state.tagLists,
          [event.payload.list]: { status: 'loaded', items: event.payload.items },
        },
      };
    case 'search/tagListFailed':
      return {
        ...state,
        tagLists: { ...state.tagLists, [event.payload.list]: { status: 'error', code: event.payload.code } },
      };
    case 'search/tagRequested': {
      const key = tagKey(event.payload.name);
      if (state.tags[key]?.status === 'loaded') return state;
      return { ...state, tags: { ...state.tags, [key]: { status: 'loading' } } };
    }
    case 'search/tagLoaded':
      return {
        ...state,
        tags: { ...state.tags, [tagKey(event.payload.name)]: { status: 'loaded', tag: event.payload.tag } },
      };
    case 'search/tagFailed':
      return {
        ...state,
        tags: { ...state.tags, [tagKey(event.payload.name)]: { status: 'error', code: event.payload.code } },
      };
    case 'search/tagCollectChanged': {
      const { tagId, collected } = event.payload;
      const tags = Object.fromEntries(
        Object.entries(state.tags).map(([k, v]) => [k, withTagCollected(v, tagId, collected)]),
      );
      // The person's collected list is fetched again when next shown.
      const { collected: _stale, ...tagLists } = state.tagLists;
      return { ...state, tags, tagLists };
    }
    default:
      return assertNever(event);
  }
};
