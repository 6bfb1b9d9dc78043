import type { Invariant } from '../kernel/invariant.js';
import { resultKey } from './rules.js';
import type { SearchState } from './state.js';

/** A result list never holds one result twice, and its next offset is never negative. */
export const resultsHeldOnce: Invariant<SearchState> = {
  name: 'resultsHeldOnce',
  check: (_before, after) => {
    for (const [key, list] of Object.entries(after.results)) {
      if (list.offset < 0) return `results ${key}: negative offset ${list.offset}`;
      if (new Set(list.items.map(resultKey)).size !== list.items.length) return `results ${key} repeat`;
    }
    return null;
  },
};

export const searchInvariants: readonly Invariant<SearchState>[] = [resultsHeldOnce];
