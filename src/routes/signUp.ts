import type { AppRoute } from './types';

/** Sign-up (issue 11), linked from the login form and dialog. */
export const signUpRoute: AppRoute = {
  path: 'signup',
  meta: { name: 'signup', requiresAuth: false },
  titleId: 'title.signUp',
  page: () => import('../features/session/pages/SignUpPage'),
};
