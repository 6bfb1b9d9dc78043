/** Commands of the detail pages, search and tags (issue 11). */
import type { details, search } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Load one item for its detail page (the page decides which call: a model's, a post's, any card's). */
export const loadDetail = defineCommand<{ readonly page: details.DetailPage; readonly id: string }>()(
  'details/load',
);
/** The next page of an item's comments (the first when none is held; `restart` starts again). */
export const loadComments = defineCommand<{ readonly id: string; readonly restart?: boolean }>()(
  'details/loadComments',
);
export const postComment = defineCommand<{ readonly id: string; readonly text: string }>()(
  'details/postComment',
);
/** Related works of an item, or the sample images of a model. */
export const loadWorks = defineCommand<{ readonly id: string; readonly list: details.WorkListKind }>()(
  'details/loadWorks',
);

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
