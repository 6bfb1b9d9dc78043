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
  /** A key to translate when neither `messageKey` nor `fallback` can be shown (the code family's key). */
  readonly fallbackKey?: string | null;
  readonly durationMs: number;
}

export const noticeRaised = defineEvent<NoticeRaisedPayload>()('notices/raised');
export const noticeDismissed = defineEvent<{ readonly id: string }>()('notices/dismissed');

/** A named dialog of spec §8 (login, upgrade, break, ...) with its variant (Queue10, Canvas5, ...). */
export interface DialogOpenedPayload {
  readonly name: string;
  readonly variant: string | null;
}
export const dialogOpened = defineEvent<DialogOpenedPayload>()('notices/dialogOpened');
export const dialogClosed = defineEvent<{ readonly name: string }>()('notices/dialogClosed');

export type NoticeEvent =
  | DomainEvent<typeof noticeRaised.type, NoticeRaisedPayload>
  | DomainEvent<typeof noticeDismissed.type, { readonly id: string }>
  | DomainEvent<typeof dialogOpened.type, DialogOpenedPayload>
  | DomainEvent<typeof dialogClosed.type, { readonly name: string }>;

export const noticeEventTypes = [
  noticeRaised.type,
  noticeDismissed.type,
  dialogOpened.type,
  dialogClosed.type,
] as const;
