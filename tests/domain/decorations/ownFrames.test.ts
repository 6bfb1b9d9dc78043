/**
 * A box the person wears or unloads is drawn at once on their own items already loaded elsewhere
 * (spec §2, §3 avatar_frame and decorations; §4 "worn, then unloaded"): the root reducer follows
 * the decorations fact with `decorations.followWornFrames`. Examples through the real root
 * reducer, and the laws as properties over `withOwnFrames`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decorations,
  checkInvariants,
  evolve,
  invariantRegistry,
  stamp,
  details,
  feed,
  people,
  search,
  session,
  tasks,
  type InvariantViolation,
  type RootState,
  type UnstampedEvent,
} from '../../../domain/index.js';
import { given as givenAll } from '../../support/spec.js';

/**
 * The history folded once, then the new events applied to that very state, so what did not change
 * can be checked to be the same object (the store's memoised selectors rely on it).
 */
const given = (...history: UnstampedEvent[]) => {
  const past = givenAll(...history);
  return {
    state: past.state,
    when: (...now: UnstampedEvent[]) => {
      let state = past.state;
      let violation: InvariantViolation | null = null;
      now.forEach((e, i) => {
        const prev = state;
        const event = stamp(e, history.length + i + 1, 1_000_000 + i);
        state = evolve(prev, event);
        violation ??= checkInvariants(invariantRegistry, prev, state, event);
      });
      return { before: past.state, state, violation };
    },
  };
};

const ME = 'me';
const OTHER = 'other';
const RING = '/blobs/ring.png';
const GOLD = '/blobs/gold-frame.png';

const ornament = (over: Partial<decorations.Ornament>): decorations.Ornament => ({
  id: 'av1',
  type: 'avatarBox',
  name: 'Ring',
  preview: { url: RING, width: 192, height: 192 },
  price: 300,
  stock: 5,
  is_owned: true,
  is_wearing: false,
  buy_at: 1,
  sold: 1,
  ...over,
});

const card = (id: string, authorId: string, over: Partial<feed.FeedCard> = {}): feed.FeedCard => ({
  id,
  obj_type: 1,
  cardType: 'artwork',
  title: id,
  cover: { url: `/${id}.png`, width: 300, height: 300 },
  authorId,
  author: { name: authorId, avatar: `/${authorId}.png`, avatarFrame: null },
  productionFrame: null,
  ...over,
});

const workCard = (id: string, authorId: string): details.WorkCard => ({
  id,
  objType: 1,
  cardType: 'artwork',
  title: id,
  cover: null,
  authorId,
  authorName: authorId,
  likes: 0,
  productionFrame: null,
});

const detailItem = (id: string, authorId: string): details.DetailItem => ({
  id,
  objType: 1,
  cardType: 'artwork',
  title: id,
  description: '',
  cover: { url: `/${id}.png`, width: 300, height: 400 },
  author: { id: authorId, name: authorId, avatar: `/${authorId}.png`, avatarFrame: null },
  productionFrame: null,
  publishedAt: 1,
  tags: [],
  stats: { likes: 0, collections: 0, plays: null, tasks: null },
  meta: null,
  models: [],
  media: null,
  modelType: null,
  baseModel: null,
  versions: [],
  triggerWords: [],
  contentHtml: null,
  subChannel: null,
});

const comment = (id: string, authorId: string): details.DetailComment => ({
  id,
  content: id,
  createdAt: 1,
  author: { id: authorId, name: authorId, avatar: `/${authorId}.png` },
});

const snapshot = (id: string, publishedAs?: string): tasks.TaskSnapshot => ({
  id,
  params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
  guest: false,
  createdAt: 1,
  estimateMs: null,
  status: 3,
  progress: 100,
  statusDesc: '',
  images: [],
  media: [],
  ...(publishedAs === undefined ? {} : { publishedAs }),
});

const query = feed.buildFeedQuery('recommend');

/** Everything a person can have loaded: their cards and others', their artwork published from task t1. */
const world: UnstampedEvent[] = [
  session.userInfoSet({
    user: { id: ME, accountName: ME, name: 'Me', email: 'me@x.test', avatar: '/me.png', status: 1, role: '' },
  }),
  decorations.ornamentsReceived({
    ornaments: [
      ornament({ id: 'av1' }),
      ornament({ id: 'pb1', type: 'productionBox', preview: { url: GOLD, width: 600, height: 600 } }),
    ],
  }),
  tasks.taskListReceived({ requestedAt: 10, items: [snapshot('t1', 'art1'), snapshot('t2')] }),
  feed.pageRequested({ query }),
  feed.pageLoaded({
    query,
    items: [card('art1', ME), card('art2', ME), card('art3', OTHER)],
    nextOffset: 3,
    hasMore: false,
  }),
  details.itemRequested({ id: 'art1' }),
  details.itemLoaded({ item: detailItem('art1', ME) }),
  details.itemRequested({ id: 'art3' }),
  details.itemLoaded({ item: detailItem('art3', OTHER) }),
  details.commentsRequested({ id: 'art3', offset: 0 }),
  details.commentsLoaded({
    id: 'art3',
    offset: 0,
    items: [comment('c1', ME), comment('c2', OTHER)],
    nextOffset: 2,
    hasMore: false,
    total: 2,
  }),
  details.worksRequested({ id: 'art3', list: 'related' }),
  details.worksLoaded({
    id: 'art3',
    list: 'related',
    items: [workCard('art1', ME), workCard('art3', OTHER)],
  }),
  people.profileLoaded({
    profile: {
      id: ME,
      name: 'Me',
      avatar: '/me.png',
      avatarFrame: null,
      createdAt: 1,
      isSelf: true,
      followers: 0,
      following: 0,
      works: 2,
    },
  }),
  people.listRequested({ list: { kind: 'works', id: ME }, reset: true }),
  people.listPageLoaded({
    list: { kind: 'works', id: ME },
    entries: [card('art1', ME, { author: undefined }), card('art2', ME, { author: undefined })],
    offset: 2,
    hasMore: false,
  }),
  people.listRequested({ list: { kind: 'followers', id: OTHER }, reset: true }),
  people.listPageLoaded({
    list: { kind: 'followers', id: OTHER },
    entries: [
      { id: ME, name: 'Me', avatar: '/me.png', avatarFrame: null, followers: 0, works: 2 },
      { id: 'third', name: 'Third', avatar: '/t.png', avatarFrame: null, followers: 0, works: 0 },
    ],
    offset: 2,
    hasMore: false,
  }),
  search.resultsRequested({ key: 'search:all:harbour', offset: 0 }),
  search.resultsLoaded({
    key: 'search:all:harbour',
    offset: 0,
    items: [
      { kind: 'work', work: workCard('art1', ME) },
      {
        kind: 'user',
        user: { id: ME, name: 'Me', avatar: '/me.png', avatarFrame: null, followers: 0, works: 2 },
      },
      {
        kind: 'user',
        user: { id: OTHER, name: 'O', avatar: '/o.png', avatarFrame: null, followers: 0, works: 1 },
      },
    ],
    nextOffset: 3,
    hasMore: false,
  }),
];

const feedCards = (s: RootState) => {
  const tab = s.feed.tabs.recommend;
  return tab.status === 'idle' ? [] : tab.items;
};
const detail = (s: RootState, id: string) => {
  const load = s.details.items[id];
  return load?.status === 'loaded' ? load.item : null;
};
const related = (s: RootState) => {
  const load = s.details.works[details.worksKey('related', 'art3')];
  return load?.status === 'loaded' ? load.items : [];
};
const profile = (s: RootState) => {
  const p = s.people.profiles[ME];
  return p?.status === 'loaded' ? p.value : null;
};
const results = (s: RootState) => s.search.results['search:all:harbour']?.items ?? [];

describe('decorations: the person’s own loaded items follow what they wear (spec §3 avatar_frame, §4 worn then unloaded)', () => {
  it('an avatar box worn is drawn at once on every avatar of theirs already loaded, and on nobody else’s', () => {
    const { before, state, violation } = given(...world).when(
      decorations.avatarBoxWorn({ ornamentId: 'av1' }),
    );
    expect(violation).toBeNull();
    const [mine, mine2, theirs] = feedCards(state);
    expect(mine?.author?.avatarFrame).toBe(RING);
    expect(mine2?.author?.avatarFrame).toBe(RING);
    expect(theirs).toBe(feedCards(before)[2]);
    expect(detail(state, 'art1')?.author.avatarFrame).toBe(RING);
    expect(detail(state, 'art3')).toBe(detail(before, 'art3'));
    const comments = state.details.comments['art3']?.items ?? [];
    expect(comments.map((c) => c.author.avatarFrame ?? null)).toEqual([RING, null]);
    expect(comments[1]).toBe(before.details.comments['art3']?.items[1]);
    expect(profile(state)?.avatarFrame).toBe(RING);
    const followers = state.people.lists.followers[OTHER]?.entries ?? [];
    expect(followers.map((p) => p.avatarFrame ?? null)).toEqual([RING, null]);
    expect(
      results(state).flatMap((r) => (r.kind === 'user' ? [[r.user.id, r.user.avatarFrame ?? null]] : [])),
    ).toEqual([
      [ME, RING],
      [OTHER, null],
    ]);
    // The header's avatar too, before the account info is read again.
    expect(state.session.status === 'signedIn' && state.session.user.avatarFrame).toBe(RING);
    // A production box is not an avatar box: no cover changed.
    expect(feedCards(state).map((c) => c.productionFrame)).toEqual([null, null, null]);
    expect(state.tasks).toBe(before.tasks);
  });

  it('unloaded, the frame leaves them again; wearing another ring draws that one', () => {
    const worn = given(...world, decorations.avatarBoxWorn({ ornamentId: 'av1' }));
    const off = worn.when(decorations.avatarBoxUnloaded({ ornamentId: 'av1' })).state;
    expect(feedCards(off).map((c) => c.author?.avatarFrame ?? null)).toEqual([null, null, null]);
    expect(detail(off, 'art1')?.author.avatarFrame).toBeNull();
    expect(profile(off)?.avatarFrame).toBeNull();

    const swapped = given(
      ...world,
      decorations.ornamentsReceived({
        ornaments: [ornament({ id: 'av2', preview: { url: '/blobs/star.png', width: 192, height: 192 } })],
      }),
      decorations.avatarBoxWorn({ ornamentId: 'av1' }),
    ).when(decorations.avatarBoxWorn({ ornamentId: 'av2' })).state;
    expect(feedCards(swapped)[0]?.author?.avatarFrame).toBe('/blobs/star.png');
    expect(detail(swapped, 'art1')?.author.avatarFrame).toBe('/blobs/star.png');
  });

  it('a production box worn on a task frames its task card and the artwork published from it, wherever it is loaded', () => {
    const { before, state, violation } = given(...world).when(
      decorations.productionBoxWorn({ ornamentId: 'pb1', workId: 't1' }),
    );
    expect(violation).toBeNull();
    expect(state.tasks.byId['t1']?.productionFrame).toBe(GOLD);
    expect(state.tasks.byId['t2']).toBe(before.tasks.byId['t2']);
    expect(feedCards(state).map((c) => c.productionFrame)).toEqual([GOLD, null, null]);
    expect(detail(state, 'art1')?.productionFrame).toBe(GOLD);
    expect(related(state).map((w) => w.productionFrame)).toEqual([GOLD, null]);
    expect(state.people.lists.works[ME]?.entries.map((c) => c.productionFrame)).toEqual([GOLD, null]);
    expect(results(state)[0]).toMatchObject({ kind: 'work', work: { id: 'art1', productionFrame: GOLD } });
    // Avatars are not covers: no avatar changed.
    expect(feedCards(state).map((c) => c.author?.avatarFrame ?? null)).toEqual([null, null, null]);
    expect(state.people.profiles).toBe(before.people.profiles);

    const off = given(...world, decorations.productionBoxWorn({ ornamentId: 'pb1', workId: 't1' })).when(
      decorations.productionBoxUnloaded({ workId: 't1' }),
    ).state;
    expect(off.tasks.byId['t1']?.productionFrame).toBeUndefined();
    expect(feedCards(off).map((c) => c.productionFrame)).toEqual([null, null, null]);
    expect(detail(off, 'art1')?.productionFrame).toBeNull();
  });

  it('a production box taken off without naming a work (the list answers it is no longer worn) leaves every work it was on', () => {
    const { state, violation } = given(
      ...world,
      decorations.productionBoxWorn({ ornamentId: 'pb1', workId: 't1' }),
      decorations.productionBoxWorn({ ornamentId: 'pb1', workId: 't2' }),
    ).when(
      decorations.ornamentsReceived({
        ornaments: [
          ornament({ id: 'pb1', type: 'productionBox', preview: { url: GOLD, width: 600, height: 600 } }),
        ],
      }),
    );
    expect(violation).toBeNull();
    expect(state.tasks.byId['t1']?.productionFrame).toBeUndefined();
    expect(state.tasks.byId['t2']?.productionFrame).toBeUndefined();
    expect(feedCards(state).map((c) => c.productionFrame)).toEqual([null, null, null]);
    expect(detail(state, 'art1')?.productionFrame).toBeNull();
  });

  it('the list read again says which ring is worn: it is drawn; forgetting the account’s decorations draws nothing', () => {
    const listed = given(...world).when(
      decorations.ornamentsReceived({ ornaments: [ornament({ id: 'av1', is_wearing: true })] }),
    ).state;
    expect(feedCards(listed)[0]?.author?.avatarFrame).toBe(RING);
    const cleared = given(...world, decorations.avatarBoxWorn({ ornamentId: 'av1' })).when(
      decorations.accountCleared({}),
    );
    expect(cleared.state.feed).toBe(cleared.before.feed);
  });

  it('a task not yet published frames only its task card', () => {
    const { before, state } = given(...world).when(
      decorations.productionBoxWorn({ ornamentId: 'pb1', workId: 't2' }),
    );
    expect(state.tasks.byId['t2']?.productionFrame).toBe(GOLD);
    expect(state.feed).toBe(before.feed);
    expect(state.details).toBe(before.details);
  });

  it('a wear the decorations refuse (not owned), or one while signed out, changes nobody’s items', () => {
    const notOwned = given(
      ...world,
      decorations.ornamentsReceived({ ornaments: [ornament({ id: 'av9', is_owned: false })] }),
    );
    const refused = notOwned.when(decorations.avatarBoxWorn({ ornamentId: 'av9' }));
    expect(refused.state.feed).toBe(refused.before.feed);
    expect(refused.state.details).toBe(refused.before.details);

    const signedOut = given(...world, session.loggedOut({})).when(
      decorations.avatarBoxWorn({ ornamentId: 'av1' }),
    );
    expect(signedOut.state.feed).toBe(signedOut.before.feed);
  });
});

describe('decorations: withOwnFrames laws (properties)', () => {
  const base = given(...world).state;
  const arbCards = fc.array(
    fc.record({
      id: fc.constantFrom('art1', 'art2', 'art3', 'art4'),
      author: fc.constantFrom(ME, OTHER, 'third'),
      objType: fc.constantFrom<feed.FeedCard['obj_type']>(1, 2, 4),
      frame: fc.constantFrom<string | null>(null, RING, GOLD),
    }),
    { maxLength: 12 },
  );
  const arbFrames: fc.Arbitrary<decorations.OwnFrames> = fc.oneof(
    fc.constantFrom<string | null>(null, RING, GOLD).map((avatarFrame) => ({ personId: ME, avatarFrame })),
    fc
      .tuple(fc.constantFrom<string | null>('art1', 'art2', null), fc.constantFrom<string | null>(null, GOLD))
      .map(([artworkId, frame]) => ({ personId: ME, work: { taskId: 't1', artworkId, frame } })),
  );
  const withCards = (cards: readonly feed.FeedCard[]): RootState => ({
    ...base,
    feed: {
      tabs: {
        ...base.feed.tabs,
        recommend: {
          status: 'loaded',
          queryKey: feed.feedQueryKey(query),
          items: cards,
          offset: 0,
          hasMore: false,
        },
      },
    },
  });
  const toCards = (
    raw: { id: string; author: string; objType: feed.FeedCard['obj_type']; frame: string | null }[],
  ) => {
    const seen = new Set<string>();
    return raw
      .filter((r) => !seen.has(`${r.objType}:${r.id}`) && (seen.add(`${r.objType}:${r.id}`), true))
      .map((r) =>
        card(r.id, r.author, {
          obj_type: r.objType,
          author: { name: r.author, avatar: '', avatarFrame: r.frame },
          productionFrame: r.frame,
        }),
      );
  };

  it('only the person’s own items change; everyone else’s stay the very same objects', () => {
    fc.assert(
      fc.property(arbCards, arbFrames, (raw, frames) => {
        const before = withCards(toCards(raw));
        const after = decorations.withOwnFrames(before, frames);
        const was = feedCards(before);
        feedCards(after).forEach((c, i) => {
          if (c.authorId !== ME) expect(c).toBe(was[i]);
        });
      }),
    );
  });

  it('every own item shows the new frame; applying it twice is applying it once (same state)', () => {
    fc.assert(
      fc.property(arbCards, arbFrames, (raw, frames) => {
        const once = decorations.withOwnFrames(withCards(toCards(raw)), frames);
        expect(decorations.withOwnFrames(once, frames)).toBe(once);
        for (const c of feedCards(once)) {
          if (c.authorId !== ME) continue;
          if (frames.avatarFrame !== undefined) expect(c.author?.avatarFrame).toBe(frames.avatarFrame);
          if (frames.work?.artworkId === c.id && c.obj_type === 1)
            expect(c.productionFrame).toBe(frames.work.frame);
        }
      }),
    );
  });

  it('lists holding nothing of the person’s are returned as they were', () => {
    fc.assert(
      fc.property(arbCards, arbFrames, (raw, frames) => {
        const before = withCards(toCards(raw));
        const after = decorations.withOwnFrames(before, { ...frames, personId: 'nobody' });
        expect(after.feed).toBe(before.feed);
        expect(after.details).toBe(before.details);
        expect(after.people).toBe(before.people);
        expect(after.search).toBe(before.search);
        expect(after.session).toBe(before.session);
      }),
    );
  });
});
