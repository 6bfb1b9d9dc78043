import { routing } from '../../domain/index.js';
import { creationRoute } from './create';
import type { AppRoute } from './types';

/** Home (spec §2 `/`, with its openLoginDialog and toActive queries): the creation page. */
export const homeRoute: AppRoute = {
  path: '',
  meta: { name: routing.HOME_ROUTE, requiresAuth: false },
  titleId: 'title.create',
  descriptionId: 'meta.description.create',
  ...creationRoute,
};
