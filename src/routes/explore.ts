import { feed } from '../../domain/index.js';
import { loadFeedModule } from '../../infrastructure/store/modules';
import { notFound, type AppRoute } from './types';

/** The community square (spec §2 feed tabs): `/explore` is the recommend tab, `/explore/:tab` the others. */
export const exploreRoute: AppRoute = {
  path: 'explore/:tab?',
  meta: { name: 'explore', requiresAuth: false },
  titleId: 'title.explore',
  modules: [loadFeedModule],
  page: () => import('../features/explore/pages/ExplorePage'),
  load: async (_ctx, params) => {
    const tab = params['tab'];
    if (tab !== undefined && feed.listTabOf(tab) === null) throw notFound();
  },
};
