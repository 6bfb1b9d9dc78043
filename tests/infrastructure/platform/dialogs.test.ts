import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { showDialog } from '../../../infrastructure/notices/commands';
import { makeDialogRegistry } from '../../../infrastructure/platform/dialogRegistry';
import { marbleAt } from '../../support/fakeApi';
import { at, newScheduler, platformStore, recordedEvents$ } from './harness';

describe('dialog manager lookup (spec §8 "lookup retries 10 times every 500 ms")', () => {
  it('looks a missing dialog up at 0 and then every 500 ms, 10 retries, then gives up silently', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const lookups: number[] = [];
      const h = platformStore(scheduler, { findDialog: () => (lookups.push(scheduler.now()), false) });
      at(scheduler, 0, () => h.store.dispatch(showDialog({ name: 'upgrade', variant: 'Queue10' })));
      expectObservable(recordedEvents$(h.store), '^ 20000ms !').toBe('');
      flush();
      expect(lookups).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
      expect(h.store.getState().notices.dialog).toBeNull();
    });
  });

  it('opens the dialog at the lookup that finds it (a view mounted at 1200 ms is found at 1500 ms)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const registry = makeDialogRegistry();
      const h = platformStore(scheduler, { findDialog: registry.has });
      expectObservable(
        recordedEvents$(h.store).pipe(
          filter((e) => e.type === 'notices/dialogOpened'),
          map(() => 'x'),
        ),
        '^ 20000ms !',
      ).toBe(marbleAt([1500]));
      at(scheduler, 0, () => h.store.dispatch(showDialog({ name: 'break', variant: 'Queue5' })));
      at(scheduler, 1200, () => registry.register('break'));
      flush();
      expect(h.store.getState().notices.dialog).toEqual({ name: 'break', variant: 'Queue5' });
    });
  });

  it("gives up with the command's `otherwise` action after the 10th retry (at 5000 ms)", () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const h = platformStore(scheduler);
      const fallback = {
        type: 'notices/raised',
        payload: {
          id: 'n1',
          level: 'warning',
          messageKey: 'dialog.missing',
          values: {},
          fallback: null,
          durationMs: 5000,
        },
      };
      expectObservable(
        recordedEvents$(h.store).pipe(
          filter((e) => e.type === 'notices/raised'),
          map(() => 'x'),
        ),
        '^ 8000ms !',
      ).toBe(marbleAt([5000]));
      at(scheduler, 0, () =>
        h.store.dispatch(showDialog({ name: 'unlockBuy', variant: null, otherwise: fallback })),
      );
    });
  });

  it('a newer request for the same dialog replaces the one still retrying', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const lookups: number[] = [];
      const h = platformStore(scheduler, { findDialog: () => (lookups.push(scheduler.now()), false) });
      at(scheduler, 0, () => h.store.dispatch(showDialog({ name: 'upgrade', variant: null })));
      at(scheduler, 1200, () => h.store.dispatch(showDialog({ name: 'upgrade', variant: null })));
      flush();
      expect(lookups).toEqual([0, 500, 1000, ...Array.from({ length: 11 }, (_, i) => 1200 + i * 500)]);
    });
  });

  it('the registry counts mounts: a dialog stays found until its last mount unregisters', () => {
    const registry = makeDialogRegistry();
    const a = registry.register('upgrade');
    const b = registry.register('upgrade');
    a();
    a();
    expect(registry.has('upgrade')).toBe(true);
    b();
    expect(registry.has('upgrade')).toBe(false);
  });
});
