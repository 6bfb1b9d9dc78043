/**
 * Issue 24 "bounded in the browser": the recorder keeps two segments of events and the snapshot
 * before them, so memory stays bounded however long a visit runs, and its export (the base
 * snapshot plus the events after it) replays to the same state as the whole log would; the
 * IndexedDB ring (over a Map here: the same key-value operations) holds the same log per visit,
 * deletes a segment once two newer ones exist, and keeps the newest visits only.
 */
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { applyMiddleware, createStore } from 'redux';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  evolve,
  initialRootState,
  isAppEventType,
  parseEventLog,
  redact,
  replayLog,
  type UnstampedEvent,
} from '../../../domain/index.js';
import { openLogRing, type RingStorage } from '../../../infrastructure/store/logRing';
import { memoryRingStorage } from '../../support/fakes/ringStorage';
import { deferredSink, makeRecorder, type LogSink } from '../../../infrastructure/store/recorder';
import { validEventArb } from '../../support/auditLogs';

/** Events the recorder records (a type of no context passes through unrecorded). */
const eventArb = validEventArb.filter((e) => isAppEventType(e.type));

const recordAll = (
  events: readonly UnstampedEvent[],
  segment: number,
  sink?: LogSink,
  from = Date.UTC(2026, 10, 28),
) => {
  let t = from;
  const recorder = makeRecorder({ now: () => (t += 1000), segment, ...(sink ? { sink } : {}) });
  const store = createStore(evolve, initialRootState, applyMiddleware(recorder.middleware));
  for (const e of events) store.dispatch(e);
  return { recorder, store };
};

const parsed = (text: string) => {
  const log = parseEventLog(text);
  if (E.isLeft(log)) throw new Error(log.left.message);
  return log.right;
};

describe('the bounded recorder', () => {
  it('property: memory holds at most two segments and at least the last segment of events; the export replays to the state of the whole log and of the store', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 120 }),
        fc.integer({ min: 1, max: 25 }),
        (events, segment) => {
          const bounded = recordAll(events, segment);
          const whole = recordAll(events, Infinity);
          const held = bounded.recorder.events();
          expect(held.length).toBeLessThanOrEqual(2 * segment - 1);
          expect(held.length).toBeGreaterThanOrEqual(Math.min(events.length, segment));
          // The events it holds are the last ones, in order.
          expect(held.map((e) => e.meta.seq)).toEqual(
            whole.recorder
              .events()
              .slice(events.length - held.length)
              .map((e) => e.meta.seq),
          );
          const log = parsed(bounded.recorder.toJsonLines(0));
          expect(log.snapshot?.seq ?? 0).toBe(events.length - held.length);
          const fromSnapshot = replayLog(log).state;
          const fromStart = replayLog(parsed(whole.recorder.toJsonLines(0))).state;
          expect(canonicalJson(fromSnapshot)).toBe(canonicalJson(fromStart));
          expect(canonicalJson(fromSnapshot)).toBe(canonicalJson(redact(bounded.store.getState())));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('without a bound every event is kept and the log has no snapshot', () => {
    const events = fc.sample(eventArb, { numRuns: 50, seed: 24 });
    const { recorder } = recordAll(events, Infinity);
    expect(recorder.events()).toHaveLength(50);
    expect(recorder.toLog(0).snapshot).toBeNull();
  });
});

describe('the event log kept on the device (IndexedDB ring)', () => {
  const visit = async (storage: RingStorage, id: string, events: readonly UnstampedEvent[], segment = 5) => {
    const timers: (() => void)[] = [];
    // Each visit an hour after the one before.
    const from = Date.UTC(2026, 10, 28) + id.charCodeAt(0) * 3_600_000;
    const ring = openLogRing(storage, { visitId: id, now: () => from, later: (f) => timers.push(f) });
    const { recorder } = recordAll(events, segment, ring.sink, from);
    // Writes wait for the timer: nothing of this visit is written before it fires.
    expect(timers.length).toBeLessThanOrEqual(1);
    for (const f of timers.splice(0)) f();
    await ring.flush();
    return { ring, recorder };
  };

  it('holds the same log as the recorder: the base snapshot and every event after it; older segments are deleted', async () => {
    const storage = memoryRingStorage();
    const events = fc.sample(eventArb, { numRuns: 103, seed: 7 });
    const timers: (() => void)[] = [];
    const ring = openLogRing(storage, { visitId: 'v1', now: () => 1, later: (f) => timers.push(f) });
    const { recorder } = recordAll(events, 5, ring.sink);
    // One timer for all those events: writes are batched.
    expect(timers).toHaveLength(1);
    timers.splice(0)[0]!();
    await ring.flush();
    const kept = await ring.read('v1');
    expect(kept).not.toBeNull();
    expect(canonicalJson(kept!.snapshot)).toBe(canonicalJson(recorder.toLog(0).snapshot));
    expect(kept!.events).toEqual(recorder.events());
    // Segments 19 and 20 (of 5 events each, 103 events) are all that is stored of the visit.
    const segments = [...storage.map.keys()].filter((k) => k.startsWith('s:v1:'));
    expect(segments).toEqual(['s:v1:000019', 's:v1:000020']);
    expect([...storage.map.keys()].filter((k) => k.startsWith('e:v1:000018'))).toEqual([]);
    // It replays from its snapshot to the state the recorder's own export replays to.
    expect(canonicalJson(replayLog(kept!).state)).toBe(canonicalJson(replayLog(recorder.toLog(0)).state));
  });

  it('keeps a day-long visit in the room of a short one: the stored keys stay bounded as events grow', async () => {
    const storage = memoryRingStorage();
    const sizes: number[] = [];
    const timers: (() => void)[] = [];
    const ring = openLogRing(storage, { visitId: 'long', now: () => 1, later: (f) => timers.push(f) });
    let t = 0;
    const recorder = makeRecorder({ now: () => (t += 1), segment: 10, sink: ring.sink });
    const store = createStore(evolve, initialRootState, applyMiddleware(recorder.middleware));
    const events = fc.sample(eventArb, { numRuns: 400, seed: 11 });
    for (let round = 0; round < 4; round++) {
      for (const e of events.slice(round * 100, round * 100 + 100)) store.dispatch(e);
      for (const f of timers.splice(0)) f();
      await ring.flush();
      const stored = [...storage.map.entries()]
        .filter(([k]) => k.startsWith('e:long:'))
        .reduce((n, [, v]) => n + (v as unknown[]).length, 0);
      sizes.push(stored);
    }
    // Two segments of ten at most, after 100 events as after 400.
    for (const n of sizes) {
      expect(n).toBeLessThanOrEqual(20);
      expect(n).toBeGreaterThanOrEqual(10);
    }
  });

  it('lists the earlier visits newest first, keeps only the newest three, and reads a visit that is gone as null', async () => {
    const storage = memoryRingStorage();
    const events = fc.sample(eventArb, { numRuns: 12, seed: 3 });
    await visit(storage, 'a', events);
    await visit(storage, 'b', events);
    await visit(storage, 'c', events);
    const { ring } = await visit(storage, 'd', events);
    const earlier = await ring.earlier();
    expect(earlier.map((v) => v.id)).toEqual(['c', 'b']);
    expect(earlier[0]!.recorded).toBe(12);
    expect(await ring.read('a')).toBeNull();
    expect([...storage.map.keys()].some((k) => k.includes(':a'))).toBe(false);
    const b = await ring.read('b');
    expect(b?.events.map((e) => e.meta.seq)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it('a storage that refuses writes (no room, a private window) leaves the recorder working in memory', async () => {
    const refusing: RingStorage = {
      getMany: () => Promise.reject(new Error('QuotaExceededError')),
      setMany: () => Promise.reject(new Error('QuotaExceededError')),
      delMany: () => Promise.reject(new Error('QuotaExceededError')),
      keys: () => Promise.reject(new Error('QuotaExceededError')),
    };
    const { recorder, ring } = await visit(refusing, 'x', fc.sample(eventArb, { numRuns: 9, seed: 5 }));
    expect(recorder.events().length).toBeGreaterThan(0);
    await expect(ring.flush()).resolves.toBeUndefined();
  });
});

describe('the sink of a ring still loading (its code comes after the first paint)', () => {
  it('holds what is recorded until the ring is there, then passes it on in order; a ring that never comes drops it', async () => {
    const calls: string[] = [];
    const real: LogSink = {
      segmentStarted: (i) => calls.push(`segment ${i}`),
      recorded: (i, e) => calls.push(`event ${i}:${e.meta.seq}`),
    };
    let arrive: (s: LogSink) => void = () => undefined;
    const sink = deferredSink(new Promise<LogSink>((resolve) => (arrive = resolve)));
    const { recorder } = recordAll(fc.sample(eventArb, { numRuns: 5, seed: 1 }), 3, sink);
    expect(calls).toEqual([]);
    arrive(real);
    await Promise.resolve();
    expect(calls).toEqual([
      'segment 0',
      'event 0:1',
      'event 0:2',
      'event 0:3',
      'segment 1',
      'event 1:4',
      'event 1:5',
    ]);
    recorder.middleware({ getState: () => initialRootState, dispatch: (a: unknown) => a } as never)(
      (a: unknown) => a,
    )(fc.sample(eventArb, { numRuns: 1, seed: 2 })[0]);
    // Straight through now: the sixth event fills segment 1 (of 3), and segment 2 begins.
    expect(calls.slice(-2)).toEqual(['event 1:6', 'segment 2']);

    const never = deferredSink(Promise.reject(new Error('the chunk did not load')));
    never.recorded(0, recorder.events()[0]!);
    await Promise.resolve();
    never.segmentStarted(1, null);
  });
});
