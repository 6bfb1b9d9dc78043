/**
 * The character directory of the chat screens: the list in the server's order and every
 * character met so far by id (from the list, or from a chat session opened by its address).
 */
import { memoizeLast } from '../kernel/memo.js';
import { assertNever } from '../kernel/event.js';
import type { CharactersEvent, ChatCharacter } from './events.js';

export type CharacterListStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface CharactersState {
  readonly list: { readonly status: CharacterListStatus; readonly ids: readonly string[] };
  readonly byId: Readonly<Record<string, ChatCharacter>>;
}

export const initialCharactersState: CharactersState = { list: { status: 'idle', ids: [] }, byId: {} };

const withCharacters = (
  byId: CharactersState['byId'],
  items: readonly ChatCharacter[],
): CharactersState['byId'] => {
  if (items.length === 0) return byId;
  const next = { ...byId };
  for (const c of items) next[c.id] = c;
  return next;
};

export const evolveCharacters = (state: CharactersState, event: CharactersEvent): CharactersState => {
  switch (event.type) {
    case 'characters/listRequested':
      return { ...state, list: { ...state.list, status: 'loading' } };
    case 'characters/listLoaded': {
      // A repeated id keeps its first place: the list never shows a character twice.
      const ids = [...new Set(event.payload.items.map((c) => c.id))];
      return { list: { status: 'loaded', ids }, byId: withCharacters(state.byId, event.payload.items) };
    }
    case 'characters/listFailed':
      // What was shown stays shown; only the status says the refresh failed.
      return { ...state, list: { ...state.list, status: 'error' } };
    case 'characters/received':
      return { ...state, byId: withCharacters(state.byId, [event.payload.character]) };
    default:
      return assertNever(event);
  }
};

const characterListOf = memoizeLast(
  (ids: CharactersState['list']['ids'], byId: CharactersState['byId']): readonly ChatCharacter[] =>
    ids.flatMap((id) => {
      const c = byId[id];
      return c === undefined ? [] : [c];
    }),
);

/** The directory in the server's order; the same array until the list or a character changes. */
export const selectCharacterList = (s: CharactersState): readonly ChatCharacter[] =>
  characterListOf(s.list.ids, s.byId);

export const selectCharacterListStatus = (s: CharactersState): CharacterListStatus => s.list.status;

export const selectCharacter = (s: CharactersState, id: string): ChatCharacter | null => s.byId[id] ?? null;
