import { assertNever } from '../kernel/event.js';
import type { MessagesEvent } from './events.js';
import {
  markMessagesRead,
  markRead,
  withTotal,
  zeroUnread,
  type Message,
  type MessageType,
  type UnreadCounts,
} from './rules.js';

export interface MessageList {
  readonly status: 'loading' | 'loaded' | 'failed';
  readonly messages: readonly Message[];
  readonly offset: number;
  readonly hasMore: boolean;
  readonly code: number | null;
  /** When its last page arrived (the event's time): what "time ago" is measured from. */
  readonly receivedAt?: number;
}

export interface MessagesState {
  readonly unread: UnreadCounts;
  /** Spec §3: notice ids read, per account id. */
  readonly noticeReads: Readonly<Record<string, readonly string[]>>;
  /** The message centre's list per type (absent in older logs). */
  readonly lists?: Readonly<Partial<Record<MessageType, MessageList>>>;
}

export const initialMessagesState: MessagesState = { unread: zeroUnread, noticeReads: {}, lists: {} };

const putList = (s: MessagesState, type: MessageType, list: MessageList): MessagesState => ({
  ...s,
  lists: { ...s.lists, [type]: list },
});

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
    case 'messages/allMarkedRead': {
      let lists = s.lists ?? {};
      for (const [type, list] of Object.entries(lists) as [MessageType, MessageList][]) {
        const messages = markMessagesRead(list.messages, 'all');
        if (messages !== list.messages) lists = { ...lists, [type]: { ...list, messages } };
      }
      if (sameCounts(s.unread, zeroUnread) && lists === s.lists) return s;
      return { ...s, unread: zeroUnread, lists };
    }
    case 'messages/listRequested': {
      const { type, reset } = event.payload;
      const held = s.lists?.[type];
      const base = reset || held === undefined ? { messages: [], offset: 0, hasMore: true } : held;
      return putList(s, type, { ...base, status: 'loading', code: null });
    }
    case 'messages/pageLoaded': {
      const { type, messages, offset, hasMore } = event.payload;
      const held = s.lists?.[type]?.messages ?? [];
      const seen = new Set(held.map((m) => m.id));
      const fresh = messages.filter((m) => m.type === type && !seen.has(m.id) && seen.add(m.id));
      return putList(s, type, {
        status: 'loaded',
        messages: [...held, ...fresh],
        offset,
        hasMore,
        code: null,
        receivedAt: event.meta.at,
      });
    }
    case 'messages/listFailed': {
      const { type, code } = event.payload;
      const held = s.lists?.[type] ?? { messages: [], offset: 0, hasMore: true };
      return putList(s, type, { ...held, status: 'failed', code });
    }
    case 'messages/messagesRead': {
      const { type, ids } = event.payload;
      const list = s.lists?.[type];
      const wanted = new Set(ids);
      const unreadHere = list?.messages.filter((m) => !m.isRead && wanted.has(m.id)).length ?? 0;
      const next =
        list === undefined
          ? s
          : putList(s, type, { ...list, messages: markMessagesRead(list.messages, wanted) });
      const unread = markRead(s.unread, type, unreadHere);
      return unread === s.unread && next === s ? s : { ...next, unread };
    }
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
