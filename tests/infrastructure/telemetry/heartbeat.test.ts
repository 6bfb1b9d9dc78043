import * as E from 'fp-ts/Either';
import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { appStarted } from '../../../infrastructure/store/commands';
import { FIRST_OPEN_KEY } from '../../../infrastructure/telemetry/heartbeat';
import { marbleAt } from '../../support/fakeApi';
import type { TelemetryCall } from '../../support/fakes/telemetry';
import { newScheduler, setup } from './harness';

const pong = E.right({ unit: 'device' as const, first_open_at: null, last_seen_at: 0 });
const down = E.left({ kind: 'network' as const, path: '/api/v1/ping', message: 'offline' });

const pings = (calls: readonly TelemetryCall[]) => calls.filter((c) => c.name === 'ping');

/** A marble of the given [time, letter] pairs. */
const lettered = (pairs: readonly (readonly [number, string])[]) => {
  let i = 0;
  return marbleAt(pairs.map(([t]) => t)).replace(/x/g, () => pairs[i++]![1]);
};

describe('heartbeat (spec §7 "/api/v1/ping (heartbeat; action first_open the first time)", §9 "Heartbeat every 120 s")', () => {
  it('pings at start with first_open, then a heartbeat every 120 s while the page is visible, none while hidden', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, fake } = setup(scheduler, {
        visibility$: hot('v 249999ms h 149999ms v 129999ms h', { v: 'visible', h: 'hidden' }),
        api: { ping: () => cold('10ms r|', { r: pong as never }) },
      });
      store.dispatch(appStarted({}));
      const pings$ = fake.calls$.pipe(
        filter((c) => c.name === 'ping'),
        map((c) => ((c.body as { action: string }).action === 'first_open' ? 'f' : 'h')),
      );
      // Visible 0..250000 and 400000..530000. Back at 400000 the last ping (240000) is over 120 s old: ping at once.
      expectObservable(pings$, '^ 700000ms !').toBe(
        lettered([
          [0, 'f'],
          [120_000, 'h'],
          [240_000, 'h'],
          [400_000, 'h'],
          [520_000, 'h'],
        ]),
      );
    });
  });

  it('sends first_open again after a lost first ping, and only once the server has it marks the device', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const answers = [down, pong, pong];
      let i = 0;
      const { store, fake } = setup(scheduler, {
        visibility$: hot('v 250000ms h', { v: 'visible', h: 'hidden' }),
        api: { ping: () => cold('10ms r|', { r: answers[i++]! as never }) },
      });
      store.dispatch(appStarted({}));
      let markedAt60s: string | undefined;
      cold('60000ms x').subscribe(() => (markedAt60s = fake.storage.get(FIRST_OPEN_KEY)));
      flush();
      expect(pings(fake.calls).map((c) => [c.at, (c.body as { action: string }).action])).toEqual([
        [0, 'first_open'],
        [120_000, 'first_open'],
        [240_000, 'heartbeat'],
      ]);
      expect(markedAt60s).toBeUndefined();
      expect(fake.storage.get(FIRST_OPEN_KEY)).toBe('120010');
    });
  });

  it('never says first_open again on this device after a reload (the flag is in local storage)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const storage = new Map<string, string>();
      const load = (start: number) => {
        const page = setup(scheduler, {
          storage,
          visibility$: hot(`${start + 1}ms v 1000ms h`, { v: 'visible', h: 'hidden' }),
          api: { ping: () => cold('10ms r|', { r: pong as never }) },
        });
        cold(`${start}ms x`).subscribe(() => page.store.dispatch(appStarted({})));
        return page;
      };
      const first = load(0);
      const second = load(5000);
      flush();
      const actions = (p: typeof first) =>
        pings(p.fake.calls).map((c) => (c.body as { action: string }).action);
      expect(actions(first)).toEqual(['first_open']);
      expect(actions(second)).toEqual(['heartbeat']);
    });
  });

  it('does not ping more often when the person switches tabs back and forth', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const { store, fake } = setup(scheduler, {
        visibility$: hot('v 999ms h 999ms v 999ms h 999ms v 199999ms h', { v: 'visible', h: 'hidden' }),
        api: { ping: () => cold('10ms r|', { r: pong as never }) },
      });
      store.dispatch(appStarted({}));
      flush();
      expect(pings(fake.calls).map((c) => c.at)).toEqual([0, 120_000]);
    });
  });

  it('does not ping before the app has started, nor while the page starts hidden', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const a = setup(scheduler, {
        visibility$: hot('v 1000ms h', { v: 'visible', h: 'hidden' }),
        api: { ping: () => cold('r|', { r: pong as never }) },
      });
      const b = setup(scheduler, {
        visibility$: hot('h', { h: 'hidden' }),
        api: { ping: () => cold('r|', { r: pong as never }) },
      });
      b.store.dispatch(appStarted({}));
      flush();
      expect(pings(a.fake.calls)).toEqual([]);
      expect(pings(b.fake.calls)).toEqual([]);
    });
  });
});
