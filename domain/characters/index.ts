import type { BoundedContext } from '../kernel/context.js';
import { charactersEventTypes, type CharactersEvent } from './events.js';
import { charactersInvariants } from './invariants.js';
import { evolveCharacters, initialCharactersState, type CharactersState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './invariants.js';

export const charactersContext: BoundedContext<CharactersState, CharactersEvent> = {
  name: 'characters',
  initialState: initialCharactersState,
  evolve: evolveCharacters,
  eventTypes: charactersEventTypes,
  invariants: charactersInvariants,
};
