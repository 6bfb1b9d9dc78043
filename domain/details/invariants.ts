import type { Invariant } from '../kernel/invariant.js';
import type { DetailsState } from './state.js';

/** A comment list holds each comment once and never counts fewer than it holds. */
export const commentsHeldOnce: Invariant<DetailsState> = {
  name: 'commentsHeldOnce',
  check: (_before, after) => {
    for (const [id, list] of Object.entries(after.comments)) {
      if (new Set(list.items.map((c) => c.id)).size !== list.items.length) return `comments of ${id} repeat`;
      if (list.total < list.items.length)
        return `comments of ${id}: total ${list.total} < ${list.items.length} held`;
    }
    return null;
  },
};

export const detailsInvariants: readonly Invariant<DetailsState>[] = [commentsHeldOnce];
