import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { Message, MessageType, ReadAmount, UnreadByType } from './rules.js';

/** Counts from the server; a `total` it sends is ignored and recomputed. */
export interface UnreadCountsReceivedPayload {
  readonly counts: UnreadByType & { readonly total?: number };
}
export interface TypeMarkedReadPayload {
  readonly type: MessageType;
  readonly amount: ReadAmount;
}
export interface NoticeReadPayload {
  readonly accountId: string;
  readonly noticeId: string;
}
export interface NoticeReadListRestoredPayload {
  /** Notice ids read, per account id, as kept locally. */
  readonly reads: Readonly<Record<string, readonly string[]>>;
}

export interface MessageListRequestedPayload {
  readonly type: MessageType;
  readonly reset: boolean;
}
export interface MessagePageLoadedPayload {
  readonly type: MessageType;
  readonly messages: readonly Message[];
  readonly offset: number;
  readonly hasMore: boolean;
}
export interface MessageListFailedPayload {
  readonly type: MessageType;
  readonly code: number;
}
export interface MessagesReadPayload {
  readonly type: MessageType;
  readonly ids: readonly string[];
}

export const unreadCountsReceived = defineEvent<UnreadCountsReceivedPayload>()(
  'messages/unreadCountsReceived',
);
export const typeMarkedRead = defineEvent<TypeMarkedReadPayload>()('messages/typeMarkedRead');
export const allMarkedRead = defineEvent<Record<string, never>>()('messages/allMarkedRead');
/** Spec §3: a notice read list is kept per user. */
export const noticeRead = defineEvent<NoticeReadPayload>()('messages/noticeRead');
export const noticeReadListRestored = defineEvent<NoticeReadListRestoredPayload>()(
  'messages/noticeReadListRestored',
);

export const messageListRequested = defineEvent<MessageListRequestedPayload>()('messages/listRequested');
export const messagePageLoaded = defineEvent<MessagePageLoadedPayload>()('messages/pageLoaded');
export const messageListFailed = defineEvent<MessageListFailedPayload>()('messages/listFailed');
/**
 * Some messages of one type were read (spec §4 "marking read lowers that type's count"): the
 * list shows them read and the count drops by those that were unread in it.
 */
export const messagesRead = defineEvent<MessagesReadPayload>()('messages/messagesRead');

export type MessagesEvent =
  | DomainEvent<typeof unreadCountsReceived.type, UnreadCountsReceivedPayload>
  | DomainEvent<typeof typeMarkedRead.type, TypeMarkedReadPayload>
  | DomainEvent<typeof allMarkedRead.type, Record<string, never>>
  | DomainEvent<typeof noticeRead.type, NoticeReadPayload>
  | DomainEvent<typeof noticeReadListRestored.type, NoticeReadListRestoredPayload>
  | DomainEvent<typeof messageListRequested.type, MessageListRequestedPayload>
  | DomainEvent<typeof messagePageLoaded.type, MessagePageLoadedPayload>
  | DomainEvent<typeof messageListFailed.type, MessageListFailedPayload>
  | DomainEvent<typeof messagesRead.type, MessagesReadPayload>;

export const messagesEventTypes = [
  unreadCountsReceived.type,
  typeMarkedRead.type,
  allMarkedRead.type,
  noticeRead.type,
  noticeReadListRestored.type,
  messageListRequested.type,
  messagePageLoaded.type,
  messageListFailed.type,
  messagesRead.type,
] as const;
