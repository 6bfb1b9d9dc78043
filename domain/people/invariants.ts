import type { Invariant } from '../kernel/invariant.js';
import { entryId, LIST_KINDS, type EntryOf, type ListKind } from './rules.js';
import type { PeopleState } from './state.js';

/** A list never shows one entry twice, and its next offset is never negative. */
export const peopleListsUnique: Invariant<PeopleState> = {
  name: 'peopleListsUnique',
  check: (_before, after) => {
    for (const kind of LIST_KINDS) {
      const lists: Readonly<
        Record<string, { readonly entries: readonly unknown[]; readonly offset: number }>
      > = after.lists[kind];
      for (const [id, list] of Object.entries(lists)) {
        const ids = list.entries.map((e) => entryId(kind as ListKind, e as EntryOf[ListKind]));
        if (new Set(ids).size !== ids.length) return `${kind} list ${id} holds an entry twice`;
        if (list.offset < 0) return `${kind} list ${id} has offset ${list.offset}`;
      }
    }
    return null;
  },
};

/** Folder counts are whole and never negative. */
export const folderCountsNeverNegative: Invariant<PeopleState> = {
  name: 'folderCountsNeverNegative',
  check: (_before, after) => {
    if (after.folders?.status !== 'loaded') return null;
    const bad = after.folders.value.find((f) => !(Number.isInteger(f.count) && f.count >= 0));
    return bad === undefined ? null : `folder ${bad.id} counts ${bad.count}`;
  },
};

export const peopleInvariants = [peopleListsUnique, folderCountsNeverNegative] as const;
