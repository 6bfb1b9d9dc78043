/**
 * Tracking wired across the app (spec §3 log event and envelope with productLevel; §9 "exposure
 * data every 5 s"), in virtual time: cards the IntersectionObserver adapter reports become
 * exposures, once per card per page view, uploaded by the 5 s exposure queue; a page view is an
 * event report with the envelope; a created task is a log event.
 */
import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../../domain/index.js';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { trackPageView } from '../../../infrastructure/telemetry/commands';
import type { ExposureSighting } from '../../../infrastructure/telemetry/deps';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakeTelemetry } from '../../support/fakes/telemetry';
import { OK, newScheduler } from './harness';

const card = (objId: string, position = 0): ExposureSighting => ({
  objId,
  objType: 1,
  page: '/explore',
  position,
});

const setupWith = (scheduler: ReturnType<typeof newScheduler>, exposures$: Observable<ExposureSighting>) => {
  const fake = makeFakeTelemetry(scheduler, {
    api: {
      exposureReport: () => scheduler.createColdObservable('1ms r|', { r: OK }),
      eventReport: () => scheduler.createColdObservable('1ms r|', { r: OK }),
      logReport: () => scheduler.createColdObservable('1ms r|', { r: OK }),
    },
  });
  const { deps } = makeFakeDeps(scheduler, {}, { telemetry: { ...fake.deps, exposures$ } });
  return { store: makeStore({ dependencies: deps }), fake };
};

const objIds = (body: unknown) => (body as { items: { obj_id: string }[] }).items.map((i) => i.obj_id);

describe('exposures of visible cards (spec §9 "exposure data every 5 s")', () => {
  it('uploads the cards seen, each once per page view, 5 s after the queue started', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      // The queues keep timers running; stop the virtual clock at 30 s.
      scheduler.maxFrames = 30_000;
      const seen$ = hot('100ms a 99ms b 99ms a 5999ms c 99ms a', {
        a: card('art-a', 0),
        b: card('art-b', 1),
        c: card('art-c', 2),
      });
      const { store, fake } = setupWith(scheduler, seen$);
      store.dispatch(trackPageView({ path: '/explore', route: 'explore' }));
      scheduler.schedule(() => store.dispatch(trackPageView({ path: '/explore', route: 'explore' })), 6000);
      flush();
      const exposures = fake.calls
        .filter((c) => c.name === 'exposureReport')
        .map((c) => [c.at, objIds(c.body)]);
      // a (100 ms) and b (200 ms) 5 s after the first was queued (a's second sighting at 300 ms is
      // the same page view: dropped); after the second page view at 6000 ms, c (6300 ms) and a
      // (6400 ms) again, 5 s after c was queued.
      expect(exposures).toEqual([
        [5100, ['art-a', 'art-b']],
        [11_300, ['art-c', 'art-a']],
      ]);
    });
  });
});

describe('page views and log events (spec §3)', () => {
  it('a page view is an event report with the envelope; a created task is a log event', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      // The queues keep timers running; stop the virtual clock at 30 s.
      scheduler.maxFrames = 30_000;
      const { store, fake } = setupWith(scheduler, hot(''));
      store.dispatch(trackPageView({ path: '/ja/explore', route: 'explore' }));
      store.dispatch(
        tasks.taskCreated({
          id: 'task-1',
          params: { domainType: 0, prompt: 'a lighthouse', aspectRatio: '1:1', seed: null },
          guest: true,
          estimateMs: null,
          createdAt: 0,
        }),
      );
      flush();
      const report = fake.calls.find((c) => c.name === 'eventReport');
      const item = (report?.body as { items: Record<string, unknown>[] }).items[0];
      expect(item).toMatchObject({
        event_name: 'page_view',
        properties: { path: '/ja/explore', route: 'explore' },
        plat: 'web',
        productLevel: 0,
        device_id: 'device-test-1',
      });
      const log = fake.calls.find((c) => c.name === 'logReport');
      expect((log?.body as { items: unknown[] }).items).toContainEqual(
        expect.objectContaining({
          event_name: 'task_create',
          obj_id: 'task-1',
          front_operation: 'domain_type_0',
        }),
      );
    });
  });
});
