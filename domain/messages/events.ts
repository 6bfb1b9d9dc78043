import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { MessageType, ReadAmount, UnreadByType } from './rules.js';

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

export type MessagesEvent =
  | DomainEvent<typeof unreadCountsReceived.type, UnreadCountsReceivedPayload>
  | DomainEvent<typeof typeMarkedRead.type, TypeMarkedReadPayload>
  | DomainEvent<typeof allMarkedRead.type, Record<string, never>>
  | DomainEvent<typeof noticeRead.type, NoticeReadPayload>
  | DomainEvent<typeof noticeReadListRestored.type, NoticeReadListRestoredPayload>;

export const messagesEventTypes = [
  unreadCountsReceived.type,
  typeMarkedRead.type,
  allMarkedRead.type,
  noticeRead.type,
  noticeReadListRestored.type,
] as const;
