import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface SupportSendingPayload {
  readonly requestId: string;
}
export interface SupportSentPayload {
  readonly requestId: string;
  /** The server's id of the stored message. */
  readonly id: string;
}
export interface SupportFailedPayload {
  readonly requestId: string;
  /** The server's code, or null when the call never got an answer. */
  readonly code: number | null;
}

export const supportSending = defineEvent<SupportSendingPayload>()('support/sending');
export const supportSent = defineEvent<SupportSentPayload>()('support/sent');
export const supportFailed = defineEvent<SupportFailedPayload>()('support/failed');
/** The form was opened again for a new message. */
export const supportReset = defineEvent<Record<string, never>>()('support/reset');

export type SupportEvent =
  | DomainEvent<typeof supportSending.type, SupportSendingPayload>
  | DomainEvent<typeof supportSent.type, SupportSentPayload>
  | DomainEvent<typeof supportFailed.type, SupportFailedPayload>
  | DomainEvent<typeof supportReset.type, Record<string, never>>;

export const supportEventTypes = [
  supportSending.type,
  supportSent.type,
  supportFailed.type,
  supportReset.type,
] as const;
