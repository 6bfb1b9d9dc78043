/**
 * The epic modules a route may start when its chunk loads (see makeStore's `addEpics`), and the
 * store's helpers the router's loaders use to wait for what a decision needs.
 */
import type { RootState } from '../../domain/index.js';
import type { AppStore } from './makeStore';

export { feedModule, streamingModule, type EpicModule } from '../epics/root';

/**
 * Resolves with the first state `ready` accepts (at once when the current one does), or with
 * the state as it is after `timeoutMs`: a loader never waits forever on the network.
 */
export const whenState = (store: AppStore, ready: (s: RootState) => boolean, timeoutMs: number) =>
  new Promise<RootState>((resolve) => {
    const now = store.getState();
    if (ready(now)) return resolve(now);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (!ready(s)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(s);
    });
    timer = setTimeout(() => {
      unsubscribe();
      resolve(store.getState());
    }, timeoutMs);
  });
