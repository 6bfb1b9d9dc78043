/**
 * Issue 25 figure 11, abuse: the throttles' figures, measured on two server processes over one
 * database with the server's own default configuration (so the printed figure is the real one),
 * each as a parallel burst split over both processes: of any burst exactly the limit passes.
 * Then what the throttles protect: no free generation through `g_mode` from an account, through
 * device ids rotated from one address, or through a parallel burst of guest generations (tasks
 * created and coins charged are counted in the database).
 *
 * security.test.ts and account.test.ts hold the single-request behaviour of each limit (the codes,
 * the Retry-After, the captcha flow); shared-state.test.ts holds them across processes with small
 * limits. Windows pass in virtual time (the processes' shared clock); every burst comes from
 * loopback addresses of its own, so no limit leaks from one figure into the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth';
import { TIER_LIMITS } from '../../server/tasks/tiers';
import { credit } from '../../server/ledger';
import { GUEST_ALLOWANCE_WINDOW_MS } from '../../server/security/captcha';
import { LOGIN_LIMITS } from '../../server/security/throttle';
import { DEMO_ACCOUNT } from '../../server/seed';
import { TASK_COST } from '../../server/tasks/service';
import type { Json } from '../support/server';
import {
  captchaState,
  createAsGuest,
  startServerPeers,
  type PeerServer,
  type Reply,
  type ServerPeers,
} from '../support/serverPeers';

let peers: ServerPeers;
let a: PeerServer;
let b: PeerServer;

beforeAll(async () => {
  peers = await startServerPeers();
  a = await peers.start();
  b = await peers.start();
}, 60_000);
afterAll(async () => {
  await peers?.stop();
});

const code = (r: Reply) => (r.json as Json)?.status?.code as number;
/** The two processes in turn, as a round-robin load balancer hands them out. */
const either = (i: number) => (i % 2 === 0 ? a : b);
/** `n` requests at once, spread over both processes. */
const burst = (n: number, send: (server: PeerServer, i: number) => Promise<Reply>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(either(i), i)));
const count = (replies: readonly Reply[], pass: (r: Reply) => boolean) => replies.filter(pass).length;
/** A window as the figure names it: `15 min`, `24 h`. */
const span = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`);
const rows = async (sql: string, params: unknown[]) =>
  Number((await peers.db.query<{ n: string | number }>(sql, params))[0]?.n ?? 0);

const figures: Record<string, string> = {};

const login = (server: PeerServer, email: string, password: string, from: string) =>
  server.post('/api/v1/account/login', { email, password }, {}, from);
const forgot = (server: PeerServer, email: string, from: string) =>
  server.post('/api/v1/account/password/forgot', { email }, {}, from);

describe('abuse (issue 25 figure 11): the throttles, measured', () => {
  it('sign-in: of a burst of wrong passwords, the per-account limit is tried and the rest refused, the right one too, until the window passes', async () => {
    const { perAccount } = LOGIN_LIMITS;
    const windowMs = peers.config.loginWindowMs;
    const from = '127.0.1.1';
    const tries = await burst(30, (server, i) => login(server, DEMO_ACCOUNT.email, `wrong-${i}`, from));
    expect(count(tries, (r) => code(r) === 20003)).toBe(perAccount);
    expect(count(tries, (r) => code(r) === 20010)).toBe(30 - perAccount);
    expect(code(await login(a, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, '127.0.1.2'))).toBe(20010);
    peers.clock.advance(windowMs);
    expect(code(await login(b, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, '127.0.1.2'))).toBe(10000);
    figures['sign-in'] = `${perAccount} failures/${span(windowMs)} per account`;
    figures['sign-in burst'] =
      `30 parallel wrong passwords -> ${perAccount} tried, ${30 - perAccount} refused`;
  });

  it('sign-in: of a burst over many accounts from one address, the per-address limit is tried', async () => {
    const { perAddress } = LOGIN_LIMITS;
    const from = '127.0.1.3';
    const n = perAddress + 10;
    const tries = await burst(n, (server, i) => login(server, `nobody-${i}@example.test`, 'a guess', from));
    expect(count(tries, (r) => code(r) === 20001)).toBe(perAddress);
    expect(count(tries, (r) => code(r) === 20010)).toBe(n - perAddress);
    // Another address is not held by this one's failures.
    expect(code(await login(a, 'nobody-0@example.test', 'a guess', '127.0.1.4'))).toBe(20001);
    peers.clock.advance(peers.config.loginWindowMs);
    expect(code(await login(b, 'nobody-0@example.test', 'a guess', from))).toBe(20001);
    figures['sign-in'] += `, ${perAddress} per address`;
  });

  it('sign-up: of a burst from one address, the limit creates accounts and the rest are refused', async () => {
    const limit = peers.config.signUpsPerAddress;
    const windowMs = peers.config.loginWindowMs;
    const from = '127.0.1.5';
    const n = limit + 5;
    const tries = await burst(n, (server, i) =>
      server.post(
        '/api/v1/account/register',
        { name: 'Burst', email: `abuse-burst-${i}@example.test`, password: 'a long password' },
        {},
        from,
      ),
    );
    expect(count(tries, (r) => code(r) === 10000)).toBe(limit);
    expect(count(tries, (r) => code(r) === 20010)).toBe(n - limit);
    expect(await rows("SELECT count(*) AS n FROM accounts WHERE email LIKE 'abuse-burst-%'", [])).toBe(limit);
    peers.clock.advance(windowMs);
    const next = await a.post(
      '/api/v1/account/register',
      { name: 'Next', email: 'abuse-next@example.test', password: 'a long password' },
      {},
      from,
    );
    expect(code(next)).toBe(10000);
    figures['sign-up'] = `${limit}/${span(windowMs)} per address`;
  });

  it('reset mail: per address, of a burst for many accounts, the limit is mailed', async () => {
    const limit = peers.config.signUpsPerAddress;
    const from = '127.0.1.6';
    const n = limit + 5;
    const tries = await burst(n, (server, i) => forgot(server, `reset-many-${i}@example.test`, from));
    expect(count(tries, (r) => code(r) === 10000)).toBe(limit);
    expect(count(tries, (r) => code(r) === 20010)).toBe(n - limit);
    figures['reset mail per address'] = `${limit} per address`;
  });

  it('reset mail: per account, from many addresses at once, the limit is mailed; an unknown address is answered the same', async () => {
    const limit = peers.config.resetMailsPerAccount;
    const windowMs = peers.config.loginWindowMs;
    const answers = async (email: string, first: number) =>
      (await burst(12, (server, i) => forgot(server, email, `127.0.2.${first + i}`))).map(code).sort();
    const before = await rows('SELECT count(*) AS n FROM outbox WHERE to_address = $1', [DEMO_ACCOUNT.email]);
    const known = await answers(DEMO_ACCOUNT.email, 1);
    expect(known.filter((c) => c === 10000)).toHaveLength(limit);
    expect(known.filter((c) => c === 20010)).toHaveLength(12 - limit);
    expect(await rows('SELECT count(*) AS n FROM outbox WHERE to_address = $1', [DEMO_ACCOUNT.email])).toBe(
      before + limit,
    );
    // The limit holds for every address alike: it reveals nothing about which have an account.
    expect(await answers('no-account-here@example.test', 101)).toEqual(known);
    peers.clock.advance(windowMs);
    expect(code(await forgot(b, DEMO_ACCOUNT.email, '127.0.2.200'))).toBe(10000);
    figures['reset mail'] = `${limit}/${span(windowMs)} per account`;
  });

  it('guest generations: free per device (from any address) and per address (whatever the device), then the captcha', async () => {
    const free = peers.config.guestFreeTasks;
    // One device from a new address each time: its own allowance is what stops it. (Its tasks
    // are finished in between: a guest's queue holds two.)
    for (let i = 0; i < free; i++) {
      expect(code(await createAsGuest(either(i), `127.0.3.${i + 1}`, 'abuse-one-device'))).toBe(10000);
      await a.server.ctx.tasks.tick(peers.clock.now() + 600_000);
    }
    expect(code(await createAsGuest(a, '127.0.3.100', 'abuse-one-device'))).toBe(20011);
    // Device ids rotated from one address: the address's allowance stops them.
    const from = '127.0.3.101';
    const rotated: Reply[] = [];
    for (let i = 0; i < 10; i++) rotated.push(await createAsGuest(either(i), from, `abuse-rotated-${i}`));
    expect(count(rotated, (r) => code(r) === 10000)).toBe(free);
    expect(count(rotated, (r) => code(r) === 20011)).toBe(10 - free);
    expect(
      await rows(
        "SELECT count(*) AS n FROM tasks WHERE account_id IS NULL AND device_id LIKE 'abuse-rotated-%'",
        [],
      ),
    ).toBe(free);
    peers.clock.advance(GUEST_ALLOWANCE_WINDOW_MS);
    expect(code(await createAsGuest(b, from, 'abuse-rotated-next'))).toBe(10000);
    figures['guest'] = `${free} free/${span(GUEST_ALLOWANCE_WINDOW_MS)} per device and per address`;
    figures['rotating'] = `10 rotated device ids from one address -> ${free} free, ${10 - free} refused`;
  });

  it('guest generations: of 30 in parallel from one address (each its own device), the allowance is free and the rest refused', async () => {
    const free = peers.config.guestFreeTasks;
    const perMinute = peers.config.guestCreatesPerMinute;
    const from = '127.0.3.102';
    const tries = await burst(30, (server, i) => createAsGuest(server, from, `abuse-burst-${i}`));
    const made = await rows(
      "SELECT count(*) AS n FROM tasks WHERE account_id IS NULL AND device_id LIKE 'abuse-burst-%'",
      [],
    );
    const limited = count(tries, (r) => r.status === 429);
    const captcha = count(tries, (r) => code(r) === 20011);
    expect(count(tries, (r) => code(r) === 10000)).toBe(free);
    expect(made).toBe(free);
    expect(limited).toBe(30 - perMinute);
    expect(captcha).toBe(perMinute - free);
    figures['guest'] += `, ${perMinute}/min per address`;
    figures['burst'] =
      `30 parallel guest generations -> ${made} free, ${30 - made} refused ` +
      `(${captcha} captcha, ${limited} rate-limited)`;
  });

  it("g_mode: of a burst of generations an account sends with g_mode 1, each is charged and none is a guest's", async () => {
    const n = TIER_LIMITS.pro.queue;
    const from = '127.0.4.1';
    const id = 'abuse-gmode';
    await peers.db.query(
      `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
      [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
    );
    await credit(peers.db, id, 'paid', 1000, 'test', null, 0);
    await peers.db.query(
      'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 3, 1, $2)',
      [id, peers.clock.now() + 86_400_000],
    );
    const token = (await login(a, `${id}@atelier.test`, `pw-${id}`, from)).json.data.token as string;
    const balance = () =>
      rows('SELECT COALESCE(SUM(delta), 0) AS n FROM coin_ledger WHERE account_id = $1', [id]);
    const before = await balance();
    const tries = await burst(n, (server) =>
      server.post(
        '/api/v1/task/tool/create',
        { domain_type: 0, prompt: 'not free', aspect_ratio: '1:1', g_mode: 1 },
        { token },
        from,
      ),
    );
    expect(tries.map(code)).toEqual(tries.map(() => 10000));
    expect(tries.map((r) => r.json.data.item.g_mode)).toEqual(tries.map(() => 0));
    expect(await rows('SELECT count(*) AS n FROM tasks WHERE account_id = $1', [id])).toBe(n);
    const charged = before - (await balance());
    expect(charged).toBe(n * TASK_COST);
    // None of it was taken from the guest allowance of the address.
    expect(await captchaState(a, from, 'abuse-new-guest')).toBe(0);
    figures['g_mode'] =
      `${n} parallel g_mode generations from an account -> ${n} charged (${charged} coins), 0 free`;
  });

  it('prints the figures', () => {
    const line =
      `abuse: sign-in ${figures['sign-in']}; sign-up ${figures['sign-up']}; ` +
      `reset mail ${figures['reset mail']}, ${figures['reset mail per address']}; ` +
      `guest generations ${figures['guest']}; ${figures['sign-in burst']}; ${figures['rotating']}; ` +
      `${figures['burst']}; ${figures['g_mode']}`;
    console.log(line);
    expect(line).not.toContain('undefined');
  });
});
