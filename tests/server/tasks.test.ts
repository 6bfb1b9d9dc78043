import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});
afterAll(() => s.stop());

const coins = async (t: string) => (await s.post('/api/v1/payment/info', {}, { token: t })).json.data.calculate_coins as number;
const progress = (ids: string[], t: string | null, gMode?: 1) =>
  s.post('/api/v1/task/tool/batch-progress', { task_ids: ids, ...(gMode ? { g_mode: gMode } : {}) }, t ? { token: t } : {});

describe('server: text to image over loopback (spec §7 task create and batch progress)', () => {
  it('creates a task, reports rising progress, completes with a valid PNG of the requested aspect ratio, and debits coins once', async () => {
    const before = await coins(token);
    const created = await s.post('/api/v1/task/tool/create', { domain_type: 0, prompt: 'a quiet harbour at night', aspect_ratio: '9:16', seed: 3 }, { token });
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
      const r = await s.post('/api/v1/task/tool/create', { domain_type: 0, prompt: 'same prompt', aspect_ratio: '1:1', seed: 11 }, { token });
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
    const r = await s.post('/api/v1/task/tool/create', { domain_type: 0, prompt: 'this one breaks #fail', aspect_ratio: '1:1' }, { token });
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
    const r = await s.post('/api/v1/task/tool/create', { domain_type: 0, prompt: 'guest work', aspect_ratio: '1:1', g_mode: 1 }, guest);
    expect(r.json.status.code).toBe(10000);
    const id = r.json.data.item.id as string;
    const mine = await s.post('/api/v1/task/tool/batch-progress', { task_ids: [id], g_mode: 1 }, guest);
    expect(mine.json.data.items).toHaveLength(1);
    const otherGuest = await s.post('/api/v1/task/tool/batch-progress', { task_ids: [id], g_mode: 1 }, { 'x-device-id': 'someone-else-7' });
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
      Array.from({ length: 8 }, (_, i) => s.post('/api/v1/task/tool/create', { domain_type: 0, prompt: `p${i}`, aspect_ratio: '1:1' }, { token: poor })),
    );
    const codes = results.map((r) => r.json.status.code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(2);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 80307)).toBe(true);
    expect(await coins(poor)).toBe(5);
  });

  it('requires a session for payment info (20000) and answers 20003 for a wrong password', async () => {
    expect((await s.post('/api/v1/payment/info', {})).json.status.code).toBe(20000);
    expect((await s.post('/api/v1/account/login', { email: 'demo@atelier.test', password: 'nope' })).json.status.code).toBe(20003);
    expect((await s.post('/api/v1/account/login', { email: 'nobody@atelier.test', password: 'nope' })).json.status.code).toBe(20001);
  });
});
