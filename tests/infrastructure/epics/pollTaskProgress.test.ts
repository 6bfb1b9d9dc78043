import * as E from 'fp-ts/Either';
import { filter, map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { replay, tasks } from '../../../domain/index.js';
import { foldStepwise } from '../../support/spec';
import type { TaskItem } from '../../../infrastructure/contract/tasks';
import type { ApiResult } from '../../../infrastructure/http/client';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps, marbleAt } from '../../support/fakeApi';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const params = (prompt: string) => ({ domainType: 0, prompt, aspectRatio: '1:1', seed: null });
const created = (id: string, at: number) =>
  tasks.taskCreated({ id, params: params(id), guest: true, estimateMs: null, createdAt: at });

const item = (id: string, status: number, process: number): TaskItem => ({
  id,
  status,
  process,
  status_desc: '',
  img_uris: status === 3 ? [{ url: `/blobs/${id}.png`, width: 8, height: 8 }] : [],
  estimate_time: null,
  create_at: 0,
  domain_type: 0,
  prompt: id,
  aspect_ratio: '1:1',
});

/** A server where each task advances by `step` per poll and completes at 100. */
const scriptedServer = (steps: Record<string, number>) => {
  const progress: Record<string, number> = {};
  return (ids: readonly string[]): ApiResult<{ items: TaskItem[] }> =>
    E.right({
      items: ids.map((id) => {
        progress[id] = Math.min(100, (progress[id] ?? 0) + (steps[id] ?? 50));
        return item(id, progress[id] === 100 ? 3 : 2, progress[id]!);
      }),
    });
};

describe('task polling epic (spec §7 "task batch progress ... polled every 3000 ms", §4 "1 and 2 are in progress (polled)")', () => {
  it('sends one batch request for all tasks in progress every 3000 ms, none while nothing is in progress, and none for a task after its terminal status', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const server = scriptedServer({ a: 40, b: 20, c: 50 });
      const { deps, calls$ } = makeFakeDeps(scheduler, {
        batchProgress: (req) => cold('-r|', { r: server(req.task_ids) }),
      });
      const store = makeStore({ dependencies: deps });
      // Silence first: nothing in progress for 1000 ms. Then a and b start; c starts at 20000.
      cold('1000ms x 18999ms y').subscribe((v) => {
        if (v === 'x') {
          store.dispatch(created('a', 1000));
          store.dispatch(created('b', 1000));
        } else store.dispatch(created('c', 20000));
      });
      const requests$ = calls$.pipe(
        filter((c) => c.name === 'batchProgress'),
        map((c) => (c.body as { task_ids: string[] }).task_ids.join(',')),
      );
      // a completes at its 3rd poll (40,80,100); b at its 5th (20..100); c at its 2nd.
      const times = [4000, 7000, 10000, 13000, 16000, 23000, 26000];
      const values = ['b,a', 'b,a', 'b,a', 'b', 'b', 'c', 'c']; // newest first
      const marble = marbleAt(times);
      const expected = Object.fromEntries(values.map((v, i) => [String.fromCharCode(97 + i), v]));
      let i = 0;
      const lettered = marble.replace(/x/g, () => String.fromCharCode(97 + i++));
      expectObservable(requests$, '^ 40000ms !').toBe(lettered, expected);
    });
  });

  it('turns reports into progress, completion with a success notice and a payment refresh, and failure with a payment refresh', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers: Record<string, ApiResult<{ items: TaskItem[] }>> = {
        p1: E.right({ items: [item('ok', 2, 30), item('bad', 2, 10)] }),
        p2: E.right({ items: [item('ok', 3, 100), item('bad', 4, 10)] }),
      };
      let poll = 0;
      const { deps, calls } = makeFakeDeps(scheduler, {
        batchProgress: () => cold('-r|', { r: answers[`p${++poll}`]! }),
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(created('ok', 0));
      store.dispatch(created('bad', 0));
      flush();
      const s = store.getState();
      expect(s.tasks.byId['ok']?.phase).toMatchObject({ status: 'completed', progress: 100 });
      expect(s.tasks.byId['bad']?.phase).toMatchObject({ status: 'failed', code: 4, progress: 10 });
      const types = store.recorder.events().map((e) => e.type);
      expect(types.filter((t) => t === 'notices/raised')).toHaveLength(1);
      expect(types.filter((t) => t === 'tasks/progressReported')).toHaveLength(2);
      // Guests have no payment info: the refresh command does not call the API for them.
      expect(calls.filter((c) => c.name === 'paymentInfo')).toHaveLength(0);
      expect(poll).toBe(2);
    });
  });

  it('keeps polling through failed polls (5xx bursts) without moving progress backwards, and raises one success notice per task', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const script: ApiResult<{ items: TaskItem[] }>[] = [
        E.right({ items: [item('t', 2, 50)] }),
        E.left({ kind: 'http', path: '/x', status: 502 }),
        E.left({ kind: 'http', path: '/x', status: 503 }),
        E.right({ items: [item('t', 2, 30)] }),
        E.left({ kind: 'network', path: '/x', message: 'reset' }),
        E.right({ items: [item('t', 3, 100)] }),
        E.right({ items: [item('t', 3, 100)] }),
      ];
      let poll = 0;
      const { deps } = makeFakeDeps(scheduler, { batchProgress: () => cold('-r|', { r: script[poll++]! }) });
      const store = makeStore({ dependencies: deps });
      store.dispatch(created('t', 0));
      flush();
      const reported = store.recorder.events().filter((e) => e.type === 'tasks/progressReported');
      expect(reported).toHaveLength(2);
      // The server's 30 after 50 never moves the stored progress backwards.
      expect(replay(store.recorder.events()).violation).toBeNull();
      const states = foldStepwise(store.recorder.events());
      const progress = states.map((s) => s.tasks.byId['t']?.phase.progress ?? 0);
      expect(progress.filter((p, i) => i > 0 && p < progress[i - 1]! && p !== 0 && p !== 100)).toEqual([]);
      expect(store.getState().tasks.byId['t']?.phase.status).toBe('completed');
      expect(store.recorder.events().filter((e) => e.type === 'notices/raised')).toHaveLength(1);
      expect(poll).toBe(6);
    });
  });

  it('polls guests with g_mode=1 (spec §4 "g_mode=1 on task polling")', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { deps, calls } = makeFakeDeps(scheduler, {
        batchProgress: () => cold('-r|', { r: E.right({ items: [item('g', 3, 100)] }) }),
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(created('g', 0));
      flush();
      expect(calls.find((c) => c.name === 'batchProgress')?.body).toEqual({ task_ids: ['g'], g_mode: 1 });
    });
  });
});
