import type { MessageType, UnreadCounts } from './rules.js';
import type { MessageList, MessagesState } from './state.js';

export const selectUnreadCounts = (s: MessagesState): UnreadCounts => s.unread;
export const selectTotalUnread = (s: MessagesState): number => s.unread.total;
export const selectUnreadOf = (s: MessagesState, type: MessageType): number => s.unread[type];

export const selectReadNoticeIds = (s: MessagesState, accountId: string): readonly string[] =>
  s.noticeReads[accountId] ?? [];

export const selectIsNoticeRead = (s: MessagesState, accountId: string, noticeId: string): boolean =>
  selectReadNoticeIds(s, accountId).includes(noticeId);

/** The notices of a list this account has not read yet, in list order. */
export const selectUnreadNotices = <N extends { readonly id: string }>(
  s: MessagesState,
  accountId: string,
  notices: readonly N[],
): readonly N[] => {
  const read = new Set(selectReadNoticeIds(s, accountId));
  return notices.filter((n) => !read.has(n.id));
};

/** The message centre's list of one type, or null before it was asked for. */
export const selectMessageList = (s: MessagesState, type: MessageType): MessageList | null =>
  s.lists?.[type] ?? null;
