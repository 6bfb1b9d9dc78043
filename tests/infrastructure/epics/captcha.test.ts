/**
 * Issue 9 guest captcha, client side: when task creation answers 20011, the epic fetches a
 * challenge, solves it with the injected solver (a fake here: no hashing in virtual time) and
 * sends the same request again with the solved token; other refusals are not retried.
 */
import * as E from 'fp-ts/Either';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { captcha } from '../../../domain/index.js';
import type { TaskCreateRequest } from '../../../infrastructure/contract/tasks';
import { createTask } from '../../../infrastructure/tasks/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';

const refused = (code: number) =>
  E.left({ kind: 'api' as const, path: '/api/v1/task/tool/create', code, msg: 'no' });
const item = {
  id: 't1',
  status: 1,
  process: 0,
  status_desc: 'queued',
  img_uris: [],
  estimate_time: 5,
  create_at: 0,
  domain_type: 0,
  prompt: 'p',
  aspect_ratio: '1:1',
  media: [],
  comfyui_current_node: null,
  task_return: null,
  pub_community: 0,
  deduction_detail: null,
  expiration_time: null,
  speed_type: 1,
  g_mode: 1,
};

const run = (firstCode: number, retryCode: number | null = null) => {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const sent: { at: number; body: TaskCreateRequest }[] = [];
  const solved: { nonce: string; difficulty: number; at: number }[] = [];
  let store!: ReturnType<typeof makeStore>;
  scheduler.run(({ cold, flush }) => {
    // The created task keeps the 3 s poll ticking in virtual time: stop flushing at 20 s.
    scheduler.maxFrames = 20_000;
    const { deps } = makeFakeDeps(scheduler, {
      createTask: (req) => {
        sent.push({ at: scheduler.now(), body: req });
        return req.captcha_token === undefined
          ? cold('-r|', { r: refused(firstCode) })
          : cold('-r|', { r: retryCode === null ? E.right({ item }) : refused(retryCode) });
      },
    });
    store = makeStore({
      dependencies: {
        ...deps,
        captcha: {
          challenge: () =>
            cold('--c|', {
              c: E.right({ challenge: 'n1.18.999.mac', nonce: 'n1', difficulty: 18, expires_at: 999 }),
            }),
          solve: (nonce, difficulty) => {
            solved.push({ nonce, difficulty, at: scheduler.now() });
            return cold('----s|', { s: 4242 });
          },
        },
      },
    });
    store.dispatch(createTask({ prompt: 'p', aspectRatio: '1:1', domainType: 0 }));
    flush();
  });
  const phases = store.recorder
    .events()
    .filter((e) => e.type.startsWith('captcha/'))
    .map((e) => ({ type: e.type, payload: e.payload, at: e.meta.at }));
  return { sent, solved, store, phases };
};

describe('guest captcha on task creation (spec §4/§7 captcha token flow)', () => {
  it('on 20011 fetches a challenge, solves it and retries the same create with the solved token', () => {
    const { sent, solved, store, phases } = run(20011);
    expect(solved).toEqual([{ nonce: 'n1', difficulty: 18, at: 3 }]);
    expect(sent.map((s) => s.at)).toEqual([0, 7]);
    expect(sent[1]!.body).toEqual({ ...sent[0]!.body, captcha_token: 'n1.18.999.mac~4242' });
    expect(store.getState().tasks.byId['t1']).toBeDefined();
    // The domain sees the phases: required at the 20011, solving at the challenge, passed at the answer.
    expect(phases).toEqual([
      { type: 'captcha/verificationRequired', payload: {}, at: 1 },
      { type: 'captcha/solvingStarted', payload: { difficulty: 18 }, at: 3 },
      { type: 'captcha/verificationPassed', payload: {}, at: 8 },
    ]);
    expect(captcha.selectVerification(store.getState().captcha)).toEqual({ phase: 'done' });
    // Neither the challenge nor the solved token is recorded.
    expect(JSON.stringify(store.recorder.events())).not.toContain('n1.18.999.mac');
  });

  it('a refused solution (20012) ends the verification as failed and is reported with its message', () => {
    const { phases, store } = run(20011, 20012);
    expect(phases.map((p) => p.type)).toEqual([
      'captcha/verificationRequired',
      'captcha/solvingStarted',
      'captcha/verificationFailed',
    ]);
    expect(captcha.selectVerification(store.getState().captcha)).toEqual({ phase: 'failed', code: 20012 });
    const shown = JSON.stringify(store.recorder.events());
    expect(shown).toContain('HttpErrorCode_20012');
  });

  it('does not retry other refusals', () => {
    const { sent, solved, phases } = run(70001);
    expect(sent).toHaveLength(1);
    expect(solved).toEqual([]);
    expect(phases).toEqual([]);
  });
});
