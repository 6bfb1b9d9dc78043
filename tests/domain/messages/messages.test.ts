import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as messages from '../../../domain/messages/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const ctx = messages.messagesContext;
// replayWith folds any DomainEvent; this context's events are the only ones given to it here.
const evolveAny = ctx.evolve as unknown as (
  s: messages.MessagesState,
  e: DomainEvent,
) => messages.MessagesState;
const given = givenIn(ctx);

const counts = (likeCol: number, com: number, fol: number, sys: number, total?: number) =>
  messages.unreadCountsReceived({
    counts: total === undefined ? { likeCol, com, fol, sys } : { likeCol, com, fol, sys, total },
  });
const stampAll = (events: readonly UnstampedEvent[]): messages.MessagesEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as messages.MessagesEvent);
const fold = (events: readonly messages.MessagesEvent[], from: messages.MessagesState = ctx.initialState) =>
  events.reduce(ctx.evolve, from);

describe('messages: unread counts (spec §3 "Unread counts: likeCol, com, fol, sys, total")', () => {
  it('starts at zero everywhere', () => {
    expect(messages.selectUnreadCounts(ctx.initialState)).toEqual({
      likeCol: 0,
      com: 0,
      fol: 0,
      sys: 0,
      total: 0,
    });
  });

  it('counts from the server set every type, and the total is recomputed as their sum', () => {
    const { state, violation } = given().when(counts(3, 2, 1, 4, 99));
    expect(violation).toBeNull();
    expect(messages.selectUnreadCounts(state)).toEqual({ likeCol: 3, com: 2, fol: 1, sys: 4, total: 10 });
    expect(messages.selectTotalUnread(state)).toBe(10);
    expect(messages.selectUnreadOf(state, 'sys')).toBe(4);
  });

  it('negative or broken server counts are kept as zero', () => {
    const { state } = given().when(counts(-2, Number.NaN, 1.9, 0));
    expect(state.unread).toEqual({ likeCol: 0, com: 0, fol: 1, sys: 0, total: 1 });
  });

  it('the same counts again are the same state', () => {
    const g = given(counts(1, 2, 3, 4));
    expect(g.when(counts(1, 2, 3, 4, 0)).state).toBe(g.state);
  });
});

describe('messages: marking read (spec §4 "marking read lowers that type\'s count and the total. Read-all zeroes everything")', () => {
  it('marking a type read lowers that type and the total', () => {
    const { state } = given(counts(3, 2, 1, 4)).when(messages.typeMarkedRead({ type: 'com', amount: 'all' }));
    expect(state.unread).toEqual({ likeCol: 3, com: 0, fol: 1, sys: 4, total: 8 });
  });

  it('marking some messages read lowers by that many, never below zero', () => {
    const g = given(counts(3, 2, 1, 4));
    expect(g.when(messages.typeMarkedRead({ type: 'likeCol', amount: 2 })).state.unread).toEqual({
      likeCol: 1,
      com: 2,
      fol: 1,
      sys: 4,
      total: 8,
    });
    expect(g.when(messages.typeMarkedRead({ type: 'fol', amount: 5 })).state.unread).toMatchObject({
      fol: 0,
      total: 9,
    });
    expect(g.when(messages.typeMarkedRead({ type: 'fol', amount: -5 })).state).toBe(g.state);
    expect(g.when(messages.typeMarkedRead({ type: 'fol', amount: 0 })).state).toBe(g.state);
  });

  it('read-all zeroes everything; on zero counts it changes nothing', () => {
    const { state } = given(counts(3, 2, 1, 4)).when(messages.allMarkedRead({}));
    expect(state.unread).toEqual(messages.zeroUnread);
    const zero = given();
    expect(zero.when(messages.allMarkedRead({})).state).toBe(zero.state);
  });
});

describe('messages: notice read list (spec §3 "A notice read list is kept per user")', () => {
  it('keeps the notices read per account id, each once', () => {
    const { state } = given().when(
      messages.noticeRead({ accountId: 'u1', noticeId: 'n1' }),
      messages.noticeRead({ accountId: 'u1', noticeId: 'n2' }),
      messages.noticeRead({ accountId: 'u1', noticeId: 'n1' }),
      messages.noticeRead({ accountId: 'u2', noticeId: 'n2' }),
    );
    expect(messages.selectReadNoticeIds(state, 'u1')).toEqual(['n1', 'n2']);
    expect(messages.selectIsNoticeRead(state, 'u2', 'n2')).toBe(true);
    expect(messages.selectIsNoticeRead(state, 'u2', 'n1')).toBe(false);
    expect(messages.selectReadNoticeIds(state, 'nobody')).toEqual([]);
  });

  it('a notice read by one account is unread for another', () => {
    const s = given(messages.noticeRead({ accountId: 'u1', noticeId: 'n1' })).state;
    const list = [{ id: 'n1' }, { id: 'n2' }];
    expect(messages.selectUnreadNotices(s, 'u1', list)).toEqual([{ id: 'n2' }]);
    expect(messages.selectUnreadNotices(s, 'u2', list)).toEqual(list);
  });

  it('the locally kept list is restored and merged; restoring what is known changes nothing', () => {
    const g = given(messages.noticeRead({ accountId: 'u1', noticeId: 'n1' }));
    const { state } = g.when(
      messages.noticeReadListRestored({ reads: { u1: ['n0', 'n1', 'n0'], u3: ['x'] } }),
    );
    expect(state.noticeReads).toEqual({ u1: ['n1', 'n0'], u3: ['x'] });
    expect(g.when(messages.noticeReadListRestored({ reads: { u1: ['n1'] } })).state).toBe(g.state);
    expect(g.when(messages.noticeRead({ accountId: 'u1', noticeId: 'n1' })).state).toBe(g.state);
  });
});

const typeArb = fc.constantFrom(...messages.MESSAGE_TYPES);
const n = fc.integer({ min: -5, max: 50 });
const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.tuple(n, n, n, n, fc.option(n, { nil: undefined })).map(([a, b, c, d, t]) => counts(a, b, c, d, t)),
  fc
    .record({ type: typeArb, amount: fc.oneof(fc.constant('all' as const), n) })
    .map((p) => messages.typeMarkedRead(p)),
  fc.constant(messages.allMarkedRead({})),
  fc
    .record({ accountId: fc.constantFrom('u1', 'u2'), noticeId: fc.constantFrom('n1', 'n2', 'n3') })
    .map((p) => messages.noticeRead(p)),
  fc
    .dictionary(fc.constantFrom('u1', 'u2'), fc.array(fc.constantFrom('n1', 'n4'), { maxLength: 3 }))
    .map((reads) => messages.noticeReadListRestored({ reads })),
);

describe('messages: properties', () => {
  it('property: unread counts are never negative and the total equals the sum, after any event sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 50 }), (raw) => {
        let s = ctx.initialState;
        for (const e of stampAll(raw)) {
          s = ctx.evolve(s, e);
          const u = s.unread;
          for (const k of [...messages.MESSAGE_TYPES, 'total'] as const)
            expect(u[k]).toBeGreaterThanOrEqual(0);
          expect(u.total).toBe(u.likeCol + u.com + u.fol + u.sys);
        }
      }),
    );
  });

  it('property: marking a type read never raises any count, and read-all leaves zero', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), typeArb, n, (raw, type, amount) => {
        const s = fold(stampAll(raw));
        const [read, all] = stampAll([messages.typeMarkedRead({ type, amount }), messages.allMarkedRead({})]);
        const after = ctx.evolve(s, read!);
        for (const k of messages.MESSAGE_TYPES) expect(after.unread[k]).toBeLessThanOrEqual(s.unread[k]);
        expect(s.unread.total - after.unread.total).toBe(s.unread[type] - after.unread[type]);
        expect(ctx.evolve(after, all!).unread).toEqual(messages.zeroUnread);
      }),
    );
  });

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

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 50 }), (raw) => {
        expect(replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw)).violation).toBeNull();
      }),
    );
  });

  it('the invariants name what broke', () => {
    const e = stampAll([messages.allMarkedRead({})])[0]!;
    const s = ctx.initialState;
    const neg = { ...s, unread: { likeCol: -1, com: 0, fol: 0, sys: 0, total: -1 } };
    expect(messages.unreadNeverNegative.check(s, neg, e)).toBe('unread likeCol is -1');
    const off = { ...s, unread: { likeCol: 1, com: 0, fol: 0, sys: 0, total: 3 } };
    expect(messages.unreadTotalIsSum.check(s, off, e)).toBe('unread total 3 is not the sum 1');
  });
});
