import { defineEvent, type DomainEvent } from '../kernel/event.js';

export type NoticeLevel = 'success' | 'info' | 'warning' | 'error';

export interface NoticeRaisedPayload {
  readonly id: string;
  readonly level: NoticeLevel;
  /** A translation key; views translate, the domain never holds display text. */
  readonly messageKey: string;
  readonly values: Readonly<Record<string, string | number>>;
  /** Raw server text to show when no translation exists (spec §8: "server message"). */
  readonly fallback: string | null;
  readonly durationMs: number;
}

export const noticeRaised = defineEvent<NoticeRaisedPayload>()('notices/raised');
export const noticeDismissed = defineEvent<{ readonly id: string }>()('notices/dismissed');

export type NoticeEvent =
  | DomainEvent<typeof noticeRaised.type, NoticeRaisedPayload>
  | DomainEvent<typeof noticeDismissed.type, { readonly id: string }>;

export const noticeEventTypes = [noticeRaised.type, noticeDismissed.type] as const;
