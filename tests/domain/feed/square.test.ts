import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feed, images, stamp } from '../../../domain/index.js';

const parse = (tab: feed.FeedTab, search: string) =>
  feed.parseSquareSearch(tab, [...new URLSearchParams(search)]);
const write = (tab: feed.FeedTab, q: feed.FeedQuery) =>
  new URLSearchParams(feed.writeSquareSearch(tab, q).map((e) => [...e])).toString();

describe('the square address (spec §2 sort and time filters, §7 filters, §9 defaults)', () => {
  it('reads nothing as the tab defaults of §9 and writes the defaults as nothing', () => {
    const cases: [feed.FeedTab, feed.FeedSort, feed.TimeFilter][] = [
      ['recommend', 'recommend', 'all'],
      ['model', 'hot', 'month'],
      ['post', 'hot', 'week'],
      ['audio', 'hot', 'all'],
      ['designTemplate', 'hot', 'all'],
      ['ebook', 'hot', 'all'],
      ['workflow', 'hot', 'month'],
      ['anime', 'recommend', 'all'],
      ['creatorAcademy', 'hot', 'week'],
    ];
    for (const [tab, sort, time] of cases) {
      const q = parse(tab, '');
      expect([tab, q.params.order_by, q.params.timeType]).toEqual([tab, sort, time]);
      expect(write(tab, q)).toBe('');
    }
  });

  it('model tab: sort, time, base models and model types go to the request and back to the address', () => {
    const q = parse('model', 'sort=new&time=week&base=SDXL&base=Flux&type=LORA');
    expect(q.path).toBe('/api/v1/square/v3/model/list');
    expect(q.params).toMatchObject({
      offset: 0,
      order_by: 'new',
      timeType: 'week',
      order_by_time: 'week_new',
      base_models: ['SDXL', 'Flux'],
      model_types: ['LORA'],
    });
    expect(write('model', q)).toBe('sort=new&time=week&base=SDXL&base=Flux&type=LORA');
  });

  it('post tab: the channel; workflow tab: node type and run_available', () => {
    expect(parse('post', 'channel=news&time=week').params).toMatchObject({
      sub_channel: 'news',
      timeType: 'week',
    });
    expect(write('post', parse('post', 'channel=news&time=week'))).toBe('channel=news');
    const w = parse('workflow', 'nodes=video&run=1');
    expect(w.params).toMatchObject({ nodes_type: 'video', run_available: true });
    expect(w.path).toBe('/api/v1/square/v3/comfy_ui');
    expect(parse('workflow', 'run=0').params.run_available).toBe(false);
    expect(write('workflow', w)).toBe('nodes=video&run=1');
  });

  it('unknown values fall back to the defaults and filters of another tab are ignored', () => {
    const q = parse('post', 'sort=best&time=year&type=LORA&base=SDXL&run=maybe');
    expect(q).toEqual(parse('post', ''));
    expect(parse('model', 'type=NotAType&type=VAE').params.model_types).toEqual(['VAE']);
    expect(parse('model', 'sort=recommend').params.order_by).toBe('hot');
    expect(parse('workflow', 'run=yes').params.run_available).toBeUndefined();
    expect(parse('model', `base=${'x'.repeat(81)}`).params.base_models).toBeUndefined();
  });

  it('anime is the recommend list of the anime tag, Creator Academy the post list of tutorials', () => {
    const anime = parse('anime', 'sort=new');
    expect(anime.path).toBe('/api/v1/square/v3/recommend');
    expect(anime.params).toMatchObject({ tag_id: feed.ANIME_TAG_ID, order_by: 'new' });
    const academy = parse('creatorAcademy', 'channel=news');
    expect(academy.path).toBe('/api/v1/square/v3/post/list');
    expect(academy.params.sub_channel).toBe('tutorial');
    expect(write('creatorAcademy', academy)).toBe('');
    expect(feed.feedQueryKey(anime)).not.toBe(feed.feedQueryKey(parse('recommend', 'sort=new')));
  });

  it('section paths of §2 name their tabs; /explore segments name every tab', () => {
    expect(feed.tabOfExplorePath('/model')).toBe('model');
    expect(feed.tabOfExplorePath('/ai-video')).toBe('video');
    expect(feed.tabOfExplorePath('/cyberpub')).toBe('character');
    expect(feed.tabOfExplorePath('/ai-novel')).toBe('ebook');
    expect(feed.tabOfExplorePath('/explore')).toBeNull();
    expect(feed.squareTabOf(undefined)).toBe('recommend');
    expect(feed.squareTabOf('creatorAcademy')).toBe('creatorAcademy');
    expect(feed.squareTabOf('nope')).toBeNull();
    expect(feed.squareTabPath('recommend')).toBe('/explore');
    expect(feed.squareTabPath('anime')).toBe('/explore/anime');
  });

  const text = fc
    .string({ minLength: 1, maxLength: 80 })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const queryArb = fc
    .record({
      tab: fc.constantFrom(...feed.FEED_TABS),
      sort: fc.constantFrom<feed.FeedSort>('recommend', 'hot', 'new'),
      time: fc.constantFrom(...feed.TIME_FILTERS),
      base: fc.uniqueArray(text, { maxLength: 5 }),
      types: fc.uniqueArray(fc.constantFrom(...feed.MODEL_TYPES), { maxLength: 4 }),
      channel: fc.option(text, { nil: undefined }),
      nodes: fc.option(text, { nil: undefined }),
      run: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ tab, sort, time, base, types, channel, nodes, run }): [feed.FeedTab, feed.FeedQuery] => {
      // A valid query is one the tab can hold: its sorts and its filters only.
      const s = feed.sortOptionsOf(tab).includes(sort) ? sort : 'hot';
      const source = feed.feedSourceOf(tab);
      const filters = {
        model: { base_models: base, model_types: types },
        post: { sub_channel: channel },
        workflow: { nodes_type: nodes, run_available: run },
      };
      const f = tab === 'model' || tab === 'post' || tab === 'workflow' ? filters[tab] : {};
      const built = feed.buildFeedQuery(source.list, { sort: s, time, filters: f as never });
      return [tab, { ...built, params: { ...built.params, ...source.fixed } }];
    });

  it('property: parse(write(q)) == q for every valid query of every tab', () => {
    fc.assert(
      fc.property(queryArb, ([tab, q]) => {
        expect(feed.parseSquareSearch(tab, feed.writeSquareSearch(tab, q))).toEqual(q);
        // and through a real query string, as the browser holds it
        expect(parse(tab, write(tab, q))).toEqual(q);
      }),
    );
  });

  it('property: any query string parses to a query that writes back to itself', () => {
    const entry = fc.tuple(
      fc.constantFrom('sort', 'time', 'base', 'type', 'channel', 'nodes', 'run', 'x'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...feed.FEED_TABS), fc.array(entry, { maxLength: 8 }), (tab, entries) => {
        const q = feed.parseSquareSearch(tab, entries);
        expect(feed.parseSquareSearch(tab, feed.writeSquareSearch(tab, q))).toEqual(q);
      }),
    );
  });
});

describe('column placement (cards never move once placed)', () => {
  const cardsArb = fc
    .array(fc.double({ min: 0.2, max: 4, noNaN: true }), { maxLength: 80 })
    .map((ratios) => ratios.map((ratio, i) => ({ key: `k${i}`, ratio })));

  it('places on the shortest column, leftmost first, by cover ratio', () => {
    const plan = feed.placeCards(feed.emptyPlan(2), 2, [
      { key: 'a', ratio: 1.5 },
      { key: 'b', ratio: 0.5 },
      { key: 'c', ratio: 1 },
      { key: 'd', ratio: 1 },
    ]);
    expect(plan.columnOf).toEqual({ a: 0, b: 1, c: 1, d: 0 });
    expect(feed.columnsOf(plan, () => true)).toEqual([
      ['a', 'd'],
      ['b', 'c'],
    ]);
    expect(feed.columnsOf(plan, (k) => k !== 'b')).toEqual([['a', 'd'], ['c']]);
  });

  it('property: appending cards never changes the column of a card already placed', () => {
    fc.assert(
      fc.property(cardsArb, cardsArb, fc.integer({ min: 1, max: 6 }), (first, more, n) => {
        const next = more.map((c) => ({ ...c, key: `m${c.key}` }));
        const before = feed.placeCards(feed.emptyPlan(n), n, first);
        const incremental = feed.placeCards(before, n, [...first, ...next]);
        const fromScratch = feed.placeCards(feed.emptyPlan(n), n, [...first, ...next]);
        for (const c of first) {
          expect(incremental.columnOf[c.key]).toBe(before.columnOf[c.key]);
          expect(fromScratch.columnOf[c.key]).toBe(before.columnOf[c.key]);
        }
        expect(incremental).toEqual(fromScratch);
      }),
    );
  });

  it('property: balanced: the columns differ by at most the tallest card', () => {
    fc.assert(
      fc.property(cardsArb, fc.integer({ min: 1, max: 6 }), (cards, n) => {
        const plan = feed.placeCards(feed.emptyPlan(n), n, cards);
        const tallest = Math.max(0, ...cards.map((c) => feed.cardHeight(c.ratio)));
        expect(Math.max(...plan.heights) - Math.min(...plan.heights)).toBeLessThanOrEqual(tallest + 1e-9);
        expect(plan.order).toEqual(cards.map((c) => c.key));
      }),
    );
  });

  it('property: the first cards open the columns, one each, in order (what a first row is)', () => {
    fc.assert(
      fc.property(cardsArb, fc.integer({ min: 1, max: 6 }), (cards, n) => {
        const columns = feed.columnsOf(feed.placeCards(feed.emptyPlan(n), n, cards), () => true);
        expect(columns.map((c) => c[0]).filter((k) => k !== undefined)).toEqual(
          cards.slice(0, n).map((c) => c.key),
        );
      }),
    );
  });

  it('two columns below three minimum widths: a phone’s window always has two', () => {
    expect(feed.TWO_COLUMNS_BELOW_PX).toBe(780);
    expect(feed.columnCountFor(feed.TWO_COLUMNS_BELOW_PX - 0.02)).toBe(2);
    expect(feed.columnCountFor(feed.TWO_COLUMNS_BELOW_PX)).toBe(3);
    expect([feed.columnGapFor(639), feed.columnGapFor(640)]).toEqual([8, 16]);
  });

  it('column count by width: 2 on a phone, up to 5 wide', () => {
    expect(feed.columnCountFor(358)).toBe(2);
    expect(feed.columnCountFor(0)).toBe(2);
    expect(feed.columnCountFor(800)).toBe(3);
    expect(feed.columnCountFor(1216)).toBe(4);
    expect(feed.columnCountFor(4000)).toBe(5);
  });
});

describe('a query’s list (selectFeedFor, selectNextOffsetFor)', () => {
  it('a list held for other filters is idle for this query and starts at offset 0', () => {
    const a = parse('model', 'sort=new');
    const b = parse('model', 'base=SDXL');
    const s = feed.evolveFeed(
      feed.initialFeedState,
      stamp(feed.pageRequested({ query: a }), 1, 0) as feed.FeedEvent,
    );
    const loaded = feed.evolveFeed(
      s,
      stamp(feed.pageLoaded({ query: a, items: [], nextOffset: 20, hasMore: true }), 2, 0) as feed.FeedEvent,
    );
    expect(feed.selectNextOffsetFor(loaded, a)).toBe(20);
    expect(feed.selectFeedFor(loaded, b).status).toBe('idle');
    expect(feed.selectNextOffsetFor(loaded, b)).toBe(0);
    expect(feed.selectNextOffsetFor(s, a)).toBeNull();
  });
});

describe('a phone’s first row of the square, named in the page’s head (issue 22)', () => {
  const cover = (name: string, width = 320) => ({ url: `/blobs/community/covers/${name}.png`, width });

  it('names the first two covers as their first-in-column pictures ask for them: AVIF, a phone’s column, phones only', () => {
    const preloads = feed.phoneFirstRowPreloads([cover('a'), cover('b', 168), cover('c')]);
    expect(preloads).toEqual([
      {
        type: 'image/avif',
        srcSet: '/img/160/avif/community/covers/a.png 160w, /img/320/avif/community/covers/a.png 320w',
        sizes: '(max-width: 639.98px) calc(50vw - 16px), calc(50vw - 28px)',
        media: '(max-width: 779.98px)',
      },
      {
        type: 'image/avif',
        srcSet: '/img/160/avif/community/covers/b.png 160w, /img/320/avif/community/covers/b.png 168w',
        sizes: '(max-width: 639.98px) calc(50vw - 16px), calc(50vw - 28px)',
        media: '(max-width: 779.98px)',
      },
    ]);
  });

  it('a card without a cover, or a cover without variants (an animation, another site), names nothing', () => {
    expect(feed.phoneFirstRowPreloads([])).toEqual([]);
    expect(
      feed.phoneFirstRowPreloads([null, { url: '/blobs/community/covers/x.gif', width: 320 }, cover('late')]),
    ).toEqual([]);
    expect(
      feed.phoneFirstRowPreloads([{ url: 'https://elsewhere.test/a.png', width: 320 }, cover('b')]),
    ).toHaveLength(1);
  });

  it('property: at most two, each the same candidates as the card’s own picture at a phone’s column', () => {
    const name = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.tuple(name, fc.integer({ min: 1, max: 4000 })), { nil: null }), {
          maxLength: 8,
        }),
        (entries) => {
          const covers = entries.map((e) => (e === null ? null : cover(e[0], e[1])));
          const preloads = feed.phoneFirstRowPreloads(covers);
          expect(preloads.length).toBeLessThanOrEqual(2);
          const named = covers.slice(0, 2).filter((c) => c !== null);
          expect(preloads.map((p) => p.srcSet)).toEqual(
            named.map((c) => images.pictureOf(c.url, feed.PHONE_COLUMN_PX, c.width).sources[0]!.srcSet),
          );
        },
      ),
    );
  });
});

describe('the square’s first cards, drawn by the server before the page’s scripts (issue 22)', () => {
  const cover = (name: string, width = 320) => ({ url: `/blobs/community/covers/${name}.png`, width });

  it('a cover stands as tall as its ratio says, bounded, computed exactly (3:4 is 0.75), and square without a cover', () => {
    expect(feed.coverRatioOf({ width: 4, height: 3 })).toBe(0.75);
    expect(feed.coverRatioOf({ width: 100, height: 1000 })).toBe(feed.RATIO_MAX);
    expect(feed.coverRatioOf({ width: 1000, height: 10 })).toBe(feed.RATIO_MIN);
    expect(feed.coverRatioOf({ width: 0, height: 100 })).toBe(1);
    expect(feed.coverRatioOf(null)).toBe(1);
  });

  it('property: the cover and the body make the card’s height (cardHeight), and the cover stays within its bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), (width, height) => {
        const r = feed.coverRatioOf({ width, height });
        expect(r).toBeGreaterThanOrEqual(feed.RATIO_MIN);
        expect(r).toBeLessThanOrEqual(feed.RATIO_MAX);
        expect(r + feed.CARD_META_HEIGHT).toBeCloseTo(feed.cardHeight(height / width), 12);
      }),
    );
  });

  it('a drawn cover takes the file its phone preload named, and is about a column wide elsewhere', () => {
    const c = cover('a');
    const drawn = feed.firstRowPictureOf(c);
    const [preload] = feed.phoneFirstRowPreloads([c]);
    expect(drawn.sources[0]).toEqual({ type: preload!.type, srcSet: preload!.srcSet });
    // Where the preload applies (phones), the drawn picture's sizes are the preload's.
    expect(
      drawn.sizes.startsWith(
        `(max-width: 639.98px) calc(50vw - 16px), (max-width: 779.98px) calc(50vw - 28px)`,
      ),
    ).toBe(true);
    expect(drawn.sizes.endsWith(', 300px')).toBe(true);
    expect(drawn.src).toBe(c.url);
  });

  it('the document’s first square waits for its list’s answer: a page or its failure, not an idle or loading list', () => {
    const list = { queryKey: 'k', items: [], offset: 0, hasMore: true };
    expect(feed.isFeedSettled({ status: 'idle' })).toBe(false);
    expect(feed.isFeedSettled({ status: 'loading', requestedOffset: 0, ...list })).toBe(false);
    expect(feed.isFeedSettled({ status: 'loaded', ...list })).toBe(true);
    expect(feed.isFeedSettled({ status: 'error', code: 500, failedOffset: 0, ...list })).toBe(true);
  });
});
