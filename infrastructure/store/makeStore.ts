/**
 * The one store factory of tests, the replay tool and the benchmarks: every epic from the start.
 * (The web client builds the same store with only the core epics: buildStore.ts.)
 */
import { areaModules } from '../epics/modules';
import { buildStore, type MakeStoreOptions } from './buildStore';

export type { AppDispatch, AppStore, MakeStoreOptions, RootState } from './buildStore';

export const makeStore = (options: MakeStoreOptions) => buildStore({ modules: areaModules, ...options });
