/**
 * Issue 25 figure 7 (tracking): 1,000 events over the four tracking channels while one tracking
 * post in five fails (a fixed pattern of 5xx, network errors and timeouts whose request reached
 * the server but whose answer never came back), and the page reloads 3 times (a new store over
 * the SAME local storage; the old page is hidden first, so its beacon goes, then it is gone: its
 * requests in flight never answer, its timers and writes stop). A receiving end that stores items
 * as the reference server does (`ON CONFLICT (id) DO NOTHING` per table, server/ops/ingest.ts)
 * then holds every event exactly once: counted by the event's own marker, not by its id, so an
 * event re-queued under a new id would count as a duplicate.
 *
 * Then a full local storage: a `Storage` whose `setItem` throws QuotaExceededError past N bytes,
 * through the real browser adapter: no crash, the device copy of the queue keeps the newest
 * events that fit, and the oldest it had to leave out are counted and reported by the next page.
 * All in virtual time (RxJS TestScheduler).
 */
import * as E from 'fp-ts/Either';
import { NEVER, Subject, filter, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { tracking } from '../../../domain/index.js';
import { MAIN_TIMEOUT_MS, type ApiResult } from '../../../infrastructure/http/client';
import { browserKeyValueStorage } from '../../../infrastructure/platform/storage';
import { appStarted } from '../../../infrastructure/store/commands';
import { makeStore, type AppStore } from '../../../infrastructure/app/makeStore';
import { exposeItem, logEvent, starTrack, trackEvent } from '../../../infrastructure/telemetry/commands';
import type { KeyValueStorage, TelemetryApi, Visibility } from '../../../infrastructure/telemetry/deps';
import { makeFakeDeps } from '../../support/fakeApi';
import { quotaStorage } from '../../support/fakes/quotaStorage';
import { makeFakeTelemetry, mapStorage, type FakeTelemetryOptions } from '../../support/fakes/telemetry';
import { newScheduler } from './harness';

type Channel = tracking.TrackingChannel;
type Result = ApiResult<{ stored: number; duplicates: number }>;
type Fate = 'ok' | '5xx' | 'network' | 'timeout';

const EVENTS = 1000;
const RELOADS_AT = [150_000, 300_000, 450_000];
/** Event i happens at OFFSET + i * SPACING ms (never on a reload's frame). */
const OFFSET = 300;
const SPACING = 600;
/** A request whose answer is lost fails when the HTTP client's timeout ends it. */
const TIMEOUT_MS = MAIN_TIMEOUT_MS;

const CHANNELS: readonly Channel[] = ['eventReport', 'log', 'starTrack', 'exposure'];
const channelOf = (i: number): Channel => CHANNELS[i % CHANNELS.length]!;

/** Post n (every tracking post and beacon, counted across pages) fails when n % 5 === 2, kinds in turn. */
const fateOf = (n: number): Fate =>
  n % 5 === 2 ? (['5xx', 'network', 'timeout'] as const)[Math.floor(n / 5) % 3]! : 'ok';
const latencyOf = (n: number): number => 20 + ((n * 397) % 1500);

const commandOf = (i: number) => {
  const marker = `e${i}`;
  switch (channelOf(i)) {
    case 'eventReport':
      return trackEvent({ name: marker, properties: { n: i } });
    case 'log':
      return logEvent({
        eventName: 'card_click',
        entityType: 1,
        objId: marker,
        objType: 1,
        frontOperation: 'click',
      });
    case 'starTrack':
      return starTrack({ event: marker });
    case 'exposure':
      return exposeItem({ objId: marker, objType: 1, page: 'recommendPage', position: i });
  }
};

/** The marker (`e<i>`) of a wire item of `channel`. */
const markerOf = (channel: Channel, item: Record<string, unknown>): string =>
  String(
    channel === 'eventReport' ? item['event_name'] : channel === 'starTrack' ? item['event'] : item['obj_id'],
  );

const CHANNEL_OF_CALL: Partial<Record<keyof TelemetryApi, Channel>> = {
  eventReport: 'eventReport',
  logReport: 'log',
  starTrackEvents: 'starTrack',
  exposureReport: 'exposure',
};
const CHANNEL_OF_PATH: Readonly<Record<string, Channel>> = {
  '/api/v1/event/report': 'eventReport',
  '/api/v1/log/report/batch': 'log',
  '/api/v1/star-track/events': 'starTrack',
  '/api/v1/exposure/report': 'exposure',
};

/** The receiving end: one table per channel keyed by the item id, as the reference server stores them. */
const makeReceiver = () => {
  const rows = new Map<string, string>();
  let deliveries = 0;
  const store = (channel: Channel, items: readonly Record<string, unknown>[]) => {
    for (const item of items) {
      deliveries += 1;
      const key = `${channel}/${String(item['id'])}`;
      if (!rows.has(key)) rows.set(key, markerOf(channel, item));
    }
  };
  /** How many stored rows hold each marker. */
  const perMarker = () => {
    const counts = new Map<string, number>();
    for (const marker of rows.values()) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    return counts;
  };
  return { store, perMarker, rows, deliveries: () => deliveries };
};

interface Page {
  store: AppStore;
  readonly visibility$: Subject<Visibility>;
  /** False once the page is gone: it sends, answers and writes nothing more. */
  alive: boolean;
}

/**
 * One page load over the device's `local` storage: the store with every epic, fake telemetry
 * capabilities from `options` (built with the page, so they can ask whether it is still open),
 * and its own random ids (bootstrap's randomId: never one an earlier page drew).
 */
const openPage = (
  scheduler: TestScheduler,
  index: number,
  local: KeyValueStorage,
  options: (page: Page) => FakeTelemetryOptions,
): Page => {
  const page = { alive: true, visibility$: new Subject<Visibility>() } as Page;
  const fake = makeFakeTelemetry(scheduler, { visibility$: page.visibility$, ...options(page) });
  const storage: KeyValueStorage = {
    getItem: (k) => local.getItem(k),
    setItem: (k, v) => page.alive && local.setItem(k, v),
    removeItem: (k) => {
      if (page.alive) local.removeItem(k);
    },
  };
  const { deps } = makeFakeDeps(scheduler, {}, { telemetry: { ...fake.deps, storage } });
  let n = 0;
  page.store = makeStore({ dependencies: { ...deps, ids: () => `p${index}i${++n}` } });
  page.store.dispatch(appStarted({}));
  return page;
};

describe('tracking under faults (issue 25 figure 7)', () => {
  it('1,000 events, 20% of posts failing, 3 reloads: every event stored once, none lost', () => {
    const scheduler = newScheduler();
    const receiver = makeReceiver();
    const local = new Map<string, string>();
    const fates = new Map<Fate, number>();
    let posts = 0;
    let sessions = 0;
    const pages: Page[] = [];

    scheduler.run(({ cold, flush }) => {
      const nextFate = () => {
        const n = posts++;
        const fate = fateOf(n);
        fates.set(fate, (fates.get(fate) ?? 0) + 1);
        return { fate, latency: latencyOf(n) };
      };
      const open = (index: number) => {
        const page = openPage(scheduler, index, mapStorage(local), (p) => {
          /** An answer reaches a page only while it is open. */
          const answer = <A>(ms: number, r: A): Observable<A> =>
            cold(`${ms}ms r|`, { r }).pipe(filter(() => p.alive));
          const post =
            (name: keyof TelemetryApi) =>
            (body: unknown): Observable<Result> => {
              if (!p.alive) return NEVER;
              const { fate, latency } = nextFate();
              const items = (body as { items: Record<string, unknown>[] }).items;
              // A timed-out request reached the server: only its answer is lost.
              if (fate === 'ok' || fate === 'timeout') receiver.store(CHANNEL_OF_CALL[name]!, items);
              if (fate === 'ok') return answer(latency, E.right({ stored: items.length, duplicates: 0 }));
              if (fate === '5xx') return answer(latency, E.left({ kind: 'http', path: name, status: 503 }));
              if (fate === 'network')
                return answer(latency, E.left({ kind: 'network', path: name, message: 'Failed to fetch' }));
              return answer(TIMEOUT_MS, E.left({ kind: 'network', path: name, message: 'timeout' }));
            };
          return {
            beaconAccepts: (path, body) => {
              if (!p.alive) return false;
              // A beacon the browser refuses (too large, too many) answers false; a queued one arrives.
              if (nextFate().fate !== 'ok') return false;
              receiver.store(CHANNEL_OF_PATH[path]!, (body as { items: Record<string, unknown>[] }).items);
              return true;
            },
            api: {
              eventReport: post('eventReport'),
              logReport: post('logReport'),
              starTrackEvents: post('starTrackEvents'),
              exposureReport: post('exposureReport'),
              starTrackInit: () => {
                if (!p.alive) return NEVER;
                const { fate, latency } = nextFate();
                if (fate === 'ok')
                  return answer(latency, E.right({ session_id: `s${++sessions}`, event_limit: 10 }) as never);
                const failure = E.left({ kind: 'network', path: 'init', message: fate });
                return answer(fate === 'timeout' ? TIMEOUT_MS : latency, failure as never);
              },
            },
          };
        });
        pages.push(page);
        return page;
      };

      let current = open(0);
      RELOADS_AT.forEach((at, r) =>
        cold(`${at}ms x`).subscribe(() => {
          // Unloading hides the page first (pagehide), then it is gone.
          current.visibility$.next('hidden');
          current.alive = false;
          current = open(r + 1);
        }),
      );
      for (let i = 0; i < EVENTS; i++)
        cold(`${OFFSET + i * SPACING}ms x`).subscribe(() => current.store.dispatch(commandOf(i)));
      flush();
    });

    const perMarker = receiver.perMarker();
    const lost = Array.from({ length: EVENTS }, (_, i) => `e${i}`).filter((m) => !perMarker.has(m));
    const duplicates = [...perMarker.values()].filter((c) => c > 1).length;
    const failed = posts - (fates.get('ok') ?? 0);
    const failedPct = Math.round((100 * failed) / posts);
    expect(pages).toHaveLength(RELOADS_AT.length + 1);
    expect(fates.get('5xx')).toBeGreaterThan(0);
    expect(fates.get('network')).toBeGreaterThan(0);
    expect(fates.get('timeout')).toBeGreaterThan(0);
    expect(failedPct).toBe(20);
    expect(lost).toEqual([]);
    expect(duplicates).toBe(0);
    expect(perMarker.size).toBe(EVENTS);
    // Some items did reach the server twice (an answer lost, then the item sent again under its
    // own id): the receiving end's by-id storage is what keeps them single.
    expect(receiver.deliveries()).toBeGreaterThan(receiver.rows.size);
    // Nothing is left to send, and nothing is left in the device's copies.
    const last = pages[pages.length - 1]!.store.getState().tracking;
    for (const channel of CHANNELS) expect(last[channel]).toMatchObject({ pending: [], inFlight: [] });
    expect([...local.keys()].filter((k) => k.endsWith('_cache'))).toEqual([]);
    console.log(
      `tracking-faults: ${EVENTS} events, ${failedPct}% posts failed, ${RELOADS_AT.length} reloads: ` +
        `${lost.length} lost, ${duplicates} duplicates`,
    );
  });

  it('a full local storage: no crash; the device copy keeps the newest events, and the oldest it left out are counted', () => {
    const QUOTA = 64 * 1024;
    const LOGS = 300;
    const dom = quotaStorage(QUOTA);
    // Another part of the site filled most of the storage: about 24 KiB are left.
    const filler = 'x'.repeat(20 * 1024 - 'site_data'.length);
    dom.setItem('site_data', filler);
    const local = browserKeyValueStorage(() => dom);
    const scheduler = newScheduler();
    const received: string[] = [];
    const errors = vi.spyOn(console, 'error');
    let page2: Page | null = null;
    let page1Queued = 0;
    scheduler.run(({ cold, flush }) => {
      // Page 1 is offline: every upload fails; then the tab is killed (no pagehide, no beacon).
      const page1 = openPage(scheduler, 1, local, (p) => ({
        api: {
          logReport: () =>
            p.alive
              ? cold('50ms r|', { r: E.left({ kind: 'network', path: 'log', message: 'offline' }) as Result })
              : NEVER,
        },
      }));
      for (let i = 0; i < LOGS; i++)
        cold(`${i * 100}ms x`).subscribe(() =>
          page1.store.dispatch(
            logEvent({
              eventName: 'card_click',
              entityType: 1,
              objId: `e${i}`,
              objType: 1,
              frontOperation: 'click',
            }),
          ),
        );
      cold('60000ms x').subscribe(() => {
        // While it lived, page 1 kept every event in memory, ready to send.
        page1Queued = tracking.selectUnacknowledged(page1.store.getState().tracking, 'log').length;
        page1.alive = false;
        // The next page is online.
        page2 = openPage(scheduler, 2, local, () => ({
          api: {
            logReport: (body) => {
              for (const item of (body as { items: { obj_id: string }[] }).items) received.push(item.obj_id);
              return cold('20ms r|', { r: E.right({ stored: 1, duplicates: 0 }) as Result });
            },
          },
        }));
      });
      flush();
    });
    const state = page2!.store.getState().tracking;
    const dropped = tracking.selectDropped(state, 'log');
    const restored = page2!.store.recorder.events().find((e) => e.type === 'tracking/cacheRestored')!
      .payload as tracking.CacheRestoredPayload;
    // The quota was hit, and nothing failed for it.
    expect(dom.refused()).toBeGreaterThan(0);
    expect(errors).not.toHaveBeenCalled();
    expect(page1Queued).toBe(LOGS);
    // The oldest were left out and counted; the newest came back and were sent, each once.
    expect(dropped).toBeGreaterThan(0);
    expect(restored.dropped).toBe(dropped);
    expect(restored.items).toHaveLength(LOGS - dropped);
    expect(received).toEqual(Array.from({ length: LOGS - dropped }, (_, i) => `e${dropped + i}`));
    expect(state.log).toMatchObject({ pending: [], inFlight: [] });
    // The rest of the site's data is untouched, and the copy is gone once everything was sent.
    expect(dom.getItem('site_data')).toBe(filler);
    expect(dom.getItem('log_event_cache')).toBeNull();
    errors.mockRestore();
    console.log(
      `tracking-full-storage: quota ${QUOTA} bytes, ${dropped} oldest dropped and counted, no crash`,
    );
  });
});
