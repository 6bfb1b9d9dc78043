/**
 * Marble tests of the task epics added for issue 3: delete, estimate (debounced 300 ms, latest
 * wins), the task list at sign-in (one replayable snapshot), tool tasks of any kind, and polling
 * guest and account tasks in separate batches (spec §4 "g_mode=1 on task polling").
 */
import * as E from 'fp-ts/Either';
import { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { replay, session, tasks } from '../../../domain/index.js';
import type {
  TaskDeleteResponse,
  TaskEstimateResponse,
  TaskItem,
  TaskListResponse,
} from '../../../infrastructure/contract/tasks';
import { ESTIMATE_DEBOUNCE_MS, PUSH_RETRY_MS } from '../../../infrastructure/tasks/epics';
import {
  createToolTask,
  deleteTask,
  estimateTask,
  type ToolTaskRequest,
} from '../../../infrastructure/tasks/commands';
import type { ApiResult } from '../../../infrastructure/http/client';
import type { Dependencies } from '../../../infrastructure/store/dependencies';
import type { TasksDeps } from '../../../infrastructure/tasks/deps';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/**
 * A task left in progress keeps the 3 s poll ticking forever in virtual time; tests that leave
 * one call this first, so `flush()` stops at 20 s.
 */
const boundTime = (scheduler: TestScheduler) => {
  scheduler.maxFrames = 20_000;
};

const created = (id: string, guest: boolean, at = 0) =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
    guest,
    estimateMs: null,
    createdAt: at,
  });

const item = (id: string, over: Partial<TaskItem> = {}): TaskItem => ({
  id,
  status: 2,
  process: 10,
  status_desc: '',
  img_uris: [],
  estimate_time: 3,
  create_at: 0,
  domain_type: 0,
  prompt: id,
  aspect_ratio: '1:1',
  ...over,
});

interface Recorded {
  readonly at: number;
  readonly name: keyof TasksDeps;
  readonly body: unknown;
}

/** Fake task calls answering through cold observables, recording each call with its virtual time. */
const fakeTasks = (
  scheduler: TestScheduler,
  impl: Partial<{ [K in keyof TasksDeps]: (req: Parameters<TasksDeps[K]>[0]) => Observable<unknown> }>,
) => {
  const calls: Recorded[] = [];
  const wrap =
    <K extends keyof TasksDeps>(name: K) =>
    (req: Parameters<TasksDeps[K]>[0]) => {
      calls.push({ at: scheduler.now(), name, body: req });
      const f = impl[name] as ((r: unknown) => Observable<unknown>) | undefined;
      return (f ? f(req) : new Observable<never>()) as ReturnType<TasksDeps[K]>;
    };
  const deps: TasksDeps = {
    deleteTasks: wrap('deleteTasks'),
    estimateTask: wrap('estimateTask'),
    listTasks: wrap('listTasks'),
    cancelTasks: wrap('cancelTasks'),
    optionsConfig: wrap('optionsConfig'),
    publishTask: wrap('publishTask'),
    remixOf: wrap('remixOf'),
    settledPushes: wrap('settledPushes') as TasksDeps['settledPushes'],
  };
  return { deps, calls };
};

const storeWith = (
  scheduler: TestScheduler,
  api: Parameters<typeof makeFakeDeps>[1],
  taskDeps: TasksDeps | null,
) => {
  const { deps, calls } = makeFakeDeps(scheduler, api);
  const full: Dependencies = taskDeps ? { ...deps, tasks: taskDeps } : deps;
  const store = makeStore({ dependencies: full });
  return { store, calls };
};

/** Requests as a form would build them (the domain type is a branded number in the codec). */
const form = (r: Record<string, unknown>) => r as unknown as ToolTaskRequest;

const user = { id: 'u1', accountName: 'u1', name: 'U', email: 'u@x', avatar: '', status: 1, role: 'user' };

describe('delete epic (spec §7 /task/delete)', () => {
  it('deletes a guest task with g_mode=1, records tasks/deleted and refreshes payment when coins came back', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answer: ApiResult<TaskDeleteResponse> = E.right({ deleted: ['g'], refunded_coins: 0 });
      const t = fakeTasks(scheduler, { deleteTasks: () => cold('--r|', { r: answer }) });
      const { store } = storeWith(scheduler, {}, t.deps);
      store.dispatch(created('g', true));
      store.dispatch(deleteTask({ id: 'g' }));
      flush();
      expect(t.calls).toEqual([{ at: 0, name: 'deleteTasks', body: { ids: ['g'], g_mode: 1 } }]);
      expect(store.getState().tasks.order).toEqual([]);
      expect(store.getState().tasks.deleted).toEqual({ g: true });
      // The tasks' own facts (the creation is also logged for tracking, spec §3 log events).
      const types = store.recorder
        .events()
        .map((e) => e.type)
        .filter((t) => t.startsWith('tasks/'));
      expect(types).toEqual(['tasks/created', 'tasks/deleted']);
    });
  });

  it("refreshes payment info after a refund, treats the server's 10404 as already deleted, and reports other failures", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers: Record<string, ApiResult<TaskDeleteResponse>> = {
        a: E.right({ deleted: ['a'], refunded_coins: 40 }),
        b: E.left({ kind: 'api', path: '/api/v1/task/delete', code: 10404, msg: 'no such task of yours' }),
        c: E.left({ kind: 'network', path: '/api/v1/task/delete', message: 'offline' }),
      };
      boundTime(scheduler);
      const t = fakeTasks(scheduler, { deleteTasks: (req) => cold('-r|', { r: answers[req.ids[0]!]! }) });
      const { deps, calls } = makeFakeDeps(scheduler, {});
      const seen: string[] = [];
      const full: Dependencies = { ...deps, tasks: t.deps };
      const store = makeStore({ dependencies: full });
      store.dispatch(session.userInfoSet({ user }));
      for (const id of ['a', 'b', 'c']) store.dispatch(created(id, false));
      for (const id of ['a', 'b', 'c']) store.dispatch(deleteTask({ id }));
      flush();
      for (const e of store.recorder.events()) seen.push(e.type);
      expect(t.calls.filter((c) => c.name === 'deleteTasks').map((c) => c.body)).toEqual([
        { ids: ['a'] },
        { ids: ['b'] },
        { ids: ['c'] },
      ]);
      // Only the refunded deletion refreshes payment info.
      expect(calls.filter((c) => c.name === 'paymentInfo').map((c) => c.at)).toEqual([1]);
      expect(store.getState().tasks.order).toEqual(['c']);
      expect(seen.filter((x) => x === 'tasks/deleted')).toHaveLength(2);
      // The failure went to the error map: a notice for a network error (spec §8 apiErr).
      expect(seen).toContain('notices/raised');
    });
  });

  it('stays idle while the store has no task calls wired (no request, no event)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      boundTime(scheduler);
      const { store } = storeWith(scheduler, {}, null);
      store.dispatch(created('a', false));
      store.dispatch(deleteTask({ id: 'a' }));
      flush();
      expect(store.getState().tasks.order).toEqual(['a']);
    });
  });
});

describe('estimate epic (spec §7 /task/estimate): debounced 300 ms, the latest form wins', () => {
  it('sends one request 300 ms after the last edit, and a newer edit cancels an answer still in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const answer = (coins: number): ApiResult<TaskEstimateResponse> =>
        E.right({
          coins,
          estimate_time: 2,
          balance: 100,
          can_afford: true,
          queue: { active: 0, limit: 2, tier: 'non-member' },
          daily: { used: 0, limit: 30 },
        });
      // Each answer takes 500 ms.
      const t = fakeTasks(scheduler, {
        estimateTask: (req) =>
          cold('500ms r|', { r: answer(req.batch_size === undefined ? 10 : req.batch_size * 10) }),
      });
      const { store } = storeWith(scheduler, {}, t.deps);
      // Edits at 0, 100, 200 (one burst), then at 1000 and 1400 (the second cancels the first's answer).
      hot('a 99ms b 99ms c 799ms d 399ms e', {
        a: { domain_type: 0, prompt: 'x' },
        b: { domain_type: 0, prompt: 'xy' },
        c: { domain_type: 0, prompt: 'xyz', batch_size: 2 },
        d: { domain_type: 0, prompt: 'xyz', batch_size: 3 },
        e: { domain_type: 0, prompt: 'xyz', batch_size: 4 },
      }).subscribe((request) => store.dispatch(estimateTask({ request: form(request) })));
      flush();
      expect(t.calls.map((c) => [c.at, (c.body as { batch_size?: number }).batch_size ?? 1])).toEqual([
        [200 + ESTIMATE_DEBOUNCE_MS, 2],
        [1000 + ESTIMATE_DEBOUNCE_MS, 3],
        [1400 + ESTIMATE_DEBOUNCE_MS, 4],
      ]);
      const estimates = store.recorder.events().filter((e) => e.type === 'tasks/estimateReceived');
      // 500 -> answered at 1000; 1300 is cancelled by 1700; 1700 -> answered at 2200.
      expect(estimates.map((e) => [e.meta.at, (e.payload as { coins: number }).coins])).toEqual([
        [1000, 20],
        [2200, 40],
      ]);
      expect(store.getState().tasks.estimate).toMatchObject({
        coins: 40,
        estimateMs: 2000,
        key: tasks.estimateKeyOf({ domain_type: 0, prompt: 'xyz', batch_size: 4 }),
      });
    });
  });

  it('shows nothing for a failed estimate (an unfinished form answers 10400)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const t = fakeTasks(scheduler, {
        estimateTask: () => cold('-r|', { r: E.left({ kind: 'api', path: '/x', code: 10400, msg: 'bad' }) }),
      });
      const { store } = storeWith(scheduler, {}, t.deps);
      store.dispatch(estimateTask({ request: form({ domain_type: 1 }) }));
      flush();
      expect(t.calls).toHaveLength(1);
      expect(store.recorder.events()).toEqual([]);
    });
  });
});

describe('task list at sign-in: one snapshot event, replayable', () => {
  it('fetches the first page when user info is set and records tasks/listReceived with the request time; replay rebuilds the same list', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const list: ApiResult<TaskListResponse> = E.right({
        items: [
          item('s1', {
            status: 3,
            process: 100,
            create_at: 50,
            img_uris: [{ url: '/a.png', width: 2, height: 2 }],
            media: [{ url: '/a.png', kind: 'image', content_type: 'image/png', width: 2, height: 2 }],
          }),
          item('s2', { status: 2, process: 40, create_at: 40, comfyui_current_node: '3 KSampler' }),
        ],
        total: 2,
        page: 1,
        page_size: 50,
      });
      boundTime(scheduler);
      const t = fakeTasks(scheduler, { listTasks: () => cold('---r|', { r: list }) });
      const { store } = storeWith(scheduler, { batchProgress: () => new Observable() }, t.deps);
      cold('10ms x').subscribe(() => store.dispatch(session.userInfoSet({ user })));
      flush();
      expect(t.calls.filter((c) => c.name === 'listTasks')).toEqual([
        { at: 10, name: 'listTasks', body: { page: 1, page_size: 50 } },
      ]);
      // A listed task still running opens the push socket (issue 23).
      expect(t.calls.filter((c) => c.name === 'settledPushes').map((c) => c.at)).toEqual([13]);
      const snap = store.recorder.events().find((e) => e.type === 'tasks/listReceived')!;
      expect(snap.meta.at).toBe(13);
      expect((snap.payload as tasks.TaskListReceivedPayload).requestedAt).toBe(10);
      const state = store.getState();
      expect(state.tasks.order).toEqual(['s1', 's2']);
      expect(state.tasks.byId['s1']!.phase).toMatchObject({
        status: 'completed',
        media: [{ kind: 'image', url: '/a.png' }],
      });
      expect(state.tasks.byId['s2']!.phase).toMatchObject({ status: 'inProgress', progress: 40 });
      const replayed = replay(store.recorder.events());
      expect(replayed.violation).toBeNull();
      expect(replayed.state.tasks).toEqual(state.tasks);
    });
  });
});

describe('tool tasks and polling every kind with its ownership', () => {
  it('creates a tool task with its fields (g_mode for a guest session) and records it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      boundTime(scheduler);
      const { deps, calls } = makeFakeDeps(scheduler, {
        createTask: (req) =>
          cold('-r|', {
            r: E.right({
              item: item('up1', {
                domain_type: req.domain_type,
                status: 1,
                process: 0,
                aspect_ratio: '8:5',
                prompt: '',
              }),
            }),
          }),
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(
        createToolTask({ request: form({ domain_type: 1, input_url: '/blobs/uploads/f/in.png', scale: 4 }) }),
      );
      flush();
      expect(calls.find((c) => c.name === 'createTask')?.body).toEqual({
        domain_type: 1,
        input_url: '/blobs/uploads/f/in.png',
        scale: 4,
        g_mode: 1,
      });
      expect(store.getState().tasks.byId['up1']).toMatchObject({
        guest: true,
        params: { domainType: 1, aspectRatio: '8:5' },
      });
    });
  });

  it('polls account and guest tasks in two batches every 3000 ms, each with its g_mode, and records the workflow node and media', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let n = 0;
      const { deps, calls } = makeFakeDeps(scheduler, {
        batchProgress: (req) => {
          n++;
          const done = n > 2;
          return cold('-r|', {
            r: E.right({
              items: req.task_ids.map((id) =>
                done
                  ? item(id, {
                      status: 3,
                      process: 100,
                      media: [
                        {
                          url: `/${id}.gif`,
                          kind: 'video',
                          content_type: 'image/gif',
                          width: 8,
                          height: 8,
                          duration: 1.6,
                          frames: 16,
                        },
                      ],
                    })
                  : item(id, { status: 2, process: 50, comfyui_current_node: '3 KSampler' }),
              ),
            }),
          });
        },
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(created('acc', false));
      store.dispatch(created('gst', true));
      flush();
      const polls = calls.filter((c) => c.name === 'batchProgress').map((c) => [c.at, c.body]);
      expect(polls).toEqual([
        [3000, { task_ids: ['acc'] }],
        [3000, { task_ids: ['gst'], g_mode: 1 }],
        [6000, { task_ids: ['acc'] }],
        [6000, { task_ids: ['gst'], g_mode: 1 }],
      ]);
      const reported = store.recorder.events().find((e) => e.type === 'tasks/progressReported')!;
      expect(reported.payload).toMatchObject({ currentNode: '3 KSampler' });
      expect(store.getState().tasks.byId['gst']!.phase).toMatchObject({
        status: 'completed',
        media: [{ kind: 'video', url: '/gst.gif', durationS: 1.6 }],
      });
    });
  });
});

describe('push the result (issue 23): the account socket says a task ended; polling every 3 s stays the fallback', () => {
  it('reads a pushed task at once (one batch call at the push, not at the next 3 s tick) and records the push as an event', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const pushes = hot<readonly string[]>('-- 1200ms a', { a: ['acc'] });
      const t = fakeTasks(scheduler, { settledPushes: () => pushes });
      const { store, calls } = storeWith(
        scheduler,
        {
          batchProgress: (req) =>
            cold('-r|', {
              r: E.right({
                items: req.task_ids.map((id) =>
                  item(id, {
                    status: 3,
                    process: 100,
                    img_uris: [{ url: `/${id}.png`, width: 2, height: 2 }],
                  }),
                ),
              }),
            }),
        },
        t.deps,
      );
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(created('acc', false));
      flush();
      expect(t.calls.filter((c) => c.name === 'settledPushes').map((c) => c.at)).toEqual([0]);
      expect(calls.filter((c) => c.name === 'batchProgress').map((c) => [c.at, c.body])).toEqual([
        [1202, { task_ids: ['acc'] }],
      ]);
      const events = store.recorder.events().map((e) => [e.type, e.meta.at]);
      expect(events).toContainEqual(['tasks/settledPushed', 1202]);
      expect(events).toContainEqual(['tasks/completed', 1203]);
      // Nothing left in progress: the socket is closed and no tick follows.
      expect(store.getState().tasks.byId['acc']!.phase.status).toBe('completed');
    });
  });

  it('keeps polling every 3000 ms while the socket is refused, and tries the socket again every PUSH_RETRY_MS', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      scheduler.maxFrames = 11_000;
      const t = fakeTasks(scheduler, { settledPushes: () => cold('#', {}, new Error('please log in')) });
      const { store, calls } = storeWith(
        scheduler,
        { batchProgress: () => cold('-r|', { r: E.right({ items: [item('acc')] }) }) },
        t.deps,
      );
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(created('acc', false));
      flush();
      expect(t.calls.filter((c) => c.name === 'settledPushes').map((c) => c.at)).toEqual([
        0,
        PUSH_RETRY_MS,
        2 * PUSH_RETRY_MS,
      ]);
      expect(calls.filter((c) => c.name === 'batchProgress').map((c) => c.at)).toEqual([3000, 6000, 9000]);
    });
  });

  it('opens no socket for a guest: guest tasks are only polled', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      boundTime(scheduler);
      const t = fakeTasks(scheduler, {});
      storeWith(
        scheduler,
        { batchProgress: () => cold('-r|', { r: E.right({ items: [item('gst')] }) }) },
        t.deps,
      ).store.dispatch(created('gst', true));
      flush();
      expect(t.calls.filter((c) => c.name === 'settledPushes')).toEqual([]);
    });
  });

  it('ignores a push of a task that is not in progress here (another tab already read it): no call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      boundTime(scheduler);
      const pushes = hot<readonly string[]>('-- 100ms a', { a: ['elsewhere'] });
      const t = fakeTasks(scheduler, { settledPushes: () => pushes });
      const { store, calls } = storeWith(scheduler, { batchProgress: () => new Observable() }, t.deps);
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(created('acc', false));
      flush();
      expect(calls.filter((c) => c.name === 'batchProgress' && c.at < 3000)).toEqual([]);
    });
  });
});
