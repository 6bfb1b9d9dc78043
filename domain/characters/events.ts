import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { CharacterKind } from '../chat/rules.js';

/** A character one can chat with (spec §3 character), as the screens show it. */
export interface ChatCharacter {
  readonly id: string;
  readonly name: string;
  readonly intro: string;
  readonly greeting: string;
  readonly kind: CharacterKind;
  readonly coverUrl: string | null;
  readonly isOfficialAgent: boolean;
}

export interface CharacterListLoadedPayload {
  readonly items: readonly ChatCharacter[];
}

/** The directory is being fetched. */
export const characterListRequested = defineEvent<Record<string, never>>()('characters/listRequested');
/** The directory, in the server's order (official agents first, then by rank). */
export const characterListLoaded = defineEvent<CharacterListLoadedPayload>()('characters/listLoaded');
export const characterListFailed = defineEvent<Record<string, never>>()('characters/listFailed');
/** One character learnt elsewhere (a chat session opened with it). */
export const characterReceived = defineEvent<{ readonly character: ChatCharacter }>()('characters/received');

export type CharactersEvent =
  | DomainEvent<typeof characterListRequested.type, Record<string, never>>
  | DomainEvent<typeof characterListLoaded.type, CharacterListLoadedPayload>
  | DomainEvent<typeof characterListFailed.type, Record<string, never>>
  | DomainEvent<typeof characterReceived.type, { readonly character: ChatCharacter }>;

export const charactersEventTypes = [
  characterListRequested.type,
  characterListLoaded.type,
  characterListFailed.type,
  characterReceived.type,
] as const;
