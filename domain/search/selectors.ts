import type { SearchResult, TagList } from './events.js';
import { tagKey } from './rules.js';
import type { ResultList, SearchState, Suggestions, TagListLoad, TagLoad } from './state.js';

const NO_SUGGESTIONS: readonly SearchResult[] = [];

/** The suggestions to show for what is typed now: those of its prefix, or the last ones while they load. */
export const selectSuggestions = (s: SearchState): Suggestions => s.suggestions;

/** The options of the list, in order: tags, people, works (the last ones while newer load). */
export const selectSuggestionItems = (s: SearchState): readonly SearchResult[] =>
  s.suggestions.status === 'loaded' || s.suggestions.status === 'loading'
    ? s.suggestions.items
    : NO_SUGGESTIONS;

/** Whether the answer for the prefix asked came back with nothing to suggest. */
export const selectNoSuggestions = (s: SearchState): boolean =>
  s.suggestions.status === 'loaded' && s.suggestions.items.length === 0;

const FRESH: ResultList = { status: 'loading', items: [], offset: 0, pending: 0, hasMore: true, code: null };

export const selectResults = (s: SearchState, key: string): ResultList => s.results[key] ?? FRESH;

/** The offset of the next page of `key`, or null while one loads or when none is left. */
export const selectNextResultsOffset = (s: SearchState, key: string): number | null => {
  const list = s.results[key];
  if (list === undefined) return 0;
  if (list.status === 'loading') return null;
  if (list.status === 'error') return list.pending ?? list.offset;
  return list.hasMore ? list.offset : null;
};

export const selectResultItems = (s: SearchState, key: string): readonly SearchResult[] =>
  selectResults(s, key).items;

const LOADING_LIST: TagListLoad = { status: 'loading' };
export const selectTagList = (s: SearchState, list: TagList): TagListLoad => s.tagLists[list] ?? LOADING_LIST;

const LOADING_TAG: TagLoad = { status: 'loading' };
export const selectTag = (s: SearchState, name: string): TagLoad => s.tags[tagKey(name)] ?? LOADING_TAG;

/** Whether the loader may render the tag page: the tag's answer (or failure) is known. */
export const isTagSettled = (s: SearchState, name: string): boolean => {
  const t = s.tags[tagKey(name)];
  return t !== undefined && t.status !== 'loading';
};
