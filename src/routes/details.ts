import { details } from '../../domain/index.js';
import { loadDetail } from '../../infrastructure/details/commands';
import { loadDetailsModule, loadFeedModule, loadSearchModule } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import { notFound, type AppRoute, type RouteContext } from './types';

/** How long a loader waits for the item before showing the page (with its own loading state). */
const ITEM_WAIT_MS = 8000;

/**
 * The item is asked for as the route starts, beside its guard and messages (issue 22: the page's
 * main picture no longer waits for the guard's round trips); then the loader waits for the answer:
 * an id the server does not know, or an item of another type at this address (a model at
 * /artwork/:id), is the real not-found page.
 */
const itemOf = (page: details.DetailPage): Pick<AppRoute, 'start' | 'load'> => ({
  start: ({ store }, params) => {
    store.dispatch(loadDetail({ page, id: params['id'] ?? '' }));
  },
  load: async ({ store }: RouteContext, params) => {
    const id = params['id'] ?? '';
    const s = await whenState(store, (st) => details.isDetailSettled(st.details, id), ITEM_WAIT_MS);
    if (details.selectDetailFor(s.details, page, id).status === 'notFound') throw notFound();
  },
});

// The feed module answers the like button (its toggleLike command) on these pages.
const modules = [loadDetailsModule, loadSearchModule, loadFeedModule];

/** Issue 11: an artwork or a portfolio. */
export const artworkRoute: AppRoute = {
  path: 'artwork/:id',
  meta: { name: 'artworkDetail', requiresAuth: false },
  titleId: 'title.artwork',
  descriptionId: 'meta.description.artwork',
  modules,
  page: () => import('../features/details/pages/ArtworkPage'),
  ...itemOf('artwork'),
};

/**
 * Spec §2 model detail `/models/{id}`: its guard (run by the loader before this) sends variant B
 * of the model_detail_v2 test to `/models/newDetail/{id}` with the query kept (domain/routing).
 */
export const modelRoute: AppRoute = {
  path: 'models/:id',
  meta: { name: 'modelDetail', requiresAuth: false },
  titleId: 'title.model',
  descriptionId: 'meta.description.model',
  modules,
  page: () => import('../features/details/pages/ModelPage'),
  ...itemOf('model'),
};

export const modelNewDetailRoute: AppRoute = {
  path: 'models/newDetail/:id',
  meta: { name: 'modelNewDetail', requiresAuth: false },
  titleId: 'title.model',
  descriptionId: 'meta.description.model',
  modules,
  page: () => import('../features/details/pages/ModelPage'),
  ...itemOf('model'),
};

export const postRoute: AppRoute = {
  path: 'posts/:id',
  meta: { name: 'postDetail', requiresAuth: false },
  titleId: 'title.post',
  modules,
  page: () => import('../features/details/pages/PostPage'),
  ...itemOf('post'),
};

export const audioRoute: AppRoute = {
  path: 'audio/:id',
  meta: { name: 'audioDetail', requiresAuth: false },
  titleId: 'title.audio',
  modules,
  page: () => import('../features/details/pages/AudioPage'),
  ...itemOf('audio'),
};

export const videoRoute: AppRoute = {
  path: 'video/:id',
  meta: { name: 'videoDetail', requiresAuth: false },
  titleId: 'title.video',
  modules,
  page: () => import('../features/details/pages/VideoPage'),
  ...itemOf('video'),
};

export const detailRoutes: readonly AppRoute[] = [
  artworkRoute,
  modelNewDetailRoute,
  modelRoute,
  postRoute,
  audioRoute,
  videoRoute,
];
