import type { AppRoute } from './types';

/** The mailed reset link's page (`?token=…`). */
export const resetPasswordRoute: AppRoute = {
  path: 'password/reset',
  meta: { name: 'resetPassword', requiresAuth: false },
  titleId: 'title.resetPassword',
  page: () => import('../features/session/pages/ResetPasswordPage'),
};
