/**
 * Epics of an area start when its route loads (redux-observable's lazy-epic recipe): a store built
 * for the web client runs only the core epics, a module added later handles the commands sent
 * after it, adding it twice starts it once, and the loaders bring the real modules.
 */
import * as E from 'fp-ts/Either';
import { of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feed } from '../../../domain/index.js';
import { feedModule } from '../../../infrastructure/feed/module';
import { buildStore } from '../../../infrastructure/store/buildStore';
import { loadFeedPage } from '../../../infrastructure/feed/commands';
import {
  loadFeedModule,
  loadStreamingModule,
  loadStudioModule,
  whenState,
} from '../../../infrastructure/store/modules';
import { makeFakeDeps } from '../../support/fakeApi';

afterEach(() => {
  vi.useRealTimers();
});

describe('epic modules', () => {
  it('runs no feed epic until the feed module is added, then handles commands once even if added twice', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(() => {
      const fake = makeFakeDeps(scheduler, {
        feedPage: () => of(E.right({ items: [], next_offset: 0, has_more: false } as never)),
      });
      const store = buildStore({ dependencies: fake.deps });
      store.dispatch(loadFeedPage({ tab: 'recommend' }));
      scheduler.flush();
      expect(fake.calls.filter((c) => c.name === 'feedPage')).toHaveLength(0);
      expect(store.addEpics(feedModule)).toBe(true);
      expect(store.addEpics(feedModule)).toBe(false);
      store.dispatch(loadFeedPage({ tab: 'recommend' }));
      scheduler.flush();
      expect(fake.calls.filter((c) => c.name === 'feedPage')).toHaveLength(1);
      expect(feed.selectFeedTab(store.getState().feed, 'recommend').status).not.toBe('idle');
    });
  });

  it('the loaders bring each area module under its own key', async () => {
    const modules = await Promise.all([loadFeedModule(), loadStreamingModule(), loadStudioModule()]);
    expect(modules.map((m) => m.key)).toEqual(['feed', 'streaming', 'studio']);
    for (const m of modules) expect(m.epics.length).toBeGreaterThan(0);
  });

  it('waits for a state, or gives the state as it is once the time is up (virtual time)', async () => {
    vi.useFakeTimers();
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const store = buildStore({ dependencies: makeFakeDeps(scheduler, {}).deps });
    await expect(whenState(store, () => true, 10)).resolves.toBe(store.getState());
    let settled = false;
    const late = whenState(store, (s) => s.flags.status === 'known', 5000).then((s) => {
      settled = true;
      return s;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await late).flags.status).toBe('unknown');
  });
});
