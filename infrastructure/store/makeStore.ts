/**
 * The one store factory of tests, the replay tool and the benchmarks: every epic from the start.
 * (The web client builds the same store with the core epics, the later ones loading after it starts, and
 * each area module when a route needs it: buildStore.ts.)
 */
import { laterCoreEpics } from '../epics/later';
import { areaModules } from '../epics/modules';
import { buildStore, type MakeStoreOptions } from './buildStore';

export type { AppDispatch, AppStore, MakeStoreOptions, RootState } from './buildStore';

export const makeStore = (options: MakeStoreOptions) =>
  buildStore({ modules: areaModules, later: laterCoreEpics, ...options });
