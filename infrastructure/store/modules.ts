/**
 * What a route needs from the store before its page renders: the epic modules it starts, each
 * loaded in a chunk of its own (redux-observable's lazy-epic recipe), and a wait for a state.
 */
import type { RootState } from '../../domain/index.js';
import type { EpicModule } from '../epics/root';
import type { AppStore } from './buildStore';

export type { EpicModule } from '../epics/root';

/** Loads an area's epics; the router starts them with `store.addEpics` before the page renders. */
export type EpicModuleLoader = () => Promise<EpicModule>;

export const loadFeedModule: EpicModuleLoader = () => import('../feed/module').then((m) => m.feedModule);
export const loadStreamingModule: EpicModuleLoader = () =>
  import('../streaming/module').then((m) => m.streamingModule);
export const loadDetailsModule: EpicModuleLoader = () =>
  import('../details/module').then((m) => m.detailsModule);
export const loadStudioModule: EpicModuleLoader = () =>
  import('../studio/module').then((m) => m.studioModule);
export const loadCreationModule: EpicModuleLoader = () =>
  import('../tasks/module').then((m) => m.creationModule);
export const loadDecorationsModule: EpicModuleLoader = () =>
  import('../decorations/module').then((m) => m.decorationsModule);
export const loadPostsModule: EpicModuleLoader = () => import('../posts/module').then((m) => m.postsModule);
export const loadProblemReportsModule: EpicModuleLoader = () =>
  import('../support/module').then((m) => m.problemReportsModule);
export const loadBillingModule: EpicModuleLoader = () =>
  import('../billing/module').then((m) => m.billingModule);

/**
 * Resolves with the first state `ready` accepts (at once when the current one does), or with
 * the state as it is after `timeoutMs`: a loader never waits forever on the network.
 */
export const whenState = (store: AppStore, ready: (s: RootState) => boolean, timeoutMs: number) =>
  new Promise<RootState>((resolve) => {
    const now = store.getState();
    if (ready(now)) return resolve(now);
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (!ready(s)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(s);
    });
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(store.getState());
    }, timeoutMs);
  });
