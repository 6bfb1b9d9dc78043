import { feed } from '../../domain/index.js';
import { loadFeedModule, studioModules } from '../../infrastructure/app/registry';
import { loadFeedPage } from '../../infrastructure/feed/commands';
import { whenState } from '../../infrastructure/store/whenState';
import { notFound, type AppRoute, type RouteContext } from './types';

/**
 * The tab's first page is asked for as the route loads, beside the page's own code, not by the
 * page once it has rendered: on a phone the cards' request and then their pictures (the page's
 * largest paint) no longer wait for the page's chunk to arrive and run (issue 22). The query is
 * the one the page reads from the same address (`feed.parseSquareSearch`), so the page finds its
 * list loading and asks for nothing more. A list already held (back to the square) is left as it
 * is: the page shows it where the person left it.
 */
const askFirstPage = ({ store }: RouteContext, tab: feed.FeedTab, url: URL): void => {
  const query = feed.parseSquareSearch(tab, [...url.searchParams]);
  if (feed.selectFeedFor(store.getState().feed, query).status === 'idle')
    store.dispatch(loadFeedPage({ tab, query }));
};

/** How long the document's first square waits for its first page before React's first render. */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * The document's first page waits for its list's first page (or its failure; 3 s at most): the server
 * drew the page's head and first cards into its HTML (server/feed/squareScreen.ts; issue 22: on a phone
 * the first card of a column is the largest paint), so React's first render puts the real cards where
 * they are rather than a skeleton for a round trip.
 */
const firstPageSettled = async (
  { store }: RouteContext,
  tab: feed.FeedTab | null,
  url: URL,
): Promise<void> => {
  if (tab === null) return;
  const query = feed.parseSquareSearch(tab, [...url.searchParams]);
  await whenState(store, (s) => feed.isFeedSettled(feed.selectFeedFor(s.feed, query)), FIRST_PAGE_WAIT_MS);
};

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
  start: (ctx, params, url) => {
    const tab = feed.squareTabOf(params['tab']);
    if (tab !== null) askFirstPage(ctx, tab, url);
  },
  load: async (_ctx, params) => {
    if (feed.squareTabOf(params['tab']) === null) throw notFound();
  },
  firstScreen: (ctx, params, url) => firstPageSettled(ctx, feed.squareTabOf(params['tab']), url),
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
          start: (ctx: RouteContext, _params: unknown, url: URL) => askFirstPage(ctx, tab, url),
          firstScreen: (ctx: RouteContext, _params: unknown, url: URL) => firstPageSettled(ctx, tab, url),
        },
      ];
});
