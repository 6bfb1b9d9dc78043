import type { AppRoute } from './types';

/** "Forgot password?": asks for a reset link by mail. */
export const forgotPasswordRoute: AppRoute = {
  path: 'password/forgot',
  meta: { name: 'forgotPassword', requiresAuth: false },
  titleId: 'title.forgotPassword',
  page: () => import('../features/session/pages/ForgotPasswordPage'),
};
