import type { AppRoute } from './types';

/** Spec §2 personal area `/personal` (requires a session): stats, works, collections, followers, following. */
export const personalRoute: AppRoute = {
  path: 'personal',
  meta: { name: 'personal', requiresAuth: true },
  titleId: 'title.personal',
  page: () => import('../features/social/pages/PersonalPage'),
};
