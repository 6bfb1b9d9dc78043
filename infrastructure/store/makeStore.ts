/**
 * The one store factory, used by the app, the tests, the replay tool and the benchmarks.
 * The reducer is the domain's root `evolve`; epics run with injected dependencies.
 */
import { configureStore } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { evolve, initialRootState, type RootState as DomainRootState } from '../../domain/index.js';
import { rootEpic, type Action } from '../epics/root';
import type { Dependencies } from './dependencies';
import { makeRecorder } from './recorder';

export interface MakeStoreOptions {
  readonly dependencies: Dependencies;
  readonly preloadedState?: DomainRootState;
  readonly source?: string;
}

export const makeStore = ({ dependencies, preloadedState, source }: MakeStoreOptions) => {
  const recorder = makeRecorder(dependencies.clock.now, source);
  const epicMiddleware = createEpicMiddleware<Action, Action, DomainRootState, Dependencies>({
    dependencies,
  });
  const store = configureStore({
    reducer: evolve,
    preloadedState: preloadedState ?? initialRootState,
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: false, immutableCheck: false })
        .prepend(recorder.middleware)
        .concat(epicMiddleware),
    devTools: false,
  });
  epicMiddleware.run(rootEpic);
  return Object.assign(store, { recorder });
};

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
