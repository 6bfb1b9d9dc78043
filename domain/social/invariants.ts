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

/** Muting is idempotent: the hidden list holds each id once and never loses one. */
export const hiddenListGrowsOnce: Invariant<SocialState> = {
  name: 'hiddenListGrowsOnce',
  check: (before, after) => {
    if (new Set(after.hidden).size !== after.hidden.length) return 'the hidden list holds an id twice';
    const kept = new Set(after.hidden);
    const lost = before.hidden.find((id) => !kept.has(id));
    return lost === undefined ? null : `muted id ${lost} was unmuted`;
  },
};

export const socialInvariants = [socialCountsNeverNegative, hiddenListGrowsOnce] as const;
