/**
 * The studio's addresses (issue 13): the index of its tools, the video editor, audio, songs, voices,
 * LoRA training, workflows, and the square's apps, design templates and e-books. A detail address
 * whose id the server does not know (or knows as another kind of thing) is a real 404.
 */
import { studio, type RootState } from '../../domain/index.js';
import { conversationModules, studioModules } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import { loadSquareItem, loadWorkflow } from '../../infrastructure/studio/commands';
import { notFound, type AppRoute, type RouteContext } from './types';

/** How long a detail's loader waits for the server before showing the page (with its own states). */
const DETAIL_WAIT_MS = 8000;

const settled = (key: string) => (s: RootState) => {
  const phase = s.studio.resources[key];
  return phase !== undefined && phase.status !== 'loading';
};

/** Loads a square item and answers 404 unless it exists and is one of `cardTypes`. */
const squareItemLoader =
  (cardTypes: readonly string[]) =>
  async ({ store }: RouteContext, params: Record<string, string | undefined>): Promise<void> => {
    const id = params['id'] ?? '';
    const key = studio.studioKey.squareItem(id);
    store.dispatch(loadSquareItem({ id }));
    const s = await whenState(store, settled(key), DETAIL_WAIT_MS);
    const view = studio.selectResource(s.studio, key, 'squareItem');
    if (view.status === 'missing') throw notFound();
    if (view.status === 'loaded' && !cardTypes.includes(view.value.item.card_type)) throw notFound();
  };

export const studioIndexRoute: AppRoute = {
  path: 'studio',
  meta: { name: 'studio', requiresAuth: false },
  titleId: 'title.studio',
  page: () => import('../features/studio/pages/StudioIndexPage'),
};

export const editorRoute: AppRoute = {
  path: 'editor',
  meta: { name: 'videoEditor', requiresAuth: true },
  titleId: 'title.editor',
  modules: studioModules,
  page: () => import('../features/studio/pages/EditorPage'),
};

export const audioStudioRoute: AppRoute = {
  path: 'audio-studio',
  meta: { name: 'audioStudio', requiresAuth: true },
  titleId: 'title.audioStudio',
  modules: [...conversationModules, ...studioModules],
  page: () => import('../features/studio/pages/AudioStudioPage'),
};

export const songsRoute: AppRoute = {
  path: 'songs',
  meta: { name: 'songs', requiresAuth: true },
  titleId: 'title.songs',
  modules: [...conversationModules, ...studioModules],
  page: () => import('../features/studio/pages/SongsPage'),
};

export const voiceCreateRoute: AppRoute = {
  path: 'voices/new',
  meta: { name: 'voiceCreate', requiresAuth: true },
  titleId: 'title.voiceCreate',
  modules: studioModules,
  page: () => import('../features/studio/pages/VoiceCreatePage'),
};

export const loraTrainingRoute: AppRoute = {
  path: 'lora-training',
  meta: { name: 'loraTraining', requiresAuth: true },
  titleId: 'title.loraTraining',
  modules: studioModules,
  page: () => import('../features/studio/pages/LoraTrainingPage'),
};

export const workflowImportRoute: AppRoute = {
  path: 'workflows/import',
  meta: { name: 'workflowImport', requiresAuth: true },
  titleId: 'title.workflowImport',
  modules: studioModules,
  page: () => import('../features/studio/pages/WorkflowImportPage'),
};

/**
 * One of the person's workflows, or else a workflow card of the square (its detail, with Try): a
 * guest sees the square's cards, a person their own first. Neither is a 404.
 */
export const workflowRoute: AppRoute = {
  path: 'workflows/:id',
  meta: { name: 'workflowDetail', requiresAuth: false },
  titleId: 'title.workflow',
  modules: studioModules,
  page: () => import('../features/studio/pages/WorkflowPage'),
  load: async (ctx, params) => {
    const { store } = ctx;
    const id = params['id'] ?? '';
    if (store.getState().session.status === 'signedIn') {
      const key = studio.studioKey.workflow(id);
      store.dispatch(loadWorkflow({ id }));
      const s = await whenState(store, settled(key), DETAIL_WAIT_MS);
      if (studio.selectResource(s.studio, key, 'workflow').status !== 'missing') return;
    }
    await squareItemLoader(['workflow'])(ctx, params);
  },
};

export const appRoute: AppRoute = {
  path: 'apps/:id',
  meta: { name: 'swiftApp', requiresAuth: false },
  titleId: 'title.app',
  modules: studioModules,
  page: () => import('../features/studio/pages/RecipePage'),
  load: squareItemLoader(['aiapp', 'comfyUIApp']),
};

export const templateRoute: AppRoute = {
  path: 'templates/:id',
  meta: { name: 'designTemplate', requiresAuth: false },
  titleId: 'title.template',
  modules: studioModules,
  page: () => import('../features/studio/pages/RecipePage'),
  load: squareItemLoader(['paletteTemplate']),
};

export const novelRoute: AppRoute = {
  path: 'novels/:id',
  meta: { name: 'novel', requiresAuth: false },
  titleId: 'title.novel',
  modules: studioModules,
  page: () => import('../features/studio/pages/NovelPage'),
  load: squareItemLoader(['ebook']),
};

export const studioRoutes: readonly AppRoute[] = [
  studioIndexRoute,
  editorRoute,
  audioStudioRoute,
  songsRoute,
  voiceCreateRoute,
  loraTrainingRoute,
  workflowImportRoute,
  workflowRoute,
  appRoute,
  templateRoute,
  novelRoute,
];
