/**
 * Commands of the social area (spec §2 personal area and profile, §4 like, collect, follow and
 * messages, §5 login for guests): what the buttons, the personal area, profiles and the message
 * centre ask for. A guest's like, collect or follow opens the login dialog and is carried out
 * after the sign-in.
 */
import type { messages, people, social } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Spec §4 like: toggles the item's like (a guest gets the login dialog and it lands after the sign-in). */
export const toggleLike = defineCommand<{ readonly key: string }>()('social/toggleLike');

/** Like (true) or take the like back (false), whatever the item shows now (a replayed intent). */
export const setLike = defineCommand<{ readonly key: string; readonly liked: boolean }>()('social/setLike');

/** Collect into the default folder (null) or a chosen one; `cardType` decides the spec §7 collect key. */
export const collectItem = defineCommand<{
  readonly key: string;
  readonly cardType: string;
  readonly folder: social.CollectFolder | null;
}>()('social/collect');

export const uncollectItem = defineCommand<{ readonly key: string }>()('social/uncollect');

export const toggleFollow = defineCommand<{ readonly authorId: string }>()('social/toggleFollow');

export const setFollow = defineCommand<{ readonly authorId: string; readonly follow: boolean }>()(
  'social/setFollow',
);

/** The viewer's collection folders (spec §7 collection_no). */
export const loadFolders = defineCommand()('social/loadFolders');

/** Creates a folder; with `collect`, the item is collected into it once it exists. */
export const createFolder = defineCommand<{
  readonly name: string;
  readonly collect?: { readonly key: string; readonly cardType: string };
}>()('social/createFolder');

/** The next page of a list (the first when `reset`). */
export const loadList = defineCommand<{ readonly list: people.ListRef; readonly reset?: boolean }>()(
  'social/loadList',
);

/** Takes collections out of their folders (spec §7 batch un-collect; one id is a plain remove). */
export const removeCollects = defineCommand<{ readonly collectIds: readonly string[] }>()(
  'social/removeCollects',
);

/** Moves collections to another folder (spec §7 move collect). */
export const moveCollects = defineCommand<{
  readonly collectIds: readonly string[];
  readonly folderId: string;
}>()('social/moveCollects');

export const loadProfile = defineCommand<{ readonly id: string }>()('social/loadProfile');

export const loadStats = defineCommand()('social/loadStats');

export const loadUnreadCounts = defineCommand()('messages/loadUnreadCounts');

export const loadMessages = defineCommand<{
  readonly type: messages.MessageType;
  readonly reset?: boolean;
}>()('messages/load');

export const markMessageRead = defineCommand<{ readonly type: messages.MessageType; readonly id: string }>()(
  'messages/markRead',
);

export const markAllMessagesRead = defineCommand()('messages/markAllRead');

/** Spec §3 guide_status. */
export const loadGuideStatus = defineCommand()('social/loadGuideStatus');

export const setGuideStatus = defineCommand<{ readonly done: boolean }>()('social/setGuideStatus');

/** Reads back the spec §2 invite (chan_id) and referral (u_code) codes the route guard kept. */
export const loadInvitationCodes = defineCommand()('social/loadInvitationCodes');
