/**
 * Issue 12 on the server: the last unit of a decoration raced by many buyers is sold once; coins
 * are the ledger's, never the client's; the account's avatar_frame follows the worn avatar box;
 * the spec §3 decoration stats and preview items; popup status's daily stamina and the
 * development switch that fixes an account's popups; hostile input answered with envelope codes.
 */
import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfo } from '../../infrastructure/contract/account';
import { DecorationStats, OrnamentPreviewResponse } from '../../infrastructure/contract/decorations';
import { PopupStatusResponse } from '../../infrastructure/contract/telemetry';
import { credit } from '../../server/ledger';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const DAY = 24 * 3600 * 1000;
let serial = 0;

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};

const account = async (coins = 0): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `deco-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, $3)`,
    [id, `${id}@atelier.test`, Date.now()],
  );
  if (coins > 0) await credit(db, id, 'free', coins, 'test funds', null, 0);
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});
const code = (r: { json: { status: { code: number } } }) => r.json.status.code;
const coinsOf = async (token: string) =>
  (await api('/api/v1/payment/info', {}, token)).json.data.calculate_coins as number;
const insertOrnament = (id: string, stock: number, price: number) =>
  s.server.ctx.db.query(
    `INSERT INTO ornaments (id, type, name, price, stock, sold, preview_key, preview_width, preview_height, sort, created_at)
     VALUES ($1, 'avatar_box', $1, $2, $3, 0, 'ornaments/orn-aurora-ring.png', 192, 192, 100, 0)`,
    [id, price, stock],
  );

describe('the last unit (spec §4 "bought (owned, stock reduced by 1)"; §8 80304)', () => {
  it('twenty buyers racing one unit in parallel: exactly one owns it, the others get 80304 and keep their coins', async () => {
    await insertOrnament('last-one', 1, 90);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => account(100)));
    const results = await Promise.all(
      buyers.map((b) => api('/api/v1/ornament/buy', { ornament_id: 'last-one' }, b.token)),
    );
    const codes = results.map(code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(1);
    expect(codes.filter((c) => c === 80304)).toHaveLength(19);
    const [row] = await s.server.ctx.db.query<{ stock: number; sold: number }>(
      'SELECT stock, sold FROM ornaments WHERE id = $1',
      ['last-one'],
    );
    expect(row).toEqual({ stock: 0, sold: 1 });
    const balances = await Promise.all(buyers.map((b) => coinsOf(b.token)));
    expect(balances.sort((a, b) => a - b)).toEqual([10, ...Array.from({ length: 19 }, () => 100)]);
  });

  it('coins are never the client’s: a price or balance in the request is refused or ignored', async () => {
    await insertOrnament('pricey', 10, 500);
    const poor = await account(50);
    expect(code(await api('/api/v1/ornament/buy', { ornament_id: 'pricey', price: 1 }, poor.token))).toBe(
      80307,
    );
    expect(
      code(await api('/api/v1/ornament/buy', { ornament_id: 'pricey', calculate_coins: 99999 }, poor.token)),
    ).toBe(80307);
    expect(await coinsOf(poor.token)).toBe(50);
  });
});

describe('avatar_frame (spec §3) follows the worn avatar box', () => {
  it('null until one is worn, its image while worn, the new one after a swap, null after unloading', async () => {
    const a = await account(1000);
    const info = async () => decodes(AccountInfo, (await api('/api/v1/account/info', {}, a.token)).json.data);
    expect((await info()).avatar_frame).toBeNull();
    for (const id of ['orn-aurora-ring', 'orn-ember-halo'])
      expect(code(await api('/api/v1/ornament/buy', { ornament_id: id }, a.token))).toBe(10000);
    await api('/api/v1/ornament/use', { ornament_id: 'orn-aurora-ring' }, a.token);
    expect((await info()).avatar_frame).toMatch(/orn-aurora-ring\.png$/);
    await api('/api/v1/ornament/use', { ornament_id: 'orn-ember-halo' }, a.token);
    expect((await info()).avatar_frame).toMatch(/orn-ember-halo\.png$/);
    await api('/api/v1/ornament/unload', { ornament_id: 'orn-ember-halo' }, a.token);
    expect((await info()).avatar_frame).toBeNull();
  });
});

describe('decoration stats and preview items (spec §3; §9 avatar recommendation 4)', () => {
  it('counts what the caller collected, follows and is followed by, and award earnings', async () => {
    const a = await account();
    const b = await account();
    const db = s.server.ctx.db;
    await db.query(
      'INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, 0), ($2, $1, 0)',
      [a.id, b.id],
    );
    await credit(db, a.id, 'free', 40, 'award: weekly challenge', null, Date.now());
    await credit(db, a.id, 'paid', 300, 'recharge pack', null, Date.now());
    const stats = decodes(DecorationStats, (await api('/api/v1/ornament/stats', {}, a.token)).json.data);
    expect(stats).toEqual({ colleted_cnt: 0, following_cnt: 1, follower_cnt: 1, earnings: 40 });
    expect(code(await api('/api/v1/ornament/stats', {}))).toBe(20000);
  });

  it('four works to preview on, with real cover URLs', async () => {
    const a = await account();
    const data = decodes(
      OrnamentPreviewResponse,
      (await api('/api/v1/ornament/preview', {}, a.token)).json.data,
    );
    expect(data.items).toHaveLength(4);
    for (const item of data.items) expect(item.banner.url).toMatch(/^\/|^http/);
    expect(code(await api('/api/v1/ornament/preview', {}))).toBe(20000);
  });
});

describe('popup status: daily stamina and the development switch', () => {
  it('a non-member has daily stamina while generations are left; the switch fixes the answer and clears', async () => {
    const a = await account();
    const status = decodes(
      PopupStatusResponse,
      (await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data,
    );
    expect(status.daily_stamina).toEqual({ used: 0, limit: 30 });
    expect(status.discount_popup?.pop_type).toBe(1);
    const fixed = {
      discount_popup: { pop_type: 1, end_at: Date.now() + 60_000 },
      face_photo_popup: null,
      show_temp_coins_popup: false,
      wakeup_user_popup: null,
      user_activity_award_list: [],
      hot_popup_cnt: 0,
      daily_stamina: { used: 2, limit: 30 },
    };
    expect(code(await api('/dev/popups', { status: fixed }, a.token))).toBe(10000);
    expect((await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data).toEqual(fixed);
    const other = await account();
    expect((await api('/api/v1/popup/status', { plat: 'web' }, other.token)).json.data.hot_popup_cnt).toBe(
      status.hot_popup_cnt,
    );
    expect(code(await api('/dev/popups', { status: null }, a.token))).toBe(10000);
    expect((await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data.daily_stamina).toEqual({
      used: 0,
      limit: 30,
    });
  });

  it('the switch needs a session and a well-formed status (20000, 10400)', async () => {
    const a = await account();
    expect(code(await api('/dev/popups', { status: null }))).toBe(20000);
    for (const bad of [{}, { status: { hot_popup_cnt: 'x' } }, { status: 7 }, '[]'])
      expect(code(await api('/dev/popups', bad, a.token))).toBe(10400);
  });
});

describe('hostile input on the new calls', () => {
  it('answers envelope codes, never a 500', async () => {
    const a = await account();
    for (const path of ['/api/v1/ornament/stats', '/api/v1/ornament/preview']) {
      for (const bad of ['not json', '[]', 'null', '{"__proto__":{"x":1}}']) {
        const r = await api(path, bad, a.token);
        expect(r.status).toBeLessThan(500);
        expect(typeof r.json.status.code).toBe('number');
      }
    }
  });
});
