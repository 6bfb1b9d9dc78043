/**
 * Core epics whose code loads after the store starts (issue 22): they are handed the actions
 * dispatched before their code was there, first and in order, then the live ones, and what they
 * emit meanwhile joins the queue behind the early actions.
 */
import { filter, map, Subject } from 'rxjs';
import type { StateObservable } from 'redux-observable';
import { describe, expect, it } from 'vitest';
import type { RootState } from '../../../domain/index.js';
import { deferredEpics } from '../../../infrastructure/epics/deferred';
import type { Action, AppEpic } from '../../../infrastructure/epics/types';
import type { Dependencies } from '../../../infrastructure/store/dependencies';

const echo: AppEpic = (action$) =>
  action$.pipe(
    filter((a) => a.type === 'ping'),
    map((a) => ({ type: 'pong', payload: a.payload })),
  );

describe('deferred epics', () => {
  it('see the early actions first, in order, then the live ones', async () => {
    let loaded: (epics: readonly AppEpic[]) => void = () => undefined;
    const load = () => new Promise<readonly AppEpic[]>((resolve) => (loaded = resolve));
    const action$ = new Subject<Action>();
    const seen: Action[] = [];
    const epic = deferredEpics(load);
    const output = epic(action$, {} as StateObservable<RootState>, {} as Dependencies);
    // The store dispatches what the epics emit: it comes back through action$.
    const sub = output.subscribe((a) => {
      seen.push(a);
      action$.next(a);
    });
    action$.next({ type: 'ping', payload: 1 });
    action$.next({ type: 'other' });
    action$.next({ type: 'ping', payload: 2 });
    expect(seen).toEqual([]);
    loaded([echo]);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([
      { type: 'pong', payload: 1 },
      { type: 'pong', payload: 2 },
    ]);
    action$.next({ type: 'ping', payload: 3 });
    expect(seen.at(-1)).toEqual({ type: 'pong', payload: 3 });
    sub.unsubscribe();
    action$.next({ type: 'ping', payload: 4 });
    expect(seen).toHaveLength(3);
  });

  it('a store closed before the code came starts nothing', async () => {
    let loaded: (epics: readonly AppEpic[]) => void = () => undefined;
    const action$ = new Subject<Action>();
    const seen: Action[] = [];
    const sub = deferredEpics(() => new Promise((resolve) => (loaded = resolve)))(
      action$,
      {} as StateObservable<RootState>,
      {} as Dependencies,
    ).subscribe((a) => seen.push(a));
    action$.next({ type: 'ping', payload: 1 });
    sub.unsubscribe();
    loaded([echo]);
    await Promise.resolve();
    await Promise.resolve();
    action$.next({ type: 'ping', payload: 2 });
    expect(seen).toEqual([]);
  });
});
