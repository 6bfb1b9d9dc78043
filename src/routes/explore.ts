import { feed } from '../../domain/index.js';
import { loadFeedModule, studioModules } from '../../infrastructure/app/registry';
import { notFound, type AppRoute } from './types';

/**
 * The community square (spec §2 feed tabs): `/explore` is the recommend tab, `/explore/:tab` the
 * others, anime and Creator Academy included (lists narrowed once, see `feed.feedSourceOf`); the
 * sort, time and filters are in the query string (`feed.parseSquareSearch`). The studio module
 * brings the download epics a card's Download uses.
 */
export const exploreRoute: AppRoute = {
  path: 'explore/:tab?',
  meta: { name: 'explore', requiresAuth: false },
  titleId: 'title.explore',
  descriptionId: 'meta.description.explore',
  modules: [loadFeedModule, ...studioModules],
  page: () => import('../features/feed/pages/ExplorePage'),
  load: async (_ctx, params) => {
    if (feed.squareTabOf(params['tab']) === null) throw notFound();
  },
};

/**
 * Spec §2 explore sections with tag paths (`/model`, `/cyberpub`, `/post`, `/ai-video` ...): each
 * renders its tab of the square in place (the address is kept, so it can be shared with its
 * filters). The route's name is the tab's page key, so `/cyberpub` is `cyberBarPage`, a character
 * route: the guard sends a person without the tavern permission home (domain/routing/rules.ts).
 */
export const exploreSectionRoutes: readonly AppRoute[] = feed.FEED_TABS.flatMap((tab) => {
  const path = feed.TABS[tab].explorePath;
  return path === null
    ? []
    : [
        {
          path: path.slice(1),
          meta: { name: feed.TABS[tab].pageKey, requiresAuth: false },
          titleId: 'title.explore',
          descriptionId: 'meta.description.explore',
          modules: [loadFeedModule, ...studioModules],
          page: () => import('../features/feed/pages/ExplorePage'),
        },
      ];
});
