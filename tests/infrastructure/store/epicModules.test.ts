/**
 * Epics of an area start when its route loads (redux-observable's lazy-epic recipe): a store built
 * for the web client runs only the core epics, a module added later handles the commands sent
 * after it, adding it twice starts it once, and the loaders bring the real modules. `close` ends
 * every epic as a closed page does.
 */
import * as E from 'fp-ts/Either';
import { Observable, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feed, uploads } from '../../../domain/index.js';
import { feedModule } from '../../../infrastructure/feed/module';
import { buildStore } from '../../../infrastructure/store/buildStore';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { loadFeedPage } from '../../../infrastructure/feed/commands';
import {
  coreEpics,
  loadFeedModule,
  conversationModules,
  studioModules,
} from '../../../infrastructure/app/registry';
import { whenState } from '../../../infrastructure/store/whenState';
import { startUpload } from '../../../infrastructure/uploads/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeUploadServer, memoryFile, patternBytes } from '../../support/fakes/uploads';

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
      const store = buildStore({ core: coreEpics, dependencies: fake.deps });
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
    const modules = await Promise.all(
      [loadFeedModule, ...conversationModules, ...studioModules].map((load) => load()),
    );
    expect(modules.map((m) => m.key)).toEqual([
      'feed',
      'streaming',
      'chat',
      'characters',
      'editor',
      'downloads',
      'moderation',
      'studio',
    ]);
    for (const m of modules) expect(m.epics.length).toBeGreaterThan(0);
  });

  it('waits for a state, or gives the state as it is once the time is up (virtual time)', async () => {
    vi.useFakeTimers();
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const store = buildStore({ core: coreEpics, dependencies: makeFakeDeps(scheduler, {}).deps });
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

  it('close ends every epic, as a closed page does: the request in flight is aborted, no timer fires, nothing more happens', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      let aborted = 0;
      const server = fakeUploadServer(scheduler, {
        chunkSize: 8,
        // Chunk 1's PUT never answers; unsubscribing from it is what aborting it means.
        put: (put, _n, keep) => {
          if (put.index !== 1) {
            keep();
            return of({ status: 200 });
          }
          return new Observable(() => () => void (aborted += 1));
        },
      });
      const store = makeStore({ dependencies: makeFakeDeps(scheduler, {}, { uploads: server.deps }).deps });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(patternBytes(24)) }));
      const seen = store.recorder.events().length;
      scheduler.schedule(() => store.close(), 1000);
      flush();
      expect(aborted).toBe(1);
      // No 60 s chunk timeout fired after the close: no chunk failure, no retry, no other event.
      expect(store.recorder.events()).toHaveLength(seen);
      expect(server.puts.map((p) => p.index)).toEqual([0, 1]);
      expect(uploads.selectUploadList(store.getState().uploads)[0]!.phase.status).toBe('pending');
      // A command after the close finds no epic to run it.
      store.dispatch(startUpload({ field: 'other', file: memoryFile(patternBytes(8)) }));
      flush();
      expect(server.calls.filter((c) => c.name === 'config')).toHaveLength(1);
    });
  });
});
