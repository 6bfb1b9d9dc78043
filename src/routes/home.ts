import { routing } from '../../domain/index.js';
import { loadCreationModule, studioModules } from '../../infrastructure/app/registry';
import { readCampaignClock } from '../../infrastructure/marketing/banner';
import type { AppRoute } from './types';

/** Home (spec §2 `/`, with its openLoginDialog and toActive queries): the creation page. */
export const homeRoute: AppRoute = {
  path: '',
  meta: { name: routing.HOME_ROUTE, requiresAuth: false },
  titleId: 'title.create',
  descriptionId: 'meta.description.create',
  modules: [loadCreationModule, ...studioModules],
  page: () => import('../features/tasks/create/pages/CreatePage'),
  load: ({ store }) => readCampaignClock(store),
};
