/** Commands of the square: pages of a tab, likes and muting (spec §2, §4). */
import type { feed } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/**
 * Load the next page of a feed tab (the first when nothing is loaded yet). `query` is the first
 * page's query the address asks for (its sort, time and filters, `feed.parseSquareSearch`);
 * without it the tab's defaults.
 */
export const loadFeedPage = defineCommand<{ readonly tab: string; readonly query?: feed.FeedQuery }>()(
  'feed/loadPage',
);

/** Start a tab again from the first page. */
export const refreshFeed = defineCommand<{ readonly tab: string; readonly query?: feed.FeedQuery }>()(
  'feed/refresh',
);

/** Spec §4/§7: report a card (it is hidden at once, like "not interested", and the server is told). */
export const reportCard = defineCommand<{ readonly id: string; readonly objType: number }>()('social/report');

export const muteCard = defineCommand<{ readonly id: string; readonly reason: 'report' | 'notInterested' }>()(
  'social/mute',
);
