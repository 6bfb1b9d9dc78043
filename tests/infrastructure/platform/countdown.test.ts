import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { popups } from '../../../domain/index.js';
import { appStarted } from '../../../infrastructure/store/commands';
import { marbleAt } from '../../support/fakeApi';
import { at, newScheduler, platformStore, recordedEvents$ } from './harness';

const ticks = (h: ReturnType<typeof platformStore>) =>
  recordedEvents$(h.store).pipe(
    filter((e) => e.type === 'popups/countdownTicked'),
    map(() => 'x'),
  );

describe('half-discount countdown (spec §4 "ticks every second, shows hh:mm:ss and clears at zero")', () => {
  it('ticks every 1000 ms while the end time is in the future and stops when it clears at zero', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const h = platformStore(scheduler);
      expectObservable(ticks(h), '^ 20000ms !').toBe(marbleAt([1000, 2000, 3000]));
      const seen: (string | null)[] = [];
      h.store.subscribe(() => seen.push(popups.selectHalfDiscountCountdown(h.store.getState().popups)));
      at(scheduler, 0, () => h.store.dispatch(popups.endTimeSet({ popup: 'halfDiscount', endAt: 3500 })));
      flush();
      expect(seen.filter((v, i) => v !== seen[i - 1])).toEqual(['00:00:03', '00:00:02', '00:00:01', null]);
      expect(h.store.getState().popups.endTimes.halfDiscount).toBeUndefined();
    });
  });

  it('never ticks without a running countdown (other end times alone do not start the clock)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const h = platformStore(scheduler);
      expectObservable(ticks(h), '^ 10000ms !').toBe('');
      at(scheduler, 0, () => h.store.dispatch(popups.endTimeSet({ popup: 'retention', endAt: 5000 })));
    });
  });

  it('a countdown restored from local storage at start ticks on; stale or unreadable keys are removed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const h = platformStore(scheduler, {
        storage: {
          half_discount_end_at: '2400',
          retention_popup_end_at: '-5',
          activation_popup_end_at: 'soon',
        },
      });
      expectObservable(ticks(h), '^ 10000ms !').toBe(marbleAt([1000, 2000]));
      at(scheduler, 0, () => h.store.dispatch(appStarted({})));
      flush();
      expect(h.fake.storage.snapshot()).toEqual({});
    });
  });

  it('keeps local storage in step: an end time is stored while valid and removed when it clears', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      h.store.dispatch(appStarted({}));
      at(scheduler, 10, () =>
        h.store.dispatch(popups.endTimeSet({ popup: 'awaitingOrder', endAt: 900_000 })),
      );
      at(scheduler, 20, () => h.store.dispatch(popups.endTimeSet({ popup: 'halfDiscount', endAt: 2_020 })));
      let midway: Record<string, string> = {};
      let later: Record<string, string> = {};
      at(scheduler, 1500, () => (midway = h.fake.storage.snapshot()));
      at(scheduler, 2500, () => (later = h.fake.storage.snapshot()));
      flush();
      expect(midway).toEqual({ awaiting_order_end_at: '900000', half_discount_end_at: '2020' });
      // The half discount cleared at its second tick (2020 ms); the awaiting order is still valid,
      expect(later).toEqual({ awaiting_order_end_at: '900000' });
      // until the clock's tick at its end removes it too.
      expect(h.fake.storage.snapshot()).toEqual({});
    });
  });

  it('the awaiting order keeps its order id beside its end time, comes back with it at start, and its minutes tick', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const h = platformStore(scheduler, {
        storage: { awaiting_order_end_at: '2500', awaiting_order_id: 'ord_9' },
      });
      expectObservable(ticks(h), '^ 10000ms !').toBe(marbleAt([1000, 2000, 3000]));
      at(scheduler, 0, () => h.store.dispatch(appStarted({})));
      let restored: ReturnType<typeof popups.selectReminder> = null;
      at(scheduler, 1, () => (restored = popups.selectReminder(h.store.getState().popups, null)));
      flush();
      expect(restored).toEqual({
        popup: 'awaitingOrder',
        endAt: 2500,
        remaining: '00:00:02',
        destination: '/pricing?order=ord_9',
      });
      expect(h.fake.storage.snapshot()).toEqual({});
    });
  });

  it('an order id left without a valid end time is removed at start', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        storage: { awaiting_order_end_at: '-1', awaiting_order_id: 'ord_9' },
      });
      h.store.dispatch(appStarted({}));
      flush();
      expect(h.fake.storage.snapshot()).toEqual({});
      expect(h.store.getState().popups.awaitingOrderId).toBeNull();
    });
  });
});
