import type { DomainEvent } from '../kernel/event.js';
import type { Invariant } from '../kernel/invariant.js';
import { tableEntries, tableGet } from '../kernel/table.js';
import { contentKey, type ContentItem } from './rules.js';
import type { SocialItem, SocialState } from './state.js';

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/**
 * The items an event changed, for the incremental check: none when the table is the same object,
 * else the keys the event names (`evolveSocial` changes only those: the received items, the item a
 * toggle, a like state or an op's confirmation or rollback is about). Null when it cannot tell.
 * tests/domain/kernel/incremental.test.ts checks this against the reducer on every generated event.
 */
export const socialItemsTouchedBy = (
  before: SocialState,
  after: SocialState,
  event: DomainEvent,
): readonly string[] | null => {
  if (after.items === before.items) return [];
  const p = event.payload as { readonly key?: unknown; readonly opId?: unknown; readonly items?: unknown };
  switch (event.type) {
    case 'social/itemsReceived':
      return Array.isArray(p.items) ? (p.items as ContentItem[]).map(contentKey) : null;
    case 'social/likeToggled':
    case 'social/collectAdded':
    case 'social/collectRemoved':
    case 'social/likeStateReceived':
      return typeof p.key === 'string' ? [p.key] : null;
    case 'social/collectConfirmed':
    case 'social/likeRolledBack':
    case 'social/collectRolledBack': {
      const op = typeof p.opId === 'string' ? before.pending[p.opId] : undefined;
      return op !== undefined && op.kind !== 'follow' ? [op.key] : null;
    }
    default:
      return null;
  }
};

const itemProblem = (key: string, item: SocialItem): string | null => {
  const { num_of_like: likes, num_of_collection: collections } = item.stat;
  if (!isCount(likes) || !isCount(collections)) return `item ${key} has counts ${likes}/${collections}`;
  if (item.liked && likes < 1) return `item ${key} is liked with ${likes} likes`;
  if (item.collect !== null && collections < 1)
    return `item ${key} is collected with ${collections} collections`;
  return null;
};

/** Spec §4: like and collection counts are never negative, and count the viewer's own like or collect. */
export const socialCountsNeverNegative: Invariant<SocialState> = {
  name: 'socialCountsNeverNegative',
  check: (_before, after) => {
    for (const [key, item] of tableEntries(after.items)) {
      const problem = itemProblem(key, item);
      if (problem !== null) return problem;
    }
    return null;
  },
  holdsAfter: (before, after, event) => {
    const touched = socialItemsTouchedBy(before, after, event);
    if (touched === null) return false;
    for (const key of touched) {
      const item = tableGet(after.items, key);
      if (item !== undefined && itemProblem(key, item) !== null) return false;
    }
    return true;
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
  holdsAfter: (before, after) => after.hidden === before.hidden && after.undoable === before.undoable,
};

export const socialInvariants = [socialCountsNeverNegative, hiddenListGrowsOnce] as const;
