import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  billing,
  canonicalJson,
  contexts,
  eventTypes,
  evolve,
  initialRootState,
  invariantRegistry,
  makeHeader,
  messages,
  notices,
  parseEventLog,
  replay,
  popups,
  selectTourOnScreen,
  selectUnreadAccountNotices,
  serializeEventLog,
  session,
  stamp,
  tasks,
  tour,
  type DomainEvent,
  type UnstampedEvent,
} from '../../domain/index.js';
import { foldStepwise } from '../support/spec';

const ids = fc.constantFrom('a', 'b', 'c');
const coins = fc.nat({ max: 10_000 });
const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  ids.map((id) =>
    tasks.taskCreated({
      id,
      params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
      guest: false,
      estimateMs: null,
      createdAt: 0,
    }),
  ),
  fc
    .tuple(ids, fc.integer({ min: -20, max: 140 }), fc.constantFrom(1 as const, 2 as const))
    .map(([id, progress, code]) =>
      tasks.progressReported({ id, code, progress, statusDesc: '', estimateMs: null }),
    ),
  ids.map((id) => tasks.taskCompleted({ id, images: [] })),
  fc
    .tuple(ids, fc.integer({ min: 4, max: 9 }))
    .map(([id, code]) => tasks.taskFailed({ id, code, reason: 'x' })),
  ids.map((id) => tasks.taskRemoved({ id })),
  fc.constant(tasks.accountTasksCleared({})),
  fc.tuple(coins, coins, coins).map(([f, p, t]) =>
    billing.paymentInfoReceived({
      info: {
        accountId: 'u',
        calculateCoins: f + p + t,
        freeCoins: f,
        tempCoins: t,
        paidCoins: p,
        isActive: false,
        liteIsActive: false,
        productLevel: 0,
        productType: 0,
        vipType: '',
        expiryTime: null,
      },
    }),
  ),
  fc.constant(billing.paymentInfoCleared({})),
  fc.constant(
    session.userInfoSet({
      user: {
        id: 'u',
        accountName: 'u',
        name: 'U',
        email: 'u@x.test',
        avatar: '',
        status: 1,
        role: 'reviewer',
      },
    }),
  ),
  fc.constant(session.loggedOut({})),
  ids.map((id) =>
    notices.noticeRaised({
      id,
      level: 'error',
      messageKey: 'apiErr',
      values: {},
      fallback: null,
      durationMs: 5000,
    }),
  ),
  ids.map((id) => notices.noticeDismissed({ id })),
  // Unknown types (a newer log, a command that slipped in) must leave the state alone.
  fc.constant({ type: 'future/somethingHappened', payload: { x: 1 } }),
);

const stampAll = (events: readonly UnstampedEvent[]): DomainEvent[] =>
  events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));

describe('the root (DESIGN.md "the event model" and "the event log and replay")', () => {
  it('every event type belongs to exactly one context', () => {
    const all = Object.values(contexts).flatMap((c) => [...(c.eventTypes as readonly string[])]);
    expect(new Set(all).size).toBe(all.length);
    expect(eventTypes.size).toBe(all.length);
  });

  it('the invariant registry starts with the task progress invariant', () => {
    expect(invariantRegistry[0]?.name).toBe('tasks.progressMonotonic');
  });

  it('an unknown event type leaves the whole state as it is', () => {
    expect(evolve(initialRootState, { type: 'nobody/knowsThis' })).toBe(initialRootState);
  });

  it('property: replaying a random sequence from scratch equals applying it step by step, and every invariant holds after every event', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), (raw) => {
        const events = stampAll(raw);
        const result = replay(events);
        expect(result.violation).toBeNull();
        const steps = foldStepwise(events);
        expect(canonicalJson(steps[steps.length - 1] ?? initialRootState)).toBe(canonicalJson(result.state));
      }),
    );
  });

  it('property: replay is deterministic byte for byte, and the state at event N is the fold of the first N', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.nat(), (raw, n) => {
        const events = stampAll(raw);
        expect(canonicalJson(replay(events).state)).toBe(canonicalJson(replay(events).state));
        const upTo = events.length === 0 ? 0 : n % (events.length + 1);
        expect(canonicalJson(replay(events, { upTo }).state)).toBe(
          canonicalJson(replay(events.slice(0, upTo)).state),
        );
      }),
    );
  });

  it('property: an event log survives serialise -> parse unchanged', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (raw) => {
        const events = stampAll(raw);
        const parsed = parseEventLog(serializeEventLog({ header: makeHeader(7, 'test'), events }));
        expect(E.isRight(parsed) && parsed.right.events).toEqual(events);
      }),
    );
  });

  it('names the line of a broken log: not JSON, out-of-order seq, missing header', () => {
    const header = JSON.stringify(makeHeader(0, 't'));
    const ev = (seq: number) =>
      JSON.stringify({ type: 'tasks/removed', payload: { id: 'a' }, meta: { seq, at: 0 } });
    expect(parseEventLog(`${header}\n${ev(2)}\n${ev(1)}\n`)).toEqual(
      E.left({ line: 3, message: 'event seq 1 does not follow 2: the log is out of order' }),
    );
    expect(
      E.isLeft(parseEventLog(`${header}\n{oops\n`)) &&
        (parseEventLog(`${header}\n{oops\n`) as E.Left<{ line: number }>).left.line,
    ).toBe(2);
    expect(parseEventLog(ev(1))).toEqual(
      E.left({ line: 1, message: 'the first line is not an atelier-event-log header' }),
    );
    expect(parseEventLog('')).toEqual(E.left({ line: 1, message: 'the log is empty' }));
  });

  it('replay stops at the first event that breaks an invariant and names it', () => {
    const events = stampAll([
      billing.paymentInfoReceived({
        info: {
          accountId: 'u',
          calculateCoins: -5,
          freeCoins: 0,
          tempCoins: 0,
          paidCoins: -5,
          isActive: false,
          liteIsActive: false,
          productLevel: 0,
          productType: 0,
          vipType: '',
          expiryTime: null,
        },
      }),
    ]);
    const result = replay(events);
    expect(result.applied).toBe(0);
    expect(result.violation).toMatchObject({ invariant: 'billing.coinsNeverNegative', index: 0 });
  });
});

describe('unread account notices (spec §3 "a notice read list is kept per user", §4 logout clears notices)', () => {
  const user = (id: string) => ({
    id,
    accountName: id,
    name: id,
    email: `${id}@x.test`,
    avatar: '',
    status: 1,
    role: 'user',
  });
  const list = [
    { id: 'n1', title: 'Maintenance', createdAt: 1 },
    { id: 'n2', title: 'New models', createdAt: 2 },
  ];
  const fold = (...events: UnstampedEvent[]) => replay(stampAll(events)).state;

  it("hides what this person read; the read list outlives logout and is not another person's", () => {
    const u1 = [
      session.userInfoSet({ user: user('u1') }),
      session.noticesLoaded({ notices: list }),
      messages.noticeRead({ accountId: 'u1', noticeId: 'n1' }),
    ];
    expect(selectUnreadAccountNotices(fold(...u1)).map((n) => n.id)).toEqual(['n2']);
    expect(selectUnreadAccountNotices(fold(...u1, session.loggedOut({})))).toEqual([]);
    const back = fold(
      ...u1,
      session.loggedOut({}),
      session.userInfoSet({ user: user('u1') }),
      session.noticesLoaded({ notices: list }),
    );
    expect(selectUnreadAccountNotices(back).map((n) => n.id)).toEqual(['n2']);
    const other = fold(
      ...u1,
      session.loggedOut({}),
      session.userInfoSet({ user: user('u2') }),
      session.noticesLoaded({ notices: list }),
    );
    expect(selectUnreadAccountNotices(other).map((n) => n.id)).toEqual(['n1', 'n2']);
  });
});

describe('one thing over the page at a time (spec §4 popups and the guided tour)', () => {
  const started = tour.tourStarted({ tourId: tour.NEW_USER_TOUR_ID, totalSteps: 5 });
  it('the tour is on screen while it runs and no popup is open; a popup that came first goes first', () => {
    const state = (...events: UnstampedEvent[]) => replay(stampAll(events));
    expect(selectTourOnScreen(state(started).state)).toBe(true);
    const popupFirst = [popups.popupOffered({ type: 'award' }), popups.popupShown({ type: 'award' })];
    expect(selectTourOnScreen(state(...popupFirst, started).state)).toBe(false);
    expect(
      selectTourOnScreen(state(...popupFirst, started, popups.popupClosed({ type: 'award' })).state),
    ).toBe(true);
    expect(selectTourOnScreen(state(started, tour.tourClosed({ tourId: tour.NEW_USER_TOUR_ID })).state)).toBe(
      false,
    );
  });
});
