import { tasks } from '../../domain/index.js';
import { loadCreationModule, studioModules } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/**
 * The AI tools (spec §2 tool pages): an index at `/ai-tools` and one address per tool of the
 * domain's table (`tasks.TOOLS`), all rendered by one page that reads its tool from the table.
 * They take guests; an expired session answers 20000 and the error map opens the login dialog
 * in place on these pages (spec §8).
 */
export const toolsIndexRoute: AppRoute = {
  path: 'ai-tools',
  meta: { name: 'aiTools', requiresAuth: false },
  titleId: 'title.tools',
  modules: [loadCreationModule, ...studioModules],
  page: () => import('../features/tasks/tools/pages/ToolsIndexPage'),
};

export const toolRoutes: readonly AppRoute[] = tasks.TOOLS.map((tool) => ({
  path: `ai-tools/${tool.slug}`,
  meta: { name: `aiTool.${tool.key}`, requiresAuth: false },
  titleId: `tools.${tool.key}.title`,
  modules: [loadCreationModule, ...studioModules],
  page: () => import('../features/tasks/tools/pages/ToolPage'),
}));
