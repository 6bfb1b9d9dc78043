/** A wait for a state of the store: what a route's loader and the first screen's banner wait on. */
import type { RootState } from '../../domain/index.js';
import type { AppStore } from './buildStore';

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
