/** Commands of the detail pages (issue 11). */
import type { details } from '../../domain/index.js';
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
