import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { CollectFolder, ContentItem, MuteReason } from './rules.js';

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
  | DomainEvent<typeof hiddenListRestored.type, HiddenListRestoredPayload>;

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
  hiddenListRestored.type,
] as const;
