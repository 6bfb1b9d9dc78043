/**
 * Unread-count rules (spec §3, §4): the four message types, the total as their sum, and how
 * marking read lowers a count without ever going below zero.
 */

/** Spec §3 unread counts: likes and collections, comments, follows, system. */
export const MESSAGE_TYPES = ['likeCol', 'com', 'fol', 'sys'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export type UnreadByType = { readonly [T in MessageType]: number };

export interface UnreadCounts extends UnreadByType {
  readonly total: number;
}

export const zeroUnread: UnreadCounts = { likeCol: 0, com: 0, fol: 0, sys: 0, total: 0 };

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** The total is always the sum of the four types; a server total is not trusted over it. */
export const withTotal = (byType: UnreadByType): UnreadCounts => {
  const likeCol = count(byType.likeCol);
  const com = count(byType.com);
  const fol = count(byType.fol);
  const sys = count(byType.sys);
  return { likeCol, com, fol, sys, total: likeCol + com + fol + sys };
};

/** How much of one type was read: a number of messages, or all of that type. */
export type ReadAmount = number | 'all';

/** Spec §4: marking read lowers that type's count and the total, never below zero. */
export const markRead = (counts: UnreadCounts, type: MessageType, amount: ReadAmount): UnreadCounts => {
  const current = counts[type];
  const next = amount === 'all' ? 0 : Math.max(0, current - count(amount));
  return next === current ? counts : withTotal({ ...counts, [type]: next });
};

/** The message centre's lists: one per type of spec §3. */
export type NoticeAction = 'like' | 'collect' | 'follow' | 'comment' | 'system';

/** One message as the centre shows it (the actor's name is theirs; the view words the action). */
export interface Message {
  readonly id: string;
  readonly type: MessageType;
  readonly action: NoticeAction;
  readonly actor: {
    readonly id: string;
    readonly name: string;
    readonly avatar: string;
    /** The avatar box they wear (its image), when known. */
    readonly avatarFrame?: string | null;
  } | null;
  /** The work it is about, if any: its id, obj_type, title and cover. */
  readonly objId: string | null;
  readonly objType: number | null;
  readonly content: string;
  readonly cover: { readonly url: string; readonly width: number; readonly height: number } | null;
  readonly isRead: boolean;
  readonly createdAt: number;
}

/** Spec §9: the message pages hold 100. */
export const MESSAGE_PAGE_SIZE = 100;

/** Marks the given messages read; answers the same array when none changes. */
export const markMessagesRead = (
  list: readonly Message[],
  ids: ReadonlySet<string> | 'all',
): readonly Message[] => {
  let changed = false;
  const next = list.map((m) => {
    if (m.isRead || (ids !== 'all' && !ids.has(m.id))) return m;
    changed = true;
    return { ...m, isRead: true };
  });
  return changed ? next : list;
};
