import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { appStarted } from '../../../infrastructure/store/commands';
import { exposeItem, logEvent, starTrack, trackEvent } from '../../../infrastructure/telemetry/commands';
import { OK, eventTypes, newScheduler, setup, uploads } from './harness';

const click = (objId: string) =>
  logEvent({ eventName: 'card_click', entityType: 1, objId, objType: 1, frontOperation: 'click' });
const session = E.right({ session_id: 'sess-1', event_limit: 10 });

describe('flush on hidden (spec §4 "events are batched and retried": what is pending goes out with sendBeacon when the page is hidden)', () => {
  it('beacons every pending item of every queue once, with the device id in the body, and uploads none of them again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, fake } = setup(scheduler, {
        visibility$: hot('v 399ms h', { v: 'visible', h: 'hidden' }),
        api: {
          starTrackInit: () => cold('r|', { r: session as never }),
          eventReport: () => cold('10ms r|', { r: OK }),
          logReport: () => cold('10ms r|', { r: OK }),
          starTrackEvents: () => cold('10ms r|', { r: OK }),
          exposureReport: () => cold('10ms r|', { r: OK }),
        },
      });
      cold('100ms x').subscribe(() => {
        store.dispatch(trackEvent({ name: 'page_view' }));
        store.dispatch(trackEvent({ name: 'card_view' }));
        store.dispatch(click('art-1'));
        store.dispatch(starTrack({ event: 'scroll' }));
        store.dispatch(exposeItem({ objId: 'art-1', objType: 1, page: 'recommendPage', position: 0 }));
      });
      flush();
      expect(fake.beacons.map((b) => [b.at, b.path, (b.body as { items: unknown[] }).items.length])).toEqual([
        [400, '/api/v1/event/report', 2],
        [400, '/api/v1/log/report/batch', 1],
        [400, '/api/v1/star-track/events', 1],
        [400, '/api/v1/exposure/report', 1],
      ]);
      expect(
        fake.beacons.every((b) => (b.body as { device_id?: string }).device_id === 'device-test-1'),
      ).toBe(true);
      expect((fake.beacons[2]!.body as { session_id: string }).session_id).toBe('sess-1');
      expect(fake.calls.filter((c) => c.name !== 'starTrackInit' && c.name !== 'ping')).toEqual([]);
      const t = store.getState().tracking;
      for (const q of [t.eventReport, t.log, t.starTrack, t.exposure])
        expect(q).toMatchObject({ pending: [], inFlight: [] });
      expect(eventTypes(store).filter((e) => e === 'tracking/batchAcked')).toHaveLength(4);
    });
  });

  it('leaves a batch in flight to its own answer: only what is pending is beaconed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, fake } = setup(scheduler, {
        visibility$: hot('1500ms h', { h: 'hidden' }),
        api: { logReport: () => cold('1000ms r|', { r: OK }) },
      });
      store.dispatch(click('art-1'));
      cold('1200ms x').subscribe(() => store.dispatch(click('art-2')));
      flush();
      // art-1 went out at 1000 and answers at 2000; art-2 is pending at 1500 and is beaconed.
      const sent = uploads(fake.calls, 'logReport');
      expect(sent).toHaveLength(1);
      expect(fake.beacons).toHaveLength(1);
      const beaconed = (fake.beacons[0]!.body as { items: { id: string }[] }).items.map((i) => i.id);
      expect(beaconed).not.toContain(sent[0]!.ids[0]);
      expect(store.getState().tracking.log).toMatchObject({ pending: [], inFlight: [] });
    });
  });

  it('keeps the items of a refused beacon and sends them with the next regular upload (retry), and keeps them cached', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, fake } = setup(scheduler, {
        visibility$: hot('300ms h', { h: 'hidden' }),
        beaconAccepts: () => false,
        api: { logReport: () => cold('10ms r|', { r: OK }) },
      });
      store.dispatch(appStarted({}));
      store.dispatch(click('art-1'));
      let cachedAfterRefusal: string | undefined;
      cold('500ms x').subscribe(() => (cachedAfterRefusal = fake.storage.get('log_event_cache')));
      flush();
      expect(fake.beacons.map((b) => b.at)).toEqual([300]);
      expect(JSON.parse(cachedAfterRefusal!)).toHaveLength(1);
      // The refused beacon failed the batch: the regular flush retries it 1 s after (the beacon's) flush time.
      expect(uploads(fake.calls, 'logReport').map((u) => u.at)).toEqual([1300]);
      expect(fake.storage.has('log_event_cache')).toBe(false);
    });
  });

  it('does not beacon star-track events before a session exists: they stay queued (and cached)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, fake } = setup(scheduler, { visibility$: hot('100ms h', { h: 'hidden' }) });
      store.dispatch(appStarted({}));
      store.dispatch(starTrack({ event: 'scroll' }));
      flush();
      expect(fake.beacons).toEqual([]);
      expect(store.getState().tracking.starTrack.pending).toHaveLength(1);
      expect(JSON.parse(fake.storage.get('star_track_event_cache')!)).toHaveLength(1);
    });
  });

  it('stops beaconing a queue at its first refused beacon, so no batch is both retried and beaconed (star-track: 15 events, 10 per upload)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const accepts = [false, true];
      let b = 0;
      const { store, fake } = setup(scheduler, {
        visibility$: hot('500ms h', { h: 'hidden' }),
        beaconAccepts: () => accepts[b++] ?? true,
        api: {
          starTrackInit: () => cold('r|', { r: session as never }),
          starTrackEvents: () => cold('10ms r|', { r: OK }),
        },
      });
      for (let i = 0; i < 15; i++) store.dispatch(starTrack({ event: `e${i}` }));
      flush();
      expect(fake.beacons.map((x) => (x.body as { items: unknown[] }).items.length)).toEqual([10]);
      // The refused batch went back to the queue: the regular flush (1 s after the beacon's) sends all 15 once.
      const sent = uploads(fake.calls, 'starTrackEvents');
      expect(sent.map((u) => [u.at, u.ids.length])).toEqual([
        [1500, 10],
        [1500, 5],
      ]);
      expect(new Set(sent.flatMap((u) => u.ids)).size).toBe(15);
      expect(store.getState().tracking.starTrack.acked).toHaveLength(15);
    });
  });
});
