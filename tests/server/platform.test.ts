import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_URL_PATH,
  DownloadUrlResponse,
  EDITOR_PROJECT_CREATE_PATH,
  EDITOR_PROJECT_DETAIL_PATH,
  EDITOR_PROJECT_SAVE_PATH,
  EditorProjectResponse,
  EditorSaveResponse,
  PUSH_TOKEN_PATH,
  SENSITIVE_CHECK_PATH,
  SensitiveCheckResponse,
  type EditorSaveRequest,
} from '../../infrastructure/contract/platform';
import { loadSigningSecret } from '../../server/uploads/signing';
import { blobKeyOf, downloadUrl, parseRange, signDownload } from '../../server/downloads/downloads';
import { sessionPresentCookie } from '../../server/session/presentCookie';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
const DAY = 24 * 3600 * 1000;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};
const code = (r: { json: Json }) => r.json.status.code as number;
const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});

let serial = 0;
/** A fresh account with a session (no scrypt: the session row is inserted). */
const account = async (): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `plat-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

describe('sensitive-word check (spec §5 "texts are sent per field (category is the field name) with a scene"; §7 has_sensitive_word, sensitive_categories)', () => {
  it('names the categories whose text holds a listed word, each once, in order; clean texts pass', async () => {
    const r = await api(SENSITIVE_CHECK_PATH, {
      ss: 'post',
      items: [
        {
          texts: [
            { text: 'A quiet harbour', category: 'title' },
            { text: 'visit my SCAMLINK now', category: 'content' },
          ],
        },
        {
          texts: [
            { text: '这是诈骗', category: 'tags' },
            { text: 'another badword', category: 'content' },
          ],
        },
      ],
    });
    expect(code(r)).toBe(10000);
    expect(decodes(SensitiveCheckResponse, r.json.data)).toEqual({
      has_sensitive_word: true,
      sensitive_categories: ['content', 'tags'],
    });
    const clean = await api(SENSITIVE_CHECK_PATH, {
      ss: 'post',
      items: [{ texts: [{ text: 'Scunthorpe badwords-free sunset', category: 'title' }] }],
    });
    expect(clean.json.data).toEqual({ has_sensitive_word: false, sensitive_categories: [] });
  });

  it('folds full-width letters, case and zero-width characters before matching', async () => {
    const r = await api(SENSITIVE_CHECK_PATH, {
      ss: 'post',
      items: [{ texts: [{ text: 'ＢＡＤ\u200bＷＯＲＤ', category: 'title' }] }],
    });
    expect(r.json.data.sensitive_categories).toEqual(['title']);
  });

  it('rejects malformed input with 10400 (no scene, a text without category, too many items)', async () => {
    expect(code(await api(SENSITIVE_CHECK_PATH, { items: [] }))).toBe(10400);
    expect(code(await api(SENSITIVE_CHECK_PATH, { ss: 'post', items: [{ texts: [{ text: 'x' }] }] }))).toBe(
      10400,
    );
    const many = Array.from({ length: 21 }, () => ({ texts: [] }));
    expect(code(await api(SENSITIVE_CHECK_PATH, { ss: 'post', items: many }))).toBe(10400);
    expect(code(await api(SENSITIVE_CHECK_PATH, '{not json'))).toBe(10400);
  });
});

describe('download url resolver (spec §7 "download url resolver (url, scene; returns data.url)") and chunked downloads (spec §9)', () => {
  const BLOB = 'platform-test/picture.png';
  const bytes = Uint8Array.from({ length: 5000 }, (_, i) => i % 251);
  beforeAll(async () => {
    await s.server.ctx.blobs.put(BLOB, bytes);
  });

  it('answers a signed, expiring URL that serves the file whole and by Range (206 with Content-Range)', async () => {
    const r = await api(DOWNLOAD_URL_PATH, { url: `/blobs/${BLOB}`, scene: 'artwork_card' });
    expect(code(r)).toBe(10000);
    const data = decodes(DownloadUrlResponse, r.json.data);
    expect(data.url).toMatch(/^\/download\/platform-test\/picture\.png\?exp=\d+&sig=/);
    expect(data.expires_at - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const whole = await fetch(s.baseUrl + data.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('attachment; filename="picture.png"');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const part = await fetch(s.baseUrl + data.url, { headers: { range: 'bytes=1000-2999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-2999/5000');
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(1000, 3000)))).toBe(true);
    const tail = await fetch(s.baseUrl + data.url, { headers: { range: 'bytes=4000-99999' } });
    expect(tail.headers.get('content-range')).toBe('bytes 4000-4999/5000');
    const beyond = await fetch(s.baseUrl + data.url, { headers: { range: 'bytes=6000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');
  });

  it('accepts an absolute URL to the same blob, and a guest may resolve (blobs are public)', async () => {
    const r = await s.post(DOWNLOAD_URL_PATH, { url: `${s.baseUrl}/blobs/${BLOB}`, scene: 'detail' });
    expect(code(r)).toBe(10000);
  });

  it('refuses an expired URL with HTTP 403, and a URL whose signature or file was changed with 403', async () => {
    const secret = loadSigningSecret(s.config.signingSecret, s.config.dataDir);
    const expired = downloadUrl(secret, BLOB, Date.now() - 1);
    const r = await fetch(s.baseUrl + expired);
    expect(r.status).toBe(403);
    expect((await r.json()).status.code).toBe(10403);
    const exp = Date.now() + 60_000;
    const otherFile = `/download/platform-test/other.png?exp=${exp}&sig=${signDownload(secret, BLOB, exp)}`;
    expect((await fetch(s.baseUrl + otherFile)).status).toBe(403);
    const longer = `/download/${BLOB}?exp=${exp + 1}&sig=${signDownload(secret, BLOB, exp)}`;
    expect((await fetch(s.baseUrl + longer)).status).toBe(403);
    expect((await fetch(`${s.baseUrl}/download/${BLOB}`)).status).toBe(403);
    const good = await fetch(s.baseUrl + downloadUrl(secret, BLOB, exp));
    expect(good.status).toBe(200);
  });

  it('reads one byte range of each form (a-b, a-, -n) and treats several ranges or other units as the whole file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-30', 100)).toEqual({ kind: 'range', start: 70, end: 99 });
    expect(parseRange('bytes=-300', 100)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=0-1,5-9', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=9-3', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(blobKeyOf('https://cdn.example/blobs/a/b.png?x=1')).toBe('a/b.png');
    // Dot segments are resolved first, so a path can never climb out of /blobs/.
    expect(blobKeyOf('/blobs/a/%2e%2e/x')).toBe('x');
    expect(blobKeyOf('/blobs/%2e%2e/secret')).toBeNull();
    expect(blobKeyOf('/blobs/a%2f..%2f..%2fsecret')).toBeNull();
    expect(blobKeyOf('/other/a.png')).toBeNull();
  });

  it('answers 10404 for a missing blob and 10400 for malformed input or a URL that is not one of our files', async () => {
    expect(code(await api(DOWNLOAD_URL_PATH, { url: '/blobs/nope/missing.png', scene: 'card' }))).toBe(10404);
    expect(
      code(await api(DOWNLOAD_URL_PATH, { url: 'https://elsewhere.example/x.png', scene: 'card' })),
    ).toBe(10400);
    expect(code(await api(DOWNLOAD_URL_PATH, { url: '/blobs/../secret', scene: 'card' }))).toBe(10400);
    expect(code(await api(DOWNLOAD_URL_PATH, { url: 'javascript:alert(1)', scene: 'card' }))).toBe(10400);
    expect(code(await api(DOWNLOAD_URL_PATH, { url: `/blobs/${BLOB}` }))).toBe(10400);
  });
});

describe('video editor projects (spec §3, §4, §7 create project, save editor data; §8 10404 on save)', () => {
  const audio = {
    clip_info: { volume: 0.8, fade: [0, 1] },
    duraction: 12.5,
    material_id: 'm1',
    offset: 0,
    url: '/blobs/a.wav',
    title: 'Theme',
    isMute: false,
    id: 'a1',
  };
  const board = {
    clip_info: {},
    duraction: 4,
    material_id: 'm2',
    url: '/blobs/v.mp4',
    type: 8,
    index: 0,
    start: 0,
    end: 4,
    id: 's1',
    offset: 0,
  };
  const saveBody = (
    p: { id: string; workspace_id: string },
    extra: Partial<EditorSaveRequest> = {},
  ): EditorSaveRequest => ({
    canvas: { aspect_ratio: '9:16' },
    editor_info: {
      audios: [audio],
      storyboards: [board as EditorSaveRequest['editor_info']['storyboards'][number]],
    },
    workspace_id: p.workspace_id,
    id: p.id,
    ...extra,
  });

  it('creates a project (16:9, empty, version 0), saves it (version rises) and reads it back as saved', async () => {
    const a = await account();
    const created = await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: 'Trailer' }, a.token);
    expect(code(created)).toBe(10000);
    const p = decodes(EditorProjectResponse, created.json.data).project;
    expect(p).toMatchObject({
      workspace_name: 'Trailer',
      canvas: { aspect_ratio: '16:9' },
      editor_info: { audios: [], storyboards: [] },
      version: 0,
    });
    const saved = await api(EDITOR_PROJECT_SAVE_PATH, saveBody(p), a.token);
    expect(code(saved)).toBe(10000);
    expect(decodes(EditorSaveResponse, saved.json.data)).toMatchObject({ id: p.id, version: 1 });
    const again = await api(EDITOR_PROJECT_SAVE_PATH, saveBody(p), a.token);
    expect(again.json.data.version).toBe(2);
    const read = decodes(
      EditorProjectResponse,
      (await api(EDITOR_PROJECT_DETAIL_PATH, { id: p.id }, a.token)).json.data,
    ).project;
    expect(read.canvas.aspect_ratio).toBe('9:16');
    expect(read.editor_info).toEqual({ audios: [audio], storyboards: [board] });
  });

  it('is owner-only: another account gets 10404 on detail and save and changes nothing; a guest gets 20000', async () => {
    const owner = await account();
    const other = await account();
    const p = (await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: '' }, owner.token)).json
      .data.project;
    expect(code(await api(EDITOR_PROJECT_DETAIL_PATH, { id: p.id }, other.token))).toBe(10404);
    expect(code(await api(EDITOR_PROJECT_SAVE_PATH, saveBody(p), other.token))).toBe(10404);
    expect(code(await api(EDITOR_PROJECT_SAVE_PATH, saveBody(p)))).toBe(20000);
    expect(code(await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: 'x' }))).toBe(20000);
    expect(code(await api(EDITOR_PROJECT_DETAIL_PATH, { id: p.id }))).toBe(20000);
    const read = (await api(EDITOR_PROJECT_DETAIL_PATH, { id: p.id }, owner.token)).json.data.project;
    expect(read.version).toBe(0);
    expect(read.editor_info.audios).toEqual([]);
  });

  it("answers 10404 for a missing project or a workspace that is not the project's", async () => {
    const a = await account();
    const p = (await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: '' }, a.token)).json.data
      .project;
    expect(
      code(
        await api(
          EDITOR_PROJECT_SAVE_PATH,
          saveBody({ id: 'prj_missing', workspace_id: p.workspace_id }),
          a.token,
        ),
      ),
    ).toBe(10404);
    expect(
      code(await api(EDITOR_PROJECT_SAVE_PATH, saveBody({ id: p.id, workspace_id: 'ws_other' }), a.token)),
    ).toBe(10404);
    expect(code(await api(EDITOR_PROJECT_DETAIL_PATH, { id: 'prj_missing' }, a.token))).toBe(10404);
  });

  it('rejects malformed saves with 10400 and changes nothing (bad ratio, bad storyboard type, NaN-free numbers, too many items)', async () => {
    const a = await account();
    const p = (await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: '' }, a.token)).json.data
      .project;
    const bad = [
      { ...saveBody(p), canvas: { aspect_ratio: '2:1' } },
      { ...saveBody(p), editor_info: { audios: [], storyboards: [{ ...board, type: 5 }] } },
      { ...saveBody(p), editor_info: { audios: [{ ...audio, duraction: '12' }], storyboards: [] } },
      {
        ...saveBody(p),
        editor_info: {
          audios: Array.from({ length: 501 }, (_, i) => ({ ...audio, id: `a${i}` })),
          storyboards: [],
        },
      },
      { canvas: { aspect_ratio: '1:1' }, workspace_id: p.workspace_id, id: p.id },
    ];
    for (const body of bad) expect(code(await api(EDITOR_PROJECT_SAVE_PATH, body, a.token))).toBe(10400);
    expect(code(await api(EDITOR_PROJECT_CREATE_PATH, { cover: '' }, a.token))).toBe(10400);
    const read = (await api(EDITOR_PROJECT_DETAIL_PATH, { id: p.id }, a.token)).json.data.project;
    expect(read.version).toBe(0);
  });
});

describe('push token registration (spec §7 "push token registration (token)")', () => {
  it('stores a token for the signed-in account, moves it when another account registers it, and takes a guest by device id', async () => {
    const a = await account();
    const b = await account();
    const token = `https://push.example/${randomBytes(6).toString('hex')}`;
    expect((await api(PUSH_TOKEN_PATH, { token }, a.token)).json.data).toEqual({ registered: true });
    const rows = () =>
      s.server.ctx.db.query<{ account_id: string | null; device_id: string | null }>(
        'SELECT account_id, device_id FROM push_tokens WHERE token = $1',
        [token],
      );
    expect((await rows())[0]?.account_id).toBe(a.id);
    await api(PUSH_TOKEN_PATH, { token }, b.token);
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]?.account_id).toBe(b.id);
    const guestToken = `${token}-guest`;
    expect(code(await s.post(PUSH_TOKEN_PATH, { token: guestToken }))).toBe(10000);
    const [guest] = await s.server.ctx.db.query<{ account_id: string | null; device_id: string }>(
      'SELECT account_id, device_id FROM push_tokens WHERE token = $1',
      [guestToken],
    );
    expect(guest).toEqual({ account_id: null, device_id: 'test-device-1' });
  });

  it('rejects an empty token (10400) and a caller with neither session nor device id (10400)', async () => {
    expect(code(await s.post(PUSH_TOKEN_PATH, { token: '' }))).toBe(10400);
    const r = await fetch(s.baseUrl + PUSH_TOKEN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'x' }),
    });
    expect((await r.json()).status.code).toBe(10400);
  });
});

describe('service worker (spec §2 "a service worker is registered at the site root")', () => {
  it('serves /sw.js as JavaScript from the root, not cached, allowed for scope /', async () => {
    const r = await s.get('/sw.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('service-worker-allowed')).toBe('/');
    const text = await r.text();
    expect(text).toContain("addEventListener('push'");
    expect(text).toContain('atelier-push');
  });
});

describe('session-present companion cookie (spec §4 "persisted state ... is dropped when the T cookie is missing"; T is HttpOnly)', () => {
  it('login sets T (HttpOnly) and T_present=1 (script-readable) with the same 60-day Max-Age; logout clears both', async () => {
    const login = await s.post('/api/v1/account/login', {
      email: 'demo@atelier.test',
      password: 'atelier-demo',
    });
    const cookies = login.headers.getSetCookie();
    const t = cookies.find((c) => c.startsWith('T='));
    const present = cookies.find((c) => c.startsWith('T_present='));
    expect(t).toContain('HttpOnly');
    expect(present).toBe(`T_present=1; Path=/; Max-Age=${60 * 24 * 3600}; SameSite=Lax`);
    const logout = await s.post('/api/v1/account/logout', {}, { token: login.json.data.token });
    expect(logout.headers.getSetCookie()).toContain('T_present=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('leaves other cookies alone', () => {
    expect(sessionPresentCookie('lang=ja; Path=/')).toBeNull();
    expect(sessionPresentCookie('Tx=1; Max-Age=5')).toBeNull();
  });
});
