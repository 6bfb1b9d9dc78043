import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { billing, notices, session } from '../../../domain/index.js';
import type { ApiFailure } from '../../../infrastructure/http/client';
import { closeDialog, dismissNotice, reportApiFailure } from '../../../infrastructure/notices/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';

const signedIn = session.userInfoSet({
  user: { id: 'u', accountName: 'u', name: 'U', email: 'u@x.test', avatar: '', status: 1, role: 'user' },
});
const paid = (vipType: string) =>
  billing.paymentInfoReceived({
    info: {
      accountId: 'u',
      calculateCoins: 5,
      freeCoins: 5,
      tempCoins: 0,
      paidCoins: 0,
      isActive: vipType !== '',
      liteIsActive: false,
      productLevel: 1,
      productType: 1,
      vipType,
      expiryTime: null,
    },
  });

const run = (
  failure: ApiFailure,
  opts: { page?: string; history?: readonly { type: string; payload: unknown }[] } = {},
) => {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  let result: {
    types: string[];
    state: ReturnType<ReturnType<typeof makeStore>['getState']>;
    navigations: string[];
  } | null = null;
  scheduler.run(({ flush }) => {
    const { deps, navigations } = makeFakeDeps(scheduler, {});
    if (opts.page) navigations.push(opts.page);
    const store = makeStore({ dependencies: { ...deps } });
    for (const e of opts.history ?? []) store.dispatch(e);
    const before = store.recorder.events().length;
    store.dispatch(reportApiFailure({ failure }));
    const types = store.recorder
      .events()
      .slice(before)
      .map((e) => e.type);
    result = { types, state: store.getState(), navigations: [...navigations] };
    flush();
  });
  return result!;
};

const api = (code: number, path = '/api/v1/x', msg = 'server says no'): ApiFailure => ({
  kind: 'api',
  code,
  msg,
  path,
});

describe('the error-map epic carries out spec §8 effects (the HTTP client never shows UI)', () => {
  it('a network error becomes the apiErr toast of 5 s', () => {
    const r = run({ kind: 'network', path: '/api/v1/x', message: 'reset' });
    expect(r.state.notices.active).toMatchObject([{ messageKey: 'apiErr', durationMs: 5000 }]);
  });

  it('HTTP 403 leads to /403', () => {
    expect(run({ kind: 'http', path: '/api/v1/x', status: 403 }).navigations).toContain('/403');
  });

  it('silent codes (10616 ... 60004) show nothing', () => {
    for (const code of [10616, 10618, 10619, 10621, 30047, 10610, 60003, 60004, 150002])
      expect(run(api(code)).types).toEqual([]);
  });

  it('20000..20004 on a tool page log out and open the login dialog in place', () => {
    const r = run(api(20000), { page: '/ai-tools/ai-dance', history: [signedIn] });
    expect(r.types).toEqual([
      'session/loggedOut',
      'billing/paymentInfoCleared',
      'tasks/accountTasksCleared',
      'people/cleared',
      'notices/dialogOpened',
      // The signed-out page judges the hot popup by no account's marker (issue 21 item 6).
      'popups/hotSeenRestored',
      'decorations/accountCleared',
      'studio/cleared',
    ]);
    expect(r.state.session.status).toBe('guest');
    expect(r.state.notices.dialog).toEqual({ name: 'login', variant: null });
  });

  it('20000..20004 elsewhere redirect home with openLoginDialog=1', () => {
    const r = run(api(20002), { page: '/create', history: [signedIn] });
    expect(r.navigations).toContain('/?openLoginDialog=1');
    expect(r.state.session.status).toBe('guest');
  });

  it('20000 on a listed task call opens the login dialog in place', () => {
    const r = run(api(20001, '/api/v1/task/tool/create'), { page: '/create', history: [signedIn] });
    expect(r.state.notices.dialog?.name).toBe('login');
  });

  it('70002 queue full: the break dialog Queue5 for a non-member, the upgrade dialog Queue10 for tier 1, a toast for tier 3', () => {
    expect(run(api(70002), { history: [signedIn] }).state.notices.dialog).toEqual({
      name: 'break',
      variant: 'Queue5',
    });
    expect(run(api(70002), { history: [signedIn, paid('svip_1')] }).state.notices.dialog).toEqual({
      name: 'upgrade',
      variant: 'Queue10',
    });
    const top = run(api(70002), { history: [signedIn, paid('svip_3')] });
    expect(top.state.notices.dialog).toBeNull();
    expect(top.state.notices.active[0]?.messageKey).toBe('taskQueueFull');
  });

  it('a code of a family becomes a toast with the family key as its fallback', () => {
    const r = run(api(80307, '/api/v1/ornament/buy', 'not enough coins'));
    const n = r.state.notices.active[0];
    expect(n?.durationMs).toBe(notices.TOAST_DURATION_MS);
    expect(n?.fallback).toBe('not enough coins');
  });

  it('toasts go away after 5 s, or at once when closed; dialogs close on request', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const { deps } = makeFakeDeps(scheduler, {});
      const store = makeStore({ dependencies: deps });
      store.dispatch(reportApiFailure({ failure: { kind: 'network', path: '/x', message: '' } }));
      store.dispatch(reportApiFailure({ failure: { kind: 'network', path: '/x', message: '' } }));
      const [first] = store.getState().notices.active;
      store.dispatch(dismissNotice({ id: first!.id }));
      expect(store.getState().notices.active).toHaveLength(1);
      scheduler.schedule(() => expect(store.getState().notices.active).toHaveLength(1), 4999);
      scheduler.schedule(() => expect(store.getState().notices.active).toHaveLength(0), 5000);
      store.dispatch(reportApiFailure({ failure: api(70002) }));
      store.dispatch(closeDialog({ name: 'break' }));
      expect(store.getState().notices.dialog).toBeNull();
      flush();
    });
  });
});
