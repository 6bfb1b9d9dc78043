import type { Invariant } from '../kernel/invariant.js';
import type { CharactersState } from './state.js';

/** The list names only known characters, each once. */
export const listNamesKnownCharactersOnce: Invariant<CharactersState> = {
  name: 'listNamesKnownCharactersOnce',
  check: (_before, after) => {
    const { ids } = after.list;
    if (new Set(ids).size !== ids.length) return 'a character is listed twice';
    const unknown = ids.find((id) => after.byId[id] === undefined);
    return unknown === undefined ? null : `listed character ${unknown} is unknown`;
  },
};

/** A character is filed under its own id. */
export const charactersFiledById: Invariant<CharactersState> = {
  name: 'charactersFiledById',
  check: (_before, after) => {
    const wrong = Object.entries(after.byId).find(([id, c]) => c.id !== id);
    return wrong === undefined ? null : `character ${wrong[1].id} filed under ${wrong[0]}`;
  },
};

export const charactersInvariants = [listNamesKnownCharactersOnce, charactersFiledById] as const;
