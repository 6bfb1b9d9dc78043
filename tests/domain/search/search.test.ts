/**
 * Search and tags (issue 11; spec §2 "Search tabs (value): works 1, models 2, posts 4, tags 6
 * (/tag), users 8 (/user), cyberpub characters 9, workflow 13, apps 14, video 15, audio 16"; §7
 * tag suggest, hot tags, my collected tags, official tags): rules, state, and their laws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent } from '../../../domain/index.js';
import * as search from '../../../domain/search/index.js';
import { givenIn } from '../../support/context-spec.js';

const ctx = search.searchContext;
const given = givenIn(ctx);

const work = (id: string): search.SearchResult => ({
  kind: 'work',
  work: {
    id,
    objType: 1,
    cardType: 'artwork',
    title: id,
    cover: null,
    authorId: 'a',
    authorName: 'A',
    likes: 0,
  },
});
const tagCard = (name: string): search.TagCard => ({ id: `tag-${name}`, name, works: 1, coverUrl: null });

describe('search tabs (spec §2 "Search tabs (value)")', () => {
  it('has the ten tabs of the spec with their values', () => {
    expect(search.SEARCH_TAB_VALUES).toEqual([1, 2, 4, 6, 8, 9, 13, 14, 15, 16]);
    expect(search.searchTabKey(6)).toBe('tags');
    expect(search.searchTabKey(8)).toBe('users');
    expect(search.searchTabKey(9)).toBe('characters');
  });

  it('reads a tab from the address, works (1) for none or one the spec does not list', () => {
    expect(search.parseSearchTab('13')).toBe(13);
    expect(search.parseSearchTab(' 8 ')).toBe(8);
    for (const bad of [null, undefined, '', '3', '1e1', '0x6', '-1', '6.0', '99999'])
      expect(search.parseSearchTab(bad)).toBe(1);
  });

  it('always answers a listed tab (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(search.SEARCH_TAB_VALUES).toContain(search.parseSearchTab(raw));
      }),
    );
  });
});

describe('query normalisation', () => {
  it('trims, collapses whitespace and control characters, and cuts at 100 characters', () => {
    expect(search.normaliseQuery('  night \t\n city  ')).toBe('night city');
    expect(search.normaliseQuery('a\u0000b')).toBe('a b');
    expect(search.normaliseQuery('x'.repeat(150))).toHaveLength(100);
    // Never inside a surrogate pair.
    expect([...search.normaliseQuery('😀'.repeat(120))]).toHaveLength(100);
  });

  it('is idempotent and never longer than 100 code points (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (raw) => {
        const q = search.normaliseQuery(raw);
        expect(search.normaliseQuery(q)).toBe(q);
        expect([...q].length).toBeLessThanOrEqual(100);
        expect(q).toBe(q.trim());
      }),
    );
  });

  it('asks suggestions from two characters up to 32 (the tag prefix the server takes)', () => {
    expect(search.suggestPrefixOf('a')).toBeNull();
    expect(search.suggestPrefixOf('  a  ')).toBeNull();
    expect(search.suggestPrefixOf(' ne')).toBe('ne');
    expect(search.suggestPrefixOf('x'.repeat(32))).toHaveLength(32);
    expect(search.suggestPrefixOf('x'.repeat(33))).toBeNull();
  });
});

describe('addresses', () => {
  it('writes /search?q=&tab= and reads it back', () => {
    expect(search.searchHref(' night  city ', 6)).toBe('/search?q=night+city&tab=6');
    expect(search.searchHref('a&b')).toBe('/search?q=a%26b&tab=1');
    expect(
      search.parseSearchAddress([
        ['q', ' ocean '],
        ['tab', '8'],
      ]),
    ).toEqual({ query: 'ocean', tab: 8 });
    expect(search.parseSearchAddress([])).toEqual({ query: '', tab: 1 });
  });

  it('round-trips any query and tab through the address (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...search.SEARCH_TAB_VALUES), (q, tab) => {
        const href = search.searchHref(q, tab);
        const params = new URLSearchParams(href.split('?')[1]);
        expect(search.parseSearchAddress([...params])).toEqual({ query: search.normaliseQuery(q), tab });
      }),
    );
  });

  it('leads each result to its page: a work’s detail, /tag/:name, /user/:id', () => {
    expect(search.resultPathOf(work('art-1'))).toBe('/artwork/art-1');
    expect(search.resultPathOf({ kind: 'tag', tag: tagCard('night city') })).toBe('/tag/night%20city');
    expect(
      search.resultPathOf({
        kind: 'user',
        user: { id: 'author-01', name: 'M', avatar: '', followers: 0, works: 0 },
      }),
    ).toBe('/user/author-01');
    expect(search.tagNameOf('  Night   City ')).toBe('Night City');
    expect(search.tagNameOf('')).toBeNull();
    expect(search.tagNameOf('x'.repeat(33))).toBeNull();
    expect(search.searchKey('Night City', 6)).toBe(search.searchKey(' night city ', 6));
  });
});

describe('suggestions', () => {
  it('keeps only the answer for the prefix last asked; the old ones stay shown meanwhile', () => {
    const { state } = given(
      search.suggestRequested({ prefix: 'ne' }),
      search.suggestLoaded({ prefix: 'ne', items: [tagCard('neon')] }),
    ).when(
      search.suggestRequested({ prefix: 'nei' }),
      search.suggestLoaded({ prefix: 'ne', items: [tagCard('x')] }),
    );
    expect(search.selectSuggestions(state)).toMatchObject({ status: 'loading', prefix: 'nei' });
    expect(search.selectSuggestionItems(state)).toEqual([{ kind: 'tag', tag: tagCard('neon') }]);
    const cleared = given(search.suggestRequested({ prefix: 'ne' })).when(search.suggestCleared({}));
    expect(search.selectSuggestionItems(cleared.state)).toEqual([]);
  });
});

describe('result lists', () => {
  const key = search.searchKey('ocean', 1);
  it('pages forward without repeats, ignores stale answers, and retries a failed page', () => {
    const { state, violation } = given(search.resultsRequested({ key, offset: 0 })).when(
      search.resultsLoaded({ key, offset: 0, items: [work('a'), work('b')], nextOffset: 2, hasMore: true }),
      search.resultsRequested({ key, offset: 2 }),
      search.resultsLoaded({ key, offset: 0, items: [work('z')], nextOffset: 1, hasMore: true }),
      search.resultsFailed({ key, offset: 2, code: 0 }),
    );
    expect(violation).toBeNull();
    expect(search.selectResults(state, key).items).toHaveLength(2);
    expect(search.selectNextResultsOffset(state, key)).toBe(2);
    const next = given(search.resultsRequested({ key, offset: 0 })).when(
      search.resultsLoaded({ key, offset: 0, items: [work('a'), work('b')], nextOffset: 2, hasMore: true }),
      search.resultsRequested({ key, offset: 2 }),
      search.resultsLoaded({ key, offset: 2, items: [work('b'), work('c')], nextOffset: 4, hasMore: false }),
    );
    expect(
      search.selectResults(next.state, key).items.map((r) => (r.kind === 'work' ? r.work.id : '')),
    ).toEqual(['a', 'b', 'c']);
    expect(search.selectNextResultsOffset(next.state, key)).toBeNull();
  });

  it('never holds a result twice nor a negative offset (property)', () => {
    const ev = fc.oneof(
      fc.nat(8).map((o) => search.resultsRequested({ key, offset: o })),
      fc
        .record({
          o: fc.nat(8),
          ids: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
          more: fc.boolean(),
        })
        .map(({ o, ids, more }) =>
          search.resultsLoaded({
            key,
            offset: o,
            items: ids.map(work),
            nextOffset: o + ids.length,
            hasMore: more,
          }),
        ),
      fc.nat(8).map((o) => search.resultsFailed({ key, offset: o, code: 0 })),
    );
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 30 }), (events) => {
        const r = replayWith(
          ctx.evolve as unknown as (s: search.SearchState, e: DomainEvent) => search.SearchState,
          ctx.invariants,
          ctx.initialState,
          events.map((e, i) => stamp(e, i + 1, i + 1)) as DomainEvent[],
        );
        expect(r.violation).toBeNull();
      }),
    );
  });
});

describe('tags (spec §7 hot tags, my collected tags, official tags, tag detail)', () => {
  it('loads each list once, and a tag by name without case', () => {
    const info: search.TagInfo = {
      ...tagCard('anime'),
      description: '',
      likes: 3,
      isCollected: false,
      showArea: 'explore',
    };
    const { state } = given(
      search.tagListRequested({ list: 'hot' }),
      search.tagListLoaded({ list: 'hot', items: [tagCard('anime')] }),
    ).when(search.tagRequested({ name: 'Anime' }), search.tagLoaded({ name: 'anime', tag: info }));
    expect(search.selectTagList(state, 'hot')).toEqual({ status: 'loaded', items: [tagCard('anime')] });
    expect(search.selectTagList(state, 'official')).toEqual({ status: 'loading' });
    expect(search.selectTag(state, 'ANIME')).toEqual({ status: 'loaded', tag: info });
    expect(search.isTagSettled(state, 'anime')).toBe(true);
  });

  it('marks a tag collected once the server accepts it, and fetches the collected list again', () => {
    const info: search.TagInfo = {
      ...tagCard('anime'),
      description: '',
      likes: 3,
      isCollected: false,
      showArea: null,
    };
    const { state } = given(
      search.tagLoaded({ name: 'anime', tag: info }),
      search.tagListLoaded({ list: 'collected', items: [] }),
    ).when(search.tagCollectChanged({ tagId: 'tag-anime', collected: true }));
    expect(search.selectTag(state, 'anime')).toMatchObject({ tag: { isCollected: true } });
    expect(search.selectTagList(state, 'collected')).toEqual({ status: 'loading' });
  });

  it('never lets a late answer for "ca" replace the results for "cat" (issue 21)', () => {
    const { state } = given(
      search.suggestRequested({ prefix: 'ca' }),
      search.suggestRequested({ prefix: 'cat' }),
      search.suggestLoaded({ prefix: 'cat', items: [tagCard('cats')] }),
    ).when(search.suggestLoaded({ prefix: 'ca', items: [tagCard('canvas')] }));
    expect(search.selectSuggestions(state)).toMatchObject({ status: 'loaded', prefix: 'cat' });
    expect(search.selectSuggestionItems(state)).toEqual([{ kind: 'tag', tag: tagCard('cats') }]);
    expect(search.selectNoSuggestions(state)).toBe(false);
  });

  it('lists an answer as tags, then people, then works, and says when it is empty', () => {
    const user: search.UserCard = { id: 'u1', name: 'Cato', avatar: '', followers: 2, works: 3 };
    const work = {
      id: 'w1',
      objType: 1,
      cardType: 'artwork',
      title: 'Cat nap',
      cover: null,
      authorId: 'u1',
      authorName: 'Cato',
      likes: 0,
    } as const;
    const { state } = given(search.suggestRequested({ prefix: 'cat' })).when(
      search.suggestLoaded({ prefix: 'cat', works: [work], users: [user], items: [tagCard('cats')] }),
    );
    expect(search.selectSuggestionItems(state).map((r) => r.kind)).toEqual(['tag', 'user', 'work']);
    expect(search.selectSuggestionItems(state).map(search.resultPathOf)).toEqual([
      '/tag/cats',
      search.resultPathOf({ kind: 'user', user }),
      search.resultPathOf({ kind: 'work', work }),
    ]);
    const empty = given(search.suggestRequested({ prefix: 'zq' })).when(
      search.suggestLoaded({ prefix: 'zq', items: [] }),
    );
    expect(search.selectNoSuggestions(empty.state)).toBe(true);
  });
});

describe('suggestion keys (WAI-ARIA combobox: arrows wrap, Home/End, Escape closes)', () => {
  it('moves down and up with wrapping, from none to the first or the last', () => {
    expect(search.suggestKeyStep(null, 3, 'ArrowDown')).toEqual({ active: 0, open: true });
    expect(search.suggestKeyStep(2, 3, 'ArrowDown')).toEqual({ active: 0, open: true });
    expect(search.suggestKeyStep(null, 3, 'ArrowUp')).toEqual({ active: 2, open: true });
    expect(search.suggestKeyStep(0, 3, 'ArrowUp')).toEqual({ active: 2, open: true });
    expect(search.suggestKeyStep(1, 3, 'Home')).toEqual({ active: 0, open: true });
    expect(search.suggestKeyStep(0, 3, 'End')).toEqual({ active: 2, open: true });
    expect(search.suggestKeyStep(1, 3, 'Escape')).toEqual({ active: null, open: false });
    expect(search.suggestKeyStep(null, 0, 'ArrowDown')).toEqual({ active: null, open: true });
  });

  it('keeps the active option within the list or none, whatever the keys and list sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...search.SUGGEST_KEYS), fc.integer({ min: 0, max: 30 })), {
          maxLength: 60,
        }),
        (steps) => {
          let active: number | null = null;
          for (const [key, count] of steps) {
            const step = search.suggestKeyStep(active, count, key);
            active = step.active;
            if (active !== null && !(Number.isInteger(active) && active >= 0 && active < count)) return false;
            if (key === 'Escape' ? step.open || active !== null : !step.open) return false;
            if (count > 0 && key !== 'Escape' && active === null) return false;
          }
          return true;
        },
      ),
    );
  });
});
