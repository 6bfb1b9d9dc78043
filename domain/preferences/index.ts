import type { BoundedContext } from '../kernel/context.js';
import { preferencesEventTypes, type PreferencesEvent } from './events.js';
import { evolvePreferences, initialPreferencesState, type PreferencesState } from './state.js';

export * from './events.js';
export * from './state.js';

export const preferencesContext: BoundedContext<PreferencesState, PreferencesEvent> = {
  name: 'preferences',
  initialState: initialPreferencesState,
  evolve: evolvePreferences,
  eventTypes: preferencesEventTypes,
  invariants: [],
};
