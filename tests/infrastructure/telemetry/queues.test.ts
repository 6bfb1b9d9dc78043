import * as E from 'fp-ts/Either';
import { filter, map, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { billing, session, tracking } from '../../../domain/index.js';
import { appStarted } from '../../../infrastructure/store/commands';
import {
  eventReportChannel,
  logChannel,
  retryDelayMs,
  starTrackChannel,
} from '../../../infrastructure/telemetry/channels';
import { exposeItem, logEvent, starTrack, trackEvent } from '../../../infrastructure/telemetry/commands';
import type { TelemetryCall } from '../../support/fakes/telemetry';
import { DOWN, OK, eventTypes, newScheduler, setup, uploads } from './harness';

const click = (objId: string) =>
  logEvent({ eventName: 'card_click', entityType: 1, objId, objType: 1, frontOperation: 'click' });

/** `expectObservable` of the uploads of one call, as item counts at their virtual times. */
const expectUploads = (
  expectObservable: (
    o: Observable<unknown>,
    sub?: string,
  ) => { toBe: (m: string, v?: Record<string, unknown>) => void },
  calls$: Observable<TelemetryCall>,
  name: TelemetryCall['name'],
  until: number,
  expected: readonly (readonly [number, number])[],
) => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const sizes$ = calls$.pipe(
    filter((c) => c.name === name),
    map((c) => (c.body as { items: unknown[] }).items.length),
  );
  // Uploads made at the same frame are grouped as (ab) in marble syntax.
  let marble = '';
  let cursor = 0;
  const values: Record<string, number> = {};
  const byTime = new Map<number, number[]>();
  for (const [at, n] of expected) byTime.set(at, [...(byTime.get(at) ?? []), n]);
  let k = 0;
  for (const [at, sizes] of [...byTime.entries()].sort((a, b) => a[0] - b[0])) {
    const gap = at - cursor;
    if (gap > 0) marble += `${marble === '' ? '' : ' '}${gap}ms `;
    const chars = sizes.map((n) => {
      const ch = letters[k++]!;
      values[ch] = n;
      return ch;
    });
    marble += chars.length === 1 ? chars[0] : `(${chars.join('')})`;
    cursor = at + (chars.length === 1 ? 1 : chars.length + 2);
  }
  expectObservable(sizes$, `^ ${until}ms !`).toBe(marble, values);
};

describe('event report (spec §7/§9 "event report (batch, sent 3 s after the first event)")', () => {
  it('sends one batch 3 s after the FIRST event of a batch, whatever came after it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { store, fake } = setup(scheduler, { api: { eventReport: () => cold('10ms r|', { r: OK }) } });
      // Events at 0, 500 and 2000 form one batch; the event at 3500 starts the next.
      cold('a 499ms a 1499ms a 1499ms a').subscribe(() => store.dispatch(trackEvent({ name: 'page_view' })));
      expectUploads(expectObservable, fake.calls$, 'eventReport', 10_000, [
        [3000, 3],
        [6500, 1],
      ]);
    });
  });

  it('sends nothing while nothing was tracked', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { fake } = setup(scheduler);
      flush();
      expect(fake.calls).toEqual([]);
    });
  });
});

describe('log events (spec §9 "uploaded at 20 events or every 1 s and cached locally on failure")', () => {
  it('uploads at the 20th event at once, and what is left 1 s later', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { store, fake } = setup(scheduler, { api: { logReport: () => cold('10ms r|', { r: OK }) } });
      // 25 events, one per frame from 0 to 24: the 20th (frame 19) triggers an upload of 20.
      let n = 0;
      cold('x'.repeat(25)).subscribe(() => store.dispatch(click(`art-${n++}`)));
      expectUploads(expectObservable, fake.calls$, 'logReport', 5000, [
        [19, 20],
        [1020, 5],
      ]);
    });
  });

  it('uploads a lone event 1 s after it, never more than 20 per upload', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, { api: { logReport: () => cold('10ms r|', { r: OK }) } });
      cold('300ms x').subscribe(() => store.dispatch(click('art-1')));
      cold('5000ms x').subscribe(() => {
        for (let i = 0; i < 45; i++) store.dispatch(click(`bulk-${i}`));
      });
      flush();
      expect(uploads(fake.calls, 'logReport').map((u) => [u.at, u.ids.length])).toEqual([
        [1300, 1],
        [5000, 20],
        [5000, 20],
        [5000, 5],
      ]);
    });
  });

  it('retries a failed upload after 1 s, then 2 s (doubling), keeping the items in the local cache until acknowledged', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers = [DOWN, DOWN, OK];
      let attempt = 0;
      const { store, fake } = setup(scheduler, {
        api: { logReport: () => cold('10ms r|', { r: answers[attempt++]! }) },
      });
      store.dispatch(appStarted({}));
      const cacheAt: Record<number, string | undefined> = {};
      cold('1005ms a 1009ms b 3000ms c').subscribe((v) => {
        cacheAt[v === 'a' ? 1005 : v === 'b' ? 2015 : 5016] = fake.storage.get('log_event_cache');
      });
      store.dispatch(click('art-1'));
      flush();
      // Upload at 1000 fails at 1010: next at 1010 + 1000; fails at 2020: next at 2020 + 2000.
      expect(uploads(fake.calls, 'logReport').map((u) => u.at)).toEqual([1000, 2010, 4020]);
      const cached = JSON.parse(cacheAt[1005]!) as tracking.TrackedItem[];
      expect(cached.map((i) => i.name)).toEqual(['card_click']);
      expect(cacheAt[2015]).toBe(cacheAt[1005]);
      expect(cacheAt[5016]).toBeUndefined();
      expect(fake.storage.has('log_event_cache')).toBe(false);
      expect(store.getState().tracking.log).toMatchObject({ pending: [], inFlight: [] });
    });
  });

  it('re-sends after a reload what a failed upload left in the cache (retry from cache), with the same ids', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = new Map<string, string>();
      // The first page: its upload fails once, then the tab is closed (its next attempt never answers).
      let first = 0;
      const page1 = setup(scheduler, {
        storage,
        api: { logReport: () => (first++ === 0 ? cold('10ms r|', { r: DOWN }) : cold('-')) },
      });
      page1.store.dispatch(appStarted({}));
      page1.store.dispatch(click('art-1'));
      page1.store.dispatch(click('art-2'));
      let sentIds: string[] = [];
      cold('3000ms x').subscribe(() => {
        sentIds = uploads(page1.fake.calls, 'logReport')[0]!.ids;
        expect(JSON.parse(storage.get('log_event_cache')!).map((i: { id: string }) => i.id)).toEqual(sentIds);
        // The next page load: restores the cache at start and uploads it 1 s later.
        const page2 = setup(scheduler, { storage, api: { logReport: () => cold('10ms r|', { r: OK }) } });
        page2.store.dispatch(appStarted({}));
        cold('2000ms y').subscribe(() => {
          expect(uploads(page2.fake.calls, 'logReport')).toEqual([{ at: 4000, ids: sentIds }]);
          expect(eventTypes(page2.store)).toContain('tracking/cacheRestored');
          expect(storage.has('log_event_cache')).toBe(false);
        });
      });
      flush();
      expect(sentIds).toHaveLength(2);
    });
  });

  it('settles a batch the server refuses as malformed (10400) instead of retrying it for ever', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, {
        api: {
          logReport: () =>
            cold('10ms r|', { r: E.left({ kind: 'api', path: '/x', code: 10400, msg: 'bad' }) as never }),
        },
      });
      store.dispatch(click('art-1'));
      flush();
      expect(uploads(fake.calls, 'logReport').map((u) => u.at)).toEqual([1000]);
      expect(eventTypes(store).filter((t) => t.startsWith('tracking/batch'))).toEqual([
        'tracking/batchSent',
        'tracking/batchAcked',
      ]);
    });
  });

  it('restores only valid cached items: a tampered or corrupt cache never reaches the server', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const good = {
        id: 'cached-1',
        name: 'card_click',
        data: { entity_type: 2, obj_id: 'm1', obj_type: 2, front_operation: 'click' },
      };
      const bad = {
        id: 'cached-2',
        name: 'card_click',
        data: { entity_type: 99, obj_id: 'm1', obj_type: 2, front_operation: 'click' },
      };
      const storage = new Map([
        ['log_event_cache', JSON.stringify([good, bad])],
        ['star_track_event_cache', '{not json'],
      ]);
      const { store, fake } = setup(scheduler, { storage, api: { logReport: () => cold('r|', { r: OK }) } });
      store.dispatch(appStarted({}));
      flush();
      expect(uploads(fake.calls, 'logReport')).toEqual([{ at: 1000, ids: ['cached-1'] }]);
      expect(store.getState().tracking.starTrack.pending).toEqual([]);
      expect(storage.has('log_event_cache')).toBe(false);
    });
  });

  it('drops a log event the contract refuses (entity type outside set A) instead of poisoning a batch', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store } = setup(scheduler);
      store.dispatch(
        logEvent({ eventName: 'x', entityType: 42, objId: 'a', objType: 1, frontOperation: 'click' }),
      );
      flush();
      expect(eventTypes(store)).not.toContain('tracking/eventEnqueued');
    });
  });
});

describe('star-track (spec §9 "flush every 1000 ms or at 20 events (event limit 10, interval 5 s; cache key star_track_event_cache)")', () => {
  it('inits a session for the first event, flushes 1000 ms after it, and at 20 events sends two uploads of 10', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { store, fake } = setup(scheduler, {
        api: {
          starTrackInit: () =>
            cold('10ms r|', { r: E.right({ session_id: 'sess-1', event_limit: 10 }) as never }),
          starTrackEvents: () => cold('10ms r|', { r: OK }),
        },
      });
      cold('x').subscribe(() => store.dispatch(starTrack({ event: 'scroll', properties: { depth: 1 } })));
      cold('2000ms ' + 'x'.repeat(20)).subscribe(() => store.dispatch(starTrack({ event: 'hover' })));
      expectUploads(expectObservable, fake.calls$, 'starTrackEvents', 5000, [
        [1000, 1],
        [2019, 10],
        [2019, 10],
      ]);
      flush();
      expect(fake.calls.filter((c) => c.name === 'starTrackInit').map((c) => c.at)).toEqual([0]);
      const body = fake.calls.find((c) => c.name === 'starTrackEvents')!.body as {
        session_id: string;
        items: { event: string; at: number; properties: unknown }[];
      };
      expect(body.session_id).toBe('sess-1');
      expect(body.items[0]).toMatchObject({ event: 'scroll', at: 0, properties: { depth: 1 } });
    });
  });

  it('retries a failed upload every 5 s (a fixed interval) and keeps the events under star_track_event_cache meanwhile', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers = [DOWN, DOWN, DOWN, OK];
      let i = 0;
      const { store, fake } = setup(scheduler, {
        api: {
          starTrackInit: () => cold('r|', { r: E.right({ session_id: 'sess-1', event_limit: 10 }) as never }),
          starTrackEvents: () => cold('10ms r|', { r: answers[i++]! }),
        },
      });
      store.dispatch(appStarted({}));
      store.dispatch(starTrack({ event: 'scroll' }));
      let cached: string | undefined;
      cold('3000ms x').subscribe(() => (cached = fake.storage.get('star_track_event_cache')));
      flush();
      expect(uploads(fake.calls, 'starTrackEvents').map((u) => u.at)).toEqual([1000, 6010, 11_020, 16_030]);
      expect(JSON.parse(cached!)).toHaveLength(1);
      expect(fake.storage.has('star_track_event_cache')).toBe(false);
    });
  });

  it('retries init every 5 s until a session exists, and starts a new session when the server forgets it (10404)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const inits = [
        E.left({ kind: 'network', path: '/x', message: 'down' }),
        E.right({ session_id: 's1', event_limit: 10 }),
        E.right({ session_id: 's2', event_limit: 10 }),
      ];
      const events = [E.left({ kind: 'api', path: '/x', code: 10404, msg: 'unknown' }), OK];
      let a = 0;
      let b = 0;
      const { store, fake } = setup(scheduler, {
        api: {
          starTrackInit: () => cold('r|', { r: inits[a++]! as never }),
          starTrackEvents: () => cold('10ms r|', { r: events[b++]! as never }),
        },
      });
      store.dispatch(starTrack({ event: 'scroll' }));
      flush();
      expect(fake.calls.filter((c) => c.name === 'starTrackInit').map((c) => c.at)).toEqual([0, 5000, 5010]);
      const sent = fake.calls
        .filter((c) => c.name === 'starTrackEvents')
        .map((c) => [c.at, (c.body as { session_id: string }).session_id]);
      // First session at 5000: upload at once (the event waited long enough); 10404 at 5010 -> new
      // session; the retry waits 5 s after the failure.
      expect(sent).toEqual([
        [5000, 's1'],
        [10010, 's2'],
      ]);
    });
  });
});

describe('exposure data (spec §9 "exposure data every 5 s")', () => {
  it('sends exposures every 5 s while there are exposures, and nothing while there are none', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { store, fake } = setup(scheduler, { api: { exposureReport: () => cold('10ms r|', { r: OK }) } });
      let n = 0;
      cold('x 1999ms x 9999ms x').subscribe(() =>
        store.dispatch(exposeItem({ objId: `art-${n}`, objType: 1, page: 'recommendPage', position: n++ })),
      );
      expectUploads(expectObservable, fake.calls$, 'exposureReport', 30_000, [
        [5000, 2],
        [17_000, 1],
      ]);
    });
  });
});

describe('the §3 event envelope with productLevel (spec §3 "The premium level (productLevel) is added to tracking")', () => {
  const user = {
    id: 'u1',
    accountName: 'ann',
    name: 'Ann',
    email: 'ann@x.test',
    avatar: '',
    status: 1,
    role: 'user',
  };
  const info = (isActive: boolean): billing.PaymentInfo => ({
    accountId: 'u1',
    calculateCoins: 0,
    freeCoins: 0,
    tempCoins: 0,
    paidCoins: 0,
    isActive,
    liteIsActive: false,
    productLevel: 2,
    productType: 1,
    vipType: '',
    expiryTime: null,
  });

  it('builds each item with buildEnvelope: the signed-in member, their productLevel, the page, and the stored A/B canary', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = new Map([
        [
          'ab_flags',
          JSON.stringify({ flags: { modelDetailV2: 'B', stTavern: true }, configItems: [], unit: 'account' }),
        ],
      ]);
      const { store, fake } = setup(scheduler, {
        storage,
        api: { eventReport: () => cold('r|', { r: OK }) },
      });
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(billing.paymentInfoReceived({ info: info(true) }));
      cold('250ms x').subscribe(() =>
        store.dispatch(trackEvent({ name: 'buy_click', properties: { plan: 'pro', plat: 'ios' } })),
      );
      flush();
      const item = fake.calls[fake.calls.findIndex((c) => c.name === 'eventReport')]!.body as {
        items: Record<string, unknown>[];
        device_id: string;
      };
      expect(item.device_id).toBe('device-test-1');
      expect(item.items[0]).toEqual({
        id: expect.any(String),
        event_name: 'buy_click',
        account_id: 'u1',
        account_name: 'ann',
        mail: 'ann@x.test',
        reg_at: 0,
        create_at: 250,
        page_location: 'http://atelier.test/',
        device_id: 'device-test-1',
        browser_id: 'browser-1',
        device_os: 'web',
        // The envelope wins over a property of the same name.
        plat: 'web',
        app_id: 'atelier-web',
        canary: 'model_detail_v2=B,st_tavern=1',
        pageId: 'page-1',
        productLevel: 2,
        properties: { plan: 'pro' },
      });
    });
  });

  it('sends a guest with empty account fields and productLevel 0, and a lapsed member with productLevel 0', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, { api: { eventReport: () => cold('r|', { r: OK }) } });
      store.dispatch(trackEvent({ name: 'guest_view' }));
      cold('4000ms x').subscribe(() => {
        store.dispatch(session.userInfoSet({ user }));
        store.dispatch(billing.paymentInfoReceived({ info: info(false) }));
        store.dispatch(trackEvent({ name: 'lapsed_view' }));
      });
      flush();
      const items = fake.calls
        .filter((c) => c.name === 'eventReport')
        .map((c) => (c.body as { items: Record<string, unknown>[] }).items[0]!);
      expect(items.map((i) => [i['event_name'], i['account_id'], i['productLevel'], i['canary']])).toEqual([
        ['guest_view', '', 0, ''],
        ['lapsed_view', 'u1', 0, ''],
      ]);
    });
  });
});

describe('retry delays (spec §4 "retried"; §9 star-track "interval 5 s")', () => {
  it('doubles from the channel base up to 60 s, and keeps star-track at a fixed 5 s', () => {
    const delays = (spec: typeof logChannel) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(spec, n));
    expect(delays(logChannel)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(delays(eventReportChannel)).toEqual([3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000]);
    expect(delays(starTrackChannel)).toEqual(Array(8).fill(5000));
  });
});
