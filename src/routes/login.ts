import { routing } from '../../domain/index.js';
import type { AppRoute } from './types';

/** Spec §2 login page (its chan_id and u_code queries are stored by the guard). */
export const loginRoute: AppRoute = {
  path: routing.LOGIN_ROUTE,
  meta: { name: routing.LOGIN_ROUTE, requiresAuth: false },
  titleId: 'title.login',
  page: () => import('../features/session/pages/LoginPage'),
};
