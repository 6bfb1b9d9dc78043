import type { AppRoute } from './types';

/** Spec §2: /403 is shown on a forbidden response. */
export const forbiddenRoute: AppRoute = {
  path: '403',
  meta: { name: 'forbidden', requiresAuth: false },
  titleId: 'title.forbidden',
  page: () => import('../features/routing/pages/ForbiddenPage'),
};
