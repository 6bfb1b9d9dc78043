/**
 * Social rules (spec §4, §5): the like and collect toggles with their counts, muting and the
 * hidden-list filter, and the login requirement for guests. Pure functions over plain values,
 * shared by the reducer and by whoever renders a card.
 */
import type { ContentObjType } from '../feed/catalog.js';
import type { SessionState } from '../session/state.js';

/** Spec §3 content item `collect`; a null folder is the default folder, a null id awaits the server's. */
export interface Collect {
  readonly id: string | null;
  readonly collection_id: string | null;
  readonly collection_name: string | null;
}

/** A chosen collection folder (spec §7 collection_no). */
export interface CollectFolder {
  readonly collection_id: string;
  readonly collection_name: string;
}

export interface ContentStat {
  readonly num_of_like: number;
  readonly num_of_collection: number;
}

/** Spec §3 content item, the fields the social rules read, in the spec's names. */
export interface ContentItem {
  readonly id: string;
  readonly obj_type: ContentObjType;
  readonly liked: boolean;
  /** null when the viewer has not collected the item. */
  readonly collect: Collect | null;
  readonly stat: ContentStat;
  readonly author: { readonly id: string; readonly is_follow: boolean };
}

/** Items are keyed by type and id: ids are unique only within one obj_type. */
export const contentKey = (item: Pick<ContentItem, 'obj_type' | 'id'>): string =>
  `${item.obj_type}:${item.id}`;

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

export interface LikeState {
  readonly liked: boolean;
  readonly num_of_like: number;
}

export interface CollectState {
  readonly collect: Collect | null;
  readonly num_of_collection: number;
}

/**
 * Server counts as the domain keeps them: whole, never negative, and counting the viewer's
 * own like or collect (a liked item with 0 likes shows 1). That last rule is what makes a
 * double toggle return exactly to where it started.
 */
export const normaliseStat = (liked: boolean, collected: boolean, stat: ContentStat): ContentStat => ({
  num_of_like: Math.max(count(stat.num_of_like), liked ? 1 : 0),
  num_of_collection: Math.max(count(stat.num_of_collection), collected ? 1 : 0),
});

/** Spec §4: like toggles liked and adjusts the count by one, never below 0. */
export const toggleLike = (s: LikeState): LikeState =>
  s.liked
    ? { liked: false, num_of_like: Math.max(0, count(s.num_of_like) - 1) }
    : { liked: true, num_of_like: count(s.num_of_like) + 1 };

/**
 * Spec §4: collect adds to the default folder (null) or a chosen one. Collecting an item
 * already collected moves it to that folder (spec §7 "move collect") and leaves the count.
 */
export const addCollect = (s: CollectState, folder: CollectFolder | null): CollectState => {
  const target = {
    collection_id: folder?.collection_id ?? null,
    collection_name: folder?.collection_name ?? null,
  };
  if (s.collect !== null)
    return { collect: { id: s.collect.id, ...target }, num_of_collection: count(s.num_of_collection) };
  return { collect: { id: null, ...target }, num_of_collection: count(s.num_of_collection) + 1 };
};

/** Spec §4: collect removes; removing what is not collected changes nothing. */
export const removeCollect = (s: CollectState): CollectState =>
  s.collect === null ? s : { collect: null, num_of_collection: Math.max(0, count(s.num_of_collection) - 1) };

export type MuteReason = 'report' | 'notInterested';

/** Spec §4: reporting or 'not interested' adds the id to the hidden list, once. */
export const muteId = (hidden: readonly string[], id: string): readonly string[] =>
  hidden.includes(id) ? hidden : [...hidden, id];

/**
 * How long a 'not interested' can be undone (its toast's Undo), in ms. A report is never undone:
 * the server was told.
 */
export const MUTE_UNDO_MS = 5000;

/** Takes an id off a list (the hidden list on an undo, the undoable list); the same list when absent. */
export const unmuteId = (list: readonly string[], id: string): readonly string[] =>
  list.includes(id) ? list.filter((x) => x !== id) : list;

/**
 * Spec §7 "Report artwork": why a card is reported, one of a short fixed list the person picks
 * from (the server's codec accepts only these, and keeps the one picked).
 */
export const REPORT_REASONS = ['spam', 'sexual', 'violence', 'hateful', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const isReportReason = (x: unknown): x is ReportReason =>
  typeof x === 'string' && (REPORT_REASONS as readonly string[]).includes(x);

/** Spec §4: cards in the hidden list are filtered out of feeds. Order is kept. */
export const filterMuted = <T extends { readonly id: string }>(
  items: readonly T[],
  hidden: readonly string[],
): readonly T[] => {
  if (hidden.length === 0) return items;
  const set = new Set(hidden);
  return items.filter((item) => !set.has(item.id));
};

export type SocialAction = 'like' | 'collect' | 'follow' | 'report' | 'notInterested';

export type SocialDecision = { readonly kind: 'loginDialog' } | { readonly kind: 'proceed' };

/** The actions that need an account. Muting is kept locally, so a guest may mute. */
export const ACTIONS_REQUIRING_LOGIN: readonly SocialAction[] = ['like', 'collect', 'follow'];

/**
 * Spec §5: liking or collecting requires login, otherwise the login dialog opens. Following
 * is an account-to-account relation, so it needs an account too (our reading).
 */
export const decideSocialAction = (
  session: Pick<SessionState, 'status'>,
  action: SocialAction,
): SocialDecision =>
  session.status !== 'signedIn' && ACTIONS_REQUIRING_LOGIN.includes(action)
    ? { kind: 'loginDialog' }
    : { kind: 'proceed' };

// ---- intents of guests (spec §5: the login dialog, then the action the person asked for) ----

/**
 * What a guest asked for before the login dialog opened. Each names the state wanted, not a
 * toggle: after the sign-in the account may already like or follow (the guest view did not
 * know), and a replayed "like" must not turn into an unlike.
 */
export type SocialIntent =
  | { readonly kind: 'like'; readonly key: string }
  | {
      readonly kind: 'collect';
      readonly key: string;
      /** The card type decides the collect key of spec §7 (model and LoRA share an obj_type). */
      readonly cardType: string;
      readonly folder: CollectFolder | null;
    }
  | { readonly kind: 'follow'; readonly authorId: string };

/** An intent is replayed only once there is an account to act for. */
export const replayableIntent = (
  intent: SocialIntent | null,
  session: Pick<SessionState, 'status'>,
): SocialIntent | null => (intent !== null && session.status === 'signedIn' ? intent : null);

// ---- the outbox (offline likes, collects and follows) ----

/**
 * A write waiting for the network. `opId` names the optimistic op it confirms and is also the
 * request's idempotency key: sent twice (an answer lost), the server counts it once.
 */
export type QueuedRequest =
  | { readonly kind: 'like'; readonly opId: string; readonly key: string; readonly liked: boolean }
  | {
      readonly kind: 'collect';
      readonly opId: string;
      readonly key: string;
      readonly cardType: string;
      readonly folderId: string | null;
    }
  | { readonly kind: 'uncollect'; readonly opId: string; readonly key: string; readonly collectId: string }
  | { readonly kind: 'follow'; readonly opId: string; readonly authorId: string; readonly follow: boolean };

export type Delivery = 'send' | 'queue';

/** Offline, a write waits in the outbox; online it goes at once (behind any older queued one). */
export const deliveryOf = (online: boolean, queued: number): Delivery =>
  online && queued === 0 ? 'send' : 'queue';

/** Queues a request once (by its op id), keeping the order they were made in. */
export const enqueue = (
  outbox: readonly QueuedRequest[],
  request: QueuedRequest,
): readonly QueuedRequest[] => (outbox.some((r) => r.opId === request.opId) ? outbox : [...outbox, request]);
