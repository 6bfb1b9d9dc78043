import { loadDecorationsModule } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** Spec §2 personal area /decorations: one's own decorations, previews, stats and history. */
export const decorationsRoute: AppRoute = {
  path: 'decorations',
  meta: { name: 'decorations', requiresAuth: true },
  titleId: 'title.decorations',
  modules: [loadDecorationsModule],
  page: () => import('../features/decorations/pages/DecorationsPage'),
};

/** Spec §2 /mall: every decoration on sale (guests may look; buying asks them to sign in). */
export const mallRoute: AppRoute = {
  path: 'mall',
  meta: { name: 'mall', requiresAuth: false },
  titleId: 'title.mall',
  modules: [loadDecorationsModule],
  page: () => import('../features/decorations/pages/MallPage'),
};
