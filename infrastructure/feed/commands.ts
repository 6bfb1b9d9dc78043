/** Commands of the square: pages of a tab, likes and muting (spec §2, §4). */
import { defineCommand } from '../store/commands';

/** Load the next page of a feed tab (the first when nothing is loaded yet). */
export const loadFeedPage = defineCommand<{ readonly tab: string }>()('feed/loadPage');

/** Start a tab again from the first page. */
export const refreshFeed = defineCommand<{ readonly tab: string }>()('feed/refresh');

export const toggleLike = defineCommand<{ readonly key: string }>()('social/toggleLike');

export const muteCard = defineCommand<{ readonly id: string; readonly reason: 'report' | 'notInterested' }>()(
  'social/mute',
);
