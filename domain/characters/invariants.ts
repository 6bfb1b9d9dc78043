import type { Invariant } from '../kernel/invariant.js';
import type { CharactersState } from './state.js';

const listProblem = (label: string, ids: readonly string[], s: CharactersState): string | null => {
  if (new Set(ids).size !== ids.length) return `a character is listed twice in ${label}`;
  const unknown = ids.find((id) => s.byId[id] === undefined);
  return unknown === undefined ? null : `${label} character ${unknown} is unknown`;
};

/** Every list (directory, mine, search) names only known characters, each once. */
export const listNamesKnownCharactersOnce: Invariant<CharactersState> = {
  name: 'listNamesKnownCharactersOnce',
  check: (_before, after) =>
    listProblem('listed', after.list.ids, after) ??
    listProblem('mine', after.mine.ids, after) ??
    listProblem('search', after.search.ids, after),
};

/** A character is filed under its own id. */
export const charactersFiledById: Invariant<CharactersState> = {
  name: 'charactersFiledById',
  check: (_before, after) => {
    const wrong = Object.entries(after.byId).find(([id, c]) => c.id !== id);
    return wrong === undefined ? null : `character ${wrong[1].id} filed under ${wrong[0]}`;
  },
};

/** A chat of the chats home is shown with its character. */
export const chatsNameKnownCharacters: Invariant<CharactersState> = {
  name: 'chatsNameKnownCharacters',
  check: (_before, after) => {
    const stray = after.chats.items.find((c) => after.byId[c.characterId] === undefined);
    return stray === undefined
      ? null
      : `chat ${stray.sessionId} names unknown character ${stray.characterId}`;
  },
};

export const charactersInvariants = [
  listNamesKnownCharactersOnce,
  charactersFiledById,
  chatsNameKnownCharacters,
] as const;
