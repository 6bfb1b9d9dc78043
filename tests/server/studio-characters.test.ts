/**
 * The character screens' calls over loopback (issue 14): search (spec §2 tavernSearch), the
 * digital-person defaults (girlfriend_list) and templates by gender (spec §7), uploaded covers and
 * publishing with ownership decided by the server, the caller's chats (tavernChatsHome), a chat's
 * settings (online search, second instructions), message delete, attachments of spec §5 chat file
 * types, `chat:resume` of a reply being written, and 10608 naming its target (spec §8).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHARACTER_CREATE_PATH,
  CHARACTER_DEFAULTS_PATH,
  CHARACTER_DETAIL_PATH,
  CHARACTER_LIST_PATH,
  CHARACTER_SEARCH_PATH,
  CHARACTER_TEMPLATES_PATH,
  CHARACTER_UPDATE_PATH,
  CHAT_HISTORY_PATH,
  CHAT_INSTRUCTIONS_PATH,
  CHAT_MESSAGE_DELETE_PATH,
  CHAT_ONLINE_SEARCH_PATH,
  CHAT_SESSION_LIST_PATH,
  CHAT_SESSION_OPEN_PATH,
  CharacterDefaultsResponse,
  CharacterListResponse,
  CharacterTemplatesResponse,
  ChatSessionListResponse,
  ChatSessionOpenResponse,
} from '../../infrastructure/contract/characters';
import { CHAT_EVENT, CHAT_SOCKET_PATH, ChatResumeAck } from '../../infrastructure/contract/streaming';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let token: string;
let other: string;
const sockets: Socket[] = [];

const makeAccount = async (id: string): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  const t = `tok-${id}-0123456789abcdef`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    t,
    id,
    Date.now() + 3600_000,
  ]);
  return t;
};

/** A confirmed upload of `account` (the upload calls themselves are tested in uploads.test.ts). */
const uploaded = async (account: string, fileId: string, name: string, type: string, kind = 'file') => {
  await s.server.ctx.db.query(
    `INSERT INTO uploads (file_id, account_id, kind, file_name, content_type, file_size, category, chunk_size,
       chunk_count, status, url, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, 1234, 9, 1024, 2, 'complete', $6, 0, $7)`,
    [fileId, account, kind, name, type, `/blobs/uploads/${fileId}/${name}`, Date.now() + 3600_000],
  );
};

beforeAll(async () => {
  s = await startTestServer({ chatTokenIntervalMs: 40 }, false);
  token = await s.login();
  other = await makeAccount('chr-other');
}, 60_000);
afterAll(async () => {
  for (const so of sockets) so.close();
  await s.stop();
});

const api = (path: string, body: unknown, auth: string | null = token) =>
  s.post(path, body, auth ? { token: auth } : {});
const ok = async (path: string, body: unknown, auth: string | null = token): Promise<Json> => {
  const r = await api(path, body, auth);
  expect(r.json.status.code, JSON.stringify(r.json.status)).toBe(10000);
  return r.json.data;
};
const code = async (path: string, body: unknown, auth: string | null = token): Promise<number> =>
  (await api(path, body, auth)).json.status.code;

const connect = (auth: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const so = io(s.baseUrl, {
      path: CHAT_SOCKET_PATH,
      reconnection: false,
      forceNew: true,
      auth: { token: auth },
    });
    sockets.push(so);
    so.on('connect', () => resolve(so));
    so.on('connect_error', reject);
  });

const create = (body: Json, auth = token) =>
  ok(CHARACTER_CREATE_PATH, { intro: '', character_type: 0, ...body }, auth);

describe('search (spec §2 tavernSearch)', () => {
  it('finds public characters by name or intro, names first, case-insensitively; % and _ match literally', async () => {
    const r = await ok(CHARACTER_SEARCH_PATH, { keyword: 'MUSE' }, null);
    expect(CharacterListResponse.is(r)).toBe(true);
    expect(r.items[0].name).toBe('Atelier Muse');
    const byIntro = await ok(CHARACTER_SEARCH_PATH, { keyword: 'storyboards' }, null);
    expect(byIntro.items.map((c: Json) => c.id)).toContain('chr_director');
    expect((await ok(CHARACTER_SEARCH_PATH, { keyword: '%' }, null)).items).toEqual([]);
    expect((await ok(CHARACTER_SEARCH_PATH, { keyword: '_' }, null)).items).toEqual([]);
    const tools = await ok(CHARACTER_SEARCH_PATH, { keyword: 'a', character_type: 1, limit: 50 }, null);
    expect(tools.items.every((c: Json) => c.character_type === 1)).toBe(true);
  });

  it('a private character is found, listed and shown to its owner only; hostile input is 10400', async () => {
    const secret = (await create({ name: 'Zebulon Secret', is_public: false })).item;
    expect(secret.is_public).toBe(false);
    expect((await ok(CHARACTER_SEARCH_PATH, { keyword: 'zebulon' })).items.map((c: Json) => c.id)).toEqual([
      secret.id,
    ]);
    expect((await ok(CHARACTER_SEARCH_PATH, { keyword: 'zebulon' }, other)).items).toEqual([]);
    expect((await ok(CHARACTER_SEARCH_PATH, { keyword: 'zebulon' }, null)).items).toEqual([]);
    const all = await ok(CHARACTER_LIST_PATH, { limit: 50, offset: 0 }, other);
    expect(all.items.some((c: Json) => c.id === secret.id)).toBe(false);
    expect(await code(CHARACTER_DETAIL_PATH, { id: secret.id }, other)).toBe(10404);
    expect((await ok(CHARACTER_DETAIL_PATH, { id: secret.id })).item.is_mine).toBe(true);
    for (const bad of [{}, { keyword: '' }, { keyword: '   ' }, { keyword: 'x'.repeat(61) }, { keyword: 3 }])
      expect(await code(CHARACTER_SEARCH_PATH, bad)).toBe(10400);
  });

  it('opening a chat with another account’s private character is 10608 naming it before the colon', async () => {
    const secret = (await create({ name: 'Hidden Harp', is_public: false })).item;
    const r = await api(CHAT_SESSION_OPEN_PATH, { character_id: secret.id }, other);
    expect(r.json.status.code).toBe(10608);
    expect(r.json.status.msg.split(':')[0]).toBe('Hidden Harp');
    expect((await ok(CHAT_SESSION_OPEN_PATH, { character_id: secret.id })).character.id).toBe(secret.id);
  });
});

describe('new digital person: defaults and templates (spec §7 girlfriend_list, templates by gender)', () => {
  it('answers the presets and the form defaults, to guests too', async () => {
    const d = await ok(CHARACTER_DEFAULTS_PATH, {}, null);
    expect(CharacterDefaultsResponse.is(d)).toBe(true);
    expect(d.girlfriend_list.length).toBeGreaterThanOrEqual(3);
    expect(d.girlfriend_list.every((p: Json) => [0, 2].includes(p.character_type))).toBe(true);
  });

  it('answers templates of the gender asked for; an unknown gender is 10400', async () => {
    for (const gender of ['female', 'male', 'other']) {
      const t = await ok(CHARACTER_TEMPLATES_PATH, { gender }, null);
      expect(CharacterTemplatesResponse.is(t)).toBe(true);
      expect(t.gender).toBe(gender);
      expect(t.items.length).toBeGreaterThan(0);
    }
    const female = (await ok(CHARACTER_TEMPLATES_PATH, { gender: 'female' })).items.map((t: Json) => t.id);
    const male = (await ok(CHARACTER_TEMPLATES_PATH, { gender: 'male' })).items.map((t: Json) => t.id);
    expect(female.filter((id: string) => male.includes(id))).toEqual([]);
    expect(await code(CHARACTER_TEMPLATES_PATH, { gender: 'robot' })).toBe(10400);
  });
});

describe('covers and ownership (the server decides)', () => {
  it("takes the caller's own uploaded image as the cover; another's file or a non-image is refused; null restores the generated one", async () => {
    await uploaded('demo', 'file_cover_demo', 'me.png', 'image/png', 'image');
    await uploaded('chr-other', 'file_cover_other', 'them.png', 'image/png', 'image');
    await uploaded('demo', 'file_doc_demo', 'notes.pdf', 'application/pdf');
    const c = (await create({ name: 'Covered', cover_file_id: 'file_cover_demo', gender: 'male' })).item;
    expect(c.cover.url).toBe('/blobs/uploads/file_cover_demo/me.png');
    expect(c.gender).toBe('male');
    expect(
      await code(CHARACTER_CREATE_PATH, {
        name: 'X',
        intro: '',
        character_type: 0,
        cover_file_id: 'file_cover_other',
      }),
    ).toBe(10404);
    expect(
      await code(CHARACTER_CREATE_PATH, {
        name: 'X',
        intro: '',
        character_type: 0,
        cover_file_id: 'file_doc_demo',
      }),
    ).toBe(10400);
    const back = (await ok(CHARACTER_UPDATE_PATH, { id: c.id, cover_file_id: null })).item;
    expect(back.cover.url).toMatch(/^\/blobs\/studio\/characters\//);
    // Another account cannot change it.
    expect(await code(CHARACTER_UPDATE_PATH, { id: c.id, is_public: false }, other)).toBe(10403);
  });
});

describe('chats, settings, delete (spec §2 tavernChatsHome; §7 on_line_search, second instructions)', () => {
  it('lists the caller’s chats, the latest first, with their last message; guests get 20000', async () => {
    await ok(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_muse' });
    await ok(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_director' });
    const list = await ok(CHAT_SESSION_LIST_PATH, {});
    expect(ChatSessionListResponse.is(list)).toBe(true);
    const ids = list.items.map((i: Json) => i.character.id);
    expect(ids).toEqual(expect.arrayContaining(['chr_muse', 'chr_director']));
    expect(list.items.find((i: Json) => i.character.id === 'chr_muse').last_message).toMatch(/Muse/);
    expect(
      (await ok(CHAT_SESSION_LIST_PATH, {}, other)).items.some((i: Json) => i.character.id === 'chr_muse'),
    ).toBe(false);
    expect(await code(CHAT_SESSION_LIST_PATH, {}, null)).toBe(20000);
  });

  it('keeps online search and second instructions per chat, for its owner only, and the reply follows them', async () => {
    const session: ChatSessionOpenResponse = await ok(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_luna' });
    expect(session.settings).toEqual({
      session_id: session.session_id,
      on_line_search: false,
      instruction: null,
    });
    expect(
      (await ok(CHAT_ONLINE_SEARCH_PATH, { session_id: session.session_id, on_line_search: true }))
        .on_line_search,
    ).toBe(true);
    const set = await ok(CHAT_INSTRUCTIONS_PATH, {
      session_id: session.session_id,
      title: 'Brief',
      content: 'Keep it short.',
    });
    expect(set.instruction).toEqual({ title: 'Brief', content: 'Keep it short.' });
    const reopened: ChatSessionOpenResponse = await ok(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_luna' });
    expect(reopened.settings.on_line_search).toBe(true);
    expect(
      await code(CHAT_ONLINE_SEARCH_PATH, { session_id: session.session_id, on_line_search: false }, other),
    ).toBe(10404);
    expect(
      await code(CHAT_INSTRUCTIONS_PATH, {
        session_id: session.session_id,
        title: 'x',
        content: 'y'.repeat(1001),
      }),
    ).toBe(10400);

    const so = await connect(token);
    const done = new Promise<Json>((resolve) => so.on(CHAT_EVENT.done, resolve));
    await so.timeout(10_000).emitWithAck(CHAT_EVENT.send, {
      client_id: 'settings-1',
      session_id: session.session_id,
      character_id: 'chr_luna',
      content: 'Tell me about the moon and the tides tonight',
    });
    const reply = await done;
    expect(reply.content).toMatch(/\(Searched the web for: .*moon/);
    // "Keep it short": one sentence before the search note.
    expect(reply.content.replace(/ \(Searched the web.*$/, '')).toMatch(/^[^.!?]*[.!?]$/);
    const cleared = await ok(CHAT_INSTRUCTIONS_PATH, {
      session_id: session.session_id,
      title: 'x',
      content: '  ',
    });
    expect(cleared.instruction).toBeNull();
  });

  it("deletes a message of the caller's chat once; another account's is 10404", async () => {
    const session: ChatSessionOpenResponse = await ok(CHAT_SESSION_OPEN_PATH, {
      character_id: 'chr_composer',
    });
    const page = await ok(CHAT_HISTORY_PATH, { session_id: session.session_id });
    const greeting = page.items[0].id;
    expect(
      await code(CHAT_MESSAGE_DELETE_PATH, { session_id: session.session_id, id: greeting }, other),
    ).toBe(10404);
    expect(await ok(CHAT_MESSAGE_DELETE_PATH, { session_id: session.session_id, id: greeting })).toEqual({
      id: greeting,
      deleted: true,
    });
    expect(await ok(CHAT_MESSAGE_DELETE_PATH, { session_id: session.session_id, id: greeting })).toEqual({
      id: greeting,
      deleted: false,
    });
    expect(
      (await ok(CHAT_HISTORY_PATH, { session_id: session.session_id })).items.some(
        (m: Json) => m.id === greeting,
      ),
    ).toBe(false);
  });
});

describe('attachments (spec §5 chat file types) and chat:resume (a reply caught up after a reload)', () => {
  it("stores the sender's own files of a chat type with the message; others' files, other types and blank messages are refused", async () => {
    await uploaded('demo', 'file_pdf_demo', 'report.pdf', 'application/pdf');
    await uploaded('demo', 'file_exe_demo', 'tool.exe', 'application/octet-stream');
    await uploaded('chr-other', 'file_pdf_other', 'theirs.pdf', 'application/pdf');
    const session: ChatSessionOpenResponse = await ok(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_muse' });
    const so = await connect(token);
    const send = (client_id: string, extra: Json) =>
      so.timeout(10_000).emitWithAck(CHAT_EVENT.send, {
        client_id,
        session_id: session.session_id,
        character_id: 'chr_muse',
        ...extra,
      });
    const done = new Promise<Json>((resolve) =>
      so.on(CHAT_EVENT.done, (d: Json) => d.reply_to === 'att-1' && resolve(d)),
    );
    const ack = await send('att-1', { content: '', attachment_ids: ['file_pdf_demo'] });
    expect(ack.status.code).toBe(10000);
    expect((await done).content).toContain('I looked at "report.pdf"');
    const page = await ok(CHAT_HISTORY_PATH, { session_id: session.session_id });
    const mine = page.items.find((m: Json) => m.client_id === 'att-1');
    expect(mine.attachments).toEqual([
      {
        file_id: 'file_pdf_demo',
        name: 'report.pdf',
        kind: 'pdf',
        url: '/blobs/uploads/file_pdf_demo/report.pdf',
        size: 1234,
      },
    ]);
    expect((await send('att-2', { content: 'x', attachment_ids: ['file_pdf_other'] })).status.code).toBe(
      10404,
    );
    expect((await send('att-3', { content: 'x', attachment_ids: ['file_exe_demo'] })).status.code).toBe(
      10400,
    );
    expect((await send('att-4', { content: ' ' })).status.code).toBe(10400);
    expect(
      (await send('att-5', { content: 'x', attachment_ids: ['a', 'b', 'c', 'd', 'e'] })).status.code,
    ).toBe(10400);
  });

  it('chat:resume answers the reply being written with every token sent so far; none once it is done; only to its owner', async () => {
    const session: ChatSessionOpenResponse = await ok(CHAT_SESSION_OPEN_PATH, {
      character_id: 'chr_director',
    });
    const writer = await connect(token);
    const tokens: Json[] = [];
    writer.on(CHAT_EVENT.token, (t: Json) => tokens.push(t));
    const done = new Promise<Json>((resolve) => writer.on(CHAT_EVENT.done, resolve));
    await writer.timeout(10_000).emitWithAck(CHAT_EVENT.send, {
      client_id: 'resume-1',
      session_id: session.session_id,
      character_id: 'chr_director',
      content: 'Plan a short film about a lighthouse keeper and a storm at sea',
    });
    while (tokens.length < 3) await new Promise((r) => setTimeout(r, 20));
    // A second tab (a reload) asks in the middle of the reply.
    const reloaded = await connect(token);
    const ack = await reloaded
      .timeout(10_000)
      .emitWithAck(CHAT_EVENT.resume, { session_id: session.session_id });
    expect(ack.status.code).toBe(10000);
    expect(ChatResumeAck.is(ack.data)).toBe(true);
    const [inProgress] = ack.data.replies;
    expect(inProgress.reply_to).toBe('resume-1');
    expect(inProgress.tokens.length).toBeGreaterThanOrEqual(3);
    const full = await done;
    expect(full.content.startsWith(inProgress.tokens.join(''))).toBe(true);
    const after = await reloaded
      .timeout(10_000)
      .emitWithAck(CHAT_EVENT.resume, { session_id: session.session_id });
    expect(after.data.replies).toEqual([]);
    const stranger = await connect(other);
    const refused = await stranger
      .timeout(10_000)
      .emitWithAck(CHAT_EVENT.resume, { session_id: session.session_id });
    expect(refused.status.code).toBe(10404);
    expect((await stranger.timeout(10_000).emitWithAck(CHAT_EVENT.resume, { nope: 1 })).status.code).toBe(
      10400,
    );
  });
});
