import { details, search } from '../../domain/index.js';
import { loadTag } from '../../infrastructure/search/commands';
import { loadDetailsModule, loadSearchModule } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import { notFound, type AppRoute } from './types';

const TAG_WAIT_MS = 8000;

/** Spec §2 search tabs: `/search?q=<text>&tab=<value>`. */
export const searchRoute: AppRoute = {
  path: 'search',
  meta: { name: 'search', requiresAuth: false },
  titleId: 'title.search',
  modules: [loadDetailsModule, loadSearchModule],
  page: () => import('../features/search/pages/SearchPage'),
};

/** Spec §2 tags (`/tag`): hot tags, the person's collected tags, official tags. */
export const tagsRoute: AppRoute = {
  path: 'tag',
  meta: { name: 'tags', requiresAuth: false },
  titleId: 'title.tags',
  modules: [loadDetailsModule, loadSearchModule],
  page: () => import('../features/search/pages/TagsPage'),
};

/** One tag and its works; a name no tag has is the real not-found page. */
export const tagRoute: AppRoute = {
  path: 'tag/:name',
  meta: { name: 'tagDetail', requiresAuth: false },
  titleId: 'title.tag',
  modules: [loadDetailsModule, loadSearchModule],
  page: () => import('../features/search/pages/TagPage'),
  load: async ({ store }, params) => {
    const name = search.tagNameOf(params['name']);
    if (name === null) throw notFound();
    store.dispatch(loadTag({ name }));
    const s = await whenState(store, (st) => search.isTagSettled(st.search, name), TAG_WAIT_MS);
    const tag = search.selectTag(s.search, name);
    if (tag.status === 'error' && details.failureOf(tag.code) === 'notFound') throw notFound();
  },
};

export const searchRoutes: readonly AppRoute[] = [searchRoute, tagsRoute, tagRoute];
