import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { replay, session, tasks } from '../../../domain/index.js';
import { TASK_LIST_KEY, restoreTaskEvents } from '../../../infrastructure/tasks/taskStore';
import { appStarted } from '../../../infrastructure/store/commands';
import { newScheduler, platformStore } from './harness';

const params = (prompt: string) => ({ domainType: 0, prompt, aspectRatio: '1:1', seed: null });
const created = (id: string, at: number) =>
  tasks.taskCreated({ id, params: params(id), guest: true, estimateMs: null, createdAt: at });

/** A store's task list without the restore-time field (`updatedAt` is when an event arrived). */
const listOf = (s: tasks.TasksState) => tasks.selectTaskList(s).map(({ updatedAt: _u, ...rest }) => rest);

describe('task list in IndexedDB (a reload keeps the task list)', () => {
  it('restores a stored list as domain task events: same order, progress, results (audio media included) and failures; polling resumes', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      // Build the list in one store, as a page would before the reload.
      const before = platformStore(scheduler);
      before.store.dispatch(appStarted({}));
      flush();
      before.store.dispatch(created('done', 1));
      before.store.dispatch(
        tasks.taskCompleted({ id: 'done', images: [{ url: '/blobs/done.png', width: 8, height: 8 }] }),
      );
      before.store.dispatch(created('song', 1.5));
      before.store.dispatch(
        tasks.taskCompleted({
          id: 'song',
          images: [],
          media: [
            {
              url: '/blobs/song.wav',
              kind: 'audio',
              contentType: 'audio/wav',
              width: null,
              height: null,
              durationS: 8,
            },
          ],
        }),
      );
      before.store.dispatch(created('broken', 2));
      before.store.dispatch(
        tasks.progressReported({ id: 'broken', code: 2, progress: 30, statusDesc: '', estimateMs: null }),
      );
      before.store.dispatch(tasks.taskFailed({ id: 'broken', code: 4, reason: 'engine' }));
      before.store.dispatch(created('running', 3));
      before.store.dispatch(
        tasks.progressReported({
          id: 'running',
          code: 2,
          progress: 40,
          statusDesc: 'rendering',
          estimateMs: 2000,
        }),
      );
      const stored = before.fake.kv.snapshot()[TASK_LIST_KEY];
      expect(stored).toMatchObject({ version: 1, owner: null });

      const after = platformStore(
        scheduler,
        { kv: { [TASK_LIST_KEY]: stored } },
        { batchProgress: () => cold('10ms (r|)', { r: E.right({ items: [] }) }) },
      );
      after.store.dispatch(appStarted({}));
      flush();
      expect(listOf(after.store.getState().tasks)).toEqual(listOf(before.store.getState().tasks));
      expect(replay(after.store.recorder.events()).violation).toBeNull();
      const polls = after.core.calls.filter((c) => c.name === 'batchProgress');
      expect(polls[0]?.body).toEqual({ task_ids: ['running'], g_mode: 1 });
    });
  });

  it("restores only the same person's list: a guest does not get an account's tasks", () => {
    const stored = { version: 1, owner: 'u1', tasks: [] };
    expect(restoreTaskEvents(stored, null)).toEqual([]);
    expect(restoreTaskEvents({ version: 2, owner: null, tasks: [] }, null)).toEqual([]);
    expect(restoreTaskEvents('garbage', null)).toEqual([]);
  });

  it('writes nothing before the stored list is read back, then writes every change under the current owner', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const old = { version: 1, owner: null, tasks: [] };
      const h = platformStore(scheduler, { kv: { [TASK_LIST_KEY]: old } });
      h.store.dispatch(created('early', 0));
      expect(h.fake.kv.snapshot()[TASK_LIST_KEY]).toEqual(old);
      h.store.dispatch(appStarted({}));
      flush();
      h.store.dispatch(created('late', 5));
      expect(
        (h.fake.kv.snapshot()[TASK_LIST_KEY] as { tasks: { id: string }[] }).tasks.map((t) => t.id),
      ).toEqual(['late', 'early']);
      const user = {
        id: 'u9',
        accountName: 'u9',
        name: 'U',
        email: 'u9@atelier.test',
        avatar: '',
        status: 1,
        role: 'user',
      };
      h.store.dispatch(session.userInfoSet({ user }));
      h.store.dispatch(tasks.taskRemoved({ id: 'early' }));
      expect(h.fake.kv.snapshot()[TASK_LIST_KEY]).toMatchObject({ owner: 'u9', tasks: [{ id: 'late' }] });
    });
  });

  it('an unreadable stored list is ignored and then replaced', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        kv: { [TASK_LIST_KEY]: { version: 1, owner: null, tasks: [{ id: 3 }] } },
      });
      h.store.dispatch(appStarted({}));
      flush();
      expect(h.store.getState().tasks.order).toEqual([]);
      h.store.dispatch(created('a', 1));
      expect(h.fake.kv.snapshot()[TASK_LIST_KEY]).toMatchObject({ tasks: [{ id: 'a' }] });
    });
  });
});
