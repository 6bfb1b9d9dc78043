import { openPostEditor } from '../../infrastructure/posts/commands';
import { loadPostsModule, studioModules } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import type { AppRoute } from './types';

/** How long the loader waits for a restored session before reading the draft. */
const SESSION_WAIT_MS = 5000;

/**
 * Writing a post (issue 21; spec §2: the post tab's create entry opens create-and-post). Signed-in
 * only; the page (and Tiptap with it) is a chunk of its own. The studio module brings the
 * sensitive-word check; the loader reads the draft kept on this device before the page renders.
 */
export const postEditorRoute: AppRoute = {
  path: 'posts/new',
  meta: { name: 'postCreate', requiresAuth: true },
  titleId: 'title.postNew',
  modules: [loadPostsModule, ...studioModules],
  page: () => import('../features/posts/pages/PostEditorPage'),
  load: async ({ store }) => {
    await whenState(store, (s) => s.session.status === 'signedIn', SESSION_WAIT_MS);
    store.dispatch(openPostEditor({}));
  },
};
