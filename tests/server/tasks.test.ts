import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TaskBaseConfig,
  TaskDeleteResponse,
  TaskDetailResponse,
  TaskEstimateResponse,
  TaskItem,
  TaskListResponse,
  TaskOptionsConfig,
  ToolConfigResponse,
} from '../../infrastructure/contract/tasks';
import { eventually, sleep, startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});
afterAll(() => s.stop());

const coins = async (t: string) =>
  (await s.post('/api/v1/payment/info', {}, { token: t })).json.data.calculate_coins as number;
const progress = (ids: string[], t: string | null, gMode?: 1) =>
  s.post(
    '/api/v1/task/tool/batch-progress',
    { task_ids: ids, ...(gMode ? { g_mode: gMode } : {}) },
    t ? { token: t } : {},
  );

describe('server: text to image over loopback (spec §7 task create and batch progress)', () => {
  it('creates a task, reports rising progress, completes with a valid PNG of the requested aspect ratio, and debits coins once', async () => {
    const before = await coins(token);
    const created = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'a quiet harbour at night', aspect_ratio: '9:16', seed: 3 },
      { token },
    );
    expect(created.json.status.code).toBe(10000);
    const id = created.json.data.item.id as string;
    expect(created.json.data.item.status).toBe(1);
    const seen: number[] = [];
    const done = await eventually(async () => {
      const r = await progress([id], token);
      const item = r.json.data.items[0];
      seen.push(item.process);
      return item.status === 3 ? item : undefined;
    });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(done.process).toBe(100);
    const uri = done.img_uris[0];
    const response = await s.get(uri.url);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect(png.width).toBe(uri.width);
    expect(png.height).toBe(uri.height);
    expect(png.width / png.height).toBeCloseTo(9 / 16, 1);
    expect(await coins(token)).toBe(before - 10);
  });

  it('renders the same image for the same prompt and seed (deterministic engine)', async () => {
    const make = async () => {
      const r = await s.post(
        '/api/v1/task/tool/create',
        { domain_type: 0, prompt: 'same prompt', aspect_ratio: '1:1', seed: 11 },
        { token },
      );
      const id = r.json.data.item.id as string;
      const item = await eventually(async () => {
        const p = (await progress([id], token)).json.data.items[0];
        return p.status === 3 ? p : undefined;
      });
      return Buffer.from(await (await s.get(item.img_uris[0].url)).arrayBuffer());
    };
    const [a, b] = [await make(), await make()];
    expect(a.equals(b)).toBe(true);
  });

  it('refunds the coins of a failed task (status 4)', async () => {
    const before = await coins(token);
    const r = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'this one breaks #fail', aspect_ratio: '1:1' },
      { token },
    );
    const id = r.json.data.item.id as string;
    const failed = await eventually(async () => {
      const p = (await progress([id], token)).json.data.items[0];
      return p.status === 4 ? p : undefined;
    });
    expect(failed.status_desc).toMatch(/failed/);
    expect(await coins(token)).toBe(before);
  });

  it('rejects malformed input with 10400 and creates nothing', async () => {
    const before = await coins(token);
    for (const body of [
      { domain_type: 0, prompt: '   ', aspect_ratio: '1:1' },
      { domain_type: 99, prompt: 'x', aspect_ratio: '1:1' },
      { domain_type: 0, prompt: 'x', aspect_ratio: '5:1' },
      { prompt: 'x' },
      'not json',
    ]) {
      const r = await s.post('/api/v1/task/tool/create', body, { token });
      expect(r.json.status.code).toBe(10400);
    }
    expect(await coins(token)).toBe(before);
  });

  it('lets guests create with g_mode and poll with g_mode=1, and hides tasks from other owners', async () => {
    const guest = { 'x-device-id': 'guest-device-42' };
    const r = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'guest work', aspect_ratio: '1:1', g_mode: 1 },
      guest,
    );
    expect(r.json.status.code).toBe(10000);
    const id = r.json.data.item.id as string;
    const mine = await s.post('/api/v1/task/tool/batch-progress', { task_ids: [id], g_mode: 1 }, guest);
    expect(mine.json.data.items).toHaveLength(1);
    const otherGuest = await s.post(
      '/api/v1/task/tool/batch-progress',
      { task_ids: [id], g_mode: 1 },
      { 'x-device-id': 'someone-else-7' },
    );
    expect(otherGuest.json.data.items).toHaveLength(0);
    const account = await progress([id], token);
    expect(account.json.data.items).toHaveLength(0);
  });

  it('answers 80307 when the balance cannot pay, and never goes below zero under parallel creates', async () => {
    const reg = await s.server.ctx.db.query<{ n: number }>(`SELECT 1 AS n`);
    expect(reg).toHaveLength(1);
    // A fresh account with 25 coins: at most two 10-coin tasks fit.
    const { hashPassword } = await import('../../server/auth');
    const { credit } = await import('../../server/ledger');
    await s.server.ctx.db.query(
      `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ('poor', 'poor@atelier.test', $1, 'poor', 'Poor', 0)`,
      [await hashPassword('pw-poor-1')],
    );
    await credit(s.server.ctx.db, 'poor', 'free', 25, 'test', null, 0);
    const poor = await s.login('poor@atelier.test', 'pw-poor-1');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.post(
          '/api/v1/task/tool/create',
          { domain_type: 0, prompt: `p${i}`, aspect_ratio: '1:1' },
          { token: poor },
        ),
      ),
    );
    const codes = results.map((r) => r.json.status.code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(2);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 80307)).toBe(true);
    expect(await coins(poor)).toBe(5);
  });

  it('requires a session for payment info (20000) and answers 20003 for a wrong password', async () => {
    expect((await s.post('/api/v1/payment/info', {})).json.status.code).toBe(20000);
    expect(
      (await s.post('/api/v1/account/login', { email: 'demo@atelier.test', password: 'nope' })).json.status
        .code,
    ).toBe(20003);
    expect(
      (await s.post('/api/v1/account/login', { email: 'nobody@atelier.test', password: 'nope' })).json.status
        .code,
    ).toBe(20001);
  });
});

// ---------------------------------------------------------------------------------------------
// Task routes beyond create and progress (spec §7 /task/detail, /task/list, /task/delete,
// /task/estimate, /task/tool/config, task options config, /task/v2/config/base), the per-tier
// queue limits (§8 70002) and the daily limits of guests and non-members (§8 70001).
// ---------------------------------------------------------------------------------------------

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 400)}`);
  return r.right;
};
const codeOf = (r: { json: { status: { code: number } } }) => r.json.status.code;

let accountSeq = 0;
/** A fresh account with coins and, when given, a running plan of that level (1 Basic, 2 Standard, 3 Pro) or an add-on. */
const account = async (
  coinsToGive: number,
  plan: { level?: number; addon?: 'lite' | 'big' } = {},
): Promise<{ id: string; token: string }> => {
  const { hashPassword } = await import('../../server/auth');
  const { credit } = await import('../../server/ledger');
  const id = `acct-${++accountSeq}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  if (coinsToGive > 0) await credit(db, id, 'paid', coinsToGive, 'test', null, 0);
  const until = Date.now() + 86_400_000;
  if (plan.level !== undefined)
    await db.query(
      'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, $2, 1, $3)',
      [id, plan.level, until],
    );
  if (plan.addon !== undefined)
    await db.query(
      `INSERT INTO membership_addons (account_id, kind, goods_id, vip_type, expiry_time) VALUES ($1, $2, 'test', '', $3)`,
      [id, plan.addon, until],
    );
  return { id, token: await s.login(`${id}@atelier.test`, `pw-${id}`) };
};

/** Inserts finished tasks directly (history for list and daily-limit tests). */
const insertTasks = async (
  owner: { accountId: string | null; deviceId: string },
  rows: { at: number; type?: number }[],
): Promise<string[]> => {
  const ids: string[] = [];
  for (const [i, r] of rows.entries()) {
    const id = `hist-${owner.accountId ?? owner.deviceId}-${i}-${r.at}`;
    ids.push(id);
    await s.server.ctx.db.query(
      `INSERT INTO tasks (id, account_id, device_id, domain_type, prompt, aspect_ratio, seed, status, process, status_desc, cost, duration_ms, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'old', '1:1', 1, 3, 100, 'done', 0, 1000, $5, $5)`,
      [id, owner.accountId, owner.deviceId, r.type ?? 0, r.at],
    );
  }
  return ids;
};

describe('server: per-tier queue limits (spec §8 70002 "task queue full", tier named in the message)', () => {
  it('reads the tier from memberships and add-ons: non-member 2, Basic 4, Standard 6, Pro 10 (lite counts as Basic, top membership as Pro)', async () => {
    const cases: [Parameters<typeof account>[1], number, string][] = [
      [{}, 2, 'non-member'],
      [{ level: 1 }, 4, 'Basic'],
      [{ level: 2 }, 6, 'Standard'],
      [{ level: 3 }, 10, 'Pro'],
      [{ addon: 'lite' }, 4, 'Basic'],
      [{ addon: 'big', level: 1 }, 10, 'Pro'],
    ];
    for (const [plan, limit, tier] of cases) {
      const a = await account(100, plan);
      const e = decodes(
        TaskEstimateResponse,
        (await s.post('/api/v1/task/estimate', { domain_type: 0, prompt: 'x' }, { token: a.token })).json
          .data,
      );
      expect(e.queue).toEqual({ active: 0, limit, tier });
    }
    const expired = await account(100);
    await s.server.ctx.db.query(
      'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 3, 1, $2)',
      [expired.id, Date.now() - 1000],
    );
    expect(
      (await s.post('/api/v1/task/estimate', { domain_type: 0, prompt: 'x' }, { token: expired.token })).json
        .data.queue.limit,
    ).toBe(2);
  });

  it('answers 70002 past the limit, without debiting, for a non-member (2) and a Basic member (4)', async () => {
    for (const [plan, limit, tier] of [
      [{}, 2, 'non-member'],
      [{ level: 1 }, 4, 'Basic'],
    ] as const) {
      const a = await account(1000, plan);
      const made: string[] = [];
      for (let i = 0; i < limit; i++) {
        const r = await s.post(
          '/api/v1/task/tool/create',
          { domain_type: 2, prompt: `clip ${i}`, aspect_ratio: '1:1' },
          { token: a.token },
        );
        expect(codeOf(r)).toBe(10000);
        made.push(r.json.data.item.id);
      }
      const full = await s.post(
        '/api/v1/task/tool/create',
        { domain_type: 2, prompt: 'one more', aspect_ratio: '1:1' },
        { token: a.token },
      );
      expect(codeOf(full)).toBe(70002);
      expect(full.json.status.msg).toBe(
        `the task queue is full: ${tier} accounts run ${limit} tasks at once`,
      );
      expect(await coins(a.token)).toBe(1000 - 40 * limit);
      // A deleted task leaves the queue at once.
      await s.post('/api/v1/task/delete', { ids: [made[0]] }, { token: a.token });
      expect(
        codeOf(
          await s.post(
            '/api/v1/task/tool/create',
            { domain_type: 2, prompt: 'now it fits', aspect_ratio: '1:1' },
            { token: a.token },
          ),
        ),
      ).toBe(10000);
      const ids = (await s.post('/api/v1/task/list', {}, { token: a.token })).json.data.items.map(
        (x: { id: string }) => x.id,
      );
      await s.post('/api/v1/task/delete', { ids }, { token: a.token });
    }
  });
});

describe('server: daily limits of guests (10) and non-members (30) (spec §8 70001 "daily generation limit")', () => {
  it('counts the last 24 hours: the 11th guest task and the 31st non-member task answer 70001; members have no daily limit', async () => {
    const guest = { 'x-device-id': 'daily-guest-01' };
    await insertTasks({ accountId: null, deviceId: 'daily-guest-01' }, [
      ...Array.from({ length: 10 }, () => ({ at: Date.now() - 3_600_000 })),
      { at: Date.now() - 2 * 86_400_000 },
    ]);
    const g = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'x', aspect_ratio: '1:1', g_mode: 1 },
      guest,
    );
    expect(codeOf(g)).toBe(70001);
    expect(g.json.status.msg).toBe('the daily generation limit is reached (10 a day for guest accounts)');
    const est = decodes(
      TaskEstimateResponse,
      (await s.post('/api/v1/task/estimate', { domain_type: 0, prompt: 'x', g_mode: 1 }, guest)).json.data,
    );
    expect(est).toMatchObject({ coins: 0, balance: null, can_afford: true, daily: { used: 10, limit: 10 } });

    const free = await account(100);
    await insertTasks(
      { accountId: free.id, deviceId: 'x' },
      Array.from({ length: 30 }, () => ({ at: Date.now() - 60_000 })),
    );
    const f = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'x', aspect_ratio: '1:1' },
      { token: free.token },
    );
    expect(codeOf(f)).toBe(70001);
    expect(await coins(free.token)).toBe(100);

    const basic = await account(100, { level: 1 });
    await insertTasks(
      { accountId: basic.id, deviceId: 'x' },
      Array.from({ length: 30 }, () => ({ at: Date.now() - 60_000 })),
    );
    const b = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'x', aspect_ratio: '1:1' },
      { token: basic.token },
    );
    expect(codeOf(b)).toBe(10000);
    expect(
      (await s.post('/api/v1/task/estimate', { domain_type: 0, prompt: 'x' }, { token: basic.token })).json
        .data.daily,
    ).toEqual({ used: 0, limit: null });
  });
});

describe('server: /task/detail and /task/list (owner only, newest first, paged)', () => {
  it("lists the caller's tasks newest first in pages, filters by domain type, and shows nothing of other owners", async () => {
    const a = await account(0);
    const t0 = Date.now() - 100_000;
    const ids = await insertTasks({ accountId: a.id, deviceId: 'x' }, [
      { at: t0 },
      { at: t0 + 1 },
      { at: t0 + 2, type: 4 },
      { at: t0 + 3 },
      { at: t0 + 4, type: 4 },
    ]);
    const page1 = decodes(
      TaskListResponse,
      (await s.post('/api/v1/task/list', { page: 1, page_size: 2 }, { token: a.token })).json.data,
    );
    expect(page1).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(page1.items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    const page3 = decodes(
      TaskListResponse,
      (await s.post('/api/v1/task/list', { page: 3, page_size: 2 }, { token: a.token })).json.data,
    );
    expect(page3.items.map((i) => i.id)).toEqual([ids[0]]);
    const music = decodes(
      TaskListResponse,
      (await s.post('/api/v1/task/list', { domain_types: [4] }, { token: a.token })).json.data,
    );
    expect(music.items.map((i) => i.id)).toEqual([ids[4], ids[2]]);
    const b = await account(0);
    expect((await s.post('/api/v1/task/list', {}, { token: b.token })).json.data).toMatchObject({
      items: [],
      total: 0,
    });
    expect(codeOf(await s.post('/api/v1/task/detail', { id: ids[0] }, { token: b.token }))).toBe(10404);
    const d = decodes(
      TaskDetailResponse,
      (await s.post('/api/v1/task/detail', { id: ids[0] }, { token: a.token })).json.data,
    );
    expect(d.item).toMatchObject({
      id: ids[0],
      status: 3,
      domain_type: 0,
      g_mode: 0,
      media: [],
      deduction_detail: null,
    });
    // Guests list their device's tasks.
    const guest = { 'x-device-id': 'list-guest-01' };
    const gids = await insertTasks({ accountId: null, deviceId: 'list-guest-01' }, [{ at: t0 }]);
    expect(
      (await s.post('/api/v1/task/list', { g_mode: 1 }, guest)).json.data.items.map(
        (i: { id: string }) => i.id,
      ),
    ).toEqual(gids);
    expect(
      (await s.post('/api/v1/task/list', {}, { 'x-device-id': 'someone-else-9' })).json.data.items,
    ).toEqual([]);
  });

  it('reports what a task cost (deduction_detail) and rejects malformed detail and list requests with 10400', async () => {
    const a = await account(50);
    const r = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'cost check', aspect_ratio: '1:1' },
      { token: a.token },
    );
    const item = decodes(TaskItem, r.json.data.item);
    expect(item.deduction_detail).toEqual({
      coins: 10,
      parts: [{ kind: 'paid', amount: 10 }],
      refunded: false,
    });
    for (const [p, body] of [
      ['/api/v1/task/detail', {}],
      ['/api/v1/task/detail', { id: 5 }],
      ['/api/v1/task/list', { page: 0 }],
      ['/api/v1/task/list', { page_size: 101 }],
      ['/api/v1/task/list', { domain_types: [26] }],
      ['/api/v1/task/delete', { ids: [] }],
      ['/api/v1/task/delete', { ids: 'x' }],
      ['/api/v1/task/estimate', { domain_type: 'x' }],
      ['/api/v1/task/tool/config', { type: 26 }],
      ['/api/v1/task/tool/batch-progress', { task_ids: 'x' }],
    ] as const)
      expect(codeOf(await s.post(p, body, { token: a.token })), `${p} ${JSON.stringify(body)}`).toBe(10400);
  });
});

describe('server: /task/delete (owner only, soft delete; a deleted task never reappears)', () => {
  it('deletes for the owner only (10404 for anyone else), then the task is gone from progress, detail and list', async () => {
    const a = await account(100);
    const b = await account(100);
    const r = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'to be deleted', aspect_ratio: '1:1' },
      { token: a.token },
    );
    const id = r.json.data.item.id as string;
    expect(codeOf(await s.post('/api/v1/task/delete', { ids: [id] }, { token: b.token }))).toBe(10404);
    expect(codeOf(await s.post('/api/v1/task/delete', { ids: [id] }))).toBe(10404); // a guest device owns nothing here
    expect((await progress([id], a.token)).json.data.items).toHaveLength(1);
    const del = decodes(
      TaskDeleteResponse,
      (await s.post('/api/v1/task/delete', { ids: [id, 'not-a-task'] }, { token: a.token })).json.data,
    );
    expect(del.deleted).toEqual([id]);
    expect(codeOf(await s.post('/api/v1/task/delete', { ids: [id] }, { token: a.token }))).toBe(10404);
    await sleep(2000); // past the task's duration: the engine loop must not bring it back
    expect((await progress([id], a.token)).json.data.items).toEqual([]);
    expect(codeOf(await s.post('/api/v1/task/detail', { id }, { token: a.token }))).toBe(10404);
    expect((await s.post('/api/v1/task/list', {}, { token: a.token })).json.data.items).toEqual([]);
  });
});

describe('server: /task/estimate (coins and estimate_time, no side effect)', () => {
  it('prices by kind, batch, scale and speed, changes nothing, and answers 70009 / 10404 for models', async () => {
    const a = await account(25);
    const est = async (body: Record<string, unknown>) => {
      const r = await s.post('/api/v1/task/estimate', body, { token: a.token });
      expect(codeOf(r), JSON.stringify(body)).toBe(10000);
      return decodes(TaskEstimateResponse, r.json.data);
    };
    const base = s.config.taskDurationMs / 1000;
    expect(await est({ domain_type: 0, prompt: 'x' })).toMatchObject({
      coins: 10,
      estimate_time: Math.ceil(base),
      balance: 25,
      can_afford: true,
    });
    expect(await est({ domain_type: 0, prompt: 'x', batch_size: 3 })).toMatchObject({
      coins: 30,
      can_afford: false,
    });
    expect(await est({ domain_type: 0, prompt: 'x', speed_type: 2 })).toMatchObject({
      coins: 20,
      estimate_time: Math.ceil(base / 2),
    });
    expect(await est({ domain_type: 1, input_url: '/blobs/whatever.png', scale: 4 })).toMatchObject({
      coins: 8,
    });
    expect(await est({ domain_type: 2, prompt: 'x' })).toMatchObject({
      coins: 40,
      estimate_time: Math.ceil(base * 2),
    });
    expect((await s.post('/api/v1/task/list', {}, { token: a.token })).json.data.total).toBe(0);
    expect(await coins(a.token)).toBe(25);
    const retired = await s.post(
      '/api/v1/task/estimate',
      { domain_type: 0, prompt: 'x', model_id: 'lora-retro-15' },
      { token: a.token },
    );
    expect(codeOf(retired)).toBe(70009);
    expect(retired.json.status.msg).toBe('LORA Retro 1.5 (disabled)');
    expect(
      codeOf(
        await s.post(
          '/api/v1/task/tool/create',
          { domain_type: 0, prompt: 'x', aspect_ratio: '1:1', model_id: 'lora-retro-15' },
          { token: a.token },
        ),
      ),
    ).toBe(70009);
    expect(
      codeOf(
        await s.post(
          '/api/v1/task/estimate',
          { domain_type: 0, prompt: 'x', model_id: 'nope' },
          { token: a.token },
        ),
      ),
    ).toBe(10404);
    expect(codeOf(await s.post('/api/v1/task/estimate', { domain_type: 0 }, { token: a.token }))).toBe(10400);
    expect(await coins(a.token)).toBe(25);
  });
});

describe('server: tool config, task options config (spec §3) and the v2 base config (spec §9 sizes)', () => {
  it('describes every domain type 0..25 in order, or one type ("video tool config (type 6)")', async () => {
    const all = decodes(ToolConfigResponse, (await s.post('/api/v1/task/tool/config', {}, {})).json.data);
    expect(all.items.map((i) => i.domain_type)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(all.items.slice(0, 5).map((i) => i.key)).toEqual([
      'textToImage',
      'upscale',
      'textToVideo',
      'lipSync',
      'textToMusic',
    ]);
    expect(all.items.find((i) => i.domain_type === 17)).toMatchObject({
      creatable: false,
      guest_allowed: false,
      output: 'model',
    });
    const six = decodes(
      ToolConfigResponse,
      (await s.post('/api/v1/task/tool/config', { type: 6 }, {})).json.data,
    );
    expect(six.items).toEqual([
      expect.objectContaining({
        domain_type: 6,
        key: 'imageToVideo',
        output: 'video',
        label_key: 'tasks.domainType.imageToVideo',
      }),
    ]);
  });

  it('lists 25 samplers, models, modules, upscalers, VAEs, prompt styles, video and audio config and default_flux', async () => {
    const o = decodes(
      TaskOptionsConfig,
      (await s.post('/api/v1/task/config/options', {}, { token })).json.data,
    );
    expect(o.sampler_name).toHaveLength(25);
    expect(new Set(o.sampler_name).size).toBe(25);
    expect(o.models.find((m) => m.id === 'lora-retro-15')).toMatchObject({ disabled: true });
    expect(o.default_flux).toMatchObject({ model_id: 'flux-dev', base_model: 'Flux' });
    expect(o.models.some((m) => m.id === o.default_flux.model_id)).toBe(true);
    expect(o.audio_config.styles).toEqual([
      'pop',
      'rb',
      'rock',
      'disco',
      'electronic',
      'country',
      'hiphop',
      'latin',
      'classical',
      'game',
    ]);
    expect(o.audio_config.instruments).toHaveLength(7);
    expect(o.video_config.tiers).toEqual(['Lite', 'Depth', 'Ultra', 'Sparkle', 'Turbo', 'Plus']);
    expect(o.upscaler.map((u) => u.method)).toEqual(['bilinear', 'bicubic']);
    expect(o.prompt_styles.length).toBeGreaterThan(0);
    const b = decodes(TaskBaseConfig, (await s.post('/api/v1/task/v2/config/base', {}, {})).json.data);
    expect(b.square_sizes).toEqual([512, 768, 1024, 1536]);
    expect(b.custom_ranges).toEqual([
      { min: 512, max: 1024 },
      { min: 768, max: 1536 },
    ]);
    expect(b.aspect_ratios).toEqual(['1:1', '3:4', '2:3', '9:16', '4:3', '3:2', '16:9', '21:9']);
    expect(b.domain_types).toHaveLength(26);
    expect(b.domain_types[4]).toEqual({
      domain_type: 4,
      key: 'textToMusic',
      label_key: 'tasks.domainType.textToMusic',
    });
  });
});

describe("client contract: the web client's HTTP client and task calls against the reference server", () => {
  it('creates, estimates, lists and deletes through makeApi and browserTasksDeps, every answer decoding with its codec', async () => {
    const { firstValueFrom } = await import('rxjs');
    const { makeHttpClient } = await import('../../infrastructure/http/client');
    const { makeApi } = await import('../../infrastructure/app/api');
    const { browserTasksDeps } = await import('../../infrastructure/tasks/deps');
    const a = await account(100);
    const http = makeHttpClient({
      baseUrl: s.baseUrl,
      fetch: (input, init) => fetch(input, init),
      headers: () => ({ 'x-device-id': 'client-device-1', token: a.token }),
    });
    const api = makeApi(http);
    const calls = browserTasksDeps(http);
    const created = await firstValueFrom(
      api.createTask({ domain_type: 0, prompt: 'client call', aspect_ratio: '4:3' } as never),
    );
    expect(E.isRight(created)).toBe(true);
    const id = E.isRight(created) ? created.right.item.id : '';
    const estimate = await firstValueFrom(calls.estimateTask({ domain_type: 2, prompt: 'x' } as never));
    expect(estimate).toEqual(E.right(expect.objectContaining({ coins: 40, balance: 90 })));
    const listed = await firstValueFrom(calls.listTasks({ page: 1, page_size: 5 }));
    expect(E.isRight(listed) && listed.right.items.map((i) => i.id)).toEqual([id]);
    const progress = await firstValueFrom(api.batchProgress({ task_ids: [id] }));
    expect(E.isRight(progress) && progress.right.items[0]!.deduction_detail).toMatchObject({ coins: 10 });
    const deleted = await firstValueFrom(calls.deleteTasks({ ids: [id] }));
    expect(E.isRight(deleted) && deleted.right.deleted).toEqual([id]);
    const again = await firstValueFrom(calls.deleteTasks({ ids: [id] }));
    expect(again).toEqual(
      E.left({ kind: 'api', path: '/api/v1/task/delete', code: 10404, msg: 'no such task of yours' }),
    );
  });
});
