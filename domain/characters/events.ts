import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { CharacterKind } from '../chat/rules.js';

export type CharacterGender = 'female' | 'male' | 'other';
export type CharacterVoice = 'female' | 'male';

/** A character one can chat with (spec §3 character), as the screens show it. */
export interface ChatCharacter {
  readonly id: string;
  readonly name: string;
  readonly intro: string;
  readonly greeting: string;
  readonly kind: CharacterKind;
  readonly coverUrl: string | null;
  readonly isOfficialAgent: boolean;
  /** Spec §3 character_type as sent (0 and 2 digital, 1 tool, 3 agent); the edit form keeps it. */
  readonly characterType?: number;
  /** Spec §3 init_mem_num: how many past messages the character keeps as memory. */
  readonly initMemNum?: number;
  /** Spec §3 support_voice: its replies can be spoken. */
  readonly supportVoice?: boolean;
  readonly voice?: CharacterVoice;
  readonly gender?: CharacterGender;
  readonly isPublic?: boolean;
  /** The caller may edit and delete it. */
  readonly isMine?: boolean;
  /** Null for official characters. */
  readonly author?: { readonly id: string; readonly name: string } | null;
}

/** A ready persona of the digital-person defaults (spec §7 girlfriend_list). */
export interface CharacterPreset {
  readonly id: string;
  readonly name: string;
  readonly intro: string;
  readonly greeting: string;
  readonly gender: CharacterGender;
  readonly voice: CharacterVoice;
  readonly characterType: number;
  readonly initMemNum: number;
}

/** A personality template of one gender (spec §7 templates by gender). */
export interface CharacterTemplate {
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  readonly greeting: string;
  readonly voice: CharacterVoice;
}

/** One of the caller's chats (spec §2 tavernChatsHome). */
export interface ChatSummary {
  readonly sessionId: string;
  readonly characterId: string;
  readonly lastMessage: string | null;
  readonly lastAt: number;
}

export interface CharacterListLoadedPayload {
  readonly items: readonly ChatCharacter[];
}

export interface SearchLoadedPayload {
  readonly keyword: string;
  readonly items: readonly ChatCharacter[];
  readonly hasMore: boolean;
  /** True for a next page, false for the first page of the keyword. */
  readonly append: boolean;
}

export interface DefaultsLoadedPayload {
  readonly presets: readonly CharacterPreset[];
  readonly initMemNum: number;
  readonly characterType: number;
}

type Empty = Record<string, never>;
type Id = { readonly id: string };

/** The directory is being fetched. */
export const characterListRequested = defineEvent<Empty>()('characters/listRequested');
/** The directory, in the server's order (official agents first, then by rank). */
export const characterListLoaded = defineEvent<CharacterListLoadedPayload>()('characters/listLoaded');
export const characterListFailed = defineEvent<Empty>()('characters/listFailed');
/** One character learnt elsewhere (a chat session opened with it, its detail, a save). */
export const characterReceived = defineEvent<{ readonly character: ChatCharacter }>()('characters/received');

/** The caller's own characters (spec §2 myCharacters). */
export const mineRequested = defineEvent<Empty>()('characters/mineRequested');
export const mineLoaded = defineEvent<CharacterListLoadedPayload>()('characters/mineLoaded');
export const mineFailed = defineEvent<Empty>()('characters/mineFailed');

/** Spec §2 tavernSearch. */
export const searchRequested = defineEvent<{ readonly keyword: string; readonly append: boolean }>()(
  'characters/searchRequested',
);
export const searchLoaded = defineEvent<SearchLoadedPayload>()('characters/searchLoaded');
export const searchFailed = defineEvent<{ readonly keyword: string }>()('characters/searchFailed');

/** One character asked for by its id (its detail page, its chat). */
export const lookupRequested = defineEvent<Id>()('characters/lookupRequested');
/** `missing`: the server has no such character for the caller (a real 404); else the call failed. */
export const lookupFailed = defineEvent<Id & { readonly missing: boolean }>()('characters/lookupFailed');

/** The new-character or edit form was sent. */
export const saveRequested = defineEvent<Empty>()('characters/saveRequested');
export const characterSaved = defineEvent<{ readonly character: ChatCharacter }>()('characters/saved');
export const saveFailed = defineEvent<Empty>()('characters/saveFailed');
/** The form was opened afresh: a finished save is forgotten. */
export const formReset = defineEvent<Empty>()('characters/formReset');

export const deleteRequested = defineEvent<Id>()('characters/deleteRequested');
export const characterDeleted = defineEvent<Id>()('characters/deleted');
export const deleteFailed = defineEvent<Id>()('characters/deleteFailed');

export const defaultsLoaded = defineEvent<DefaultsLoadedPayload>()('characters/defaultsLoaded');
export const defaultsFailed = defineEvent<Empty>()('characters/defaultsFailed');
export const templatesLoaded = defineEvent<{
  readonly gender: CharacterGender;
  readonly items: readonly CharacterTemplate[];
}>()('characters/templatesLoaded');
export const templatesFailed = defineEvent<{ readonly gender: CharacterGender }>()(
  'characters/templatesFailed',
);

export const chatsRequested = defineEvent<Empty>()('characters/chatsRequested');
export const chatsLoaded = defineEvent<{
  readonly items: readonly ChatSummary[];
  readonly characters: readonly ChatCharacter[];
}>()('characters/chatsLoaded');
export const chatsFailed = defineEvent<Empty>()('characters/chatsFailed');

export type CharactersEvent =
  | DomainEvent<typeof characterListRequested.type, Empty>
  | DomainEvent<typeof characterListLoaded.type, CharacterListLoadedPayload>
  | DomainEvent<typeof characterListFailed.type, Empty>
  | DomainEvent<typeof characterReceived.type, { readonly character: ChatCharacter }>
  | DomainEvent<typeof mineRequested.type, Empty>
  | DomainEvent<typeof mineLoaded.type, CharacterListLoadedPayload>
  | DomainEvent<typeof mineFailed.type, Empty>
  | DomainEvent<typeof searchRequested.type, { readonly keyword: string; readonly append: boolean }>
  | DomainEvent<typeof searchLoaded.type, SearchLoadedPayload>
  | DomainEvent<typeof searchFailed.type, { readonly keyword: string }>
  | DomainEvent<typeof lookupRequested.type, Id>
  | DomainEvent<typeof lookupFailed.type, Id & { readonly missing: boolean }>
  | DomainEvent<typeof saveRequested.type, Empty>
  | DomainEvent<typeof characterSaved.type, { readonly character: ChatCharacter }>
  | DomainEvent<typeof saveFailed.type, Empty>
  | DomainEvent<typeof formReset.type, Empty>
  | DomainEvent<typeof deleteRequested.type, Id>
  | DomainEvent<typeof characterDeleted.type, Id>
  | DomainEvent<typeof deleteFailed.type, Id>
  | DomainEvent<typeof defaultsLoaded.type, DefaultsLoadedPayload>
  | DomainEvent<typeof defaultsFailed.type, Empty>
  | DomainEvent<
      typeof templatesLoaded.type,
      { readonly gender: CharacterGender; readonly items: readonly CharacterTemplate[] }
    >
  | DomainEvent<typeof templatesFailed.type, { readonly gender: CharacterGender }>
  | DomainEvent<typeof chatsRequested.type, Empty>
  | DomainEvent<
      typeof chatsLoaded.type,
      { readonly items: readonly ChatSummary[]; readonly characters: readonly ChatCharacter[] }
    >
  | DomainEvent<typeof chatsFailed.type, Empty>;

export const charactersEventTypes = [
  characterListRequested.type,
  characterListLoaded.type,
  characterListFailed.type,
  characterReceived.type,
  mineRequested.type,
  mineLoaded.type,
  mineFailed.type,
  searchRequested.type,
  searchLoaded.type,
  searchFailed.type,
  lookupRequested.type,
  lookupFailed.type,
  saveRequested.type,
  characterSaved.type,
  saveFailed.type,
  formReset.type,
  deleteRequested.type,
  characterDeleted.type,
  deleteFailed.type,
  defaultsLoaded.type,
  defaultsFailed.type,
  templatesLoaded.type,
  templatesFailed.type,
  chatsRequested.type,
  chatsLoaded.type,
  chatsFailed.type,
] as const;
