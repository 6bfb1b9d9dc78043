import { tableGet, tableHas } from '../kernel/table.js';
import { filterMuted, type ContentItem, type QueuedRequest, type SocialIntent } from './rules.js';
import type { SocialItem, SocialState } from './state.js';

export const selectIsFollowing = (s: SocialState, authorId: string): boolean =>
  tableGet(s.following, authorId) ?? false;

const toContentItem = (s: SocialState, item: SocialItem): ContentItem => {
  const { authorId, ...rest } = item;
  return { ...rest, author: { id: authorId, is_follow: selectIsFollowing(s, authorId) } };
};

/** Whether the item has been received (a card's buttons wait for it). */
export const selectIsItemKnown = (s: SocialState, key: string): boolean => tableHas(s.items, key);

/** The item as a card shows it, with the author's current follow flag. */
export const selectContentItem = (s: SocialState, key: string): ContentItem | undefined => {
  const item = tableGet(s.items, key);
  return item === undefined ? undefined : toContentItem(s, item);
};

export const selectHiddenIds = (s: SocialState): readonly string[] => s.hidden;

/** 'Not interested' mutes that can still be undone (their toast shows Undo), oldest first. */
export const selectUndoableMutes = (s: SocialState): readonly string[] => s.undoable ?? [];

export const selectIsMuted = (s: SocialState, id: string): boolean => s.hidden.includes(id);

/** Spec §4: any list of cards, with muted ones filtered out. */
export const selectUnmuted = <T extends { readonly id: string }>(
  s: SocialState,
  items: readonly T[],
): readonly T[] => filterMuted(items, s.hidden);

/** True while an optimistic op on this item awaits the server (a view may dim the button). */
export const selectIsItemPending = (s: SocialState, key: string): boolean =>
  Object.values(s.pending).some((op) => op.kind !== 'follow' && op.key === key);

/** Whether the viewer likes an item (false for an item not yet received). */
export const selectIsLiked = (s: SocialState, key: string): boolean => tableGet(s.items, key)?.liked ?? false;

/** An item's like count as the card shows it (0 for an item not yet received). */
export const selectLikeCount = (s: SocialState, key: string): number =>
  tableGet(s.items, key)?.stat.num_of_like ?? 0;

/** Whether the viewer collected an item, and into which folder (null for the default). */
export const selectCollectOf = (s: SocialState, key: string) => tableGet(s.items, key)?.collect ?? null;

/** An item's collection count as the card shows it. */
export const selectCollectCount = (s: SocialState, key: string): number =>
  tableGet(s.items, key)?.stat.num_of_collection ?? 0;

/** True while a follow or unfollow of this author awaits the server. */
export const selectIsFollowPending = (s: SocialState, authorId: string): boolean =>
  Object.values(s.pending).some((op) => op.kind === 'follow' && op.authorId === authorId);

export const selectIntent = (s: SocialState): SocialIntent | null => s.intent ?? null;

export const selectOutbox = (s: SocialState): readonly QueuedRequest[] => s.outbox ?? [];

export const selectIsOnline = (s: SocialState): boolean => s.online ?? true;

/** Whether a write on this item (or of this author's follow) waits in the outbox. */
export const selectIsQueued = (s: SocialState, target: string): boolean =>
  selectOutbox(s).some((r) => (r.kind === 'follow' ? r.authorId === target : r.key === target));
