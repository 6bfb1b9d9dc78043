import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as tracking from '../../../domain/tracking/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(tracking.trackingContext);
const item = (id: string): tracking.TrackedItem => ({ id, name: 'click', data: { page: 'home' } });
const enq = (id: string, channel: tracking.TrackingChannel = 'log') =>
  tracking.eventEnqueued({ channel, item: item(id) });
const evolve = tracking.trackingContext.evolve as unknown as (
  s: tracking.TrackingState,
  e: DomainEvent,
) => tracking.TrackingState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
const ids = (items: readonly { id: string }[]) => items.map((i) => i.id);
/** What an upload epic does: take a batch from the current state and report it. */
const sendFrom = (s: tracking.TrackingState, max: number, channel: tracking.TrackingChannel = 'log') => {
  const { batch } = tracking.takeBatch(s[channel], max);
  if (!batch) throw new Error('nothing to send');
  return tracking.batchSent({ channel, batchId: batch.id, itemIds: ids(batch.items) });
};

describe('event envelope (spec §3 "account_id, account_name, mail, reg_at, create_at, ... plat \'web\', app id, canary, pageId" + productLevel)', () => {
  const ctx: tracking.EnvelopeContext = {
    at: 1_700_000_000_000,
    pageLocation: 'https://atelier.test/models/1',
    deviceId: 'dev1',
    browserId: 'br1',
    userAgent: 'Mozilla/5.0 (Linux; Android 14)',
    appId: 'atelier-web',
    canary: 'model_detail_v2=B',
    pageId: 'pg1',
  };
  it('builds the envelope of a signed-in member', () => {
    expect(
      tracking.buildEnvelope(
        { accountId: 'a1', accountName: 'ann', mail: 'a@x.test', regAt: 1_600_000_000_000, productLevel: 2 },
        ctx,
      ),
    ).toEqual({
      account_id: 'a1',
      account_name: 'ann',
      mail: 'a@x.test',
      reg_at: 1_600_000_000_000,
      create_at: 1_700_000_000_000,
      page_location: 'https://atelier.test/models/1',
      device_id: 'dev1',
      browser_id: 'br1',
      device_os: 'android',
      plat: 'web',
      app_id: 'atelier-web',
      canary: 'model_detail_v2=B',
      pageId: 'pg1',
      productLevel: 2,
    });
  });
  it('fills guest fields with empty values and productLevel 0; detects ios and web', () => {
    const env = tracking.buildEnvelope(null, {
      ...ctx,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)',
    });
    expect(env).toMatchObject({
      account_id: '',
      account_name: '',
      mail: '',
      reg_at: 0,
      productLevel: 0,
      device_os: 'ios',
    });
    expect(tracking.deviceOsOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('web');
    expect(
      tracking.buildEnvelope({ accountId: 'a', accountName: '', mail: '', regAt: 1, productLevel: null }, ctx)
        .productLevel,
    ).toBe(0);
  });
  it('builds a log event (spec §3 "event_name, entity_type, obj_id, obj_type, front_operation")', () => {
    expect(
      tracking.makeLogEvent({
        eventName: 'like',
        entityType: 1,
        objId: 'w1',
        objType: 1,
        frontOperation: 'card_like',
      }),
    ).toEqual({
      event_name: 'like',
      entity_type: 1,
      obj_id: 'w1',
      obj_type: 1,
      front_operation: 'card_like',
    });
  });
});

describe('batching policies (spec §9 "Event batches", heartbeat, exposure)', () => {
  const view = (pendingCount: number, oldestPendingAt: number | null, lastFlushAt: number | null = null) => ({
    pendingCount,
    oldestPendingAt,
    lastFlushAt,
  });
  it('event report flushes 3 s after the first event', () => {
    expect(tracking.flushDue(tracking.eventReportPolicy, view(1, 10_000), 12_999)).toBe(false);
    expect(tracking.flushDue(tracking.eventReportPolicy, view(1, 10_000), 13_000)).toBe(true);
    expect(tracking.nextFlushAt(tracking.eventReportPolicy, view(0, null))).toBeNull();
  });
  it('log events flush at 20 events or every 1 s, and are cached locally', () => {
    expect(tracking.flushDue(tracking.logEventPolicy, view(20, 10_000), 10_000)).toBe(true);
    expect(tracking.flushDue(tracking.logEventPolicy, view(19, 10_000), 10_999)).toBe(false);
    expect(tracking.flushDue(tracking.logEventPolicy, view(1, 10_000), 11_000)).toBe(true);
    expect(tracking.nextFlushAt(tracking.logEventPolicy, view(1, 10_000, 10_500))).toBe(11_500);
    expect(tracking.logEventPolicy.cacheKey).not.toBeNull();
  });
  it('star-track flushes every 1000 ms or at 20 events, uploads at most 10, caches under star_track_event_cache', () => {
    expect(tracking.starTrackPolicy).toMatchObject({
      flushEveryMs: 1000,
      flushAtCount: 20,
      maxBatch: 10,
      cacheKey: 'star_track_event_cache',
    });
    expect([tracking.STAR_TRACK_EVENT_LIMIT, tracking.STAR_TRACK_RETRY_INTERVAL_MS]).toEqual([10, 5000]);
  });
  it('exposure every 5 s; heartbeat every 120 s with first_open the first time', () => {
    expect(tracking.flushDue(tracking.exposurePolicy, view(3, 0, 1000), 5999)).toBe(false);
    expect(tracking.flushDue(tracking.exposurePolicy, view(3, 0, 1000), 6000)).toBe(true);
    expect(tracking.HEARTBEAT_INTERVAL_MS).toBe(120_000);
    expect([tracking.heartbeatAction(true), tracking.heartbeatAction(false)]).toEqual([
      'first_open',
      'heartbeat',
    ]);
  });
  it('a policy with no timer never schedules below its count', () => {
    const countOnly = { ...tracking.logEventPolicy, flushEveryMs: null };
    expect(tracking.nextFlushAt(countOnly, view(3, 0))).toBeNull();
  });
  it('property: a flush is never due with nothing pending, and always due once the count is reached', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          tracking.eventReportPolicy,
          tracking.logEventPolicy,
          tracking.starTrackPolicy,
          tracking.exposurePolicy,
        ),
        fc.nat(40),
        fc.nat(100_000),
        fc.nat(100_000),
        (policy, n, oldest, now) => {
          const v = view(n, n === 0 ? null : oldest);
          if (n === 0) expect(tracking.flushDue(policy, v, now)).toBe(false);
          if (policy.flushAtCount !== null && n >= policy.flushAtCount)
            expect(tracking.flushDue(policy, v, oldest)).toBe(true);
        },
      ),
    );
  });
});

describe('batch queue (spec §4 "events are batched and retried")', () => {
  it('takeBatch moves the front items in flight; ack removes them for good', () => {
    const g = given(enq('a'), enq('b'), enq('c'));
    const sent = g.when(sendFrom(g.state, 2));
    expect(ids(tracking.selectPending(sent.state, 'log'))).toEqual(['c']);
    expect(tracking.selectInFlight(sent.state, 'log').map((b) => ids(b.items))).toEqual([['a', 'b']]);
    const { state, violation } = g.when(
      sendFrom(g.state, 2),
      tracking.batchAcked({ channel: 'log', batchId: 'b0' }),
    );
    expect(violation).toBeNull();
    expect(tracking.selectInFlight(state, 'log')).toEqual([]);
    expect(state.log.acked).toEqual(['a', 'b']);
    expect(state.log.lastFlushAt).not.toBeNull();
  });

  it('a failure returns the items to the front in order', () => {
    const g = given(enq('a'), enq('b'), enq('c'));
    const afterSend = g.when(sendFrom(g.state, 2)).state;
    const { state } = g.when(
      sendFrom(g.state, 2),
      enq('d'),
      tracking.batchFailed({ channel: 'log', batchId: 'b0' }),
    );
    expect(ids(tracking.selectPending(state, 'log'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(tracking.selectUnacknowledged(afterSend, 'log'))).toEqual(['a', 'b', 'c']);
  });

  it('two batches failing out of order still leave the queue in enqueue order', () => {
    const s1 = given(enq('a'), enq('b'), enq('c'), enq('d')).state;
    const s2 = evolve(s1, stamp(sendFrom(s1, 2), 10, 10));
    const s3 = evolve(s2, stamp(sendFrom(s2, 2), 11, 11));
    const s4 = evolve(s3, stamp(tracking.batchFailed({ channel: 'log', batchId: 'b2' }), 12, 12));
    const s5 = evolve(s4, stamp(tracking.batchFailed({ channel: 'log', batchId: 'b0' }), 13, 13));
    expect(ids(s5.log.pending)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a duplicate enqueue, an acknowledged id re-enqueued, a stale send and unknown batches', () => {
    const g = given(enq('a'), enq('b'));
    expect(g.when(enq('a')).state).toBe(g.state);
    const acked = given(
      enq('a'),
      tracking.batchSent({ channel: 'log', batchId: 'b0', itemIds: ['a'] }),
      tracking.batchAcked({ channel: 'log', batchId: 'b0' }),
    );
    expect(acked.when(enq('a'), tracking.cacheRestored({ channel: 'log', items: [item('a')] })).state).toBe(
      acked.state,
    );
    expect(acked.when(tracking.batchAcked({ channel: 'log', batchId: 'b0' })).state).toBe(acked.state);
    expect(g.when(tracking.batchSent({ channel: 'log', batchId: 'b0', itemIds: ['b'] })).state).toBe(g.state);
    expect(g.when(tracking.batchSent({ channel: 'log', batchId: 'b9', itemIds: ['a'] })).state).toBe(g.state);
    expect(g.when(tracking.batchSent({ channel: 'log', batchId: 'b0', itemIds: [] })).state).toBe(g.state);
    expect(g.when(tracking.batchFailed({ channel: 'log', batchId: 'nope' })).state).toBe(g.state);
    const forged = {
      type: 'tracking/batchAcked',
      payload: { channel: 'nope', batchId: 'b0' },
    } as unknown as UnstampedEvent;
    expect(g.when(forged).state).toBe(g.state);
  });

  it('restores cached items at start-up, once each, behind what is already queued', () => {
    const { state } = given(enq('x', 'starTrack')).when(
      tracking.cacheRestored({ channel: 'starTrack', items: [item('a'), item('b'), item('a')] }),
    );
    expect(ids(tracking.selectPending(state, 'starTrack'))).toEqual(['x', 'a', 'b']);
    expect(tracking.selectQueueView(state, 'starTrack')).toMatchObject({
      pendingCount: 3,
      lastFlushAt: null,
    });
  });

  it('counts what a full local storage left out of the cache, per channel, across reloads (issue 25)', () => {
    const { state } = given(
      tracking.cacheRestored({ channel: 'log', items: [item('a')], dropped: 7 }),
      tracking.cacheRestored({ channel: 'log', items: [], dropped: 3 }),
      tracking.cacheRestored({ channel: 'starTrack', items: [item('b')] }),
    );
    expect(ids(tracking.selectPending(state, 'log'))).toEqual(['a']);
    expect(tracking.selectDropped(state, 'log')).toBe(10);
    expect(tracking.selectDropped(state, 'starTrack')).toBe(0);
  });

  it('the invariants name an item held twice, disorder, an empty batch and a lost item', () => {
    const e = stamp(enq('a'), 1, 1);
    const q = (over: Partial<tracking.BatchQueue>): tracking.TrackingState => ({
      ...tracking.initialTrackingState,
      log: { ...tracking.emptyQueue, ...over },
    });
    const qi = (id: string, seq: number): tracking.QueuedItem => ({ ...item(id), seq, enqueuedAt: 0 });
    const s0 = tracking.initialTrackingState;
    expect(tracking.itemInOnePlace.check(s0, q({ pending: [qi('a', 0)], acked: ['a'] }), e)).toBe(
      'log: item a is held twice',
    );
    expect(tracking.itemInOnePlace.check(s0, q({ inFlight: [{ id: 'b0', items: [] }] }), e)).toBe(
      'log: an in-flight batch is empty',
    );
    expect(tracking.pendingInOrder.check(s0, q({ pending: [qi('a', 2), qi('b', 1)] }), e)).toBe(
      'log: pending items are out of order',
    );
    expect(tracking.nothingLost.check(q({ pending: [qi('a', 0)] }), s0, e)).toBe('log: item a was lost');
  });
});

// ---- properties ----------------------------------------------------------------------------

type Op =
  | { kind: 'enqueue' }
  | { kind: 'take'; max: number }
  | { kind: 'ack'; pick: number }
  | { kind: 'fail'; pick: number }
  | { kind: 'redeliver'; pick: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'enqueue' }),
  fc.integer({ min: 0, max: 4 }).map((max): Op => ({ kind: 'take', max })),
  fc.nat().map((pick): Op => ({ kind: 'ack', pick })),
  fc.nat().map((pick): Op => ({ kind: 'fail', pick })),
  fc.nat().map((pick): Op => ({ kind: 'redeliver', pick })),
);

/** Runs ops the way the epics would, against the reducer; returns the events and an ack ledger. */
const run = (ops: readonly Op[]) => {
  let state = tracking.initialTrackingState;
  let seq = 0;
  let n = 0;
  const events: DomainEvent[] = [];
  const enqueued: string[] = [];
  const ackCount = new Map<string, number>();
  let failures = 0;
  const apply = (e: UnstampedEvent) => {
    const stamped = stamp(e, ++seq, seq * 100);
    const before = state;
    state = evolve(state, stamped);
    events.push(stamped);
    if (e.type === 'tracking/batchFailed' && state !== before) failures++;
    if (e.type === 'tracking/batchAcked') {
      const batch = before.log.inFlight.find((b) => b.id === (e.payload as { batchId: string }).batchId);
      for (const it of batch?.items ?? []) ackCount.set(it.id, (ackCount.get(it.id) ?? 0) + 1);
    }
  };
  for (const op of ops) {
    const flying = state.log.inFlight;
    switch (op.kind) {
      case 'enqueue': {
        const id = `e${n++}`;
        enqueued.push(id);
        apply(enq(id));
        break;
      }
      case 'take': {
        const { batch } = tracking.takeBatch(state.log, op.max);
        if (batch)
          apply(tracking.batchSent({ channel: 'log', batchId: batch.id, itemIds: ids(batch.items) }));
        break;
      }
      case 'ack':
      case 'fail': {
        const b = flying[op.pick % Math.max(1, flying.length)];
        const batchId = b?.id ?? `b${op.pick}`;
        apply(
          op.kind === 'ack'
            ? tracking.batchAcked({ channel: 'log', batchId })
            : tracking.batchFailed({ channel: 'log', batchId }),
        );
        break;
      }
      case 'redeliver': {
        // at-least-once delivery of an earlier enqueue, or of an earlier ack
        if (enqueued.length > 0) apply(enq(enqueued[op.pick % enqueued.length] ?? 'e0'));
        if (op.pick % 2 === 0) apply(tracking.batchAcked({ channel: 'log', batchId: `b${op.pick % 5}` }));
        break;
      }
    }
  }
  return { state, events, enqueued, ackCount, failures };
};

const trackingEventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc
    .record({
      channel: fc.constantFrom<tracking.TrackingChannel>('log', 'starTrack'),
      item: fc.constantFrom('a', 'b', 'c', 'd').map(item),
    })
    .map(tracking.eventEnqueued),
  fc
    .record({
      channel: fc.constantFrom<tracking.TrackingChannel>('log'),
      items: fc.array(fc.constantFrom('a', 'b', 'e').map(item), { maxLength: 3 }),
    })
    .map(tracking.cacheRestored),
  fc
    .record({
      channel: fc.constantFrom<tracking.TrackingChannel>('log', 'starTrack'),
      batchId: fc.constantFrom('b0', 'b1', 'b2'),
      itemIds: fc.subarray(['a', 'b', 'c', 'd', 'e']),
    })
    .map(tracking.batchSent),
  fc
    .record({
      channel: fc.constantFrom<tracking.TrackingChannel>('log', 'starTrack'),
      batchId: fc.constantFrom('b0', 'b1', 'b2', 'b3'),
    })
    .map(tracking.batchAcked),
  fc
    .record({
      channel: fc.constantFrom<tracking.TrackingChannel>('log', 'starTrack'),
      batchId: fc.constantFrom('b0', 'b1', 'b2', 'b3'),
    })
    .map(tracking.batchFailed),
);

describe('batch queue laws', () => {
  it('property: every enqueued event is either acked exactly once or still pending/in flight, never both, never acked twice', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const { state, enqueued, ackCount } = run(ops);
        const live = new Set(ids(tracking.selectUnacknowledged(state, 'log')));
        for (const id of enqueued) {
          const acks = ackCount.get(id) ?? 0;
          expect(acks).toBeLessThanOrEqual(1);
          expect(acks === 1 ? !live.has(id) : live.has(id)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: order preserved — pending follows enqueue order, and without failures the uploads concatenate to it', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const { state, enqueued, events, failures } = run(ops);
        const rank = new Map(enqueued.map((id, i) => [id, i]));
        const pendingRanks = ids(state.log.pending).map((id) => rank.get(id) ?? -1);
        expect(pendingRanks).toEqual([...pendingRanks].sort((a, b) => a - b));
        if (failures === 0) {
          const sent = events
            .filter((e) => e.type === 'tracking/batchSent')
            .flatMap((e) => (e.payload as { itemIds: string[] }).itemIds);
          expect(sent).toEqual(enqueued.slice(0, sent.length));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(trackingEventArb, { maxLength: 30 }), (events) => {
        const stamped = stampAll(events);
        let s = tracking.initialTrackingState;
        for (const e of stamped) s = evolve(s, e);
        expect(replayWith(evolve, [], tracking.initialTrackingState, stamped).state).toEqual(s);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence (random reports and epic-driven runs)', () => {
    fc.assert(
      fc.property(fc.array(trackingEventArb, { maxLength: 40 }), (events) => {
        expect(
          replayWith(evolve, tracking.trackingInvariants, tracking.initialTrackingState, stampAll(events))
            .violation,
        ).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        expect(
          replayWith(evolve, tracking.trackingInvariants, tracking.initialTrackingState, run(ops).events)
            .violation,
        ).toBeNull();
      }),
    );
  });
});

describe('acknowledged ids found through windows of a shared history (issue 24)', () => {
  it('property: ackedHolds answers as includes for every list, on histories that branch, repeat ids and start over', () => {
    const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '__proto__');
    fc.assert(
      fc.property(
        fc.array(idArb, { maxLength: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.array(idArb, { maxLength: 4 }), fc.boolean()), { maxLength: 40 }),
        (first, memory, steps) => {
          const lists: (readonly string[])[] = [first];
          for (const [from, ids, ask] of steps) {
            // Mostly the newest list grows (the replay), now and then an older one (a bisect, a branch).
            const parent = lists[ask ? from % lists.length : lists.length - 1] as readonly string[];
            if (ask) tracking.ackedHolds(parent, 'a');
            lists.push(tracking.ackedAfter(parent, ids, memory));
            for (const list of lists)
              for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '__proto__', 'zz'])
                expect(tracking.ackedHolds(list, id)).toBe(list.includes(id));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a list acknowledged past its memory keeps the newest ids, and a long history starts over', () => {
    let acked: readonly string[] = [];
    for (let i = 0; i < 100; i++) acked = tracking.ackedAfter(acked, [`i${i}`], 5);
    expect(acked).toEqual(['i95', 'i96', 'i97', 'i98', 'i99']);
    expect(tracking.ackedHolds(acked, 'i94')).toBe(false);
    expect(tracking.ackedHolds(acked, 'i95')).toBe(true);
  });
});
