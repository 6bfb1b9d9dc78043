/** Commands of the square: pages of a tab, likes and muting (spec §2, §4). */
import type { feed, social } from '../../domain/index.js';
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

/**
 * Spec §4/§7: report a card with the reason the person picked and confirmed (it is hidden at once,
 * like "not interested", and the server is told and keeps the reason).
 */
export const reportCard = defineCommand<{
  readonly id: string;
  readonly objType: number;
  readonly reason: social.ReportReason;
}>()('social/report');

/** Hide a card; a 'not interested' can be undone for social.MUTE_UNDO_MS (`undoMute`). */
export const muteCard = defineCommand<{ readonly id: string; readonly reason: 'report' | 'notInterested' }>()(
  'social/mute',
);

/** The Undo of a 'not interested' toast: the card comes back while its window is open. */
export const undoMute = defineCommand<{ readonly id: string }>()('social/undoMute');
