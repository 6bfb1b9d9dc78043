import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replay, type DomainEvent } from '../../../domain/index.js';
import type { tracking } from '../../../domain/index.js';
import type { ApiResult } from '../../../infrastructure/http/client';
import { exposeItem, logEvent, starTrack, trackEvent } from '../../../infrastructure/telemetry/commands';
import { newScheduler, setup } from './harness';

type Channel = tracking.TrackingChannel;
type Answer = { readonly kind: 'ok' | 'fail' | 'lost'; readonly latency: number };
type Result = ApiResult<{ stored: number; duplicates: number }>;

interface Scenario {
  readonly events: readonly { readonly channel: Channel; readonly at: number }[];
  readonly answers: readonly Answer[];
  readonly toggles: readonly number[];
  readonly beaconAccepts: readonly boolean[];
}

/** The page is visible at 0, then toggles hidden / visible at the given times. */
const visibilityMarble = (toggles: readonly number[]): string => {
  let out = 'v';
  let cursor = 1;
  toggles.forEach((t, i) => {
    out += ` ${t - cursor}ms ${i % 2 === 0 ? 'h' : 'v'}`;
    cursor = t + 1;
  });
  return out;
};

const scenario: fc.Arbitrary<Scenario> = fc.record({
  events: fc.array(
    fc.record({
      channel: fc.constantFrom<Channel>('eventReport', 'log', 'starTrack', 'exposure'),
      // Bursts (the first 900 ms) as well as spread-out events, so beacons meet full queues.
      at: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 900 })),
    }),
    { minLength: 1, maxLength: 60 },
  ),
  answers: fc.array(
    fc.record({
      kind: fc.constantFrom<Answer['kind']>('ok', 'fail', 'lost'),
      latency: fc.integer({ min: 1, max: 3000 }),
    }),
    { maxLength: 30 },
  ),
  /** Times at which the page toggles hidden / visible, starting visible. */
  toggles: fc
    .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 25_000 }), fc.integer({ min: 1, max: 1000 })), {
      maxLength: 4,
    })
    .map((xs) => [...xs].sort((a, b) => a - b)),
  beaconAccepts: fc.array(fc.boolean(), { maxLength: 6 }),
});

/** Runs one scenario against a fake server that stores items by id; returns what happened. */
const run = (s: Scenario) => {
  const scheduler = newScheduler();
  const stored = new Map<string, number>();
  const sends: string[][] = [];
  let outcome: {
    events: readonly DomainEvent[];
    state: ReturnType<ReturnType<typeof setup>['store']['getState']>;
  } | null = null;
  scheduler.run(({ cold, hot, flush }) => {
    let next = 0;
    let beacon = 0;
    const store = (items: readonly { id: string }[]) =>
      items.forEach((i) => stored.set(i.id, (stored.get(i.id) ?? 0) + 1));
    const upload = (body: unknown): Observable<Result> => {
      const items = (body as { items: { id: string }[] }).items;
      sends.push(items.map((i) => i.id));
      const answer = s.answers[next++] ?? { kind: 'ok', latency: 5 };
      if (answer.kind !== 'fail') store(items);
      const r: Result =
        answer.kind === 'ok'
          ? E.right({ stored: items.length, duplicates: 0 })
          : E.left({ kind: 'network', path: '/x', message: answer.kind });
      return cold(`${answer.latency}ms r|`, { r });
    };
    const { store: app } = setup(scheduler, {
      visibility$: hot(visibilityMarble(s.toggles), { v: 'visible', h: 'hidden' }),
      beaconAccepts: (_path, body) => {
        const ok = s.beaconAccepts[beacon++] ?? true;
        const items = (body as { items: { id: string }[] }).items;
        sends.push(items.map((i) => i.id));
        if (ok) store(items);
        return ok;
      },
      api: {
        starTrackInit: () => cold('r|', { r: E.right({ session_id: 'sess', event_limit: 10 }) as never }),
        eventReport: upload,
        logReport: upload,
        starTrackEvents: upload,
        exposureReport: upload,
      },
    });
    for (const [i, e] of s.events.entries())
      cold(`${e.at}ms x`).subscribe(() =>
        app.dispatch(
          e.channel === 'eventReport'
            ? trackEvent({ name: `e${i}` })
            : e.channel === 'log'
              ? logEvent({
                  eventName: `e${i}`,
                  entityType: 1,
                  objId: `o${i}`,
                  objType: 1,
                  frontOperation: 'click',
                })
              : e.channel === 'starTrack'
                ? starTrack({ event: `e${i}` })
                : exposeItem({ objId: `o${i}`, objType: 1, page: 'p', position: i }),
        ),
      );
    flush();
    outcome = { events: app.recorder.events(), state: app.getState() };
  });
  return { ...outcome!, stored, sends };
};

describe('delivery (spec §4 "events are batched and retried": no event lost, none sent twice)', () => {
  it('property: across failures, lost answers and beacons, every enqueued item is acknowledged exactly once, stored once, and only re-sent after a failed attempt', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { events, state, stored, sends } = run(s);
        // The domain's invariants (an item in one place, nothing lost, pending in order) held throughout.
        expect(replay(events).violation).toBeNull();
        const enqueued = events
          .filter((e) => e.type === 'tracking/eventEnqueued')
          .map((e) => (e.payload as { item: { id: string } }).item.id);
        expect(enqueued).toHaveLength(s.events.length);
        // Walk the log: which ids each batch carried, how often each id was acknowledged or failed.
        const inFlight = new Map<string, readonly string[]>();
        const acked = new Map<string, number>();
        const failed = new Map<string, number>();
        for (const e of events) {
          const p = e.payload as { channel: Channel; batchId: string; itemIds: string[] };
          const key = `${p.channel}/${p.batchId}`;
          if (e.type === 'tracking/batchSent') {
            expect(inFlight.has(key)).toBe(false);
            inFlight.set(key, p.itemIds);
          } else if (e.type === 'tracking/batchAcked' || e.type === 'tracking/batchFailed') {
            const ids = inFlight.get(key)!;
            inFlight.delete(key);
            const tally = e.type === 'tracking/batchAcked' ? acked : failed;
            for (const id of ids) tally.set(id, (tally.get(id) ?? 0) + 1);
          }
        }
        expect(inFlight.size).toBe(0);
        for (const id of enqueued) {
          expect(acked.get(id)).toBe(1);
          expect(stored.get(id) ?? 0).toBeGreaterThanOrEqual(1);
          // Sent once, plus once more per failed attempt: never again once acknowledged.
          expect(sends.filter((ids) => ids.includes(id)).length).toBe(1 + (failed.get(id) ?? 0));
        }
        for (const q of Object.values(state.tracking)) expect(q).toMatchObject({ pending: [], inFlight: [] });
      }),
      { numRuns: 60 },
    );
  });

  it('regression: an upload that fails while a later batch of the same queue succeeds loses nothing', () => {
    const { events, state } = run({
      events: Array.from({ length: 25 }, (_, i) => ({ channel: 'log' as const, at: i })),
      answers: [
        { kind: 'fail', latency: 2000 },
        { kind: 'ok', latency: 10 },
      ],
      toggles: [],
      beaconAccepts: [],
    });
    expect(replay(events).violation).toBeNull();
    expect(state.tracking.log.acked).toHaveLength(25);
  });
});
