/**
 * Issue 9: the HTTP adapter owns the bearer token. The session epics over the real HTTP client
 * and typed API (a scripted fetch stands in for the network): the login answer's token goes out
 * on the next request's `token` header (spec §7), a `token` response header replaces it (spec §4),
 * logout clears it even when the call fails. Issue 25: it is held in memory only, never in local
 * storage (a token an older client stored is removed), and a reload restores the session from the
 * T cookie alone. No event ever holds it.
 */
import { asyncScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { session } from '../../../domain/index.js';
import { ACCOUNT_INFO_PATH, LOGIN_PATH, LOGOUT_PATH } from '../../../infrastructure/contract/account';
import { HEADER } from '../../../infrastructure/contract/envelope';
import { PAYMENT_INFO_PATH } from '../../../infrastructure/contract/payment';
import { makeApi } from '../../../infrastructure/app/api';
import { makeHttpClient } from '../../../infrastructure/http/client';
import { TOKEN_KEY, memoryTokenStore, openTokenStore } from '../../../infrastructure/http/tokenStore';
import { memoryLocalStore } from '../../../infrastructure/platform/storage';
import { login, logout } from '../../../infrastructure/session/commands';
import { appStarted } from '../../../infrastructure/store/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakePlatform } from '../../support/fakes/platform';
import { untilState } from '../../support/storeWait';
import { newScheduler, platformStore } from '../platform/harness';

const account = {
  id: 'u1',
  account_id: 'u1',
  account_name: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: '',
  status: 1,
  role: 'user',
  create_at: 0,
};

const answer = (data: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify({ status: { code: 10000, msg: '' }, data }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const eventually = async (ok: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`not reached: ${what}`);
};

describe('the token holder of the HTTP adapter (issue 9; spec §4 persisted token, §7 token header)', () => {
  it('keeps the token in memory only, and removes a token an older client stored', () => {
    const storage = memoryLocalStore({ [TOKEN_KEY]: 'persisted', lang: 'en' });
    const holder = openTokenStore(storage);
    expect(holder.get()).toBeNull();
    expect(storage.snapshot()).toEqual({ lang: 'en' });
    holder.set('next');
    holder.set('');
    expect(holder.get()).toBe('next');
    expect(storage.snapshot()).toEqual({ lang: 'en' });
    holder.clear();
    expect(holder.get()).toBeNull();
  });

  it('login answer -> next request header; a response header replaces it; a failed logout still clears it', async () => {
    const storage = memoryLocalStore();
    const token = openTokenStore(storage);
    const sent: { path: string; token: string | undefined }[] = [];
    const http = makeHttpClient({
      baseUrl: '',
      headers: () => ({ [HEADER.deviceId]: 'device-1' }),
      token,
      fetch: async (path, init) => {
        sent.push({ path, token: (init.headers as Record<string, string>)[HEADER.token] });
        if (path === LOGIN_PATH) return answer({ token: 'tok-login', user: account });
        // Spec §4: any response may carry a refreshed token.
        if (path === PAYMENT_INFO_PATH) return answer(null, { token: 'tok-fresh' });
        if (path === LOGOUT_PATH) return new Response('down', { status: 500 });
        return new Response('not found', { status: 404 });
      },
    });
    const api = makeApi(http);
    const { deps } = makeFakeDeps(asyncScheduler, {
      login: api.login,
      logout: api.logout,
      paymentInfo: api.paymentInfo,
    });
    const store = makeStore({ dependencies: { ...deps, token } });

    store.dispatch(login({ email: 'ada@example.com', password: 'pw' }));
    await untilState(store, () => store.getState().session.status === 'signedIn');
    expect(token.get()).toBe('tok-login');
    await eventually(() => token.get() === 'tok-fresh', 'the refreshed token');
    expect(sent.slice(0, 2)).toEqual([
      { path: LOGIN_PATH, token: undefined },
      { path: PAYMENT_INFO_PATH, token: 'tok-login' },
    ]);
    expect(storage.snapshot()).toEqual({});

    store.dispatch(logout({}));
    await untilState(store, () => store.getState().session.status === 'guest');
    expect(sent.find((s) => s.path === LOGOUT_PATH)).toEqual({ path: LOGOUT_PATH, token: 'tok-fresh' });
    expect(token.get()).toBeNull();
    expect(storage.snapshot()).toEqual({});

    const log = JSON.stringify(store.recorder.events());
    expect(log).toContain('session/userInfoSet');
    for (const secret of ['tok-login', 'tok-fresh']) expect(log).not.toContain(secret);
    expect(session.selectHasSession(store.getState().session)).toBe(false);
  });

  it('after a reload the holder is empty: the session comes back through the T cookie alone, and no event holds a token', async () => {
    const token = openTokenStore(memoryLocalStore({ [TOKEN_KEY]: 'tok-kept' }));
    const sent: (string | undefined)[] = [];
    const http = makeHttpClient({
      baseUrl: '',
      headers: () => ({}),
      token,
      fetch: async (path, init) => {
        sent.push((init.headers as Record<string, string>)[HEADER.token]);
        expect(init.credentials).toBe('include');
        return path === ACCOUNT_INFO_PATH ? answer(account) : new Response('', { status: 404 });
      },
    });
    const platform = makeFakePlatform(asyncScheduler, { cookies: { T_present: '1' } }).deps;
    const { deps } = makeFakeDeps(asyncScheduler, { accountInfo: makeApi(http).accountInfo }, { platform });
    const store = makeStore({ dependencies: { ...deps, token } });
    store.dispatch(appStarted({}));
    await untilState(store, () => store.getState().session.status === 'signedIn');
    expect(sent[0]).toBeUndefined();
    expect(token.get()).toBeNull();
    expect(JSON.stringify(store.recorder.events())).not.toContain('tok-kept');
  });

  it('a start without the T cookie drops a held token (the start epic)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const fake = makeFakePlatform(scheduler);
      const held = memoryTokenStore('tok-held');
      const { deps } = makeFakeDeps(scheduler, {}, { platform: fake.deps });
      const store = makeStore({ dependencies: { ...deps, token: held } });
      store.dispatch(appStarted({}));
      flush();
      expect(held.get()).toBeNull();
    });
  });

  it('with the T cookie a held token stays through the start', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        storage: { [TOKEN_KEY]: 'tok-old' },
        cookies: { T_present: '1' },
      });
      // Opened as bootstrap opens it: the stored token is gone, whatever the cookie says.
      expect(h.token.get()).toBeNull();
      expect(h.fake.storage.get(TOKEN_KEY)).toBeNull();
      h.token.set('tok-login');
      h.store.dispatch(appStarted({}));
      flush();
      expect(h.token.get()).toBe('tok-login');
    });
  });
});
