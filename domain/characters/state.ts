/**
 * The characters of the character screens: the directory in the server's order, the caller's own
 * (myCharacters), a search (tavernSearch), single characters asked for by id (detail, chat), the
 * new-character form's save and its defaults and templates, deletes, and the caller's chats (tavern
 * chats home). Every character met is kept once, by id, and every list names known ones only.
 */
import { memoizeLast } from '../kernel/memo.js';
import { assertNever } from '../kernel/event.js';
import type {
  CharacterGender,
  CharacterPreset,
  CharacterTemplate,
  CharactersEvent,
  ChatCharacter,
  ChatSummary,
} from './events.js';

export type CharacterListStatus = 'idle' | 'loading' | 'loaded' | 'error';
export type LookupStatus = 'loading' | 'missing' | 'error';

export interface CharactersState {
  readonly list: { readonly status: CharacterListStatus; readonly ids: readonly string[] };
  readonly byId: Readonly<Record<string, ChatCharacter>>;
  readonly mine: { readonly status: CharacterListStatus; readonly ids: readonly string[] };
  readonly search: {
    readonly status: CharacterListStatus;
    readonly keyword: string;
    readonly ids: readonly string[];
    readonly hasMore: boolean;
  };
  /** Characters asked for by id that are not (yet) known: loading, missing (404) or failed. */
  readonly lookups: Readonly<Record<string, LookupStatus>>;
  readonly form:
    | { readonly status: 'idle' }
    | { readonly status: 'saving' }
    | { readonly status: 'saved'; readonly id: string }
    | { readonly status: 'failed' };
  /** Deletes under way or refused, by character id. */
  readonly deletes: Readonly<Record<string, 'deleting' | 'failed'>>;
  readonly defaults:
    | { readonly status: 'idle' | 'error' }
    | {
        readonly status: 'loaded';
        readonly presets: readonly CharacterPreset[];
        readonly initMemNum: number;
        readonly characterType: number;
      };
  readonly templates: Readonly<
    Partial<
      Record<
        CharacterGender,
        { readonly status: 'loaded' | 'error'; readonly items: readonly CharacterTemplate[] }
      >
    >
  >;
  readonly chats: { readonly status: CharacterListStatus; readonly items: readonly ChatSummary[] };
}

export const initialCharactersState: CharactersState = {
  list: { status: 'idle', ids: [] },
  byId: {},
  mine: { status: 'idle', ids: [] },
  search: { status: 'idle', keyword: '', ids: [], hasMore: false },
  lookups: {},
  form: { status: 'idle' },
  deletes: {},
  defaults: { status: 'idle' },
  templates: {},
  chats: { status: 'idle', items: [] },
};

const withCharacters = (
  byId: CharactersState['byId'],
  items: readonly ChatCharacter[],
): CharactersState['byId'] => {
  if (items.length === 0) return byId;
  const next = { ...byId };
  for (const c of items) next[c.id] = c;
  return next;
};

const without = <V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> => {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
};

/** Ids in order, each once (a repeated id keeps its first place). */
const idsOf = (items: readonly ChatCharacter[]): readonly string[] => [...new Set(items.map((c) => c.id))];

const lookupsWithout = (state: CharactersState, items: readonly ChatCharacter[]) =>
  items.reduce((l, c) => without(l, c.id), state.lookups);

const remove = (ids: readonly string[], id: string): readonly string[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : ids;

export const evolveCharacters = (state: CharactersState, event: CharactersEvent): CharactersState => {
  switch (event.type) {
    case 'characters/listRequested':
      return { ...state, list: { ...state.list, status: 'loading' } };
    case 'characters/listLoaded': {
      const { items } = event.payload;
      return {
        ...state,
        list: { status: 'loaded', ids: idsOf(items) },
        byId: withCharacters(state.byId, items),
        lookups: lookupsWithout(state, items),
      };
    }
    case 'characters/listFailed':
      // What was shown stays shown; only the status says the refresh failed.
      return { ...state, list: { ...state.list, status: 'error' } };
    case 'characters/received': {
      const { character } = event.payload;
      return {
        ...state,
        byId: withCharacters(state.byId, [character]),
        lookups: without(state.lookups, character.id),
      };
    }
    case 'characters/mineRequested':
      return { ...state, mine: { ...state.mine, status: 'loading' } };
    case 'characters/mineLoaded': {
      const { items } = event.payload;
      return {
        ...state,
        mine: { status: 'loaded', ids: idsOf(items) },
        byId: withCharacters(state.byId, items),
        lookups: lookupsWithout(state, items),
      };
    }
    case 'characters/mineFailed':
      return { ...state, mine: { ...state.mine, status: 'error' } };
    case 'characters/searchRequested': {
      const { keyword, append } = event.payload;
      const same = keyword === state.search.keyword;
      return {
        ...state,
        search: {
          status: 'loading',
          keyword,
          ids: append && same ? state.search.ids : [],
          hasMore: append && same ? state.search.hasMore : false,
        },
      };
    }
    case 'characters/searchLoaded': {
      const p = event.payload;
      // An answer for a keyword no longer searched is late: the newer search wins.
      if (p.keyword !== state.search.keyword) return state;
      const ids = p.append ? [...new Set([...state.search.ids, ...idsOf(p.items)])] : idsOf(p.items);
      return {
        ...state,
        search: { status: 'loaded', keyword: p.keyword, ids, hasMore: p.hasMore },
        byId: withCharacters(state.byId, p.items),
      };
    }
    case 'characters/searchFailed':
      return event.payload.keyword === state.search.keyword
        ? { ...state, search: { ...state.search, status: 'error' } }
        : state;
    case 'characters/lookupRequested': {
      const { id } = event.payload;
      if (state.byId[id] !== undefined || state.lookups[id] === 'loading') return state;
      return { ...state, lookups: { ...state.lookups, [id]: 'loading' } };
    }
    case 'characters/lookupFailed': {
      const { id, missing } = event.payload;
      // A missing character is forgotten everywhere (it was deleted, or made private).
      if (missing)
        return {
          ...state,
          byId: without(state.byId, id),
          list: { ...state.list, ids: remove(state.list.ids, id) },
          mine: { ...state.mine, ids: remove(state.mine.ids, id) },
          search: { ...state.search, ids: remove(state.search.ids, id) },
          chats: { ...state.chats, items: state.chats.items.filter((c) => c.characterId !== id) },
          lookups: { ...state.lookups, [id]: 'missing' },
        };
      return state.byId[id] === undefined
        ? { ...state, lookups: { ...state.lookups, [id]: 'error' } }
        : state;
    }
    case 'characters/saveRequested':
      return { ...state, form: { status: 'saving' } };
    case 'characters/saved': {
      const { character } = event.payload;
      const mineIds = state.mine.ids.includes(character.id)
        ? state.mine.ids
        : [character.id, ...state.mine.ids];
      return {
        ...state,
        byId: withCharacters(state.byId, [character]),
        mine: { ...state.mine, ids: mineIds },
        lookups: without(state.lookups, character.id),
        form: { status: 'saved', id: character.id },
      };
    }
    case 'characters/saveFailed':
      return { ...state, form: { status: 'failed' } };
    case 'characters/formReset':
      return state.form.status === 'idle' ? state : { ...state, form: { status: 'idle' } };
    case 'characters/deleteRequested':
      return { ...state, deletes: { ...state.deletes, [event.payload.id]: 'deleting' } };
    case 'characters/deleted': {
      const { id } = event.payload;
      return {
        ...state,
        byId: without(state.byId, id),
        list: { ...state.list, ids: remove(state.list.ids, id) },
        mine: { ...state.mine, ids: remove(state.mine.ids, id) },
        search: { ...state.search, ids: remove(state.search.ids, id) },
        chats: { ...state.chats, items: state.chats.items.filter((c) => c.characterId !== id) },
        deletes: without(state.deletes, id),
        lookups: { ...state.lookups, [id]: 'missing' },
      };
    }
    case 'characters/deleteFailed':
      return { ...state, deletes: { ...state.deletes, [event.payload.id]: 'failed' } };
    case 'characters/defaultsLoaded':
      return { ...state, defaults: { status: 'loaded', ...event.payload } };
    case 'characters/defaultsFailed':
      return state.defaults.status === 'loaded' ? state : { ...state, defaults: { status: 'error' } };
    case 'characters/templatesLoaded':
      return {
        ...state,
        templates: {
          ...state.templates,
          [event.payload.gender]: { status: 'loaded', items: event.payload.items },
        },
      };
    case 'characters/templatesFailed': {
      const { gender } = event.payload;
      if (state.templates[gender]?.status === 'loaded') return state;
      return { ...state, templates: { ...state.templates, [gender]: { status: 'error', items: [] } } };
    }
    case 'characters/chatsRequested':
      return { ...state, chats: { ...state.chats, status: 'loading' } };
    case 'characters/chatsLoaded': {
      const known = new Set(event.payload.characters.map((c) => c.id));
      return {
        ...state,
        byId: withCharacters(state.byId, event.payload.characters),
        // A chat whose character did not come with it cannot be shown.
        chats: { status: 'loaded', items: event.payload.items.filter((c) => known.has(c.characterId)) },
      };
    }
    case 'characters/chatsFailed':
      return { ...state, chats: { ...state.chats, status: 'error' } };
    default:
      return assertNever(event);
  }
};

const characterListOf = (ids: readonly string[], byId: CharactersState['byId']): readonly ChatCharacter[] =>
  ids.flatMap((id) => {
    const c = byId[id];
    return c === undefined ? [] : [c];
  });

const directoryOf = memoizeLast(characterListOf);
const mineOf = memoizeLast(characterListOf);
const searchOf = memoizeLast(characterListOf);

/** The directory in the server's order; the same array until the list or a character changes. */
export const selectCharacterList = (s: CharactersState): readonly ChatCharacter[] =>
  directoryOf(s.list.ids, s.byId);

export const selectCharacterListStatus = (s: CharactersState): CharacterListStatus => s.list.status;

export const selectCharacter = (s: CharactersState, id: string): ChatCharacter | null => s.byId[id] ?? null;

export const selectMyCharacters = (s: CharactersState): readonly ChatCharacter[] =>
  mineOf(s.mine.ids, s.byId);
export const selectMyCharactersStatus = (s: CharactersState): CharacterListStatus => s.mine.status;

export const selectSearchResults = (s: CharactersState): readonly ChatCharacter[] =>
  searchOf(s.search.ids, s.byId);
export const selectSearch = (s: CharactersState): CharactersState['search'] => s.search;

/** One character by id: known, or how asking for it went (null before anyone asked). */
export type CharacterLookup =
  | { readonly status: 'found'; readonly character: ChatCharacter }
  | { readonly status: 'loading' }
  | { readonly status: 'missing' }
  | { readonly status: 'error' }
  | null;

/** The same answer object for the same character object, so a view selecting it redraws only on change. */
const found = new WeakMap<ChatCharacter, { readonly status: 'found'; readonly character: ChatCharacter }>();
const foundOf = (c: ChatCharacter) => {
  const known = found.get(c);
  if (known !== undefined) return known;
  const fresh = { status: 'found', character: c } as const;
  found.set(c, fresh);
  return fresh;
};
const LOADING = { status: 'loading' } as const;
const MISSING = { status: 'missing' } as const;
const FAILED = { status: 'error' } as const;

export const selectCharacterLookup = (s: CharactersState, id: string): CharacterLookup => {
  const c = s.byId[id];
  if (c !== undefined) return foundOf(c);
  const status = s.lookups[id];
  return status === undefined
    ? null
    : status === 'loading'
      ? LOADING
      : status === 'missing'
        ? MISSING
        : FAILED;
};

export const selectCharacterForm = (s: CharactersState): CharactersState['form'] => s.form;
export const selectDeleteStatus = (s: CharactersState, id: string): 'deleting' | 'failed' | null =>
  s.deletes[id] ?? null;
export const selectDefaults = (s: CharactersState): CharactersState['defaults'] => s.defaults;
export const selectTemplates = (
  s: CharactersState,
  gender: CharacterGender,
): { readonly status: 'loaded' | 'error'; readonly items: readonly CharacterTemplate[] } | null =>
  s.templates[gender] ?? null;
export const selectChats = (s: CharactersState): CharactersState['chats'] => s.chats;
