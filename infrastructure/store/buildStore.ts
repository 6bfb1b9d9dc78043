/**
 * The one store factory, used by the app, the tests, the replay tool and the benchmarks.
 * The reducer is the domain's root `evolve`; epics run with injected dependencies.
 *
 * The core epics start with the store (the `later` ones too, their code perhaps loading after it
 * starts), and so do the area `modules` given; `addEpics` starts a module later, once. The web client starts none and its router adds each when a route that needs
 * it loads (`buildStore`); tests, the replay tool and the benchmarks start them all (`makeStore`).
 * `close` ends every epic at once, as closing the page does: requests in flight are aborted,
 * timers cleared, nothing more is written anywhere (what a reload finds is what was there).
 */
import { configureStore } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { BehaviorSubject, Subject, mergeMap, takeUntil } from 'rxjs';
import { evolve, initialRootState, type RootState as DomainRootState } from '../../domain/index.js';
import { deferredEpics } from '../epics/deferred';
import { combineGuarded, type EpicModule } from '../epics/module';
import type { Action, AppEpic } from '../epics/types';
import type { Dependencies } from './dependencies';
import { dropTokenOnSignOut } from '../http/tokenOnSignOut';
import { makeRecorder, type LogSink } from './recorder';

export interface MakeStoreOptions {
  readonly dependencies: Dependencies;
  readonly preloadedState?: DomainRootState;
  readonly source?: string;
  /** The epics that start with the store (app/registry.ts `coreEpics`). */
  readonly core: readonly AppEpic[];
  readonly modules?: readonly EpicModule[];
  /**
   * The core epics that are not in `core` (`laterCoreEpics`, app/later.ts): given, they start
   * with the store; as a loader (the web client), their code loads after it starts and they are
   * handed every action from the start (epics/deferred.ts). Without them, only `coreEpics` run.
   */
  readonly later?: readonly AppEpic[] | (() => Promise<readonly AppEpic[]>);
  /**
   * The log's bound and where it is kept (issue 24): the browser keeps two segments of
   * `LOG_SEGMENT_EVENTS` in memory and writes them to IndexedDB; by default every event is kept.
   */
  readonly log?: { readonly segment?: number; readonly sink?: LogSink };
}

export const buildStore = ({
  dependencies,
  preloadedState,
  source,
  core,
  modules = [],
  later = [],
  log = {},
}: MakeStoreOptions) => {
  const recorder = makeRecorder({
    now: dependencies.clock.now,
    ...(source === undefined ? {} : { source }),
    ...log,
  });
  /** The session's log as JSON Lines, its header stamped by the store's clock. */
  const eventLog = () => recorder.toJsonLines(dependencies.clock.now());
  const epicMiddleware = createEpicMiddleware<Action, Action, DomainRootState, Dependencies>({
    dependencies: { ...dependencies, eventLog, recordedEvents: () => recorder.events() },
  });
  const store = configureStore({
    reducer: evolve,
    preloadedState: preloadedState ?? initialRootState,
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: false, immutableCheck: false })
        .prepend(recorder.middleware, dropTokenOnSignOut(dependencies.token))
        .concat(epicMiddleware),
    devTools: false,
  });
  const start = typeof later === 'function' ? [...core, deferredEpics(later)] : [...core, ...later];
  const epic$ = new BehaviorSubject<AppEpic>(combineGuarded(start));
  const closed$ = new Subject<void>();
  epicMiddleware.run((action$, state$, deps) =>
    epic$.pipe(
      mergeMap((epic) => epic(action$, state$, deps)),
      takeUntil(closed$),
    ),
  );
  const added = new Set<string>();
  /** Starts a module's epics unless they already run; true when this call started them. */
  const addEpics = (module: EpicModule): boolean => {
    if (added.has(module.key)) return false;
    added.add(module.key);
    epic$.next(combineGuarded(module.epics));
    return true;
  };
  for (const module of modules) addEpics(module);
  /** Ends every epic (unsubscribes them all), as a closed page leaves nothing running. */
  const close = (): void => {
    closed$.next();
    closed$.complete();
  };
  return Object.assign(store, { recorder, addEpics, eventLog, close });
};

export type AppStore = ReturnType<typeof buildStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
