/**
 * The character directory of the chat screens (spec §7 character list; §3 character types and
 * official agents): examples given / when / then, and the laws as properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as characters from '../../../domain/characters/index.js';
import { givenIn } from '../../support/context-spec.js';

const ctx = characters.charactersContext;
const given = givenIn(ctx);
const evolveAny = ctx.evolve as unknown as (
  s: characters.CharactersState,
  e: DomainEvent,
) => characters.CharactersState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));

const luna = (over: Partial<characters.ChatCharacter> = {}): characters.ChatCharacter => ({
  id: 'luna',
  name: 'Luna',
  intro: 'A night-sky guide',
  greeting: 'Hello!',
  kind: 'digital',
  coverUrl: '/blobs/luna.png',
  isOfficialAgent: false,
  ...over,
});
const atlas = luna({ id: 'atlas', name: 'Atlas', kind: 'agent', isOfficialAgent: true, coverUrl: null });

describe('the directory lists characters in the server order (spec §7 character list)', () => {
  it('given nothing, when a list arrives, then it shows those characters in that order, loaded', () => {
    const { state, violation } = given().when(
      characters.characterListRequested({}),
      characters.characterListLoaded({ items: [atlas, luna()] }),
    );
    expect(violation).toBeNull();
    expect(characters.selectCharacterList(state).map((c) => c.name)).toEqual(['Atlas', 'Luna']);
    expect(characters.selectCharacterListStatus(state)).toBe('loaded');
  });

  it('is loading between the request and the answer, and starts idle', () => {
    expect(characters.selectCharacterListStatus(ctx.initialState)).toBe('idle');
    expect(characters.selectCharacterListStatus(given(characters.characterListRequested({})).state)).toBe(
      'loading',
    );
  });

  it('given a shown list, when a refresh fails, then the list stays and the status says error', () => {
    const { state } = given(characters.characterListLoaded({ items: [luna()] })).when(
      characters.characterListRequested({}),
      characters.characterListFailed({}),
    );
    expect(characters.selectCharacterList(state).map((c) => c.id)).toEqual(['luna']);
    expect(characters.selectCharacterListStatus(state)).toBe('error');
  });

  it('lists a character the server repeats once, at its first place, with its latest data', () => {
    const { state, violation } = given().when(
      characters.characterListLoaded({ items: [luna(), atlas, luna({ name: 'Luna II' })] }),
    );
    expect(violation).toBeNull();
    expect(characters.selectCharacterList(state).map((c) => c.name)).toEqual(['Luna II', 'Atlas']);
  });

  it('knows a character met by a chat session without listing it, and keeps it across a new list', () => {
    const met = given(characters.characterReceived({ character: luna() }));
    expect(characters.selectCharacter(met.state, 'luna')?.greeting).toBe('Hello!');
    expect(characters.selectCharacterList(met.state)).toEqual([]);
    const { state } = met.when(characters.characterListLoaded({ items: [atlas] }));
    expect(characters.selectCharacter(state, 'luna')?.name).toBe('Luna');
    expect(characters.selectCharacter(state, 'nobody')).toBeNull();
  });

  it('the invariants name what broke', () => {
    const e = stampAll([characters.characterListFailed({})])[0]!;
    const base = characters.initialCharactersState;
    const twice: characters.CharactersState = {
      ...base,
      list: { status: 'loaded', ids: ['luna', 'luna'] },
      byId: { luna: luna() },
    };
    expect(characters.listNamesKnownCharactersOnce.check(twice, twice, e)).toBe(
      'a character is listed twice in listed',
    );
    const unknown: characters.CharactersState = { ...base, list: { status: 'loaded', ids: ['x'] }, byId: {} };
    expect(characters.listNamesKnownCharactersOnce.check(unknown, unknown, e)).toBe(
      'listed character x is unknown',
    );
    const misfiled: characters.CharactersState = { ...base, byId: { x: luna() } };
    expect(characters.charactersFiledById.check(misfiled, misfiled, e)).toBe('character luna filed under x');
  });
});

describe('character directory laws', () => {
  const characterArb = fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd'),
    name: fc.string({ maxLength: 8 }),
    intro: fc.string({ maxLength: 8 }),
    greeting: fc.string({ maxLength: 8 }),
    kind: fc.constantFrom('digital', 'tool', 'agent', 'unknown') as fc.Arbitrary<
      characters.ChatCharacter['kind']
    >,
    coverUrl: fc.option(fc.constant('/c.png'), { nil: null }),
    isOfficialAgent: fc.boolean(),
  });
  const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
    fc.constant(characters.characterListRequested({})),
    fc.constant(characters.characterListFailed({})),
    fc.array(characterArb, { maxLength: 6 }).map((items) => characters.characterListLoaded({ items })),
    characterArb.map((character) => characters.characterReceived({ character })),
  );
  const historyArb = fc.array(eventArb, { maxLength: 30 });

  it('invariants hold after every event: listed once, only known characters, filed by id', () => {
    fc.assert(
      fc.property(historyArb, (raw) => {
        expect(replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw)).violation).toBeNull();
      }),
    );
  });

  it('the list is always the latest list loaded (deduplicated), whatever else happened since', () => {
    fc.assert(
      fc.property(historyArb, (raw) => {
        const state = replayWith(evolveAny, [], ctx.initialState, stampAll(raw)).state;
        const lastList = [...raw].reverse().find(characters.characterListLoaded.match);
        const expected = lastList === undefined ? [] : [...new Set(lastList.payload.items.map((c) => c.id))];
        expect(state.list.ids).toEqual(expected);
      }),
    );
  });

  it('replaying from scratch equals applying step by step', () => {
    fc.assert(
      fc.property(historyArb, (raw) => {
        const events = stampAll(raw);
        let step = ctx.initialState;
        for (const e of events) step = evolveAny(step, e);
        expect(replayWith(evolveAny, [], ctx.initialState, events).state).toEqual(step);
      }),
    );
  });
});
