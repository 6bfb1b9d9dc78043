import type { AppRoute } from './types';

/** Account settings (spec §3): a guest is sent to the login dialog by the spec §2 guard. */
export const settingsRoute: AppRoute = {
  path: 'settings',
  meta: { name: 'settings', requiresAuth: true },
  titleId: 'title.settings',
  page: () => import('../features/session/pages/SettingsPage'),
};
