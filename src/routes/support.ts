import type { AppRoute } from './types';

/** Help: the contact form and resource appeals (spec §1, §7); open to guests. */
export const supportRoute: AppRoute = {
  path: 'support',
  meta: { name: 'support', requiresAuth: false },
  titleId: 'title.support',
  page: () => import('../features/support/pages/SupportPage'),
};
