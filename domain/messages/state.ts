import { assertNever } from '../kernel/event.js';
import type { MessagesEvent } from './events.js';
import { markRead, withTotal, zeroUnread, type UnreadCounts } from './rules.js';

export interface MessagesState {
  readonly unread: UnreadCounts;
  /** Spec §3: notice ids read, per account id. */
  readonly noticeReads: Readonly<Record<string, readonly string[]>>;
}

export const initialMessagesState: MessagesState = { unread: zeroUnread, noticeReads: {} };

const sameCounts = (a: UnreadCounts, b: UnreadCounts) =>
  a.likeCol === b.likeCol && a.com === b.com && a.fol === b.fol && a.sys === b.sys && a.total === b.total;

const addRead = (ids: readonly string[], more: readonly string[]): readonly string[] => {
  const fresh = more.filter((id, i) => !ids.includes(id) && more.indexOf(id) === i);
  return fresh.length === 0 ? ids : [...ids, ...fresh];
};

export const evolveMessages = (s: MessagesState, event: MessagesEvent): MessagesState => {
  switch (event.type) {
    case 'messages/unreadCountsReceived': {
      const unread = withTotal(event.payload.counts);
      return sameCounts(unread, s.unread) ? s : { ...s, unread };
    }
    case 'messages/typeMarkedRead': {
      const unread = markRead(s.unread, event.payload.type, event.payload.amount);
      return unread === s.unread ? s : { ...s, unread };
    }
    case 'messages/allMarkedRead':
      return sameCounts(s.unread, zeroUnread) ? s : { ...s, unread: zeroUnread };
    case 'messages/noticeRead': {
      const { accountId, noticeId } = event.payload;
      const held = s.noticeReads[accountId] ?? [];
      const next = addRead(held, [noticeId]);
      return next === held ? s : { ...s, noticeReads: { ...s.noticeReads, [accountId]: next } };
    }
    case 'messages/noticeReadListRestored': {
      let noticeReads = s.noticeReads;
      for (const [accountId, ids] of Object.entries(event.payload.reads)) {
        const held = noticeReads[accountId] ?? [];
        const next = addRead(held, ids);
        if (next !== held) noticeReads = { ...noticeReads, [accountId]: next };
      }
      return noticeReads === s.noticeReads ? s : { ...s, noticeReads };
    }
    default:
      return assertNever(event);
  }
};
