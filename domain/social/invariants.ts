import type { Invariant } from '../kernel/invariant.js';
import type { SocialState } from './state.js';

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** Spec §4: like and collection counts are never negative, and count the viewer's own like or collect. */
export const socialCountsNeverNegative: Invariant<SocialState> = {
  name: 'socialCountsNeverNegative',
  check: (_before, after) => {
    for (const [key, item] of Object.entries(after.items)) {
      const { num_of_like: likes, num_of_collection: collections } = item.stat;
      if (!isCount(likes) || !isCount(collections)) return `item ${key} has counts ${likes}/${collections}`;
      if (item.liked && likes < 1) return `item ${key} is liked with ${likes} likes`;
      if (item.collect !== null && collections < 1)
        return `item ${key} is collected with ${collections} collections`;
    }
    return null;
  },
};

/**
 * Muting is idempotent: the hidden list holds each id once and loses one only by an undo within
 * its window (an id that was undoable before); every undoable id is hidden.
 */
export const hiddenListGrowsOnce: Invariant<SocialState> = {
  name: 'hiddenListGrowsOnce',
  check: (before, after) => {
    if (new Set(after.hidden).size !== after.hidden.length) return 'the hidden list holds an id twice';
    const kept = new Set(after.hidden);
    const undoable = new Set(before.undoable ?? []);
    const lost = before.hidden.find((id) => !kept.has(id) && !undoable.has(id));
    if (lost !== undefined) return `muted id ${lost} was unmuted`;
    const loose = (after.undoable ?? []).find((id) => !kept.has(id));
    return loose === undefined ? null : `undoable id ${loose} is not hidden`;
  },
};

export const socialInvariants = [socialCountsNeverNegative, hiddenListGrowsOnce] as const;
