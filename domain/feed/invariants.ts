import type { Invariant } from '../kernel/invariant.js';
import { LIST_TABS } from './catalog.js';
import { cardKey } from './rules.js';
import type { FeedState, FeedTabState } from './state.js';

const listed = (s: FeedTabState) => (s.status === 'idle' ? null : s);

const holdsCardTwice = (s: FeedTabState): boolean => {
  const l = listed(s);
  return l !== null && new Set(l.items.map(cardKey)).size !== l.items.length;
};

/** Paging never holds a card twice in one tab. */
export const feedItemsUnique: Invariant<FeedState> = {
  name: 'feedItemsUnique',
  check: (_before, after) => {
    for (const tab of LIST_TABS) {
      const s = listed(after.tabs[tab]);
      if (s === null) continue;
      const keys = new Set(s.items.map(cardKey));
      if (keys.size !== s.items.length) return `tab ${tab} holds a card twice`;
    }
    return null;
  },
  // Only a tab whose list changed can hold a card twice now.
  holdsAfter: (before, after) => {
    for (const tab of LIST_TABS) {
      const next = after.tabs[tab];
      if (next === before.tabs[tab]) continue;
      const prev = listed(before.tabs[tab]);
      const now = listed(next);
      if (now !== null && (prev === null || now.items !== prev.items) && holdsCardTwice(next)) return false;
    }
    return true;
  },
};

/** The offset is a non-negative integer and never moves back within one query (a reset starts over). */
export const feedOffsetMonotonic: Invariant<FeedState> = {
  name: 'feedOffsetMonotonic',
  check: (before, after) => {
    for (const tab of LIST_TABS) {
      const next = listed(after.tabs[tab]);
      if (next === null) continue;
      if (!(Number.isInteger(next.offset) && next.offset >= 0))
        return `tab ${tab} offset ${next.offset} is not a non-negative integer`;
      const prev = listed(before.tabs[tab]);
      if (prev !== null && prev.queryKey === next.queryKey && next.offset < prev.offset)
        return `tab ${tab} offset went back from ${prev.offset} to ${next.offset}`;
    }
    return null;
  },
};

export const feedInvariants = [feedItemsUnique, feedOffsetMonotonic] as const;
