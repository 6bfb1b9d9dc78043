/**
 * Social state: what the viewer did to content (like, collect), whom they follow, what they
 * muted, and the optimistic operations still awaiting the server. Follow is kept per author,
 * not per item, so following from one card shows on every card of that author.
 */
import { assertNever } from '../kernel/event.js';
import { emptyTable, readTable, tableGet, tableSet, tableWith, type Table } from '../kernel/table.js';
import type { SocialEvent } from './events.js';
import {
  addCollect,
  contentKey,
  enqueue,
  muteId,
  normaliseStat,
  unmuteId,
  removeCollect,
  toggleLike,
  type CollectState,
  type ContentItem,
  type LikeState,
  type QueuedRequest,
  type SocialIntent,
} from './rules.js';

/** A content item as kept: the author's follow flag lives in `following`. */
export interface SocialItem extends Omit<ContentItem, 'author'> {
  readonly authorId: string;
}

export type PendingOp =
  | { readonly kind: 'like'; readonly key: string; readonly before: LikeState; readonly after: LikeState }
  | {
      readonly kind: 'collect';
      readonly key: string;
      readonly before: CollectState;
      readonly after: CollectState;
    }
  | { readonly kind: 'follow'; readonly authorId: string; readonly before: boolean; readonly after: boolean };

export interface SocialState {
  /** By content key (`contentKey`), sharded: a change copies one shard (kernel/table.ts). */
  readonly items: Table<SocialItem>;
  /** Whether the viewer follows each author, by author id, sharded as `items` (kernel/table.ts). */
  readonly following: Table<boolean>;
  /** Spec §4 hidden list (muted ids), in the order they were muted. */
  readonly hidden: readonly string[];
  /** 'Not interested' mutes still within their undo window, oldest first (absent in older logs). */
  readonly undoable?: readonly string[];
  readonly pending: Readonly<Record<string, PendingOp>>;
  /** A guest's like, collect or follow waiting for the sign-in (absent in older logs). */
  readonly intent?: SocialIntent | null;
  /** Writes made offline, oldest first, sent once the browser is back online. */
  readonly outbox?: readonly QueuedRequest[];
  /** The browser's connectivity as last reported (absent: online). */
  readonly online?: boolean;
}

export const initialSocialState: SocialState = {
  items: emptyTable(),
  following: emptyTable(),
  hidden: [],
  undoable: [],
  pending: {},
  intent: null,
  outbox: [],
  online: true,
};

const likeOf = (i: SocialItem): LikeState => ({ liked: i.liked, num_of_like: i.stat.num_of_like });
const collectOf = (i: SocialItem): CollectState => ({
  collect: i.collect,
  num_of_collection: i.stat.num_of_collection,
});

const withLike = (i: SocialItem, l: LikeState): SocialItem => ({
  ...i,
  liked: l.liked,
  stat: { ...i.stat, num_of_like: l.num_of_like },
});
const withCollect = (i: SocialItem, c: CollectState): SocialItem => ({
  ...i,
  collect: c.collect,
  stat: { ...i.stat, num_of_collection: c.num_of_collection },
});

const sameLike = (a: LikeState, b: LikeState) => a.liked === b.liked && a.num_of_like === b.num_of_like;
const sameCollect = (a: CollectState, b: CollectState) =>
  a.num_of_collection === b.num_of_collection &&
  (a.collect === b.collect ||
    (a.collect !== null &&
      b.collect !== null &&
      a.collect.id === b.collect.id &&
      a.collect.collection_id === b.collect.collection_id &&
      a.collect.collection_name === b.collect.collection_name));

/** The same item as the state holds it (field by field: the server's copy is a new object). */
const sameItem = (a: SocialItem, b: SocialItem): boolean =>
  a.id === b.id &&
  a.obj_type === b.obj_type &&
  a.authorId === b.authorId &&
  sameLike(likeOf(a), likeOf(b)) &&
  sameCollect(collectOf(a), collectOf(b));

const toSocialItem = (item: ContentItem): SocialItem => ({
  id: item.id,
  obj_type: item.obj_type,
  liked: item.liked,
  collect: item.collect,
  stat: normaliseStat(item.liked, item.collect !== null, item.stat),
  authorId: item.author.id,
});

const putItem = (s: SocialState, key: string, item: SocialItem): SocialState => ({
  ...s,
  items: tableSet(s.items, key, item),
});

const withoutOp = (pending: SocialState['pending'], opId: string): SocialState['pending'] => {
  const { [opId]: _gone, ...rest } = pending;
  return rest;
};

/**
 * Undoes an optimistic op when the server refused it, but only if the state still shows what
 * the op produced: a later toggle or a fresher server copy wins over the rollback.
 */
const rollBack = (s: SocialState, opId: string): SocialState => {
  const op = s.pending[opId];
  if (op === undefined) return s;
  const pending = withoutOp(s.pending, opId);
  switch (op.kind) {
    case 'like': {
      const item = tableGet(s.items, op.key);
      if (item === undefined || !sameLike(likeOf(item), op.after)) return { ...s, pending };
      return { ...putItem(s, op.key, withLike(item, op.before)), pending };
    }
    case 'collect': {
      const item = tableGet(s.items, op.key);
      if (item === undefined || !sameCollect(collectOf(item), op.after)) return { ...s, pending };
      return { ...putItem(s, op.key, withCollect(item, op.before)), pending };
    }
    case 'follow': {
      if ((tableGet(s.following, op.authorId) ?? false) !== op.after) return { ...s, pending };
      return { ...s, following: tableSet(s.following, op.authorId, op.before), pending };
    }
    default:
      return assertNever(op);
  }
};

/**
 * An item from a page, with the like or the collect it shows kept as the state holds it while an
 * op on it is in flight: the page may have been read before the press (a work's grid arriving just
 * after Like was pressed turned the heart back off until the next read).
 */
const keepingOpsInFlight = (s: SocialState, key: string, fresh: SocialItem): SocialItem => {
  const held = tableGet(s.items, key);
  if (held === undefined) return fresh;
  const ops = Object.values(s.pending);
  const liking = ops.some((op) => op.kind === 'like' && op.key === key);
  const collecting = ops.some((op) => op.kind === 'collect' && op.key === key);
  const liked = liking ? withLike(fresh, likeOf(held)) : fresh;
  return collecting ? withCollect(liked, collectOf(held)) : liked;
};

/** The authors with a follow or unfollow in flight. */
const followsInFlight = (s: SocialState): ReadonlySet<string> =>
  new Set(Object.values(s.pending).flatMap((op) => (op.kind === 'follow' ? [op.authorId] : [])));

const confirm = (s: SocialState, opId: string, kind: PendingOp['kind']): SocialState => {
  const op = s.pending[opId];
  return op === undefined || op.kind !== kind ? s : { ...s, pending: withoutOp(s.pending, opId) };
};

export const evolveSocial = (s: SocialState, event: SocialEvent): SocialState => {
  switch (event.type) {
    case 'social/itemsReceived': {
      // Only the shards of items and of follow flags that changed are copied: a page the state
      // already holds as it is (a feed read again) leaves the state as it was.
      // A like or collect in flight wins over the page in the same way (keepingOpsInFlight).
      const items = tableWith(
        s.items,
        event.payload.items.map((item) => {
          const key = contentKey(item);
          return [key, keepingOpsInFlight(s, key, toSocialItem(item))] as const;
        }),
        sameItem,
      );
      // A follow or unfollow in flight wins over a page that may predate it (as in followsReceived):
      // a profile's works arriving after its Follow was pressed left the button unpressed.
      const busy = followsInFlight(s);
      const following = tableWith(
        s.following,
        event.payload.items.flatMap((item) =>
          busy.has(item.author.id) ? [] : [[item.author.id, item.author.is_follow] as const],
        ),
      );
      return items === s.items && following === s.following ? s : { ...s, items, following };
    }
    case 'social/likeToggled': {
      const { key, opId } = event.payload;
      const item = tableGet(s.items, key);
      if (item === undefined || s.pending[opId] !== undefined) return s;
      const before = likeOf(item);
      const after = toggleLike(before);
      return {
        ...putItem(s, key, withLike(item, after)),
        pending: { ...s.pending, [opId]: { kind: 'like', key, before, after } },
      };
    }
    case 'social/collectAdded':
    case 'social/collectRemoved': {
      const { key, opId } = event.payload;
      const item = tableGet(s.items, key);
      if (item === undefined || s.pending[opId] !== undefined) return s;
      const before = collectOf(item);
      const after =
        event.type === 'social/collectAdded'
          ? addCollect(before, event.payload.folder)
          : removeCollect(before);
      if (after === before) return s;
      return {
        ...putItem(s, key, withCollect(item, after)),
        pending: { ...s.pending, [opId]: { kind: 'collect', key, before, after } },
      };
    }
    case 'social/collectConfirmed': {
      const { opId, collectId } = event.payload;
      const op = s.pending[opId];
      if (op === undefined || op.kind !== 'collect') return s;
      const pending = withoutOp(s.pending, opId);
      const item = tableGet(s.items, op.key);
      // The server's id lands only on the collect this op made, not on a later one.
      if (
        collectId === null ||
        item === undefined ||
        item.collect === null ||
        !sameCollect(collectOf(item), op.after)
      )
        return { ...s, pending };
      return {
        ...putItem(s, op.key, { ...item, collect: { ...item.collect, id: collectId } }),
        pending,
      };
    }
    case 'social/followToggled': {
      const { authorId, opId } = event.payload;
      if (s.pending[opId] !== undefined) return s;
      const before = tableGet(s.following, authorId) ?? false;
      return {
        ...s,
        following: tableSet(s.following, authorId, !before),
        pending: { ...s.pending, [opId]: { kind: 'follow', authorId, before, after: !before } },
      };
    }
    case 'social/likeConfirmed':
      return confirm(s, event.payload.opId, 'like');
    case 'social/followConfirmed':
      return confirm(s, event.payload.opId, 'follow');
    case 'social/likeRolledBack':
    case 'social/collectRolledBack':
    case 'social/followRolledBack': {
      const op = s.pending[event.payload.opId];
      const kind =
        event.type === 'social/likeRolledBack'
          ? 'like'
          : event.type === 'social/collectRolledBack'
            ? 'collect'
            : 'follow';
      return op === undefined || op.kind !== kind ? s : rollBack(s, event.payload.opId);
    }
    case 'social/muted': {
      const { id, reason } = event.payload;
      if (s.hidden.includes(id)) return s;
      const undoable = s.undoable ?? [];
      return {
        ...s,
        hidden: muteId(s.hidden, id),
        ...(reason === 'notInterested' ? { undoable: muteId(undoable, id) } : {}),
      };
    }
    case 'social/muteUndone': {
      const undoable = s.undoable ?? [];
      // Only a 'not interested' still in its window comes back; a report or an old mute stays.
      if (!undoable.includes(event.payload.id)) return s;
      return {
        ...s,
        hidden: unmuteId(s.hidden, event.payload.id),
        undoable: unmuteId(undoable, event.payload.id),
      };
    }
    case 'social/muteUndoExpired': {
      const undoable = s.undoable ?? [];
      return undoable.includes(event.payload.id)
        ? { ...s, undoable: unmuteId(undoable, event.payload.id) }
        : s;
    }
    case 'social/intentRecorded':
      return { ...s, intent: event.payload.intent };
    case 'social/intentReplayed':
    case 'social/intentDropped':
      return s.intent === null || s.intent === undefined ? s : { ...s, intent: null };
    case 'social/followsReceived': {
      const entries = Object.entries(event.payload.follows);
      // A follow or unfollow in flight wins over an answer that may predate it.
      const busy = followsInFlight(s);
      const fresh = entries.filter(
        ([id, on]) => !busy.has(id) && (tableGet(s.following, id) ?? false) !== on,
      );
      return fresh.length === 0 ? s : { ...s, following: tableWith(s.following, fresh) };
    }
    case 'social/likeStateReceived': {
      const { key, liked, num_of_like } = event.payload;
      const item = tableGet(s.items, key);
      const busy = Object.values(s.pending).some((op) => op.kind === 'like' && op.key === key);
      if (item === undefined || busy) return s;
      const stat = normaliseStat(liked, item.collect !== null, { ...item.stat, num_of_like });
      if (item.liked === liked && item.stat.num_of_like === stat.num_of_like) return s;
      return putItem(s, key, { ...item, liked, stat });
    }
    case 'social/requestQueued': {
      const outbox = enqueue(s.outbox ?? [], event.payload.request);
      return outbox === s.outbox ? s : { ...s, outbox };
    }
    case 'social/requestSent': {
      const outbox = s.outbox ?? [];
      const rest = outbox.filter((r) => r.opId !== event.payload.opId);
      return rest.length === outbox.length ? s : { ...s, outbox: rest };
    }
    case 'social/connectivityChanged':
      return (s.online ?? true) === event.payload.online ? s : { ...s, online: event.payload.online };
    case 'social/hiddenListRestored': {
      let hidden = s.hidden;
      for (const id of event.payload.ids) hidden = muteId(hidden, id);
      return hidden === s.hidden ? s : { ...s, hidden };
    }
    default:
      return assertNever(event);
  }
};

/**
 * The social state a log's snapshot holds: its item and follow tables read by `readTable`, so a
 * flat record (written before the tables were sharded) or a table of 64 shards (before 256) is read
 * as a table of today; anything else is taken as written.
 */
export const socialStateFromSnapshot = (u: unknown): SocialState => {
  const state = u as SocialState;
  if (typeof u !== 'object' || u === null) return state;
  const written = u as { readonly items?: unknown; readonly following?: unknown };
  const items = written.items === undefined ? null : readTable<SocialItem>(written.items);
  const following = written.following === undefined ? null : readTable<boolean>(written.following);
  return {
    ...state,
    ...(items === null ? {} : { items }),
    ...(following === null ? {} : { following }),
  };
};
