/** Commands of search (issue 11): the header's search box and its tag suggestions, result lists and tags. */
import type { search } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** What is typed in the header's search box (suggestions follow after a pause). */
export const suggestTags = defineCommand<{ readonly text: string }>()('search/suggest');
export const clearSuggestions = defineCommand<Record<string, never>>()('search/clearSuggestions');

/** The next page of a search (the first when none is held). */
export const loadSearchResults = defineCommand<{
  readonly query: string;
  readonly tab: search.SearchTabValue;
}>()('search/loadResults');
/** The next page of a tag's works. */
export const loadTagWorks = defineCommand<{ readonly tagId: string }>()('search/loadTagWorks');
export const loadTagList = defineCommand<{ readonly list: search.TagList }>()('search/loadTagList');
export const loadTag = defineCommand<{ readonly name: string }>()('search/loadTag');
export const collectTag = defineCommand<{ readonly tagId: string; readonly collected: boolean }>()(
  'search/collectTag',
);
