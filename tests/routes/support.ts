import { vi } from 'vitest';
import { evolve, type RootState } from '../../domain/index.js';
import type { RouteContext } from '../../src/routes/types';

/**
 * A route's context over a store that holds `state` (or, with `next`, takes the state each dispatch
 * leads to) and records what it is told; subscribers hear every dispatch.
 */
export const contextOver = (state: RootState, next?: (state: RootState, action: unknown) => RootState) => {
  const dispatched: { readonly type: string; readonly payload?: unknown }[] = [];
  const listeners = new Set<() => void>();
  let current = state;
  const ctx = {
    store: {
      getState: () => current,
      dispatch: (a: (typeof dispatched)[number]) => {
        dispatched.push(a);
        if (next !== undefined) current = next(current, a);
        for (const l of [...listeners]) l();
      },
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  } as unknown as RouteContext;
  return { ctx, dispatched };
};

/** The root state a dispatched action leads to: the `next` of `contextOver` for a store that evolves. */
export const step = (s: RootState, a: unknown): RootState => evolve(s, a as { readonly type: string });

/** Whether `p` has settled once the microtasks queued so far have run (under vitest's fake timers). */
export const settled = async (p: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};
