/**
 * Issue 11 over loopback: sign-up (a new account is a signed-in new user), the password reset
 * through the outbox (a one-time, expiring link; every old session ends) and the §3 settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSettings, LoginResponse } from '../../infrastructure/contract/account';
import { SIGN_UP_BONUS_COINS } from '../../server/ledger';
import { startTestServer, type Json, type TestServer } from '../support/server';

const LIMIT = 14;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ signUpsPerAddress: LIMIT }, false);
});
afterAll(() => s.stop());

const code = (r: { json: Json }) => r.json.status.code as number;
const register = (email: string, password = 'a long password', name = 'Ada') =>
  s.post('/api/v1/account/register', { name, email, password });

/** The newest reset link mailed to `to`, read from the development outbox page. */
const resetLinkFor = async (to: string): Promise<string> => {
  const html = await (await s.get('/dev/outbox')).text();
  const mail = html.split('<li>').find((li) => li.includes(to));
  const link = /href="([^"]*\/password\/reset\?token=[^"]+)"/.exec(mail ?? '')?.[1];
  if (!link) throw new Error(`no reset link for ${to} in the outbox`);
  return link;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('server: sign-up (POST /api/v1/account/register)', () => {
  it('creates a new user (status 3) and signs it in: the token opens its account info', async () => {
    const r = await register('New.Person@Example.test', 'twelve chars!', '  Ada Lovelace ');
    expect(code(r)).toBe(10000);
    expect(LoginResponse.is(r.json.data)).toBe(true);
    expect(r.json.data.user).toMatchObject({
      email: 'new.person@example.test',
      name: 'Ada Lovelace',
      status: 3,
    });
    expect(r.headers.get('set-cookie')).toMatch(/^T=/);
    const info = await s.post('/api/v1/account/info', {}, { token: r.json.data.token });
    expect(info.json.data.id).toBe(r.json.data.user.id);
    // The password it chose signs it in.
    await expect(s.login('new.person@example.test', 'twelve chars!')).resolves.toMatch(/.{16,}/);
  });

  it('welcomes a new account with free coins (config signUpBonusCoins, 100 by default), listed as a bonus', async () => {
    const r = await register('welcome@example.test');
    const token = r.json.data.token as string;
    const info = await s.post('/api/v1/payment/info', {}, { token });
    expect(info.json.data).toMatchObject({ free_coins: SIGN_UP_BONUS_COINS, paid_coins: 0, temp_coins: 0 });
    const ledger = await s.post('/api/v1/payment/ledger/list', { page_size: 5 }, { token });
    expect(ledger.json.data.items).toEqual([
      expect.objectContaining({ direction: 'credit', category: 'bonus', coins: SIGN_UP_BONUS_COINS }),
    ]);
  });

  it('refuses an email registered already (20006), whatever its case', async () => {
    expect(code(await register('twice@example.test'))).toBe(10000);
    expect(code(await register('TWICE@example.test'))).toBe(20006);
    expect(code(await register('demo@atelier.test'))).toBe(20006);
  });

  it('refuses an invalid email (20005), a short password (20007) and an empty name (20008)', async () => {
    expect(code(await register('not-an-email'))).toBe(20005);
    expect(code(await register('short@example.test', 'seven77'))).toBe(20007);
    expect(code(await register('noname@example.test', 'a long password', '   '))).toBe(20008);
    // Nothing was created by the refusals.
    expect(code(await register('short@example.test'))).toBe(10000);
  });

  it('refuses a malformed body with 10400 and names the field', async () => {
    const r = await s.post('/api/v1/account/register', { email: 'x@example.test', password: 5 });
    expect(code(r)).toBe(10400);
    expect(r.json.status.msg).toMatch(/body\.(name|password)/);
  });
});

describe('server: password reset through the outbox', () => {
  it('mails a one-time link; the reset works once, ends old sessions, and a second use is 20004', async () => {
    const email = 'forgetful@example.test';
    const old = (await register(email, 'the old password')).json.data.token as string;
    expect(code(await s.post('/api/v1/account/info', {}, { token: old }))).toBe(10000);

    expect(code(await s.post('/api/v1/account/password/forgot', { email: 'Forgetful@example.test' }))).toBe(
      10000,
    );
    const link = await resetLinkFor(email);
    expect(link.startsWith(s.baseUrl)).toBe(true);
    const token = tokenOf(link);
    // Only the token's hash is stored.
    const rows = await s.server.ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets',
    );
    expect(rows.some((r) => r.token_hash === token)).toBe(false);

    const reset = { token, password: 'the new password' };
    expect(code(await s.post('/api/v1/account/password/reset', reset))).toBe(10000);
    // The old session ended; the old password no longer works, the new one does.
    expect(code(await s.post('/api/v1/account/info', {}, { token: old }))).toBe(20000);
    const wrong = await s.post('/api/v1/account/login', { email, password: 'the old password' });
    expect(code(wrong)).toBe(20003);
    await expect(s.login(email, 'the new password')).resolves.toMatch(/.{16,}/);
    // The link works once.
    expect(
      code(await s.post('/api/v1/account/password/reset', { ...reset, password: 'a third password' })),
    ).toBe(20004);
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const before = await s.server.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM outbox');
    expect(code(await s.post('/api/v1/account/password/forgot', { email: 'nobody@example.test' }))).toBe(
      10000,
    );
    const after = await s.server.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM outbox');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses an expired link (20004) and an unknown token (20004)', async () => {
    const email = 'slow@example.test';
    expect(code(await register(email))).toBe(10000);
    expect(code(await s.post('/api/v1/account/password/forgot', { email }))).toBe(10000);
    const token = tokenOf(await resetLinkFor(email));
    await s.server.ctx.db.query('UPDATE password_resets SET expires_at = $1', [Date.now() - 1]);
    const r = await s.post('/api/v1/account/password/reset', { token, password: 'too late for this' });
    expect(code(r)).toBe(20004);
    expect(
      code(await s.post('/api/v1/account/password/reset', { token: 'made-up', password: 'whatever123' })),
    ).toBe(20004);
    // The refused resets changed nothing: the original password still signs in.
    await expect(s.login(email, 'a long password')).resolves.toMatch(/.{16,}/);
  });
});

describe('server: settings (spec §3, §7 /account/settings, show-sexy, localize/set)', () => {
  it('needs a session', async () => {
    expect(code(await s.post('/api/v1/account/settings', {}))).toBe(20000);
    expect(code(await s.post('/api/v1/account/show-sexy', { show_sexy: true }))).toBe(20000);
  });

  it('reads the defaults, saves each kind of change, and keeps each account apart', async () => {
    const token = (await register('settings@example.test')).json.data.token as string;
    const read = async (t = token) => (await s.post('/api/v1/account/settings', {}, { token: t })).json.data;
    const first = await read();
    expect(AccountSettings.is(first)).toBe(true);
    expect(first).toMatchObject({ task_flow_version: 'v1', use_model_preset_meta_mode: 1, show_sexy: false });

    const updated = await s.post(
      '/api/v1/account/settings/update',
      { task_flow_version: 'v2', use_model_preset_meta_mode: 2, is_auto_pub_community: true },
      { token },
    );
    expect(updated.json.data).toMatchObject({ task_flow_version: 'v2', use_model_preset_meta_mode: 2 });
    expect(code(await s.post('/api/v1/account/show-sexy', { show_sexy: true }, { token }))).toBe(10000);
    expect(code(await s.post('/api/v1/account/settings/localize/set', { lang_code: 'ja' }, { token }))).toBe(
      10000,
    );
    expect(await read()).toEqual({
      lang_code: 'ja',
      use_model_preset_meta_mode: 2,
      task_image_prompt_switch: false,
      task_flow_version: 'v2',
      is_auto_pub_community: true,
      show_sexy: true,
    });
    // Another account still has its defaults.
    expect((await read(await s.login())).task_flow_version).toBe('v1');
  });

  it('refuses values outside the spec (10400) and changes nothing', async () => {
    const token = await s.login();
    const bad = [
      ['/api/v1/account/settings/update', { task_flow_version: 'v3' }],
      ['/api/v1/account/settings/update', { use_model_preset_meta_mode: 3 }],
      ['/api/v1/account/settings/localize/set', { lang_code: "en'; DROP TABLE accounts" }],
    ] as const;
    for (const [path, body] of bad) expect(code(await s.post(path, body, { token }))).toBe(10400);
    const r = await s.post('/api/v1/account/settings', {}, { token });
    expect(r.json.data).toMatchObject({
      task_flow_version: 'v1',
      use_model_preset_meta_mode: 1,
      lang_code: 'en',
    });
  });
});

describe('server: sign-ups are limited per address', () => {
  it('refuses the sign-ups past the limit with 20010 and the wait (Retry-After), creating nothing', async () => {
    let refused: Awaited<ReturnType<typeof register>> | null = null;
    for (let i = 0; i <= LIMIT && refused === null; i++) {
      const r = await register(`burst${i}@example.test`);
      if (code(r) !== 10000) refused = r;
    }
    expect(refused && code(refused)).toBe(20010);
    expect(refused?.json.data.retry_after_s).toBeGreaterThan(0);
    expect(refused?.headers.get('retry-after')).toBe(String(refused?.json.data.retry_after_s));
    const rows = await s.server.ctx.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM accounts WHERE email LIKE 'burst%'",
    );
    expect(Number(rows[0]?.n)).toBeLessThan(LIMIT);
  });
});

describe('server: company accounts (spec §3 enterprise: identity_type and show_entry)', () => {
  it("an account's info names its company role: the admin sees the company entry, a member does not, others have none", async () => {
    const info = async (email: string) =>
      (await s.post('/api/v1/account/info', {}, { token: await s.login(email, 'atelier-demo') })).json.data;
    expect((await info('admin@studio.atelier.test')).enterprise).toEqual({
      identity_type: 'enterprise',
      show_entry: true,
    });
    expect((await info('member@studio.atelier.test')).enterprise).toEqual({
      identity_type: 'enterprise',
      show_entry: false,
    });
    expect((await info('demo@atelier.test')).enterprise).toBeNull();
  });
});

describe('server: a dead session cookie is cleared (issue 25 figure 10)', () => {
  const cookiesOf = (r: { headers: Headers }) => r.headers.getSetCookie();

  it('an answer to a call that presents a logged-out cookie T clears T and T_present; a live one is left alone; a sign-in over it sets the new T last', async () => {
    const token = await s.login();
    const cookie = { cookie: `T=${token}` };
    const live = await s.post('/api/v1/account/info', {}, cookie);
    expect(code(live)).toBe(10000);
    expect(cookiesOf(live)).toEqual([]);

    expect(code(await s.post('/api/v1/account/logout', {}, { token }))).toBe(10000);
    const cleared = [
      expect.stringMatching(/^T=; .*Max-Age=0/),
      expect.stringMatching(/^T_present=; .*Max-Age=0/),
    ];
    // A call that needs the account, and one a guest may make: both clear the dead cookie.
    const refused = await s.post('/api/v1/account/info', {}, cookie);
    expect(code(refused)).toBe(20000);
    expect(cookiesOf(refused)).toEqual(cleared);
    const ping = await s.post('/api/v1/ping', { action: 'heartbeat' }, cookie);
    expect(code(ping)).toBe(10000);
    expect(cookiesOf(ping)).toEqual(cleared);
    // Not a token at all: cleared as well.
    expect(cookiesOf(await s.post('/api/v1/ping', { action: 'heartbeat' }, { cookie: 'T=%00x' }))).toEqual(
      cleared,
    );

    const again = await s.post(
      '/api/v1/account/login',
      { email: 'demo@atelier.test', password: 'atelier-demo' },
      cookie,
    );
    expect(code(again)).toBe(10000);
    const sessionCookies = cookiesOf(again).filter((c) => c.startsWith('T='));
    expect(sessionCookies.at(-1)).toMatch(new RegExp(`^T=${again.json.data.token as string};`));
    expect(
      cookiesOf(again)
        .filter((c) => c.startsWith('T_present='))
        .at(-1),
    ).toMatch(/^T_present=1;/);
  });
});
