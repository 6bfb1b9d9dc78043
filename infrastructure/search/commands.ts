/** Commands of the header's search box (issue 11): its tag suggestions. */
import { defineCommand } from '../store/commands';

/** What is typed in the header's search box (suggestions follow after a pause). */
export const suggestTags = defineCommand<{ readonly text: string }>()('search/suggest');
export const clearSuggestions = defineCommand<Record<string, never>>()('search/clearSuggestions');
