import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as feed from '../../../domain/feed/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const ctx = feed.feedContext;
// replayWith folds any DomainEvent; this context's events are the only ones given to it here.
const evolveAny = ctx.evolve as unknown as (s: feed.FeedState, e: DomainEvent) => feed.FeedState;
const given = givenIn(ctx);

const card = (id: string, obj_type: feed.ContentObjType = 2): feed.FeedCard => ({
  id,
  obj_type,
  cardType: 'model',
  title: `card ${id}`,
  cover: { url: `/blobs/${id}.png`, width: 512, height: 768 },
  authorId: 'a1',
});
const stampAll = (events: readonly UnstampedEvent[]): feed.FeedEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as feed.FeedEvent);
const fold = (events: readonly feed.FeedEvent[], from: feed.FeedState = ctx.initialState) =>
  events.reduce(ctx.evolve, from);

describe('feed: tabs and routes (spec §2 "Each tab uses a feed route under /api/v1/square/v3", spec §7 feed lists)', () => {
  it.each([
    ['recommend', '/recommend'],
    ['app', '/app/list'],
    ['character', '/character/list'],
    ['post', '/post/list'],
    ['video', '/artwork/list'],
    ['audio', '/timbre/list'],
    ['model', '/model/list'],
    ['loraTrain', '/lora/template'],
    ['workflow', '/comfy_ui'],
    ['designTemplate', '/design_template/list'],
    ['ebook', '/ebook/list'],
  ] as const)('%s lists from /api/v1/square/v3%s', (tab, route) => {
    expect(feed.TABS[tab].route).toBe(route);
    expect(feed.buildFeedQuery(tab).path).toBe(`/api/v1/square/v3${route}`);
  });

  it('the video tab asks for artworks of type 7 (spec §7 "artwork_types [7] for video")', () => {
    expect(feed.buildFeedQuery('video').params.artwork_types).toEqual([7]);
    expect(feed.buildFeedQuery('model').params.artwork_types).toBeUndefined();
  });

  it('names every tab of spec §2, with anime and Creator Academy as pages without a list', () => {
    expect(feed.FEED_TABS).toHaveLength(13);
    expect(feed.LIST_TABS).toHaveLength(11);
    expect(feed.isListTab('anime')).toBe(false);
    expect(feed.isListTab('creatorAcademy')).toBe(false);
    expect(feed.isListTab('ebook')).toBe(true);
    expect(feed.TABS.anime.route).toBeNull();
    expect(feed.TABS.creatorAcademy.pageKey).toBe('CreatorAcademyPage');
    expect(feed.TABS.recommend.alias).toBe('root');
    expect(feed.TABS.character.alias).toBe('cyberPub');
    expect(feed.TABS.audio.alias).toBe('timbre');
    expect(feed.TABS.app.alias).toBe('swift_app');
    expect(feed.TABS.workflow.alias).toBe('workflowPage');
    expect(feed.TABS.ebook.alias).toBe('novel');
  });

  it('page keys (spec §2): one per tab, plus homePage and tavernChatsHome', () => {
    const byTab = Object.fromEntries(feed.FEED_TABS.map((t) => [t, feed.TABS[t].pageKey]));
    expect(byTab).toEqual({
      recommend: 'recommendPage',
      app: 'swiftAppPage',
      character: 'cyberBarPage',
      post: 'postPage',
      video: 'videoPage',
      audio: 'audioPage',
      model: 'modelPage',
      loraTrain: 'loraTrainPage',
      workflow: 'workflowPage',
      designTemplate: 'designTemplatePage',
      ebook: 'novel',
      anime: 'animePage',
      creatorAcademy: 'CreatorAcademyPage',
    });
    expect(feed.PAGE_KEYS).toHaveLength(15);
    expect(feed.PAGE_KEYS).toContain('homePage');
    expect(feed.PAGE_KEYS).toContain('tavernChatsHome');
  });

  it('create entries (spec §2 "post opens create-and-post; character opens new digital person; only post is flagged true in the second map")', () => {
    const entries = feed.FEED_TABS.filter((t) => feed.TABS[t].createEntry !== null).map((t) => [
      t,
      feed.TABS[t].createEntry,
    ]);
    expect(entries).toEqual([
      ['post', 'createAndPost'],
      ['character', 'newDigitalPerson'],
    ]);
    expect(feed.FEED_TABS.filter((t) => feed.TABS[t].createEntryFlag)).toEqual(['post']);
  });

  it('explore tag paths (spec §2)', () => {
    const paths = feed.FEED_TABS.map((t) => feed.TABS[t].explorePath).filter((p) => p !== null);
    expect(paths).toEqual([
      '/model',
      '/post',
      '/cyberpub',
      '/ai-video',
      '/ai-audio',
      '/designtmp',
      '/swiftapp',
      '/lora',
      '/workflow',
      '/ai-novel',
    ]);
  });

  it('search tabs (spec §2 "works 1, models 2, posts 4, tags 6 (/tag), users 8 (/user), characters 9, workflow 13, apps 14, video 15, audio 16")', () => {
    expect(feed.SEARCH_TABS.map((t) => [t.key, t.value])).toEqual([
      ['works', 1],
      ['models', 2],
      ['posts', 4],
      ['tags', 6],
      ['users', 8],
      ['characters', 9],
      ['workflow', 13],
      ['apps', 14],
      ['video', 15],
      ['audio', 16],
    ]);
    expect(feed.searchTabByValue(6)?.path).toBe('/tag');
    expect(feed.searchTabByValue(8)?.path).toBe('/user');
    expect(feed.searchTabByValue(1)?.path).toBeNull();
    expect(feed.searchTabByValue(3)).toBeUndefined();
  });
});

describe('feed: type ids (spec §3 "The two sets differ (for example 3 and 4, 7, 13); both are given as shown")', () => {
  it('set A numbers 19 entity types from 1', () => {
    expect(Object.values(feed.ENTITY_TYPE)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(feed.ENTITY_TYPE.post).toBe(7);
    expect(feed.ENTITY_TYPE.comfyUI).toBe(13);
    expect(feed.ENTITY_TYPE.seeuTemplate).toBe(19);
  });
  it('set B is its own map: 4 is a post, 13 a swift app, 21 a novel', () => {
    expect(Object.values(feed.CONTENT_OBJ_TYPE)).toEqual([1, 2, 3, 4, 5, 9, 11, 13, 15, 16, 21]);
    expect(feed.CONTENT_OBJ_TYPE.post).toBe(4);
    expect(feed.ENTITY_TYPE.portfolio).toBe(4);
    expect(feed.CONTENT_OBJ_TYPE.account).toBe(3);
    expect(feed.ENTITY_TYPE.accountFollow).toBe(3);
    expect(feed.CONTENT_OBJ_TYPE.swiftApp).toBe(13);
  });
  it('guards tell members of each set', () => {
    expect(feed.isContentObjType(21)).toBe(true);
    expect(feed.isContentObjType(7)).toBe(false);
    expect(feed.isEntityTypeId(7)).toBe(true);
    expect(feed.isEntityTypeId(21)).toBe(false);
  });
  it('model types and base model families (spec §3)', () => {
    expect(feed.MODEL_TYPES).toEqual([
      'Checkpoint',
      'LORA',
      'TextualInversion',
      'AestheticGradient',
      'DoRA',
      'Upscaler',
      'Motion',
      'VAE',
      'Wildcards',
      'Hypernetwork',
      'Controlnet',
      'Poses',
      'LoCon',
      'Other',
    ]);
    expect(feed.BASE_MODEL_FAMILIES).toContain('SDXL');
    expect(feed.BASE_MODEL_FAMILIES).toContain('Flux');
    expect(feed.BASE_MODEL_FAMILIES).toContain('Wan');
  });
});

describe('feed: defaults (spec §9 "recommend uses recommend order with all-time. Other tabs use hot by month, week (post), or all-time (audio, design template, e-book)")', () => {
  it.each([
    ['recommend', 'recommend', 'all'],
    ['post', 'hot', 'week'],
    ['audio', 'hot', 'all'],
    ['designTemplate', 'hot', 'all'],
    ['ebook', 'hot', 'all'],
    ['model', 'hot', 'month'],
    ['character', 'hot', 'month'],
    ['video', 'hot', 'month'],
    ['app', 'hot', 'month'],
    ['loraTrain', 'hot', 'month'],
    ['workflow', 'hot', 'month'],
  ] as const)('%s: %s over %s', (tab, sort, time) => {
    expect(feed.feedDefaults(tab)).toEqual({ sort, time });
    const { params } = feed.buildFeedQuery(tab);
    expect(params.order_by).toBe(sort);
    expect(params.timeType).toBe(time);
  });

  it('sort options are hot and new, time filters all/day/week/month (spec §2)', () => {
    expect(feed.SORT_OPTIONS).toEqual(['hot', 'new']);
    expect(feed.TIME_FILTERS).toEqual(['all', 'day', 'week', 'month']);
    expect(feed.TIME_FILTER_DAYS).toEqual({ all: null, day: 1, week: 7, month: 30 });
  });

  it('order_by_time is window then order (spec §7 "e.g. month_hot, week_hot"); recommend sends none', () => {
    expect(feed.buildFeedQuery('model').params.order_by_time).toBe('month_hot');
    expect(feed.buildFeedQuery('post').params.order_by_time).toBe('week_hot');
    expect(feed.buildFeedQuery('model', { sort: 'new', time: 'day' }).params.order_by_time).toBe('day_new');
    expect(feed.buildFeedQuery('recommend').params).not.toHaveProperty('order_by_time');
  });
});

describe('feed: buildFeedQuery filters (spec §7 "base_models, model_types (model), sub_channel (post), nodes_type and run_available (comfy_ui)")', () => {
  it('model takes base models and model types', () => {
    const q = feed.buildFeedQuery('model', {
      offset: 40,
      filters: { base_models: ['SDXL'], model_types: ['LORA', 'DoRA'] },
    });
    expect(q.params).toEqual({
      offset: 40,
      order_by: 'hot',
      timeType: 'month',
      order_by_time: 'month_hot',
      base_models: ['SDXL'],
      model_types: ['LORA', 'DoRA'],
    });
  });
  it('post takes a sub channel; the workflow tab takes nodes_type and run_available', () => {
    expect(feed.buildFeedQuery('post', { filters: { sub_channel: 'art' } }).params.sub_channel).toBe('art');
    const w = feed.buildFeedQuery('workflow', {
      filters: { nodes_type: 'video', run_available: false },
    }).params;
    expect(w.nodes_type).toBe('video');
    expect(w.run_available).toBe(false);
  });
  it("empty filter values are not sent, and another tab's filters are dropped", () => {
    const m = feed.buildFeedQuery('model', { filters: { base_models: [], model_types: [] } }).params;
    expect(m).not.toHaveProperty('base_models');
    expect(m).not.toHaveProperty('model_types');
    expect(feed.buildFeedQuery('post', { filters: { sub_channel: '' } }).params).not.toHaveProperty(
      'sub_channel',
    );
    expect(feed.buildFeedQuery('workflow', { filters: { nodes_type: '' } }).params).not.toHaveProperty(
      'nodes_type',
    );
    const smuggled = { sub_channel: 'x' } as unknown as feed.FeedFiltersOf<'audio'>;
    expect(feed.buildFeedQuery('audio', { filters: smuggled }).params).not.toHaveProperty('sub_channel');
  });
  it('the offset is a whole number from 0', () => {
    expect(feed.buildFeedQuery('model', { offset: -3 }).params.offset).toBe(0);
    expect(feed.buildFeedQuery('model', { offset: 12.7 }).params.offset).toBe(12);
    expect(feed.buildFeedQuery('model', { offset: Number.NaN }).params.offset).toBe(0);
  });

  const tabArb = fc.constantFrom(...feed.LIST_TABS);
  const sortArb = fc.option(fc.constantFrom('hot' as const, 'new' as const, 'recommend' as const), {
    nil: undefined,
  });
  const timeArb = fc.option(fc.constantFrom(...feed.TIME_FILTERS), { nil: undefined });

  it("property: buildFeedQuery always includes the tab's defaults unless overridden", () => {
    fc.assert(
      fc.property(
        tabArb,
        sortArb,
        timeArb,
        fc.option(fc.nat(), { nil: undefined }),
        (tab, sort, time, offset) => {
          const { params } = feed.buildFeedQuery(tab, { sort, time, offset });
          const d = feed.feedDefaults(tab);
          expect(params.order_by).toBe(sort ?? d.sort);
          expect(params.timeType).toBe(time ?? d.time);
          expect(params.offset).toBe(offset ?? 0);
          const s = sort ?? d.sort;
          if (s === 'recommend') expect(params.order_by_time).toBeUndefined();
          else expect(params.order_by_time).toBe(`${time ?? d.time}_${s}`);
        },
      ),
    );
  });

  it('the query key ignores the offset and the order keys were written in', () => {
    const a = feed.buildFeedQuery('model', {
      offset: 0,
      filters: { base_models: ['Flux'], model_types: ['LORA'] },
    });
    const b = feed.buildFeedQuery('model', {
      offset: 60,
      filters: { model_types: ['LORA'], base_models: ['Flux'] },
    });
    expect(feed.feedQueryKey(a)).toBe(feed.feedQueryKey(b));
    expect(feed.feedQueryKey(a)).not.toBe(feed.feedQueryKey(feed.buildFeedQuery('model', { sort: 'new' })));
  });
});

describe('feed: cards (spec §2 "Card behaviour per content type")', () => {
  it.each([
    ['artwork', ['remix', 'download', 'imageToVideo', 'play']],
    ['portfolio', ['remix', 'download', 'imageToVideo', 'play']],
    ['aiapp', ['try']],
    ['workflow', ['try']],
    ['comfyUIApp', ['try']],
    ['aiAudio', ['play', 'try']],
    ['paletteTemplate', ['try']],
    ['character', ['chat']],
    ['model', ['remix']],
    ['lora_train', ['modelNavigation']],
    ['post', []],
    ['lookBook', []],
    ['aiVideo', ['remix', 'download', 'play']],
  ] as const)('%s hover actions: %j', (type, actions) => {
    expect(feed.cardActions(type)).toEqual(actions);
  });

  it('every card type shows statistics drawn from like, collection, task, token, play', () => {
    for (const type of feed.CARD_TYPES) {
      const stats = feed.cardStatistics(type);
      expect(stats.length).toBeGreaterThan(0);
      for (const s of stats) expect(['like', 'collection', 'task', 'token', 'play']).toContain(s);
    }
    expect(feed.cardStatistics('character')).toContain('token');
    expect(feed.cardStatistics('aiVideo')).toContain('play');
    expect(feed.cardStatistics('model')).toContain('task');
  });

  it('appendUnique keeps order, drops cards already held or repeated in the page', () => {
    const held = [card('1'), card('2')];
    expect(
      feed.appendUnique(held, [card('2'), card('3'), card('3'), card('2', 1)]).map(feed.cardKey),
    ).toEqual(['2:1', '2:2', '2:3', '1:2']);
    expect(feed.appendUnique(held, [card('1')])).toBe(held);
  });
});

describe('feed: paging (events pageRequested / pageLoaded / pageFailed)', () => {
  const q0 = feed.buildFeedQuery('model');
  const q20 = feed.buildFeedQuery('model', { offset: 20 });
  const loaded = (q: feed.FeedQuery, ids: string[], nextOffset: number, hasMore = true) =>
    feed.pageLoaded({ query: q, items: ids.map((id) => card(id)), nextOffset, hasMore });

  it('a tab starts idle and asks for offset 0', () => {
    expect(feed.selectFeedTab(ctx.initialState, 'model')).toEqual({ status: 'idle' });
    expect(feed.selectNextPageOffset(ctx.initialState, 'model')).toBe(0);
    expect(feed.selectFeedItems(ctx.initialState, 'model')).toEqual([]);
  });

  it('given a request, when its page arrives, then the tab is loaded with the cards and the next offset', () => {
    const g = given(feed.pageRequested({ query: q0 }));
    expect(feed.selectIsFeedLoading(g.state, 'model')).toBe(true);
    expect(feed.selectNextPageOffset(g.state, 'model')).toBeNull();
    const { state, violation } = g.when(loaded(q0, ['1', '2'], 20));
    expect(violation).toBeNull();
    expect(state.tabs.model).toMatchObject({ status: 'loaded', offset: 20, hasMore: true });
    expect(feed.selectFeedItems(state, 'model').map((c) => c.id)).toEqual(['1', '2']);
    expect(feed.selectNextPageOffset(state, 'model')).toBe(20);
    expect(state.tabs.post).toEqual({ status: 'idle' });
    // Spec §4: muted cards are filtered out of every feed.
    expect(feed.selectVisibleFeedItems(state, 'model', ['1']).map((c) => c.id)).toEqual(['2']);
  });

  it('the next page appends without duplicates, and the last page says there is no more', () => {
    const { state } = given(feed.pageRequested({ query: q0 }), loaded(q0, ['1', '2'], 20)).when(
      feed.pageRequested({ query: q20 }),
      loaded(q20, ['2', '3'], 40, false),
    );
    expect(feed.selectFeedItems(state, 'model').map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(feed.selectNextPageOffset(state, 'model')).toBeNull();
  });

  it('an answer to a query no longer awaited is dropped', () => {
    const qNew = feed.buildFeedQuery('model', { sort: 'new' });
    const g = given(feed.pageRequested({ query: q0 }), feed.pageRequested({ query: qNew }));
    expect(g.when(loaded(q0, ['1'], 20)).state).toBe(g.state);
    expect(g.when(feed.pageFailed({ query: q0, code: 500 })).state).toBe(g.state);
    const qNew20 = feed.buildFeedQuery('model', { sort: 'new', offset: 20 });
    expect(g.when(loaded(qNew20, ['1'], 40)).state).toBe(g.state);
  });

  it('answers when nothing is loading are dropped, and a repeated request is the same state', () => {
    const g = given(feed.pageRequested({ query: q0 }), loaded(q0, ['1'], 20));
    expect(g.when(loaded(q0, ['9'], 20)).state).toBe(g.state);
    expect(g.when(feed.pageFailed({ query: q0, code: 1 })).state).toBe(g.state);
    const loading = given(feed.pageRequested({ query: q0 }));
    expect(loading.when(feed.pageRequested({ query: q0 })).state).toBe(loading.state);
  });

  it('a changed sort starts a new list from nothing', () => {
    const qNew = feed.buildFeedQuery('model', { sort: 'new' });
    const { state } = given(feed.pageRequested({ query: q0 }), loaded(q0, ['1', '2'], 20)).when(
      feed.pageRequested({ query: qNew }),
    );
    expect(state.tabs.model).toMatchObject({ status: 'loading', items: [], offset: 0, requestedOffset: 0 });
  });

  it('a failed page keeps the cards, and retrying asks for the same offset', () => {
    const { state } = given(
      feed.pageRequested({ query: q0 }),
      loaded(q0, ['1'], 20),
      feed.pageRequested({ query: q20 }),
    ).when(feed.pageFailed({ query: q20, code: 10500 }));
    expect(state.tabs.model).toMatchObject({ status: 'error', code: 10500, failedOffset: 20, offset: 20 });
    expect(feed.selectFeedItems(state, 'model')).toHaveLength(1);
    expect(feed.selectNextPageOffset(state, 'model')).toBe(20);
    const retried = given(
      feed.pageRequested({ query: q0 }),
      loaded(q0, ['1'], 20),
      feed.pageRequested({ query: q20 }),
      feed.pageFailed({ query: q20, code: 1 }),
    ).when(feed.pageRequested({ query: q20 }), loaded(q20, ['5'], 40));
    expect(feed.selectFeedItems(retried.state, 'model').map((c) => c.id)).toEqual(['1', '5']);
  });

  it('a reload of an earlier page adds what is new but never moves the offset back', () => {
    const { state } = given(feed.pageRequested({ query: q0 }), loaded(q0, ['1'], 20, false)).when(
      feed.pageRequested({ query: q0 }),
      loaded(q0, ['0', '1'], 10, true),
    );
    expect(state.tabs.model).toMatchObject({ status: 'loaded', offset: 20, hasMore: false });
    expect(feed.selectFeedItems(state, 'model').map((c) => c.id)).toEqual(['1', '0']);
  });

  it('a non-finite next offset keeps the cursor where it is', () => {
    const { state } = given(feed.pageRequested({ query: q0 })).when(loaded(q0, ['1'], Number.NaN));
    expect(state.tabs.model).toMatchObject({ offset: 0 });
  });

  it('a reset starts the tab over; resetting an idle tab changes nothing', () => {
    const { state } = given(feed.pageRequested({ query: q0 }), loaded(q0, ['1'], 20)).when(
      feed.feedReset({ tab: 'model' }),
    );
    expect(state.tabs.model).toEqual({ status: 'idle' });
    const idle = given();
    expect(idle.when(feed.feedReset({ tab: 'model' })).state).toBe(idle.state);
  });

  it('an event for a tab outside the catalogue (a newer log) changes nothing', () => {
    const s = ctx.initialState;
    const alien = stampAll([feed.feedReset({ tab: 'shorts' as feed.ListTab })])[0]!;
    expect(ctx.evolve(s, alien)).toBe(s);
  });

  it('the invariants name what broke', () => {
    const e = stampAll([feed.feedReset({ tab: 'model' })])[0]!;
    const list = { queryKey: 'k', items: [card('1'), card('1')], offset: 10, hasMore: true };
    const dup: feed.FeedState = { tabs: { ...ctx.initialState.tabs, model: { status: 'loaded', ...list } } };
    expect(feed.feedItemsUnique.check(ctx.initialState, dup, e)).toBe('tab model holds a card twice');
    const back: feed.FeedState = {
      tabs: { ...ctx.initialState.tabs, model: { status: 'loaded', ...list, items: [], offset: 5 } },
    };
    expect(feed.feedOffsetMonotonic.check(dup, back, e)).toBe('tab model offset went back from 10 to 5');
    const neg: feed.FeedState = {
      tabs: { ...ctx.initialState.tabs, model: { status: 'loaded', ...list, items: [], offset: -1 } },
    };
    expect(feed.feedOffsetMonotonic.check(ctx.initialState, neg, e)).toBe(
      'tab model offset -1 is not a non-negative integer',
    );
  });
});

// Random paging: a few queries over two tabs, offsets that collide, cards that repeat.
const queryArb = fc
  .record({
    tab: fc.constantFrom('model' as const, 'post' as const),
    sort: fc.constantFrom('hot' as const, 'new' as const),
    offset: fc.constantFrom(0, 10, 20, 30),
  })
  .map(({ tab, sort, offset }) => feed.buildFeedQuery(tab, { sort, offset }));
const cardArb = fc
  .record({ id: fc.constantFrom('1', '2', '3', '4', '5', '6'), t: fc.constantFrom(1 as const, 2 as const) })
  .map(({ id, t }) => card(id, t));
const feedEventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  queryArb.map((query) => feed.pageRequested({ query })),
  fc
    .record({
      query: queryArb,
      items: fc.array(cardArb, { maxLength: 6 }),
      step: fc.integer({ min: -5, max: 15 }),
      hasMore: fc.boolean(),
    })
    .map(({ query, items, step, hasMore }) =>
      feed.pageLoaded({ query, items, nextOffset: query.params.offset + step, hasMore }),
    ),
  fc.record({ query: queryArb, code: fc.constantFrom(500, 10404) }).map((p) => feed.pageFailed(p)),
  fc.constantFrom('model' as const, 'post' as const).map((tab) => feed.feedReset({ tab })),
);
// Requests are answered more often than not, so that lists actually grow.
const answeredArb: fc.Arbitrary<UnstampedEvent[]> = fc
  .array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(
          queryArb,
          fc.array(cardArb, { maxLength: 6 }),
          fc.integer({ min: 0, max: 15 }),
          fc.boolean(),
        ),
      },
      { weight: 1, arbitrary: feedEventArb },
    ),
    { maxLength: 30 },
  )
  .map((steps) =>
    steps.flatMap((s) =>
      Array.isArray(s)
        ? [
            feed.pageRequested({ query: s[0] }),
            feed.pageLoaded({
              query: s[0],
              items: s[1],
              nextOffset: s[0].params.offset + s[2],
              hasMore: s[3],
            }),
          ]
        : [s],
    ),
  );

describe('feed: paging properties', () => {
  it('property: paging never duplicates an item', () => {
    fc.assert(
      fc.property(answeredArb, (raw) => {
        let s = ctx.initialState;
        for (const e of stampAll(raw)) {
          s = ctx.evolve(s, e);
          for (const tab of feed.LIST_TABS) {
            const keys = feed.selectFeedItems(s, tab).map(feed.cardKey);
            expect(new Set(keys).size).toBe(keys.length);
          }
        }
      }),
    );
  });

  it('property: the offset is monotonic within a query', () => {
    fc.assert(
      fc.property(answeredArb, (raw) => {
        let s = ctx.initialState;
        for (const e of stampAll(raw)) {
          const next = ctx.evolve(s, e);
          for (const tab of feed.LIST_TABS) {
            const a = s.tabs[tab];
            const b = next.tabs[tab];
            if (a.status !== 'idle' && b.status !== 'idle' && a.queryKey === b.queryKey)
              expect(b.offset).toBeGreaterThanOrEqual(a.offset);
          }
          s = next;
        }
      }),
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(feedEventArb, { maxLength: 40 }), fc.nat(), (raw, cut) => {
        const events = stampAll(raw);
        const scratch = replayWith(evolveAny, [], ctx.initialState, events).state;
        let step = ctx.initialState;
        for (const e of events) step = ctx.evolve(step, e);
        const k = cut % (events.length + 1);
        expect(step).toEqual(scratch);
        expect(fold(events.slice(k), fold(events.slice(0, k)))).toEqual(scratch);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.oneof(answeredArb, fc.array(feedEventArb, { maxLength: 40 })), (raw) => {
        expect(replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw)).violation).toBeNull();
      }),
    );
  });
});
