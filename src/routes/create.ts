import { loadCreationModule, studioModules } from '../../infrastructure/app/registry';
import { readCampaignClock } from '../../infrastructure/marketing/banner';
import type { AppRoute } from './types';

/**
 * Create: text to image and image to image (spec §3, §9); `?remix=<artworkId>` and
 * `?model=<modelId>` open it from a work or a model (the shared addresses). The studio module
 * brings downloads and the sensitive-word check the queue's cards use.
 */
export const createRoute: AppRoute = {
  path: 'create',
  meta: { name: 'create', requiresAuth: false },
  titleId: 'title.create',
  descriptionId: 'meta.description.create',
  modules: [loadCreationModule, ...studioModules],
  page: () => import('../features/tasks/create/pages/CreatePage'),
  load: ({ store }) => readCampaignClock(store),
};
