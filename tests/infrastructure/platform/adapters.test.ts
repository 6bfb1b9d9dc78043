import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { billing, session } from '../../../domain/index.js';
import { TOKEN_KEY } from '../../../infrastructure/http/tokenStore';
import { PERSISTED_AUTH_KEY } from '../../../infrastructure/platform/storage';
import {
  makeCookieAdapter,
  memoryCookieDocument,
  parseCookieHeader,
} from '../../../infrastructure/platform/cookies';
import { memoryKeyValueStore } from '../../../infrastructure/platform/indexedDb';
import { TASK_LIST_KEY } from '../../../infrastructure/tasks/taskStore';
import { appStarted } from '../../../infrastructure/store/commands';
import { logout } from '../../../infrastructure/session/commands';
import { newScheduler, platformStore } from './harness';

const DAY = 24 * 3600 * 1000;

describe('cookie adapter (spec §9 "lang and X-Eyes 1 year; device id 60 days; token cookie T 60 days")', () => {
  it('writes each cookie for the whole site with its lifetime, SameSite=Lax, and Secure on https', () => {
    let now = 0;
    const doc = memoryCookieDocument(() => now);
    const cookies = makeCookieAdapter(doc, { secure: true });
    cookies.set('lang', 'zh-CN');
    cookies.set('X-Eyes', 'e1');
    cookies.set('device_id', 'web_abc');
    cookies.set('T', 'tok');
    cookies.set('ad_attribution', 'ya 1');
    expect(doc.writes).toEqual([
      'lang=zh-CN; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'X-Eyes=e1; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'device_id=web_abc; Path=/; Max-Age=5184000; SameSite=Lax; Secure',
      'T=tok; Path=/; Max-Age=5184000; SameSite=Lax; Secure',
      'ad_attribution=ya%201; Path=/; Max-Age=2592000; SameSite=Lax; Secure',
    ]);
    expect(cookies.get('ad_attribution')).toBe('ya 1');
    now = 30 * DAY;
    expect(cookies.get('ad_attribution')).toBeNull();
    now = 60 * DAY - 1;
    expect(cookies.get('device_id')).toBe('web_abc');
    now = 60 * DAY;
    expect(cookies.all()).toEqual({ lang: 'zh-CN', 'X-Eyes': 'e1' });
    now = 365 * DAY;
    expect(cookies.all()).toEqual({});
  });

  it('leaves out Secure on plain http, and removes a cookie with Max-Age=0', () => {
    const doc = memoryCookieDocument(() => 0);
    const cookies = makeCookieAdapter(doc, { secure: false });
    cookies.set('lang', 'ja');
    cookies.remove('lang');
    expect(doc.writes).toEqual([
      'lang=ja; Path=/; Max-Age=31536000; SameSite=Lax',
      'lang=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    expect(cookies.get('lang')).toBeNull();
  });

  it('spec §6: a session is present with T, or with the companion T_present=1 when T is HttpOnly (scripts cannot see or overwrite it)', () => {
    const doc = memoryCookieDocument(() => 0);
    const cookies = makeCookieAdapter(doc, { secure: true });
    expect(cookies.hasSession()).toBe(false);
    doc.serverSet('T=secret; Path=/; Max-Age=5184000; HttpOnly; SameSite=Lax');
    expect(cookies.get('T')).toBeNull();
    expect(cookies.hasSession()).toBe(false);
    cookies.set('T', 'forged');
    expect(cookies.get('T')).toBeNull();
    doc.serverSet('T_present=1; Path=/; Max-Age=5184000; SameSite=Lax');
    expect(cookies.hasSession()).toBe(true);
    doc.serverSet('T_present=; Path=/; Max-Age=0; SameSite=Lax');
    expect(cookies.hasSession()).toBe(false);
    const readable = makeCookieAdapter(
      memoryCookieDocument(() => 0, { T: 'tok' }),
      { secure: true },
    );
    expect(readable.hasSession()).toBe(true);
  });

  it('parses a cookie header, decoding values and keeping the first of repeated names', () => {
    expect(parseCookieHeader('a=1; b=x%20y; a=2; bad; =v; c=%E0%A4%A')).toEqual({
      a: '1',
      b: 'x y',
      c: '%E0%A4%A',
    });
  });
});

const user: session.UserInfo = {
  id: 'u1',
  accountName: 'ada',
  name: 'Ada',
  email: 'ada@atelier.test',
  avatar: '',
  status: 1,
  role: 'user',
};
const payment: billing.PaymentInfo = {
  accountId: 'u1',
  calculateCoins: 120,
  freeCoins: 20,
  tempCoins: 0,
  paidCoins: 100,
  isActive: true,
  liteIsActive: false,
  productLevel: 2,
  productType: 1,
  vipType: 'svip_2',
  expiryTime: 1_900_000_000_000,
};
const stored = JSON.stringify({ user, paymentInfo: payment });

describe('persisted state (spec §4 "token, user info and payment info ... dropped when the T cookie is missing")', () => {
  it('restores user info and payment info into the state while the session cookie is present; a token an older client stored is removed (issue 25: the HttpOnly cookie T carries the session)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        storage: { [PERSISTED_AUTH_KEY]: stored, [TOKEN_KEY]: 'tok1' },
        cookies: { T_present: '1' },
      });
      h.store.dispatch(appStarted({}));
      flush();
      const s = h.store.getState();
      expect(h.token.get()).toBeNull();
      expect(session.selectHasSession(s.session)).toBe(true);
      expect(session.selectUser(s.session)).toEqual(user);
      expect(s.billing.status === 'known' && s.billing.paymentInfo).toEqual(payment);
      expect(h.fake.storage.get(PERSISTED_AUTH_KEY)).toBe(stored);
      expect(h.fake.storage.get(TOKEN_KEY)).toBeNull();
      expect(JSON.stringify(h.store.recorder.events())).not.toContain('tok1');
    });
  });

  it('drops the persisted state, the persisted token and their stored copies when the T cookie is missing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        storage: { [PERSISTED_AUTH_KEY]: stored, [TOKEN_KEY]: 'tok1', lang: 'ja' },
      });
      h.store.dispatch(appStarted({}));
      flush();
      expect(h.store.getState().session.status).toBe('guest');
      expect(h.store.getState().billing.status).toBe('empty');
      expect(h.token.get()).toBeNull();
      expect(h.fake.storage.snapshot()).toEqual({ lang: 'ja' });
    });
  });

  it('an older stored copy that still carries a token restores the account fields and rewrites the copy without it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, {
        storage: { [PERSISTED_AUTH_KEY]: JSON.stringify({ token: 'old-tok', user, paymentInfo: null }) },
        cookies: { T_present: '1' },
      });
      h.store.dispatch(appStarted({}));
      flush();
      expect(session.selectUser(h.store.getState().session)).toEqual(user);
      expect(h.fake.storage.get(PERSISTED_AUTH_KEY)).toBe(JSON.stringify({ user, paymentInfo: null }));
      expect(JSON.stringify(h.store.recorder.events())).not.toContain('old-tok');
    });
  });

  it('drops a stored copy that does not decode instead of trusting it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      for (const bad of ['{not json', JSON.stringify({ token: 'x', user: { id: 1 }, paymentInfo: null })]) {
        const h = platformStore(scheduler, {
          storage: { [PERSISTED_AUTH_KEY]: bad },
          cookies: { T_present: '1' },
        });
        h.store.dispatch(appStarted({}));
        flush();
        expect(h.store.getState().session.status).toBe('guest');
        expect(h.fake.storage.get(PERSISTED_AUTH_KEY)).toBeNull();
      }
    });
  });

  it('keeps the stored copy in step with the state after start: sign-in, payment info, logout', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      const read = () => {
        const raw = h.fake.storage.get(PERSISTED_AUTH_KEY);
        return raw === null ? null : (JSON.parse(raw) as unknown);
      };
      h.store.dispatch(session.userInfoSet({ user }));
      expect(read()).toBeNull(); // nothing is written before the start has read the stored copy
      h.store.dispatch(appStarted({}));
      flush();
      expect(read()).toEqual({ user, paymentInfo: null });
      h.store.dispatch(billing.paymentInfoReceived({ info: payment }));
      expect(read()).toEqual({ user, paymentInfo: payment });
      h.store.dispatch(logout({}));
      flush();
      expect(read()).toBeNull();
    });
  });
});

describe('logout whitelist (spec §4 "a whitelist of local keys survives logout")', () => {
  it('removes every local key not on the whitelist, and the stored task list, even when the logout call fails', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(
        scheduler,
        {
          storage: {
            lang: 'ja',
            device_id: 'web_1',
            hidden_cards: '["c1"]',
            referral_code: 'R1',
            [PERSISTED_AUTH_KEY]: stored,
            half_discount_end_at: '999999999',
            popup_shown_status: '{}',
            star_track_event_cache: '[]',
          },
          cookies: { T_present: '1' },
          kv: { [TASK_LIST_KEY]: { version: 1, owner: 'u1', tasks: [] } },
        },
        {
          logout: () =>
            scheduler.createColdObservable('5ms (r|)', {
              r: E.left({ kind: 'network' as const, path: '/logout', message: 'offline' }),
            }),
        },
      );
      h.store.dispatch(appStarted({}));
      h.store.dispatch(logout({}));
      flush();
      expect(h.store.getState().session.status).toBe('guest');
      expect(h.fake.storage.snapshot()).toEqual({
        lang: 'ja',
        device_id: 'web_1',
        hidden_cards: '["c1"]',
        referral_code: 'R1',
      });
      expect(h.fake.kv.snapshot()).toEqual({});
    });
  });

  it('the in-memory IndexedDB twin copies values (no shared references)', () => {
    const kv = memoryKeyValueStore();
    const value = { a: [1] };
    kv.put('k', value).subscribe();
    value.a.push(2);
    let got: unknown;
    kv.get('k').subscribe((v) => (got = v));
    expect(got).toEqual({ a: [1] });
  });
});
