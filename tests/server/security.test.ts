/**
 * Issue 9 over loopback: the session alone decides guest-ness (g_mode in the body is ignored),
 * guests past the free allowance must solve a real proof-of-work challenge whatever device id
 * they send, guest creation is rate-limited per address, and sign-in is throttled.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CaptchaChallenge,
  CaptchaStatusResponse,
  leadingZeroBits,
  powInput,
  solutionToken,
} from '../../infrastructure/contract/captcha';
import { LoginThrottled } from '../../infrastructure/contract/account';
import { TASK_COST } from '../../server/tasks/service';
import { startTestServer, type Json, type TestServer } from '../support/server';

// The sign-in window in the server's clock, which this file moves on (no wall-clock sleep: six
// attempts on a loaded machine once took longer than a short real window).
const WINDOW_MS = 15 * 60_000;
let offset = 0;
const clock = { now: () => Date.now() + offset };
const FREE = 2;
const PER_MINUTE = 12;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(
    { guestFreeTasks: FREE, guestCreatesPerMinute: PER_MINUTE, captchaBits: 12, loginWindowMs: WINDOW_MS },
    false,
    { clock },
  );
});
afterAll(() => s.stop());

const code = (r: { json: Json }) => r.json.status.code as number;
const coins = async (t: string) =>
  (await s.post('/api/v1/payment/info', {}, { token: t })).json.data.calculate_coins as number;
const createAsGuest = (device: string, extra: Record<string, unknown> = {}) =>
  s.post(
    '/api/v1/task/tool/create',
    { domain_type: 0, prompt: 'a guest picture', aspect_ratio: '1:1', g_mode: 1, ...extra },
    { 'x-device-id': device },
  );

const solve = (c: CaptchaChallenge): number => {
  for (let counter = 0; ; counter++)
    if (leadingZeroBits(createHash('sha256').update(powInput(c.nonce, counter)).digest()) >= c.difficulty)
      return counter;
};
const challenge = async (device: string): Promise<CaptchaChallenge> => {
  const r = await s.post('/api/v1/captcha/challenge', { scene: 'task_create' }, { 'x-device-id': device });
  expect(code(r)).toBe(10000);
  expect(CaptchaChallenge.is(r.json.data)).toBe(true);
  return r.json.data as CaptchaChallenge;
};

describe('server: g_mode never makes an account a guest (issue 9)', () => {
  it('charges a signed-in account that sends g_mode: 1 the normal price, and records the task as its own', async () => {
    const token = await s.login();
    const before = await coins(token);
    const r = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'not free', aspect_ratio: '1:1', g_mode: 1 },
      { token },
    );
    expect(code(r)).toBe(10000);
    expect(r.json.data.item.g_mode).toBe(0);
    expect(r.json.data.item.deduction_detail.coins).toBe(TASK_COST);
    expect(await coins(token)).toBe(before - TASK_COST);
    const list = await s.post('/api/v1/task/list', {}, { token });
    expect(list.json.data.items.map((x: { id: string }) => x.id)).toContain(r.json.data.item.id);
  });
});

describe('server: guest captcha past the free allowance (spec §4/§7 captcha token flow)', () => {
  it('asks rotating device ids from one address for a challenge, accepts a solved one once, refuses wrong and replayed ones', async () => {
    for (let i = 0; i < FREE; i++) expect(code(await createAsGuest(`rotating-device-${i}`))).toBe(10000);
    const fresh = 'rotating-device-fresh';
    const status = await s.post('/api/v1/captcha/status', { scene: 'task_create' }, { 'x-device-id': fresh });
    expect(CaptchaStatusResponse.is(status.json.data)).toBe(true);
    expect(status.json.data.state).toBe(1);
    // A never-seen device id from the same address is not a fresh allowance.
    expect(code(await createAsGuest(fresh))).toBe(20011);
    expect(code(await createAsGuest('rotating-device-other'))).toBe(20011);

    const c = await challenge(fresh);
    const counter = solve(c);
    // A counter that does not reach the difficulty is refused.
    let wrong = counter + 1;
    while (leadingZeroBits(createHash('sha256').update(powInput(c.nonce, wrong)).digest()) >= c.difficulty)
      wrong++;
    expect(code(await createAsGuest(fresh, { captcha_token: solutionToken(c.challenge, wrong) }))).toBe(
      20012,
    );
    // A forged challenge (changed difficulty) is refused.
    const forged = c.challenge.replace(`.${c.difficulty}.`, '.1.');
    expect(code(await createAsGuest(fresh, { captcha_token: solutionToken(forged, 0) }))).toBe(20012);

    const token = solutionToken(c.challenge, counter);
    expect(code(await createAsGuest(fresh, { captcha_token: token }))).toBe(10000);
    // The same solution again (any device) is a replay.
    expect(code(await createAsGuest('rotating-device-replay', { captcha_token: token }))).toBe(20012);
  });

  it('signed-in accounts are not asked for a captcha', async () => {
    const token = await s.login();
    const status = await s.post('/api/v1/captcha/status', { scene: 'task_create' }, { token });
    expect(status.json.data.state).toBe(0);
  });

  it('rate-limits guest creation per address with an enveloped 429', async () => {
    let refused: { status: number; json: Json } | null = null;
    for (let i = 0; i < PER_MINUTE + 2 && refused === null; i++) {
      const r = await createAsGuest(`flood-device-${i}`);
      if (r.status === 429) refused = r;
      else expect([20011, 10000]).toContain(code(r));
    }
    expect(refused).not.toBeNull();
    expect(refused!.json).toMatchObject({ status: { code: 70011 }, data: null });
    // Accounts are not limited by the guest rate limit.
    const token = await s.login();
    const ok = await s.post('/api/v1/captcha/status', { scene: 'task_create' }, { token });
    expect(code(ok)).toBe(10000);
  });
});

describe('server: sign-in throttle (issue 9)', () => {
  const attempt = (password: string) =>
    s.post('/api/v1/account/login', { email: 'demo@atelier.test', password });

  it('refuses the 6th wrong password with 20010 and a wait, refuses the right one during the lock, and resets after a success', async () => {
    for (let i = 0; i < 5; i++) expect(code(await attempt(`wrong-${i}`))).toBe(20003);
    const locked = await attempt('wrong-5');
    expect(code(locked)).toBe(20010);
    expect(LoginThrottled.is(locked.json.data)).toBe(true);
    expect(locked.json.data.retry_after_s).toBeGreaterThan(0);
    expect(locked.json.data.retry_after_s).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));
    expect(locked.headers.get('retry-after')).toBe(String(locked.json.data.retry_after_s));
    const right = await attempt('atelier-demo');
    expect(code(right)).toBe(20010);
    expect(right.json.data.token).toBeUndefined();

    offset += WINDOW_MS + 100;
    expect(code(await attempt('atelier-demo'))).toBe(10000);
    // The success cleared the account's failures: four more wrong ones do not lock it.
    for (let i = 0; i < 4; i++) expect(code(await attempt(`again-${i}`))).toBe(20003);
    expect(code(await attempt('atelier-demo'))).toBe(10000);
  });
});
