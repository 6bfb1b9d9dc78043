import { Subject, asyncScheduler } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../domain/index.js';
import { makeHttpClient } from '../../infrastructure/http/client';
import { appStarted } from '../../infrastructure/store/commands';
import { makeStore } from '../../infrastructure/app/makeStore';
import { makeTelemetryApi } from '../../infrastructure/telemetry/api';
import {
  exposeItem,
  logEvent,
  reportClientError,
  starTrack,
  trackEvent,
} from '../../infrastructure/telemetry/commands';
import type { TelemetryDeps, Visibility } from '../../infrastructure/telemetry/deps';
import { hashPassword } from '../../server/auth';
import { credit } from '../../server/ledger';
import { ABSENCE_MS } from '../../server/ops/presence';
import { makeFakeDeps } from '../support/fakeApi';
import { mapStorage } from '../support/fakes/telemetry';
import { eventually, startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let demo: string;
beforeAll(async () => {
  s = await startTestServer({}, false);
  demo = await s.login();
});
afterAll(() => s.stop());

const db = () => s.server.ctx.db;
const count = async (table: string, where = 'TRUE', params: unknown[] = []): Promise<number> =>
  Number(
    (await db().query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params))[0]!.n,
  );
const code = (r: { json: Json }) => r.json.status.code as number;
/** A guest request: no session and, unless given, no device header. */
const anonymous = { 'x-device-id': '' };
let seq = 0;
const uid = (p: string) => `${p}${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A fresh account (created `ageMs` ago) and a session token for it. */
const newAccount = async (ageMs = 0): Promise<{ id: string; token: string }> => {
  const id = uid('acct');
  const email = `${id}@ops.test`;
  await db().query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, status, role, created_at)
     VALUES ($1, $2, $3, $4, $5, 1, 'user', $6)`,
    [id, email, await hashPassword('pw-ops-123'), id, id, Date.now() - ageMs],
  );
  return { id, token: await s.login(email, 'pw-ops-123') };
};

const envelope = (over: Record<string, unknown> = {}) => ({
  account_id: '',
  account_name: '',
  mail: '',
  reg_at: 0,
  create_at: 1_760_000_000_000,
  page_location: 'http://atelier.test/',
  device_id: 'test-device-1',
  browser_id: 'br-1',
  device_os: 'web',
  plat: 'web',
  app_id: 'atelier-web',
  canary: 'model_detail_v2=A,st_tavern=1',
  pageId: 'pg-1',
  productLevel: 0,
  ...over,
});
const reportItem = (id: string, over: Record<string, unknown> = {}) => ({
  ...envelope(),
  id,
  event_name: 'page_view',
  properties: { tab: 'recommend', n: 3, ok: true, none: null },
  ...over,
});
const logItem = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  event_name: 'card_click',
  entity_type: 1,
  obj_id: 'art-1',
  obj_type: 1,
  front_operation: 'click',
  ...over,
});
const exposureItem = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  obj_id: 'art-1',
  obj_type: 1,
  page: 'recommendPage',
  position: 3,
  at: 1_760_000_000_000,
  ...over,
});

describe('ping (spec §7 "/api/v1/ping (heartbeat; action first_open the first time)", §9 heartbeat)', () => {
  it('records a guest device: first_open sets first_open_at once, heartbeats move last_seen_at', async () => {
    const device = uid('dev-');
    const first = await s.post('/api/v1/ping', { action: 'first_open' }, { 'x-device-id': device });
    expect(code(first)).toBe(10000);
    expect(first.json.data.unit).toBe('device');
    const openedAt = first.json.data.first_open_at as number;
    expect(openedAt).toBe(first.json.data.last_seen_at);
    await new Promise((r) => setTimeout(r, 5));
    const beat = await s.post('/api/v1/ping', { action: 'heartbeat' }, { 'x-device-id': device });
    expect(beat.json.data.first_open_at).toBe(openedAt);
    expect(beat.json.data.last_seen_at).toBeGreaterThan(openedAt);
    // A second first_open (a lost answer, sent again) never moves the first open.
    const again = await s.post('/api/v1/ping', { action: 'first_open' }, { 'x-device-id': device });
    expect(again.json.data.first_open_at).toBe(openedAt);
    const [row] = await db().query<{ pings: number; last_action: string }>(
      "SELECT pings, last_action FROM ops_presence WHERE unit = 'device' AND unit_id = $1",
      [device],
    );
    expect(row).toEqual({ pings: 3, last_action: 'first_open' });
  });

  it('records both the account and the device of a signed-in caller and answers with the account', async () => {
    const { id, token } = await newAccount();
    const device = uid('dev-');
    const r = await s.post('/api/v1/ping', { action: 'heartbeat' }, { token, 'x-device-id': device });
    expect(r.json.data).toMatchObject({ unit: 'account', first_open_at: null });
    expect(await count('ops_presence', "unit = 'account' AND unit_id = $1", [id])).toBe(1);
    expect(await count('ops_presence', "unit = 'device' AND unit_id = $1", [device])).toBe(1);
  });

  it('rejects a malformed action with 10400 and records nothing; a caller with no device and no session is 10400', async () => {
    const device = uid('dev-');
    for (const body of [{ action: 'hello' }, {}, { action: 1 }, 'not json'])
      expect(code(await s.post('/api/v1/ping', body, { 'x-device-id': device }))).toBe(10400);
    expect(await count('ops_presence', 'unit_id = $1', [device])).toBe(0);
    expect(code(await s.post('/api/v1/ping', { action: 'heartbeat' }, anonymous))).toBe(10400);
  });
});

describe('A/B flags (spec §7 "/api/v1/are/you/ok", §2 model_detail_v2 and ST tavern, §6 config items)', () => {
  it('gives a device the same assignment every time, and both variants across devices', async () => {
    const a = await s.post('/api/v1/are/you/ok', {}, { 'x-device-id': 'flags-device-1' });
    const b = await s.post('/api/v1/are/you/ok', {}, { 'x-device-id': 'flags-device-1' });
    expect(code(a)).toBe(10000);
    expect(a.json.data).toEqual(b.json.data);
    expect(a.json.data.unit).toBe('device');
    expect(['A', 'B']).toContain(a.json.data.flags.model_detail_v2);
    expect(typeof a.json.data.flags.st_tavern).toBe('boolean');
    const seen = { A: 0, B: 0, on: 0, off: 0 };
    for (let i = 0; i < 40; i++) {
      const r = await s.post('/api/v1/are/you/ok', {}, { 'x-device-id': `flags-device-spread-${i}` });
      seen[r.json.data.flags.model_detail_v2 as 'A' | 'B'] += 1;
      seen[r.json.data.flags.st_tavern ? 'on' : 'off'] += 1;
    }
    for (const n of Object.values(seen)) expect(n).toBeGreaterThanOrEqual(8);
  });

  it('assigns a signed-in person by account: the same flags on every device', async () => {
    const { token } = await newAccount();
    const one = await s.post('/api/v1/are/you/ok', {}, { token, 'x-device-id': 'flags-acct-device-1' });
    const two = await s.post('/api/v1/are/you/ok', {}, { token, 'x-device-id': 'flags-acct-device-2' });
    expect(one.json.data.unit).toBe('account');
    expect(one.json.data.flags).toEqual(two.json.data.flags);
  });

  it('puts the demo account in the ST-tavern group with both permissions, on every device (issue 21)', async () => {
    for (const device of ['flags-demo-device-1', 'flags-demo-device-2']) {
      const r = await s.post('/api/v1/are/you/ok', {}, { token: demo, 'x-device-id': device });
      expect(r.json.data.unit).toBe('account');
      expect(r.json.data.flags.st_tavern).toBe(true);
      expect(r.json.data.config_items).toEqual([
        { key: 'enable_tavern', content_type: 'character', enabled: true },
        { key: 'enable_st_tavern', content_type: 'StCharacter', enabled: true },
      ]);
    }
  });

  it('answers only the experiments asked for, and the config items enable_tavern (character) / enable_st_tavern (StCharacter)', async () => {
    const r = await s.post(
      '/api/v1/are/you/ok',
      { experiments: ['st_tavern'] },
      { 'x-device-id': 'flags-device-1' },
    );
    expect(Object.keys(r.json.data.flags)).toEqual(['st_tavern']);
    expect(r.json.data.config_items).toEqual([
      { key: 'enable_tavern', content_type: 'character', enabled: true },
      { key: 'enable_st_tavern', content_type: 'StCharacter', enabled: true },
    ]);
  });

  it('rejects an unknown experiment or a caller with neither device nor session (10400)', async () => {
    expect(code(await s.post('/api/v1/are/you/ok', { experiments: ['nope'] }))).toBe(10400);
    expect(code(await s.post('/api/v1/are/you/ok', {}, anonymous))).toBe(10400);
  });
});

describe('popup status (spec §3 popup data, §7 "popup status (plat web)")', () => {
  it('derives the popup data from a new account: half-price offer for 7 days, face photo before any task, nothing else', async () => {
    const { id, token } = await newAccount();
    const before = Date.now();
    const r = await s.post('/api/v1/popup/status', { plat: 'web' }, { token });
    const after = Date.now();
    expect(code(r)).toBe(10000);
    const [acct] = await db().query<{ created_at: string }>('SELECT created_at FROM accounts WHERE id = $1', [
      id,
    ]);
    // Works others published in the last 24 h, at most 99 (the server's clock is between before and after).
    const hotSince = async (t: number) =>
      Math.min(
        99,
        await count('content_items', 'created_at >= $1 AND author_id <> $2', [t - 86_400_000, id]),
      );
    expect(r.json.data).toMatchObject({
      discount_popup: { pop_type: 1, end_at: Number(acct!.created_at) + 7 * 86_400_000 },
      face_photo_popup: {
        data: { id: 'ai-face-swap', title: 'AI Face Swap' },
        page: '/ai-tools/ai-face-swap',
      },
      show_temp_coins_popup: false,
      wakeup_user_popup: null,
      user_activity_award_list: [],
    });
    expect(r.json.data.hot_popup_cnt).toBeGreaterThanOrEqual(await hotSince(after));
    expect(r.json.data.hot_popup_cnt).toBeLessThanOrEqual(await hotSince(before));
  });

  it('follows the account: temp coins, awards, a task, an active membership and a long absence change it', async () => {
    const { id, token } = await newAccount(30 * 86_400_000);
    const now = Date.now();
    await credit(db(), id, 'temp', 5, 'trial coins', null, now);
    await credit(db(), id, 'free', 20, 'award: first week', 'award-1', now);
    await credit(db(), id, 'free', 7, 'refund', null, now);
    await db().query(
      `INSERT INTO tasks (id, account_id, domain_type, prompt, aspect_ratio, seed, status, duration_ms, created_at, updated_at)
       VALUES ($1, $2, 0, 'p', '1:1', 1, 3, 1000, $3, $3)`,
      [uid('task'), id, now],
    );
    await db().query(
      'INSERT INTO memberships (account_id, product_level, product_type, vip_type, expiry_time) VALUES ($1, 2, 1, $2, $3)',
      [id, 'svip_2', now + 10 * 86_400_000 - 1000],
    );
    // Seen last 8 days ago: the next ping marks the return.
    await s.post('/api/v1/ping', { action: 'heartbeat' }, { token });
    await db().query("UPDATE ops_presence SET last_seen_at = $2 WHERE unit = 'account' AND unit_id = $1", [
      id,
      now - ABSENCE_MS - 86_400_000,
    ]);
    await s.post('/api/v1/ping', { action: 'heartbeat' }, { token });
    const r = await s.post('/api/v1/popup/status', { plat: 'web' }, { token });
    expect(r.json.data).toMatchObject({
      discount_popup: null,
      face_photo_popup: null,
      show_temp_coins_popup: true,
      wakeup_user_popup: { balance_day: 10 },
    });
    expect(r.json.data.user_activity_award_list).toEqual([
      expect.objectContaining({ title: 'award: first week', coins: 20 }),
    ]);
  });

  it('needs an account (20000 for a guest) and plat web (10400)', async () => {
    expect(code(await s.post('/api/v1/popup/status', { plat: 'web' }))).toBe(20000);
    for (const body of [{ plat: 'ios' }, {}, 'x'])
      expect(code(await s.post('/api/v1/popup/status', body, { token: demo }))).toBe(10400);
  });
});

describe('event report (spec §3 event envelope, §7 "event report (batch, sent 3 s after the first event)")', () => {
  it('stores a batch with its envelope; the sender is the session and the device header, not the envelope', async () => {
    const [a, b] = [uid('ev'), uid('ev')];
    const r = await s.post(
      '/api/v1/event/report',
      { items: [reportItem(a), reportItem(b, { account_id: 'someone-else' })] },
      { token: demo },
    );
    expect(r.json).toEqual({ status: { code: 10000, msg: 'success' }, data: { stored: 2, duplicates: 0 } });
    const rows = await db().query<Json>('SELECT * FROM ops_event_reports WHERE id = ANY($1) ORDER BY id', [
      [a, b],
    ]);
    expect(rows.map((x) => [x.account_id, x.device_id])).toEqual([
      ['demo', 'test-device-1'],
      ['demo', 'test-device-1'],
    ]);
    const row = rows.find((x) => x.id === a);
    expect(row.envelope).toMatchObject({
      plat: 'web',
      canary: 'model_detail_v2=A,st_tavern=1',
      productLevel: 0,
    });
    expect(row.properties).toEqual({ tab: 'recommend', n: 3, ok: true, none: null });
    expect(Number(row.created_at)).toBe(1_760_000_000_000);
  });

  it('stores a re-sent item once (idempotent per client id), also within one batch', async () => {
    const [a, b] = [uid('ev'), uid('ev')];
    await s.post('/api/v1/event/report', { items: [reportItem(a)] });
    const again = await s.post('/api/v1/event/report', {
      items: [reportItem(a), reportItem(b), reportItem(b)],
    });
    expect(again.json.data).toEqual({ stored: 1, duplicates: 2 });
    expect(await count('ops_event_reports', 'id = ANY($1)', [[a, b]])).toBe(2);
  });

  it('keeps a guest anonymous; a beacon (no device header) is attributed to the body device_id', async () => {
    const [a, b] = [uid('ev'), uid('ev')];
    await s.post('/api/v1/event/report', { items: [reportItem(a)] });
    await s.post('/api/v1/event/report', { items: [reportItem(b)], device_id: 'beacon-device-1' }, anonymous);
    const rows = await db().query<Json>(
      'SELECT id, account_id, device_id FROM ops_event_reports WHERE id = ANY($1)',
      [[a, b]],
    );
    expect(Object.fromEntries(rows.map((x) => [x.id, [x.account_id, x.device_id]]))).toEqual({
      [a]: [null, 'test-device-1'],
      [b]: [null, 'beacon-device-1'],
    });
  });

  it('rejects a malformed batch with 10400 and stores none of it', async () => {
    const good = uid('ev');
    const bad = [
      { items: [] },
      { items: Array.from({ length: 101 }, (_, i) => reportItem(`${good}x${i}`)) },
      { items: [reportItem(good), reportItem(uid('ev'), { plat: 'ios' })] },
      { items: [reportItem(good), { ...reportItem(uid('ev')), canary: undefined }] },
      { items: [reportItem(good), reportItem('bad id!')] },
      { items: [reportItem(good), reportItem(uid('ev'), { event_name: '   ' })] },
      { items: [reportItem(good), reportItem(uid('ev'), { properties: { nested: { no: 1 } } })] },
      { items: [reportItem(good), reportItem(uid('ev'), { device_os: 'windows' })] },
      { items: [reportItem(good)], device_id: 'x' },
      'not json',
    ];
    for (const body of bad) expect(code(await s.post('/api/v1/event/report', body))).toBe(10400);
    expect(await count('ops_event_reports', 'id LIKE $1', [`${good}%`])).toBe(0);
  });
});

describe('log-report batch (spec §3 log event {event_name, entity_type, obj_id, obj_type, front_operation}, §9 20 events / 1 s)', () => {
  it('stores log events once per id, for guests and accounts', async () => {
    const [a, b] = [uid('lg'), uid('lg')];
    expect((await s.post('/api/v1/log/report/batch', { items: [logItem(a)] })).json.data).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(
      (
        await s.post(
          '/api/v1/log/report/batch',
          { items: [logItem(a), logItem(b, { obj_type: 21, entity_type: 19 })] },
          { token: demo },
        )
      ).json.data,
    ).toEqual({
      stored: 1,
      duplicates: 1,
    });
    const rows = await db().query<Json>(
      'SELECT * FROM ops_log_events WHERE id = ANY($1) ORDER BY received_at, id',
      [[a, b]],
    );
    expect(rows.map((r) => [r.id, r.account_id, r.entity_type, r.obj_type, r.front_operation])).toEqual([
      [a, null, 1, 1, 'click'],
      [b, 'demo', 19, 21, 'click'],
    ]);
  });

  it('rejects entity types outside set A, obj types outside set B, and missing fields with 10400, storing nothing', async () => {
    const good = uid('lg');
    for (const over of [
      { entity_type: 20 },
      { entity_type: 0 },
      { obj_type: 6 },
      { obj_type: 7 },
      { obj_id: '' },
      { front_operation: undefined },
    ])
      expect(
        code(await s.post('/api/v1/log/report/batch', { items: [logItem(good), logItem(uid('lg'), over)] })),
      ).toBe(10400);
    expect(await count('ops_log_events', 'id = $1', [good])).toBe(0);
  });
});

describe('star-track (spec §7 "star-track init and events", §9 event limit 10)', () => {
  const init = async (headers: Record<string, string>) =>
    (await s.post('/api/v1/star-track/init', { page_location: 'http://atelier.test/' }, headers)).json.data
      .session_id as string;
  const event = (id: string) => ({ id, event: 'scroll', at: 1_760_000_000_000, properties: { depth: 0.5 } });

  it('opens a session and stores its events once per id', async () => {
    const r = await s.post('/api/v1/star-track/init', { page_location: 'http://atelier.test/' });
    expect(r.json.data).toMatchObject({ event_limit: 10 });
    const session = r.json.data.session_id as string;
    const [a, b] = [uid('st'), uid('st')];
    expect(
      (await s.post('/api/v1/star-track/events', { session_id: session, items: [event(a)] })).json.data,
    ).toEqual({ stored: 1, duplicates: 0 });
    expect(
      (await s.post('/api/v1/star-track/events', { session_id: session, items: [event(a), event(b)] })).json
        .data,
    ).toEqual({ stored: 1, duplicates: 1 });
    const rows = await db().query<Json>(
      'SELECT session_id, properties FROM ops_star_track_events WHERE id = ANY($1)',
      [[a, b]],
    );
    expect(rows).toEqual([
      { session_id: session, properties: { depth: 0.5 } },
      { session_id: session, properties: { depth: 0.5 } },
    ]);
  });

  it("answers 10404 for an unknown session or another device's session; an account's session works from its other devices", async () => {
    const mine = await init({ 'x-device-id': 'star-device-a' });
    const id = uid('st');
    expect(code(await s.post('/api/v1/star-track/events', { session_id: 'nope', items: [event(id)] }))).toBe(
      10404,
    );
    expect(
      code(
        await s.post(
          '/api/v1/star-track/events',
          { session_id: mine, items: [event(id)] },
          { 'x-device-id': 'star-device-b' },
        ),
      ),
    ).toBe(10404);
    expect(await count('ops_star_track_events', 'id = $1', [id])).toBe(0);
    const theirs = await init({ token: demo, 'x-device-id': 'star-device-c' });
    expect(
      code(
        await s.post(
          '/api/v1/star-track/events',
          { session_id: theirs, items: [event(id)] },
          { token: demo, 'x-device-id': 'star-device-d' },
        ),
      ),
    ).toBe(10000);
    // A beacon has no device header: the body's device_id finds the session.
    const viaBeacon = uid('st');
    expect(
      code(
        await s.post(
          '/api/v1/star-track/events',
          { session_id: mine, items: [event(viaBeacon)], device_id: 'star-device-a' },
          anonymous,
        ),
      ),
    ).toBe(10000);
  });

  it('rejects more than 10 events per upload and malformed events with 10400', async () => {
    const session = await init({});
    const ids = Array.from({ length: 11 }, () => uid('st'));
    expect(
      code(await s.post('/api/v1/star-track/events', { session_id: session, items: ids.map(event) })),
    ).toBe(10400);
    expect(
      code(
        await s.post('/api/v1/star-track/events', {
          session_id: session,
          items: [{ ...event(ids[0]!), at: -1 }],
        }),
      ),
    ).toBe(10400);
    expect(code(await s.post('/api/v1/star-track/init', { page_location: 5 }))).toBe(10400);
    expect(code(await s.post('/api/v1/star-track/init', { page_location: 'x' }, anonymous))).toBe(10400);
    expect(await count('ops_star_track_events', 'id = ANY($1)', [ids])).toBe(0);
  });
});

describe('exposure data (spec §9 "exposure data every 5 s")', () => {
  it('stores exposures once per id and rejects malformed ones with 10400', async () => {
    const [a, b] = [uid('ex'), uid('ex')];
    expect(
      (
        await s.post(
          '/api/v1/exposure/report',
          { items: [exposureItem(a), exposureItem(b, { position: null })] },
          { token: demo },
        )
      ).json.data,
    ).toEqual({
      stored: 2,
      duplicates: 0,
    });
    expect((await s.post('/api/v1/exposure/report', { items: [exposureItem(a)] })).json.data).toEqual({
      stored: 0,
      duplicates: 1,
    });
    const rows = await db().query<Json>(
      'SELECT id, position, account_id FROM ops_exposures WHERE id = ANY($1) ORDER BY position NULLS LAST',
      [[a, b]],
    );
    expect(rows).toEqual([
      { id: a, position: 3, account_id: 'demo' },
      { id: b, position: null, account_id: 'demo' },
    ]);
    const c = uid('ex');
    for (const over of [{ obj_type: 8 }, { position: -1 }, { position: 1.5 }, { at: 'now' }])
      expect(
        code(
          await s.post('/api/v1/exposure/report', {
            items: [exposureItem(c), exposureItem(uid('ex'), over)],
          }),
        ),
      ).toBe(10400);
    expect(await count('ops_exposures', 'id = $1', [c])).toBe(0);
  });
});

describe('log error report (spec §8 error-report types: not webp, image error, api exception, upload exception, page error)', () => {
  it('stores each report once and rejects unknown types with 10400', async () => {
    const id = uid('er');
    const body = {
      id,
      type: 'api_exception',
      message: 'HTTP 502 from /api/v1/x',
      page_location: 'http://atelier.test/',
      at: 1,
      detail: { status: 502 },
    };
    expect((await s.post('/api/v1/log/error/report', body)).json.data).toEqual({ stored: 1, duplicates: 0 });
    expect((await s.post('/api/v1/log/error/report', body)).json.data).toEqual({ stored: 0, duplicates: 1 });
    const [row] = await db().query<Json>(
      'SELECT type, detail, device_id FROM ops_error_reports WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ type: 'api_exception', detail: { status: 502 }, device_id: 'test-device-1' });
    for (const type of ['not_webp', 'image_error', 'upload_exception', 'page_error'])
      expect(code(await s.post('/api/v1/log/error/report', { ...body, id: uid('er'), type }))).toBe(10000);
    expect(code(await s.post('/api/v1/log/error/report', { ...body, id: uid('er'), type: 'oops' }))).toBe(
      10400,
    );
    expect(
      code(await s.post('/api/v1/log/error/report', { ...body, id: uid('er'), message: 'x'.repeat(2001) })),
    ).toBe(10400);
  });
});

/**
 * The web client's telemetry epics against this server: the real HTTP client over Node's fetch,
 * the real contract, real time. Beacons are plain fetches without the device header, like the
 * browser's. Only the page (visibility, storage, cookies) is simulated.
 */
const clientFor = (device: string, token: string | null) => {
  const visibility = new Subject<Visibility>();
  const beacons: Promise<Response>[] = [];
  const cookies: Record<string, string> = {};
  const storage = new Map<string, string>();
  const http = makeHttpClient({
    baseUrl: s.baseUrl,
    fetch: (input, init) => fetch(input, init),
    headers: () => ({ 'x-device-id': device, ...(token ? { token } : {}) }),
  });
  const telemetry: TelemetryDeps = {
    api: makeTelemetryApi(http),
    storage: mapStorage(storage),
    sendBeacon: (path, body) => {
      beacons.push(
        fetch(s.baseUrl + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { cookie: `T=${token}` } : {}) },
          body: JSON.stringify(body),
        }),
      );
      return true;
    },
    visibility$: visibility,
    page: () => ({
      pageLocation: 'http://atelier.test/',
      pageId: 'page-1',
      deviceId: device,
      browserId: 'browser-1',
      userAgent: 'node',
      appId: 'atelier-web',
    }),
    setCookie: (name, value) => {
      cookies[name] = value;
    },
  };
  const { deps } = makeFakeDeps(asyncScheduler, {}, { telemetry });
  const store = makeStore({ dependencies: { ...deps, ids: () => uid('c') } });
  return { store, visibility, beacons, cookies, storage };
};

describe('the telemetry epics against the reference server (spec §4 "events are batched and retried", §7 calls)', () => {
  it('a guest: flags and cookies at start, first_open ping, log and star-track flushed on their timers, the rest beaconed on hidden, all stored once', async () => {
    const device = uid('client-dev-');
    const c = clientFor(device, null);
    c.store.dispatch(appStarted({}));
    c.visibility.next('visible');
    c.store.dispatch(trackEvent({ name: 'page_view', properties: { tab: 'recommend' } }));
    c.store.dispatch(trackEvent({ name: 'card_view' }));
    for (const objId of ['a1', 'a2', 'a3'])
      c.store.dispatch(
        logEvent({ eventName: 'card_click', entityType: 1, objId, objType: 1, frontOperation: 'click' }),
      );
    c.store.dispatch(starTrack({ event: 'scroll', properties: { depth: 0.4 } }));
    c.store.dispatch(starTrack({ event: 'scroll', properties: { depth: 0.9 } }));
    c.store.dispatch(exposeItem({ objId: 'a1', objType: 1, page: 'recommendPage', position: 0 }));
    // Log events (1 s) and star-track (1000 ms, after init) go out on their own timers.
    await eventually(
      async () => ((await count('ops_log_events', 'device_id = $1', [device])) === 3 ? true : undefined),
      10_000,
      100,
    );
    await eventually(
      async () =>
        (await count('ops_star_track_events', 'device_id = $1', [device])) === 2 ? true : undefined,
      10_000,
      100,
    );
    expect(await count('ops_event_reports', 'device_id = $1', [device])).toBe(0);
    // Events tracked before the flags answered carry an empty canary; this one carries the assignment.
    await eventually(async () => (c.storage.has('ab_flags') ? true : undefined), 10_000, 50);
    c.store.dispatch(trackEvent({ name: 'after_flags' }));
    // Hidden before the 3 s / 5 s flushes: the event report and the exposure go out as beacons.
    c.visibility.next('hidden');
    expect(c.beacons).toHaveLength(2);
    await Promise.all(c.beacons);
    expect(await count('ops_event_reports', 'device_id = $1', [device])).toBe(3);
    expect(await count('ops_exposures', 'device_id = $1', [device])).toBe(1);
    const [report] = await db().query<Json>(
      "SELECT envelope, properties FROM ops_event_reports WHERE device_id = $1 AND event_name = 'page_view'",
      [device],
    );
    expect(report.envelope).toMatchObject({
      device_id: device,
      plat: 'web',
      account_id: '',
      productLevel: 0,
    });
    expect(report.properties).toEqual({ tab: 'recommend' });
    const t = c.store.getState().tracking;
    for (const q of [t.eventReport, t.log, t.starTrack, t.exposure])
      expect(q).toMatchObject({ pending: [], inFlight: [] });
    expect(
      t.eventReport.acked.length + t.log.acked.length + t.starTrack.acked.length + t.exposure.acked.length,
    ).toBe(9);
    expect(c.storage.has('log_event_cache')).toBe(false);
    // Flags at start: the device's assignment, its canary in the envelope, the cookies written.
    const flags = (await s.post('/api/v1/are/you/ok', {}, { 'x-device-id': device })).json.data.flags;
    expect(report.envelope.canary).toBe('');
    const [later] = await db().query<Json>(
      "SELECT envelope FROM ops_event_reports WHERE device_id = $1 AND event_name = 'after_flags'",
      [device],
    );
    expect(later.envelope.canary).toBe(
      `model_detail_v2=${flags.model_detail_v2},st_tavern=${flags.st_tavern ? 1 : 0}`,
    );
    expect(c.cookies).toEqual({ enable_tavern: 'true', enable_st_tavern: 'true' });
    // The first ping said first_open, and the device remembers it.
    const [presence] = await db().query<Json>(
      "SELECT first_open_at, pings FROM ops_presence WHERE unit = 'device' AND unit_id = $1",
      [device],
    );
    expect(presence.first_open_at).not.toBeNull();
    expect(c.storage.has('first_open_at')).toBe(true);
  });

  it('a signed-in person: popup status offers reach the popup queue; an error report is stored with the account', async () => {
    const { id, token } = await newAccount();
    const device = uid('client-dev-');
    const c = clientFor(device, token);
    c.store.dispatch(appStarted({}));
    c.store.dispatch(
      session.userInfoSet({
        user: { id, accountName: id, name: id, email: `${id}@ops.test`, avatar: '', status: 1, role: 'user' },
      }),
    );
    c.store.dispatch(reportClientError({ type: 'page_error', message: 'render failed' }));
    await eventually(
      async () => (c.store.getState().popups.offered.length > 0 ? true : undefined),
      10_000,
      100,
    );
    // A new account without tasks: the half-price offer and the face-photo popup (spec §4 priorities 3 and 4).
    expect(c.store.getState().popups.offered).toEqual(expect.arrayContaining(['halfPrice', 'patFace']));
    expect(c.store.getState().popups.endTimes.halfDiscount).toBeGreaterThan(Date.now());
    await eventually(
      async () => ((await count('ops_error_reports', 'account_id = $1', [id])) === 1 ? true : undefined),
      10_000,
      100,
    );
    c.visibility.next('hidden');
  });
});
