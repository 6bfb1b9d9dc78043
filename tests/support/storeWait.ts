/**
 * Waits in real time for a store to reach a state, for tests that drive the real client against
 * the real server (no virtual time there). Checked at once and after every dispatch; on timeout
 * the error names what was awaited and the last recorded event types.
 */
import type { AppStore } from '../../infrastructure/app/makeStore';

export const untilState = (store: AppStore, ok: () => boolean, ms = 15_000, what = 'state'): Promise<void> =>
  new Promise((resolve, reject) => {
    if (ok()) return resolve();
    const timer = setTimeout(() => {
      off();
      const last = store.recorder
        .events()
        .slice(-12)
        .map((e) => e.type)
        .join(', ');
      reject(new Error(`${what}: not reached in ${ms} ms (last events: ${last})`));
    }, ms);
    const off = store.subscribe(() => {
      if (ok()) {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  });
