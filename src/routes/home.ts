import { routing } from '../../domain/index.js';
import { loadCreationModule, loadStudioModule } from '../../infrastructure/store/modules';
import { readCampaignClock } from '../../infrastructure/marketing/banner';
import type { AppRoute } from './types';

/** Home (spec §2 `/`, with its openLoginDialog and toActive queries): the creation page. */
export const homeRoute: AppRoute = {
  path: '',
  meta: { name: routing.HOME_ROUTE, requiresAuth: false },
  titleId: 'title.create',
  descriptionId: 'meta.description.create',
  modules: [loadCreationModule, loadStudioModule],
  page: () => import('../features/create/pages/CreatePage'),
  load: ({ store }) => readCampaignClock(store),
};
