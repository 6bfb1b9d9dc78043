import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { EntryOf, Folder, ListKind, ListRef, Profile, Stats } from './rules.js';

export interface IdPayload {
  readonly id: string;
}
export interface CodePayload {
  readonly code: number;
}
export interface ProfileLoadedPayload {
  readonly profile: Profile;
}
export interface ProfileFailedPayload {
  readonly id: string;
  readonly code: number;
}
export interface ListRequestedPayload {
  readonly list: ListRef;
  /** true starts the list again from its first page. */
  readonly reset: boolean;
}
/** One page of a list, its entries typed by the list's kind. */
export type ListPageLoadedPayload = {
  readonly [K in ListKind]: {
    readonly list: { readonly kind: K; readonly id: string };
    readonly entries: readonly EntryOf[K][];
    readonly offset: number;
    readonly hasMore: boolean;
  };
}[ListKind];
export interface ListFailedPayload {
  readonly list: ListRef;
  readonly code: number;
}
export interface StatsLoadedPayload {
  readonly stats: Stats;
}
export interface FoldersLoadedPayload {
  readonly folders: readonly Folder[];
}
export interface FolderCreatedPayload {
  readonly folder: Folder;
}
export interface CollectsRemovedPayload {
  readonly collectIds: readonly string[];
}
export interface CollectsMovedPayload {
  readonly collectIds: readonly string[];
  readonly folderId: string;
}
export interface GuideStatusPayload {
  readonly done: boolean;
}

export interface InvitationCodesPayload {
  /** Spec §2: the login page's chan_id, kept locally. */
  readonly channelInviteCode: string | null;
  /** Spec §2: the login page's u_code, kept locally. */
  readonly referralCode: string | null;
}

export const profileRequested = defineEvent<IdPayload>()('people/profileRequested');
export const profileLoaded = defineEvent<ProfileLoadedPayload>()('people/profileLoaded');
/** No person has this id (the profile page is a 404). */
export const profileMissing = defineEvent<IdPayload>()('people/profileMissing');
export const profileFailed = defineEvent<ProfileFailedPayload>()('people/profileFailed');
export const listRequested = defineEvent<ListRequestedPayload>()('people/listRequested');
export const listPageLoaded = defineEvent<ListPageLoadedPayload>()('people/listPageLoaded');
export const listFailed = defineEvent<ListFailedPayload>()('people/listFailed');
export const statsRequested = defineEvent<Record<string, never>>()('people/statsRequested');
export const statsLoaded = defineEvent<StatsLoadedPayload>()('people/statsLoaded');
export const statsFailed = defineEvent<CodePayload>()('people/statsFailed');
export const foldersRequested = defineEvent<Record<string, never>>()('people/foldersRequested');
export const foldersLoaded = defineEvent<FoldersLoadedPayload>()('people/foldersLoaded');
export const foldersFailed = defineEvent<CodePayload>()('people/foldersFailed');
export const folderCreated = defineEvent<FolderCreatedPayload>()('people/folderCreated');
/** Collections taken out of their folders (spec §7 collect remove and batch un-collect). */
export const collectsRemoved = defineEvent<CollectsRemovedPayload>()('people/collectsRemoved');
/** Collections moved to another folder (spec §7 move collect). */
export const collectsMoved = defineEvent<CollectsMovedPayload>()('people/collectsMoved');
/** Spec §3 guide_status: whether the new-user guide is done. */
export const guideStatusLoaded = defineEvent<GuideStatusPayload>()('people/guideStatusLoaded');
/** The invite and referral codes the route guard kept on this device, as read back. */
export const invitationCodesRead = defineEvent<InvitationCodesPayload>()('people/invitationCodesRead');
/** The signed-in person's lists and stats are gone (sign-out). */
export const peopleCleared = defineEvent<Record<string, never>>()('people/cleared');

export type PeopleEvent =
  | DomainEvent<typeof profileRequested.type, IdPayload>
  | DomainEvent<typeof profileLoaded.type, ProfileLoadedPayload>
  | DomainEvent<typeof profileMissing.type, IdPayload>
  | DomainEvent<typeof profileFailed.type, ProfileFailedPayload>
  | DomainEvent<typeof listRequested.type, ListRequestedPayload>
  | DomainEvent<typeof listPageLoaded.type, ListPageLoadedPayload>
  | DomainEvent<typeof listFailed.type, ListFailedPayload>
  | DomainEvent<typeof statsRequested.type, Record<string, never>>
  | DomainEvent<typeof statsLoaded.type, StatsLoadedPayload>
  | DomainEvent<typeof statsFailed.type, CodePayload>
  | DomainEvent<typeof foldersRequested.type, Record<string, never>>
  | DomainEvent<typeof foldersLoaded.type, FoldersLoadedPayload>
  | DomainEvent<typeof foldersFailed.type, CodePayload>
  | DomainEvent<typeof folderCreated.type, FolderCreatedPayload>
  | DomainEvent<typeof collectsRemoved.type, CollectsRemovedPayload>
  | DomainEvent<typeof collectsMoved.type, CollectsMovedPayload>
  | DomainEvent<typeof guideStatusLoaded.type, GuideStatusPayload>
  | DomainEvent<typeof peopleCleared.type, Record<string, never>>
  | DomainEvent<typeof invitationCodesRead.type, InvitationCodesPayload>;

export const peopleEventTypes = [
  profileRequested.type,
  profileLoaded.type,
  profileMissing.type,
  profileFailed.type,
  listRequested.type,
  listPageLoaded.type,
  listFailed.type,
  statsRequested.type,
  statsLoaded.type,
  statsFailed.type,
  foldersRequested.type,
  foldersLoaded.type,
  foldersFailed.type,
  folderCreated.type,
  collectsRemoved.type,
  collectsMoved.type,
  guideStatusLoaded.type,
  peopleCleared.type,
  invitationCodesRead.type,
] as const;
