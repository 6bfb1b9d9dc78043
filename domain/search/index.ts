import type { BoundedContext } from '../kernel/context.js';
import { searchEventTypes, type SearchEvent } from './events.js';
import { searchInvariants } from './invariants.js';
import { evolveSearch, initialSearchState, type SearchState } from './state.js';

export * from './events.js';
export * from './rules.js';
export * from './state.js';
export * from './selectors.js';
export * from './invariants.js';

export const searchContext: BoundedContext<SearchState, SearchEvent> = {
  name: 'search',
  initialState: initialSearchState,
  evolve: evolveSearch,
  eventTypes: searchEventTypes,
  invariants: searchInvariants,
};
