import { tasks } from '../../domain/index.js';
import { loadCreationModule, studioModules } from '../../infrastructure/app/registry';
import { readCampaignClock } from '../../infrastructure/marketing/banner';
import { whenState } from '../../infrastructure/store/whenState';
import { loadRemix, loadTaskOptions } from '../../infrastructure/tasks/commands';
import type { AppRoute } from './types';

/** How long Create's loader waits for the options (and the remixed work) before showing the page's skeleton. */
const SOURCE_WAIT_MS = 3000;

/**
 * What `/` and `/create` share: the studio module brings downloads and the sensitive-word check the
 * queue's cards use. The options config (and `?remix=`'s work) are asked for as the route starts and
 * waited for with the banner's clock, so the page's first frame is the form, drawn where the server's
 * first screen drew its prompt box (server/routing/firstScreen.ts; issue 22: on a phone the prompt's
 * placeholder is the largest paint), rather than a skeleton and a round trip later the form.
 */
export const creationRoute: Pick<AppRoute, 'modules' | 'page' | 'start' | 'load'> = {
  modules: [loadCreationModule, ...studioModules],
  page: () => import('../features/tasks/create/pages/CreatePage'),
  start: ({ store }, _params, url) => {
    const modelId = url.searchParams.get('model');
    store.dispatch(loadTaskOptions(modelId === null ? {} : { modelId }));
    const remixId = url.searchParams.get('remix');
    if (remixId !== null) store.dispatch(loadRemix({ artworkId: remixId }));
  },
  load: async ({ store }, _params, url) => {
    const remixId = url.searchParams.get('remix');
    await Promise.all([
      readCampaignClock(store),
      whenState(store, (s) => tasks.isCreateSourceSettled(s.tasks, remixId), SOURCE_WAIT_MS),
    ]);
  },
};

/**
 * Create: text to image and image to image (spec §3, §9); `?remix=<artworkId>` and
 * `?model=<modelId>` open it from a work or a model (the shared addresses).
 */
export const createRoute: AppRoute = {
  path: 'create',
  meta: { name: 'create', requiresAuth: false },
  titleId: 'title.create',
  descriptionId: 'meta.description.create',
  ...creationRoute,
};
