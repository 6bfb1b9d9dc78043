import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { CollectFolder, ContentItem, MuteReason, QueuedRequest, SocialIntent } from './rules.js';

/**
 * Optimistic toggles carry an `opId` chosen by the command side; the later confirmation or
 * rollback names the same id, so two toggles in flight on one item are told apart.
 */
export interface ItemsReceivedPayload {
  readonly items: readonly ContentItem[];
}
export interface LikeToggledPayload {
  readonly key: string;
  readonly opId: string;
}
export interface CollectAddedPayload {
  readonly key: string;
  readonly opId: string;
  /** null for the default folder. */
  readonly folder: CollectFolder | null;
}
export interface CollectRemovedPayload {
  readonly key: string;
  readonly opId: string;
}
export interface FollowToggledPayload {
  readonly authorId: string;
  readonly opId: string;
}
export interface OpPayload {
  readonly opId: string;
}
export interface CollectConfirmedPayload {
  readonly opId: string;
  /** Spec §7 collect add returns data.id; null for a removal. */
  readonly collectId: string | null;
}
export interface MutedPayload {
  readonly id: string;
  readonly reason: MuteReason;
}
export interface HiddenListRestoredPayload {
  readonly ids: readonly string[];
}

export interface IntentPayload {
  readonly intent: SocialIntent;
}
export interface FollowsReceivedPayload {
  /** Whether the viewer follows each author, as the server said (a profile, a people list). */
  readonly follows: Readonly<Record<string, boolean>>;
}
export interface LikeStateReceivedPayload {
  readonly key: string;
  readonly liked: boolean;
  readonly num_of_like: number;
}
export interface RequestQueuedPayload {
  readonly request: QueuedRequest;
}
export interface ConnectivityChangedPayload {
  readonly online: boolean;
}

export const itemsReceived = defineEvent<ItemsReceivedPayload>()('social/itemsReceived');
export const likeToggled = defineEvent<LikeToggledPayload>()('social/likeToggled');
export const likeConfirmed = defineEvent<OpPayload>()('social/likeConfirmed');
export const likeRolledBack = defineEvent<OpPayload>()('social/likeRolledBack');
export const collectAdded = defineEvent<CollectAddedPayload>()('social/collectAdded');
export const collectRemoved = defineEvent<CollectRemovedPayload>()('social/collectRemoved');
export const collectConfirmed = defineEvent<CollectConfirmedPayload>()('social/collectConfirmed');
export const collectRolledBack = defineEvent<OpPayload>()('social/collectRolledBack');
export const followToggled = defineEvent<FollowToggledPayload>()('social/followToggled');
export const followConfirmed = defineEvent<OpPayload>()('social/followConfirmed');
export const followRolledBack = defineEvent<OpPayload>()('social/followRolledBack');
/** Spec §4: reported or marked 'not interested'. */
export const muted = defineEvent<MutedPayload>()('social/muted');
/** A 'not interested' undone within its window (rules.MUTE_UNDO_MS): the card is shown again. */
export const muteUndone = defineEvent<{ readonly id: string }>()('social/muteUndone');
/** A 'not interested' whose undo window closed: it stays hidden for good. */
export const muteUndoExpired = defineEvent<{ readonly id: string }>()('social/muteUndoExpired');
/** A guest asked to like, collect or follow: kept until they sign in (then replayed) or give up. */
export const intentRecorded = defineEvent<IntentPayload>()('social/intentRecorded');
/** The recorded intent was carried out after the sign-in. */
export const intentReplayed = defineEvent<IntentPayload>()('social/intentReplayed');
/** The login dialog closed without a sign-in: the intent is forgotten. */
export const intentDropped = defineEvent<Record<string, never>>()('social/intentDropped');
export const followsReceived = defineEvent<FollowsReceivedPayload>()('social/followsReceived');
/** The server's like state of an item after a like or dislike (corrects a stale guest view). */
export const likeStateReceived = defineEvent<LikeStateReceivedPayload>()('social/likeStateReceived');
/** A like, collect or follow made offline (or lost to the network) waits in the outbox. */
export const requestQueued = defineEvent<RequestQueuedPayload>()('social/requestQueued');
/** A queued request left the outbox (sent; its answer confirms or rolls back its op). */
export const requestSent = defineEvent<OpPayload>()('social/requestSent');
/** The browser went offline or came back online. */
export const connectivityChanged = defineEvent<ConnectivityChangedPayload>()('social/connectivityChanged');
/** The locally kept hidden list, read back at start-up. */
export const hiddenListRestored = defineEvent<HiddenListRestoredPayload>()('social/hiddenListRestored');

export type SocialEvent =
  | DomainEvent<typeof itemsReceived.type, ItemsReceivedPayload>
  | DomainEvent<typeof likeToggled.type, LikeToggledPayload>
  | DomainEvent<typeof likeConfirmed.type, OpPayload>
  | DomainEvent<typeof likeRolledBack.type, OpPayload>
  | DomainEvent<typeof collectAdded.type, CollectAddedPayload>
  | DomainEvent<typeof collectRemoved.type, CollectRemovedPayload>
  | DomainEvent<typeof collectConfirmed.type, CollectConfirmedPayload>
  | DomainEvent<typeof collectRolledBack.type, OpPayload>
  | DomainEvent<typeof followToggled.type, FollowToggledPayload>
  | DomainEvent<typeof followConfirmed.type, OpPayload>
  | DomainEvent<typeof followRolledBack.type, OpPayload>
  | DomainEvent<typeof muted.type, MutedPayload>
  | DomainEvent<typeof muteUndone.type, { readonly id: string }>
  | DomainEvent<typeof muteUndoExpired.type, { readonly id: string }>
  | DomainEvent<typeof hiddenListRestored.type, HiddenListRestoredPayload>
  | DomainEvent<typeof intentRecorded.type, IntentPayload>
  | DomainEvent<typeof intentReplayed.type, IntentPayload>
  | DomainEvent<typeof intentDropped.type, Record<string, never>>
  | DomainEvent<typeof followsReceived.type, FollowsReceivedPayload>
  | DomainEvent<typeof likeStateReceived.type, LikeStateReceivedPayload>
  | DomainEvent<typeof requestQueued.type, RequestQueuedPayload>
  | DomainEvent<typeof requestSent.type, OpPayload>
  | DomainEvent<typeof connectivityChanged.type, ConnectivityChangedPayload>;

export const socialEventTypes = [
  itemsReceived.type,
  likeToggled.type,
  likeConfirmed.type,
  likeRolledBack.type,
  collectAdded.type,
  collectRemoved.type,
  collectConfirmed.type,
  collectRolledBack.type,
  followToggled.type,
  followConfirmed.type,
  followRolledBack.type,
  muted.type,
  muteUndone.type,
  muteUndoExpired.type,
  hiddenListRestored.type,
  intentRecorded.type,
  intentReplayed.type,
  intentDropped.type,
  followsReceived.type,
  likeStateReceived.type,
  requestQueued.type,
  requestSent.type,
  connectivityChanged.type,
] as const;
