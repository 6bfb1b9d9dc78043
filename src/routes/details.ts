import { details } from '../../domain/index.js';
import { loadDetail } from '../../infrastructure/details/commands';
import { loadDetailsModule, loadFeedModule, loadSearchModule } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import { notFound, type AppRoute, type RouteContext } from './types';

/** How long a loader waits for the item before showing the page (with its own loading state). */
const ITEM_WAIT_MS = 8000;

/**
 * Asks for the item and waits for its answer: an id the server does not know, or an item of
 * another type at this address (a model at /artwork/:id), is the real not-found page.
 */
const settleItem =
  (page: details.DetailPage) =>
  async ({ store }: RouteContext, params: Readonly<Record<string, string | undefined>>): Promise<void> => {
    const id = params['id'] ?? '';
    store.dispatch(loadDetail({ page, id }));
    const s = await whenState(store, (st) => details.isDetailSettled(st.details, id), ITEM_WAIT_MS);
    if (details.selectDetailFor(s.details, page, id).status === 'notFound') throw notFound();
  };

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
  load: settleItem('artwork'),
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
  load: settleItem('model'),
};

export const modelNewDetailRoute: AppRoute = {
  path: 'models/newDetail/:id',
  meta: { name: 'modelNewDetail', requiresAuth: false },
  titleId: 'title.model',
  descriptionId: 'meta.description.model',
  modules,
  page: () => import('../features/details/pages/ModelPage'),
  load: settleItem('model'),
};

export const postRoute: AppRoute = {
  path: 'posts/:id',
  meta: { name: 'postDetail', requiresAuth: false },
  titleId: 'title.post',
  modules,
  page: () => import('../features/details/pages/PostPage'),
  load: settleItem('post'),
};

export const audioRoute: AppRoute = {
  path: 'audio/:id',
  meta: { name: 'audioDetail', requiresAuth: false },
  titleId: 'title.audio',
  modules,
  page: () => import('../features/details/pages/AudioPage'),
  load: settleItem('audio'),
};

export const videoRoute: AppRoute = {
  path: 'video/:id',
  meta: { name: 'videoDetail', requiresAuth: false },
  titleId: 'title.video',
  modules,
  page: () => import('../features/details/pages/VideoPage'),
  load: settleItem('video'),
};

export const detailRoutes: readonly AppRoute[] = [
  artworkRoute,
  modelNewDetailRoute,
  modelRoute,
  postRoute,
  audioRoute,
  videoRoute,
];
