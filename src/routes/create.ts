import type { AppRoute } from './types';

export const createRoute: AppRoute = {
  path: 'create',
  meta: { name: 'create', requiresAuth: false },
  titleId: 'title.create',
  page: () => import('../features/create/pages/CreatePage'),
};
