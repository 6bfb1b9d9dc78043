import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { EndTimePopup, PopupDetails, PopupType, ReminderPopup, ShownKey } from './rules.js';

export interface PopupTypePayload {
  readonly type: PopupType;
}

export interface ShownStatusRestoredPayload {
  /** Last-shown timestamps read back from local storage. */
  readonly shown: Readonly<Partial<Record<ShownKey, number>>>;
}

export interface EndTimeSetPayload {
  readonly popup: EndTimePopup;
  readonly endAt: number;
  /** awaitingOrder only: the unpaid order the reminder leads back to. */
  readonly orderId?: string;
}

/** The server's popup data made a popup a candidate for the queue. */
export const popupOffered = defineEvent<PopupTypePayload>()('popups/offered');
/** The candidate is no longer on offer (the server no longer sends it). */
export const popupWithdrawn = defineEvent<PopupTypePayload>()('popups/withdrawn');
export const popupShown = defineEvent<PopupTypePayload>()('popups/shown');
export const popupClosed = defineEvent<PopupTypePayload>()('popups/closed');
/** Spec §4: after a popup closes the daily stamina popup may follow if flagged. */
export const dailyStaminaFlagged = defineEvent<{ readonly flagged: boolean }>()('popups/dailyStaminaFlagged');
export const shownStatusRestored = defineEvent<ShownStatusRestoredPayload>()('popups/shownStatusRestored');
export const endTimeSet = defineEvent<EndTimeSetPayload>()('popups/endTimeSet');
export const endTimeCleared = defineEvent<{ readonly popup: EndTimePopup }>()('popups/endTimeCleared');
/** A reminder closed (×, or its link followed): not shown again that day (spec §4 once a day). */
export const reminderClosed = defineEvent<{ readonly popup: ReminderPopup }>()('popups/reminderClosed');
/** The one-second clock of spec §4: expires end times and ticks the half-discount countdown. */
export const countdownTicked = defineEvent<Record<string, never>>()('popups/countdownTicked');

/**
 * The person is on a new page (a route other than the last one): a new page visit, in which the
 * queue may interrupt once again.
 */
export const pageVisited = defineEvent<{ readonly route: string }>()('popups/pageVisited');
export interface HotSeenRestoredPayload {
  /** The account whose marker this is; null when signed out (no marker then). */
  readonly accountId: string | null;
  /** The newest hot work the account last saw, read back from local storage (null: none). */
  readonly at: number | null;
}

/** An account's session started (or ended): its hot popup marker read back. */
export const hotSeenRestored = defineEvent<HotSeenRestoredPayload>()('popups/hotSeenRestored');

/** What the popups say, from the same popup data that offered them. */
export const detailsReceived = defineEvent<{ readonly details: PopupDetails }>()('popups/detailsReceived');

export type PopupsEvent =
  | DomainEvent<typeof popupOffered.type, PopupTypePayload>
  | DomainEvent<typeof popupWithdrawn.type, PopupTypePayload>
  | DomainEvent<typeof popupShown.type, PopupTypePayload>
  | DomainEvent<typeof popupClosed.type, PopupTypePayload>
  | DomainEvent<typeof dailyStaminaFlagged.type, { readonly flagged: boolean }>
  | DomainEvent<typeof shownStatusRestored.type, ShownStatusRestoredPayload>
  | DomainEvent<typeof endTimeSet.type, EndTimeSetPayload>
  | DomainEvent<typeof endTimeCleared.type, { readonly popup: EndTimePopup }>
  | DomainEvent<typeof countdownTicked.type, Record<string, never>>
  | DomainEvent<typeof reminderClosed.type, { readonly popup: ReminderPopup }>
  | DomainEvent<typeof detailsReceived.type, { readonly details: PopupDetails }>
  | DomainEvent<typeof pageVisited.type, { readonly route: string }>
  | DomainEvent<typeof hotSeenRestored.type, HotSeenRestoredPayload>;

export const popupsEventTypes = [
  popupOffered.type,
  popupWithdrawn.type,
  popupShown.type,
  popupClosed.type,
  dailyStaminaFlagged.type,
  shownStatusRestored.type,
  endTimeSet.type,
  endTimeCleared.type,
  countdownTicked.type,
  reminderClosed.type,
  detailsReceived.type,
  pageVisited.type,
  hotSeenRestored.type,
] as const;
