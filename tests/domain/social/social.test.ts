import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  replayWith,
  stamp,
  tableEntries,
  tableGet,
  tableSet,
  type DomainEvent,
  type UnstampedEvent,
} from '../../../domain/index.js';
import * as social from '../../../domain/social/index.js';
import * as feed from '../../../domain/feed/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const given = givenIn(social.socialContext);
const ctx = social.socialContext;
// replayWith folds any DomainEvent; this context's events are the only ones given to it here.
const evolveAny = ctx.evolve as unknown as (s: social.SocialState, e: DomainEvent) => social.SocialState;

const item = (over: Partial<social.ContentItem> = {}): social.ContentItem => ({
  id: '101',
  obj_type: 1,
  liked: false,
  collect: null,
  stat: { num_of_like: 10, num_of_collection: 3 },
  author: { id: 'a1', is_follow: false },
  ...over,
});
const KEY = '1:101';
const received = (...items: social.ContentItem[]) => social.itemsReceived({ items });
const like = (opId = 'op1', key = KEY) => social.likeToggled({ key, opId });
const itemOf = (s: social.SocialState, key = KEY) => social.selectContentItem(s, key);

const stampAll = (events: readonly UnstampedEvent[]): social.SocialEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as social.SocialEvent);
const fold = (events: readonly social.SocialEvent[], from: social.SocialState = ctx.initialState) =>
  events.reduce(ctx.evolve, from);

describe('social: content items (spec §3 "content item: id, obj_type, liked, collect, stat, author")', () => {
  it('keys items by obj_type and id, so an artwork and a model with one id stay apart', () => {
    const { state } = given().when(received(item(), item({ obj_type: 2, liked: true })));
    expect(social.contentKey({ obj_type: 1, id: '101' })).toBe('1:101');
    expect(itemOf(state, '1:101')?.liked).toBe(false);
    expect(itemOf(state, '2:101')?.liked).toBe(true);
    expect(itemOf(state, '9:9')).toBeUndefined();
  });

  it("keeps server counts whole and never negative, counting the viewer's own like and collect", () => {
    const { state, violation } = given().when(
      received(
        item({ stat: { num_of_like: -4, num_of_collection: Number.NaN } }),
        item({
          id: '7',
          liked: true,
          collect: { id: 'c', collection_id: null, collection_name: null },
          stat: { num_of_like: 0, num_of_collection: 0.5 },
        }),
      ),
    );
    expect(violation).toBeNull();
    expect(itemOf(state)?.stat).toEqual({ num_of_like: 0, num_of_collection: 0 });
    expect(itemOf(state, '1:7')?.stat).toEqual({ num_of_like: 1, num_of_collection: 1 });
  });

  it('an empty batch changes nothing', () => {
    const g = given(received(item()));
    expect(g.when(received()).state).toBe(g.state);
  });
});

describe('social: like (spec §4 "Like: toggles liked and adjusts counts by one")', () => {
  it('given an unliked item with 10 likes, when liked, then it is liked with 11', () => {
    const { state } = given(received(item())).when(like());
    expect(itemOf(state)).toMatchObject({ liked: true, stat: { num_of_like: 11 } });
  });

  it('given a liked item, when unliked, then the count drops by one', () => {
    const { state } = given(received(item({ liked: true }))).when(like());
    expect(itemOf(state)).toMatchObject({ liked: false, stat: { num_of_like: 9 } });
  });

  it('the rule never goes below 0 even on counts the server got wrong', () => {
    expect(social.toggleLike({ liked: true, num_of_like: 0 })).toEqual({ liked: false, num_of_like: 0 });
    expect(social.toggleLike({ liked: false, num_of_like: -3 })).toEqual({ liked: true, num_of_like: 1 });
  });

  it('a toggle of an unknown item or a reused op id changes nothing', () => {
    const g = given(received(item()), like('op1'));
    expect(g.when(like('op2', '1:999')).state).toBe(g.state);
    expect(g.when(like('op1')).state).toBe(g.state);
  });

  it('property: like toggled twice returns to the original state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -5, max: 10_000 }), (liked, likes) => {
        const g = given(received(item({ liked, stat: { num_of_like: likes, num_of_collection: 0 } })));
        const { state } = g.when(like('x'), like('y'));
        expect(itemOf(state)).toEqual(itemOf(g.state));
        const once = social.toggleLike(
          social.toggleLike({ liked, num_of_like: Math.max(likes, liked ? 1 : 0) }),
        );
        expect(once).toEqual({ liked, num_of_like: Math.max(likes, liked ? 1 : 0) });
      }),
    );
  });
});

describe('social: optimistic like with rollback (spec §8 "Like: failure shows status.msg")', () => {
  it('given an optimistic like, when the server refuses it, then the like is rolled back', () => {
    const g = given(received(item()), like('op1'));
    expect(social.selectIsItemPending(g.state, KEY)).toBe(true);
    const { state } = g.when(social.likeRolledBack({ opId: 'op1' }));
    expect(itemOf(state)).toMatchObject({ liked: false, stat: { num_of_like: 10 } });
    expect(state.pending).toEqual({});
  });

  it('given an optimistic like, when confirmed, then it stays and is no longer pending', () => {
    const { state } = given(received(item()), like('op1')).when(social.likeConfirmed({ opId: 'op1' }));
    expect(itemOf(state)?.liked).toBe(true);
    expect(social.selectIsItemPending(state, KEY)).toBe(false);
  });

  it("a rollback does not undo a later toggle: the user's last action wins", () => {
    const { state } = given(received(item()), like('op1'), like('op2')).when(
      social.likeRolledBack({ opId: 'op1' }),
    );
    expect(itemOf(state)).toMatchObject({ liked: false, stat: { num_of_like: 10 } });
    expect(Object.keys(state.pending)).toEqual(['op2']);
  });

  it('the later op failing returns to what the earlier op made', () => {
    const { state } = given(
      received(item()),
      like('op1'),
      like('op2'),
      social.likeConfirmed({ opId: 'op1' }),
    ).when(social.likeRolledBack({ opId: 'op2' }));
    expect(itemOf(state)).toMatchObject({ liked: true, stat: { num_of_like: 11 } });
  });

  it('rollbacks and confirmations of unknown ops, or of another kind, change nothing', () => {
    const g = given(received(item()), like('op1'));
    expect(g.when(social.likeRolledBack({ opId: 'nope' })).state).toBe(g.state);
    expect(g.when(social.collectRolledBack({ opId: 'op1' })).state).toBe(g.state);
    expect(g.when(social.followConfirmed({ opId: 'op1' })).state).toBe(g.state);
    expect(g.when(social.collectConfirmed({ opId: 'op1', collectId: 'c' })).state).toBe(g.state);
  });
});

describe('social: collect (spec §4 "Collect: adds (to the default or a chosen folder) or removes")', () => {
  const folder = { collection_id: 'f9', collection_name: 'Moodboard' };

  it('adds to the default folder and counts one more', () => {
    const { state } = given(received(item())).when(
      social.collectAdded({ key: KEY, opId: 'c1', folder: null }),
    );
    expect(itemOf(state)).toMatchObject({
      collect: { id: null, collection_id: null, collection_name: null },
      stat: { num_of_collection: 4 },
    });
  });

  it('adds to a chosen folder, and the server\'s id (spec §7 "returns data.id") lands on it', () => {
    const { state } = given(received(item()), social.collectAdded({ key: KEY, opId: 'c1', folder })).when(
      social.collectConfirmed({ opId: 'c1', collectId: 'col-55' }),
    );
    expect(itemOf(state)?.collect).toEqual({
      id: 'col-55',
      collection_id: 'f9',
      collection_name: 'Moodboard',
    });
    expect(state.pending).toEqual({});
  });

  it('collecting again into another folder moves it and keeps the count', () => {
    const collected = item({ collect: { id: 'col-1', collection_id: null, collection_name: null } });
    const { state } = given(received(collected)).when(social.collectAdded({ key: KEY, opId: 'c2', folder }));
    expect(itemOf(state)).toMatchObject({
      collect: { id: 'col-1', collection_id: 'f9' },
      stat: { num_of_collection: 3 },
    });
  });

  it('removes and counts one less; removing what is not collected changes nothing', () => {
    const collected = item({ collect: { id: 'col-1', collection_id: 'f9', collection_name: 'M' } });
    const { state } = given(received(collected)).when(social.collectRemoved({ key: KEY, opId: 'r1' }));
    expect(itemOf(state)).toMatchObject({ collect: null, stat: { num_of_collection: 2 } });
    const g = given(received(item()));
    expect(g.when(social.collectRemoved({ key: KEY, opId: 'r1' })).state).toBe(g.state);
    expect(g.when(social.collectRemoved({ key: '1:404', opId: 'r1' })).state).toBe(g.state);
    expect(
      social.removeCollect({
        collect: { id: 'x', collection_id: null, collection_name: null },
        num_of_collection: 0,
      }).num_of_collection,
    ).toBe(0);
  });

  it('a refused collect is rolled back; a confirmation of a removal only clears the op', () => {
    const g = given(received(item()), social.collectAdded({ key: KEY, opId: 'c1', folder }));
    const back = g.when(social.collectRolledBack({ opId: 'c1' })).state;
    expect(itemOf(back)).toMatchObject({ collect: null, stat: { num_of_collection: 3 } });
    const removed = given(
      received(item({ collect: { id: 'k', collection_id: null, collection_name: null } })),
      social.collectRemoved({ key: KEY, opId: 'r' }),
    );
    const ok = removed.when(social.collectConfirmed({ opId: 'r', collectId: null })).state;
    expect(itemOf(ok)?.collect).toBeNull();
    expect(ok.pending).toEqual({});
  });

  it('a late id or rollback does not touch a collect made after it', () => {
    const g = given(
      received(item()),
      social.collectAdded({ key: KEY, opId: 'c1', folder: null }),
      social.collectAdded({ key: KEY, opId: 'c2', folder }),
    );
    const late = g.when(social.collectConfirmed({ opId: 'c1', collectId: 'old' })).state;
    expect(itemOf(late)?.collect).toEqual({ id: null, collection_id: 'f9', collection_name: 'Moodboard' });
    const lateBack = g.when(social.collectRolledBack({ opId: 'c1' })).state;
    expect(itemOf(lateBack)?.collect?.collection_id).toBe('f9');
  });
});

describe('social: follow (spec §4 "Follow: toggles is_follow")', () => {
  it('toggles per author: every card of that author shows it', () => {
    const { state } = given(
      received(item(), item({ id: '102' }), item({ id: '103', author: { id: 'a2', is_follow: false } })),
    ).when(social.followToggled({ authorId: 'a1', opId: 'f1' }));
    expect(itemOf(state, '1:101')?.author).toEqual({ id: 'a1', is_follow: true });
    expect(itemOf(state, '1:102')?.author.is_follow).toBe(true);
    expect(itemOf(state, '1:103')?.author.is_follow).toBe(false);
  });

  it('toggled again unfollows; a refused follow is rolled back; a confirmed one stays', () => {
    const g = given(received(item({ author: { id: 'a1', is_follow: true } })));
    expect(
      social.selectIsFollowing(g.when(social.followToggled({ authorId: 'a1', opId: 'f1' })).state, 'a1'),
    ).toBe(false);
    const pending = given(received(item()), social.followToggled({ authorId: 'a1', opId: 'f1' }));
    expect(social.selectIsFollowing(pending.when(social.followRolledBack({ opId: 'f1' })).state, 'a1')).toBe(
      false,
    );
    expect(social.selectIsFollowing(pending.when(social.followConfirmed({ opId: 'f1' })).state, 'a1')).toBe(
      true,
    );
    expect(pending.when(social.followToggled({ authorId: 'a1', opId: 'f1' })).state).toBe(pending.state);
  });

  it('a rollback after a later toggle is dropped', () => {
    const { state } = given(
      social.followToggled({ authorId: 'zz', opId: 'f1' }),
      social.followToggled({ authorId: 'zz', opId: 'f2' }),
    ).when(social.followRolledBack({ opId: 'f1' }));
    expect(social.selectIsFollowing(state, 'zz')).toBe(false);
    expect(Object.keys(state.pending)).toEqual(['f2']);
  });

  it('a page that may predate a follow in flight does not undo it; once confirmed, the follow stays', () => {
    const pending = given(received(item()), social.followToggled({ authorId: 'a1', opId: 'f1' }));
    // The profile's works, asked for before Follow was pressed, arrive after it.
    const stale = pending.when(received(item({ id: '102' }), item({ id: '103' })));
    expect(social.selectIsFollowing(stale.state, 'a1')).toBe(true);
    const confirmed = given(
      received(item()),
      social.followToggled({ authorId: 'a1', opId: 'f1' }),
      received(item({ id: '102' })),
    ).when(social.followConfirmed({ opId: 'f1' }));
    expect(social.selectIsFollowing(confirmed.state, 'a1')).toBe(true);
    // With nothing in flight, a page sets the flag as the server has it.
    const settled = given(
      received(item()),
      social.followToggled({ authorId: 'a1', opId: 'f1' }),
      social.followConfirmed({ opId: 'f1' }),
    ).when(received(item({ id: '104' })));
    expect(social.selectIsFollowing(settled.state, 'a1')).toBe(false);
  });

  it("property: while a follow is in flight, no page or follow list moves its author's flag", () => {
    const flag = fc.boolean();
    const answer = fc.oneof(
      flag.map((on) => received(item({ id: 'x', author: { id: 'a1', is_follow: on } }))),
      flag.map((on) => social.followsReceived({ follows: { a1: on } })),
    );
    fc.assert(
      fc.property(flag, fc.array(answer, { maxLength: 8 }), (before, answers) => {
        const start = given(received(item({ author: { id: 'a1', is_follow: before } }))).state;
        const toggled = fold(stampAll([social.followToggled({ authorId: 'a1', opId: 'f1' })]), start);
        const after = fold(stampAll(answers), toggled);
        expect(social.selectIsFollowing(after, 'a1')).toBe(!before);
      }),
    );
  });

  it('a page read before the press does not undo a like or a collect in flight; once settled, the next page wins', () => {
    const stale = item({ liked: false, collect: null, stat: { num_of_like: 10, num_of_collection: 3 } });
    const g = given(
      received(stale),
      like('op1'),
      social.collectAdded({ key: KEY, opId: 'c1', folder: null }),
      received(stale),
    );
    expect(itemOf(g.state)).toMatchObject({ liked: true, stat: { num_of_like: 11, num_of_collection: 4 } });
    expect(itemOf(g.state)?.collect).not.toBeNull();
    // Settled: the server's copy is the truth again.
    const settled = g.when(
      social.likeConfirmed({ opId: 'op1' }),
      social.collectConfirmed({ opId: 'c1', collectId: 'k1' }),
      received(item({ liked: true, stat: { num_of_like: 40, num_of_collection: 7 } })),
    ).state;
    expect(itemOf(settled)).toMatchObject({
      liked: true,
      collect: null,
      stat: { num_of_like: 40, num_of_collection: 7 },
    });
    // Refused: the press is undone, back to what the item showed before it.
    const refused = g.when(social.likeRolledBack({ opId: 'op1' })).state;
    expect(itemOf(refused)).toMatchObject({ liked: false, stat: { num_of_like: 10 } });
  });

  it("property: while a like is in flight, no page moves the item's like or its count", () => {
    const page = fc
      .record({ liked: fc.boolean(), likes: fc.nat(100), collections: fc.nat(100) })
      .map(({ liked, likes, collections }) =>
        received(item({ liked, stat: { num_of_like: likes, num_of_collection: collections } })),
      );
    fc.assert(
      fc.property(fc.boolean(), fc.array(page, { maxLength: 6 }), (before, pages) => {
        const start = given(received(item({ liked: before }))).state;
        const pressed = fold(stampAll([like('op1')]), start);
        const shown = { liked: itemOf(pressed)?.liked, likes: itemOf(pressed)?.stat.num_of_like };
        const after = fold(stampAll(pages), pressed);
        expect({ liked: itemOf(after)?.liked, likes: itemOf(after)?.stat.num_of_like }).toEqual(shown);
        expect(shown.liked).toBe(!before);
      }),
    );
  });
});

describe('social: muting (spec §4 "reporting or \'not interested\' adds its id to a hidden list; cards in that list are filtered out of feeds")', () => {
  it('reporting and not-interested both add the id, once', () => {
    const { state } = given().when(
      social.muted({ id: '101', reason: 'report' }),
      social.muted({ id: '202', reason: 'notInterested' }),
      social.muted({ id: '101', reason: 'notInterested' }),
    );
    expect(social.selectHiddenIds(state)).toEqual(['101', '202']);
    expect(social.selectIsMuted(state, '202')).toBe(true);
    expect(social.selectIsMuted(state, '303')).toBe(false);
  });

  it('the locally kept list is restored at start-up and merged with what was muted since', () => {
    const g = given(social.muted({ id: 'x', reason: 'report' }));
    const { state } = g.when(social.hiddenListRestored({ ids: ['a', 'x', 'a', 'b'] }));
    expect(state.hidden).toEqual(['x', 'a', 'b']);
    expect(g.when(social.hiddenListRestored({ ids: ['x'] })).state).toBe(g.state);
  });

  it('filterMuted drops muted cards and keeps order; an empty list returns the same array', () => {
    const cards = [{ id: '1' }, { id: '2' }, { id: '3' }];
    expect(social.filterMuted(cards, ['2'])).toEqual([{ id: '1' }, { id: '3' }]);
    expect(social.filterMuted(cards, [])).toBe(cards);
    const s = given(social.muted({ id: '3', reason: 'report' })).state;
    expect(social.selectUnmuted(s, cards)).toEqual([{ id: '1' }, { id: '2' }]);
  });

  it('property: muting is idempotent and a filtered feed never holds a muted id', () => {
    const ids = fc.constantFrom('1', '2', '3', '4', '5', '6');
    fc.assert(
      fc.property(fc.array(ids, { maxLength: 12 }), fc.array(ids, { maxLength: 20 }), (mutes, feedIds) => {
        const once = fold(stampAll(mutes.map((id) => social.muted({ id, reason: 'report' }))));
        const twice = fold(stampAll(mutes.map((id) => social.muted({ id, reason: 'notInterested' }))), once);
        expect(twice.hidden).toEqual(once.hidden);
        expect(new Set(once.hidden)).toEqual(new Set(mutes));
        const cards = feedIds.map((id) => ({ id }));
        const visible = social.filterMuted(cards, once.hidden);
        for (const c of visible) expect(once.hidden).not.toContain(c.id);
        expect(visible).toEqual(cards.filter((c) => !mutes.includes(c.id)));
        expect(social.filterMuted(visible, once.hidden)).toEqual(visible);
      }),
    );
  });

  it('the feed view of a tab leaves muted cards out (spec §4 "filtered out of every feed")', () => {
    const q = feed.buildFeedQuery('model');
    const card = (id: string): feed.FeedCard => ({
      id,
      obj_type: 2,
      cardType: 'model',
      title: id,
      cover: null,
      authorId: 'a',
    });
    const events = [
      feed.pageRequested({ query: q }),
      feed.pageLoaded({ query: q, items: [card('1'), card('2')], nextOffset: 2, hasMore: true }),
    ];
    const s = givenIn(feed.feedContext)(...events).state;
    expect(feed.selectVisibleFeedItems(s, 'model', ['1']).map((c) => c.id)).toEqual(['2']);
  });
});

describe('social: login (spec §5 "Liking or collecting requires login, otherwise the login dialog opens")', () => {
  const guest = { status: 'guest' } as const;
  const member = { status: 'signedIn' } as const;
  it('a guest who likes, collects or follows gets the login dialog', () => {
    for (const action of ['like', 'collect', 'follow'] as const)
      expect(social.decideSocialAction(guest, action)).toEqual({ kind: 'loginDialog' });
  });
  it('a guest may still report or mute, since the hidden list is local', () => {
    expect(social.decideSocialAction(guest, 'report')).toEqual({ kind: 'proceed' });
    expect(social.decideSocialAction(guest, 'notInterested')).toEqual({ kind: 'proceed' });
  });
  it('a signed-in person proceeds with any action', () => {
    for (const action of ['like', 'collect', 'follow', 'report', 'notInterested'] as const)
      expect(social.decideSocialAction(member, action)).toEqual({ kind: 'proceed' });
  });
});

// Random sequences over a handful of items, authors and op ids, so ops collide on purpose.
const idArb = fc.constantFrom('101', '102', '103');
const objTypeArb = fc.constantFrom(1 as const, 2 as const);
const authorArb = fc.constantFrom('a1', 'a2');
const opArb = fc.constantFrom('o1', 'o2', 'o3', 'o4');
const keyArb = fc.tuple(objTypeArb, idArb).map(([t, id]) => `${t}:${id}`);
const collectArb = fc.option(
  fc.record({
    id: fc.option(fc.constantFrom('c1', 'c2')),
    collection_id: fc.option(fc.constantFrom('f1', 'f2')),
    collection_name: fc.option(fc.constantFrom('F1', 'F2')),
  }),
);
const itemArb: fc.Arbitrary<social.ContentItem> = fc.record({
  id: idArb,
  obj_type: objTypeArb,
  liked: fc.boolean(),
  collect: collectArb,
  stat: fc.record({
    num_of_like: fc.integer({ min: -3, max: 30 }),
    num_of_collection: fc.integer({ min: -3, max: 30 }),
  }),
  author: fc.record({ id: authorArb, is_follow: fc.boolean() }),
});
const folderArb = fc.option(
  fc.record({ collection_id: fc.constantFrom('f1', 'f2'), collection_name: fc.constant('F') }),
);
const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.array(itemArb, { maxLength: 4 }).map((items) => social.itemsReceived({ items })),
  fc.record({ key: keyArb, opId: opArb }).map((p) => social.likeToggled(p)),
  opArb.map((opId) => social.likeConfirmed({ opId })),
  opArb.map((opId) => social.likeRolledBack({ opId })),
  fc.record({ key: keyArb, opId: opArb, folder: folderArb }).map((p) => social.collectAdded(p)),
  fc.record({ key: keyArb, opId: opArb }).map((p) => social.collectRemoved(p)),
  fc
    .record({ opId: opArb, collectId: fc.option(fc.constantFrom('k1', 'k2')) })
    .map((p) => social.collectConfirmed(p)),
  opArb.map((opId) => social.collectRolledBack({ opId })),
  fc.record({ authorId: authorArb, opId: opArb }).map((p) => social.followToggled(p)),
  opArb.map((opId) => social.followConfirmed({ opId })),
  opArb.map((opId) => social.followRolledBack({ opId })),
  fc
    .record({ id: idArb, reason: fc.constantFrom('report' as const, 'notInterested' as const) })
    .map((p) => social.muted(p)),
  fc.array(idArb, { maxLength: 3 }).map((ids) => social.hiddenListRestored({ ids })),
);

describe('social: the reducer as a fold', () => {
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.nat(), (raw, cut) => {
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

  it('property: invariants hold after every event of a random sequence (counts never negative, hidden list grows once)', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), (raw) => {
        const result = replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw));
        expect(result.violation).toBeNull();
        for (const [, i] of tableEntries(result.state.items)) {
          expect(i.stat.num_of_like).toBeGreaterThanOrEqual(0);
          expect(i.stat.num_of_collection).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('owns only social/ event types, each listed once (the root routes only those here)', () => {
    expect(new Set(ctx.eventTypes).size).toBe(ctx.eventTypes.length);
    for (const t of ctx.eventTypes) expect(t.startsWith('social/')).toBe(true);
  });

  it('the invariants name what broke', () => {
    const ok = ctx.initialState;
    const bad: social.SocialState = {
      ...ok,
      items: tableSet(ok.items, 'k', {
        id: '1',
        obj_type: 1,
        liked: false,
        collect: null,
        stat: { num_of_like: -1, num_of_collection: 0 },
        authorId: 'a',
      }),
    };
    const held = tableGet(bad.items, 'k')!;
    const e = stampAll([social.muted({ id: '1', reason: 'report' })])[0]!;
    expect(social.socialCountsNeverNegative.check(ok, bad, e)).toBe('item k has counts -1/0');
    const liked = {
      ...bad,
      items: tableSet(bad.items, 'k', {
        ...held,
        liked: true,
        stat: { num_of_like: 0, num_of_collection: 0 },
      }),
    };
    expect(social.socialCountsNeverNegative.check(ok, liked, e)).toBe('item k is liked with 0 likes');
    const coll = {
      ...bad,
      items: tableSet(bad.items, 'k', {
        ...held,
        collect: { id: null, collection_id: null, collection_name: null },
        stat: { num_of_like: 0, num_of_collection: 0 },
      }),
    };
    expect(social.socialCountsNeverNegative.check(ok, coll, e)).toBe(
      'item k is collected with 0 collections',
    );
    expect(social.hiddenListGrowsOnce.check(ok, { ...ok, hidden: ['1', '1'] }, e)).toBe(
      'the hidden list holds an id twice',
    );
    expect(social.hiddenListGrowsOnce.check({ ...ok, hidden: ['1'] }, ok, e)).toBe('muted id 1 was unmuted');
  });
});

describe('social: snapshots written before the tables of 256 shards (issue 24)', () => {
  /** The code before 2026-11-28: FNV-1a over 64 shards; before the tables, flat records. */
  const shardsOf64 = (record: Readonly<Record<string, unknown>>): Record<string, unknown>[] => {
    const shards = Array.from({ length: 64 }, () => ({}) as Record<string, unknown>);
    for (const [k, v] of Object.entries(record)) {
      let h = 0x811c9dc5;
      for (let i = 0; i < k.length; i++) h = Math.imul(h ^ k.charCodeAt(i), 0x01000193);
      (shards[(h >>> 0) % 64] as Record<string, unknown>)[k] = v;
    }
    return shards;
  };

  it('property: an older snapshot (items flat or in 64 shards, follow flags flat) reads as the state it was, and folds on alike', () => {
    const itemArb = fc.record({
      id: fc.constantFrom('101', '102', '103', '104'),
      obj_type: fc.constantFrom(1, 2),
      liked: fc.boolean(),
      collect: fc.constant(null),
      stat: fc.record({ num_of_like: fc.nat(50), num_of_collection: fc.nat(5) }),
      author: fc.record({ id: fc.constantFrom('a1', 'a2', 'a3'), is_follow: fc.boolean() }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(itemArb, { maxLength: 5 }), { maxLength: 6 }),
        fc.array(itemArb, { maxLength: 5 }),
        (pages, later) => {
          const now = fold(stampAll(pages.map((items) => received(...items))));
          const items = Object.fromEntries(tableEntries(now.items));
          const following = Object.fromEntries(tableEntries(now.following));
          for (const older of [
            { ...now, items, following },
            { ...now, items: shardsOf64(items), following },
            { ...now, items: shardsOf64(items), following: shardsOf64(following) },
          ]) {
            const read = ctx.fromSnapshot?.(JSON.parse(JSON.stringify(older))) as social.SocialState;
            for (const key of ['1:101', '1:102', '1:103', '1:104', '2:101', '2:104'])
              expect(social.selectContentItem(read, key)).toEqual(social.selectContentItem(now, key));
            for (const author of ['a1', 'a2', 'a3'])
              expect(social.selectIsFollowing(read, author)).toBe(social.selectIsFollowing(now, author));
            const next = fold(stampAll([received(...later)]), read);
            const expected = fold(stampAll([received(...later)]), now);
            expect(new Map(tableEntries(next.items))).toEqual(new Map(tableEntries(expected.items)));
            expect(new Map(tableEntries(next.following))).toEqual(new Map(tableEntries(expected.following)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
