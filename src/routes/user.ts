import { people } from '../../domain/index.js';
import { loadProfile } from '../../infrastructure/social/commands';
import { whenState } from '../../infrastructure/store/whenState';
import { notFound, type AppRoute } from './types';

/** How long the loader waits for the profile before showing the page (which then shows its own state). */
const PROFILE_WAIT_MS = 8000;

/** Spec §2 profile of a person `/user/:id`: an id no account has is a real 404. */
export const userRoute: AppRoute = {
  path: 'user/:id',
  meta: { name: 'user', requiresAuth: false },
  titleId: 'title.user',
  page: () => import('../features/social/pages/UserPage'),
  load: async ({ store }, params) => {
    const id = params['id'] ?? '';
    store.dispatch(loadProfile({ id }));
    const s = await whenState(
      store,
      (st) =>
        ['loaded', 'missing', 'failed'].includes(people.selectProfileState(st.people, id)?.status ?? ''),
      PROFILE_WAIT_MS,
    );
    if (people.selectProfileState(s.people, id)?.status === 'missing') throw notFound();
  },
};
