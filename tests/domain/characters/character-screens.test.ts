/**
 * The character screens' domain (issue 14): the new-character form's rules (spec §3 character_type
 * 0 and 2 digital, 1 tool, 3 agent; init_mem_num up to the §9 init page of 80), presets and
 * templates, lookups by id (a real 404), mine, search and deletes, and the §2 route guards of
 * character and tavern routes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routing } from '../../../domain/index.js';
import * as characters from '../../../domain/characters/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(characters.charactersContext);
const c = (id: string, over: Partial<characters.ChatCharacter> = {}): characters.ChatCharacter => ({
  id,
  name: id.toUpperCase(),
  intro: '',
  greeting: '',
  kind: 'digital',
  coverUrl: null,
  isOfficialAgent: false,
  ...over,
});

describe('the new-character form (spec §2 newCharacter, §3 character fields)', () => {
  const form = characters.emptyCharacterForm();
  it('offers the spec types in order: digital 0 and 2, tool 1, agent 3', () => {
    expect(characters.CHARACTER_TYPES).toEqual([0, 2, 1, 3]);
    expect(characters.asCharacterType(7)).toBe(0);
  });

  it('needs a name; bounds the texts and the memory (0 to 80); waits for a cover still uploading', () => {
    expect(characters.validateCharacterForm(form).map((e) => e.field)).toEqual(['name']);
    const ok = { ...form, name: 'Nova' };
    expect(characters.validateCharacterForm(ok)).toEqual([]);
    const bad = {
      ...ok,
      name: 'n'.repeat(41),
      intro: 'i'.repeat(1001),
      greeting: 'g'.repeat(301),
      initMemNum: 81,
    };
    expect(characters.validateCharacterForm(bad).map((e) => [e.field, e.values?.['max']])).toEqual([
      ['name', 40],
      ['intro', 1000],
      ['greeting', 300],
      ['initMemNum', 80],
    ]);
    expect(characters.validateCharacterForm({ ...ok, initMemNum: 1.5 }).map((e) => e.field)).toEqual([
      'initMemNum',
    ]);
    expect(characters.validateCharacterForm(ok, true).map((e) => e.key)).toEqual([
      'characters.form.errors.coverUploading',
    ]);
  });

  it('a preset fills the persona (memory clamped to 80); a template keeps the chosen name', () => {
    const preset: characters.CharacterPreset = {
      id: 'p',
      name: 'Luna',
      intro: 'Astronomer',
      greeting: 'Hi',
      gender: 'female',
      voice: 'female',
      characterType: 2,
      initMemNum: 500,
    };
    const filled = characters.applyPreset(form, preset);
    expect(filled).toMatchObject({ name: 'Luna', characterType: 2, initMemNum: 80, gender: 'female' });
    const templated = characters.applyTemplate(
      { ...filled, name: 'Mine' },
      {
        id: 't',
        title: 'Calm',
        intro: 'Calm mentor',
        greeting: 'Sit',
        voice: 'male',
      },
    );
    expect(templated).toMatchObject({ name: 'Mine', intro: 'Calm mentor', greeting: 'Sit', voice: 'male' });
  });

  it('property: whatever a preset holds, the filled form passes its memory and type rules', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer(), (mem, type) => {
        const f = characters.applyPreset(form, {
          id: 'p',
          name: 'N',
          intro: '',
          greeting: '',
          gender: 'other',
          voice: 'male',
          characterType: type,
          initMemNum: mem,
        });
        expect(characters.validateCharacterForm(f)).toEqual([]);
      }),
    );
  });
});

describe('characters by id, mine, search and deletes', () => {
  it('a lookup is loading, then found; a missing one is forgotten everywhere and stays missing', () => {
    const g = given(characters.mineLoaded({ items: [c('a'), c('b')] }));
    const loading = g.when(characters.lookupRequested({ id: 'x' }));
    expect(characters.selectCharacterLookup(loading.state, 'x')).toEqual({ status: 'loading' });
    const found = g.when(
      characters.lookupRequested({ id: 'x' }),
      characters.characterReceived({ character: c('x') }),
    );
    expect(characters.selectCharacterLookup(found.state, 'x')).toMatchObject({ status: 'found' });
    // The same answer object while nothing changes (views select it).
    expect(characters.selectCharacterLookup(found.state, 'x')).toBe(
      characters.selectCharacterLookup(found.state, 'x'),
    );
    const missing = g.when(characters.lookupFailed({ id: 'a', missing: true }));
    expect(missing.violation).toBeNull();
    expect(characters.selectCharacterLookup(missing.state, 'a')).toEqual({ status: 'missing' });
    expect(characters.selectMyCharacters(missing.state).map((x) => x.id)).toEqual(['b']);
    const failed = g.when(characters.lookupFailed({ id: 'a', missing: false }));
    expect(characters.selectCharacterLookup(failed.state, 'a')).toMatchObject({ status: 'found' });
  });

  it('a save lists the character first among mine; a delete removes it from every list', () => {
    const g = given(
      characters.mineLoaded({ items: [c('a')] }),
      characters.characterListLoaded({ items: [c('a')] }),
    );
    const saved = g.when(characters.saveRequested({}), characters.characterSaved({ character: c('n') }));
    expect(characters.selectCharacterForm(saved.state)).toEqual({ status: 'saved', id: 'n' });
    expect(characters.selectMyCharacters(saved.state).map((x) => x.id)).toEqual(['n', 'a']);
    const deleted = g.when(characters.deleteRequested({ id: 'a' }), characters.characterDeleted({ id: 'a' }));
    expect(deleted.violation).toBeNull();
    expect(characters.selectMyCharacters(deleted.state)).toEqual([]);
    expect(characters.selectCharacterList(deleted.state)).toEqual([]);
    expect(characters.selectDeleteStatus(deleted.state, 'a')).toBeNull();
  });

  it('search pages append; an answer for an older keyword is ignored', () => {
    const { state, violation } = given().when(
      characters.searchRequested({ keyword: 'mu', append: false }),
      characters.searchLoaded({ keyword: 'mu', items: [c('a')], hasMore: true, append: false }),
      characters.searchRequested({ keyword: 'mu', append: true }),
      characters.searchLoaded({ keyword: 'mu', items: [c('b'), c('a')], hasMore: false, append: true }),
      characters.searchRequested({ keyword: 'lu', append: false }),
      characters.searchLoaded({ keyword: 'mu', items: [c('z')], hasMore: false, append: false }),
    );
    expect(violation).toBeNull();
    expect(characters.selectSearch(state)).toMatchObject({ keyword: 'lu', status: 'loading', ids: [] });
    const two = given(
      characters.searchLoaded({ keyword: '', items: [], hasMore: false, append: false }),
      characters.searchRequested({ keyword: 'mu', append: false }),
      characters.searchLoaded({ keyword: 'mu', items: [c('a')], hasMore: true, append: false }),
      characters.searchRequested({ keyword: 'mu', append: true }),
      characters.searchLoaded({ keyword: 'mu', items: [c('b'), c('a')], hasMore: false, append: true }),
    ).state;
    expect(characters.selectSearchResults(two).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('chats are shown with their characters only', () => {
    const { state, violation } = given().when(
      characters.chatsLoaded({
        characters: [c('a')],
        items: [
          { sessionId: 's1', characterId: 'a', lastMessage: 'hi', lastAt: 2 },
          { sessionId: 's2', characterId: 'ghost', lastMessage: null, lastAt: 1 },
        ],
      }),
    );
    expect(violation).toBeNull();
    expect(characters.selectChats(state).items.map((x) => x.sessionId)).toEqual(['s1']);
  });
});

describe('spec §2 route guards of the character screens', () => {
  const input = (
    path: string,
    routeName: string,
    over: Partial<routing.RouteInput> = {},
  ): routing.RouteInput => ({
    path,
    routeName,
    query: {},
    requiresAuth: false,
    hasSessionCookie: true,
    cookies: { lang: 'en' },
    flags: {},
    isBot: false,
    browserLanguage: 'en',
    ...over,
  });

  it('every character screen is a character route: by name, /cyberpub in any case, and /explore/character', () => {
    for (const name of [
      'newCharacter',
      'myCharacters',
      'CharacterDetail',
      'aiChat',
      'cyberBarPage',
      'editCharacter',
    ])
      expect(routing.isCharacterRoute(name, '/x')).toBe(true);
    expect(routing.isCharacterRoute('explore', '/explore/character')).toBe(true);
    expect(routing.isCharacterRoute('explore', '/explore/character/')).toBe(true);
    expect(routing.isCharacterRoute('cyberBarPage', '/cyberpub')).toBe(true);
    expect(routing.isCharacterRoute('x', '/cyberPub/list')).toBe(true);
    expect(routing.isCharacterRoute('explore', '/explore/model')).toBe(false);
    expect(routing.isCharacterRoute('explore', '/explore/characters-of-mine')).toBe(false);
  });

  it('"redirect home when the tavern permission is false or unset"; allowed with it', () => {
    for (const [path, name] of [
      ['/characters/chr_1', 'CharacterDetail'],
      ['/explore/character', 'explore'],
      ['/ja/newCharacter', 'newCharacter'],
    ] as const) {
      expect(routing.decideRoute(input(path, name))).toMatchObject({ kind: 'redirect' });
      expect(
        routing.decideRoute(
          input(path, name, {
            cookies: { lang: path.startsWith('/ja') ? 'ja' : 'en', enable_tavern: 'true' },
          }),
        ),
      ).toEqual({ kind: 'allow' });
    }
  });

  it('tavern screens also need the ST-tavern test and permission', () => {
    const all = {
      cookies: { lang: 'en', enable_tavern: 'true', enable_st_tavern: 'true' },
      flags: { abStTavern: true },
    };
    for (const [path, name] of [
      ['/tavern/search', 'tavernSearch'],
      ['/tavern/chats', 'tavernChatsHome'],
      ['/tavern/chr_1', 'tavernDetail'],
      ['/tavern/chats/chr_1', 'tavernChatRoom'],
    ] as const) {
      expect(routing.guardNeedsFlags(name, path)).toBe(true);
      expect(routing.decideRoute(input(path, name, all))).toEqual({ kind: 'allow' });
      expect(routing.decideRoute(input(path, name, { ...all, flags: { abStTavern: false } }))).toMatchObject({
        kind: 'redirect',
        to: '/',
      });
      expect(
        routing.decideRoute(input(path, name, { ...all, cookies: { lang: 'en', enable_tavern: 'true' } })),
      ).toMatchObject({ kind: 'redirect', to: '/' });
    }
  });
});
