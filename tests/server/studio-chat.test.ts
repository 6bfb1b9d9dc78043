/**
 * The chat over loopback: socket.io at /im/v1 with socket.io-client, chat sessions and history
 * pages against the real server and database, and the real client stack (store, epics, socket
 * adapter) through a cut connection.
 */
import * as fc from 'fast-check';
import { asyncScheduler } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, session } from '../../domain/index.js';
import {
  CHAT_HISTORY_PATH,
  CHAT_SESSION_OPEN_PATH,
  ChatHistoryResponse,
  ChatSessionOpenResponse,
} from '../../infrastructure/contract/characters';
import {
  CHAT_EVENT,
  CHAT_SOCKET_PATH,
  ChatReplyDone,
  ChatSendAckEnvelope,
  ChatToken,
} from '../../infrastructure/contract/streaming';
import { memoryTokenStore } from '../../infrastructure/http/tokenStore';
import { makeHttpClient } from '../../infrastructure/http/client';
import { makeStore, type AppStore } from '../../infrastructure/app/makeStore';
import { makeStudioApi, conversationDeps } from '../support/fakes/streaming';
import { openChat, sendChatMessage } from '../../infrastructure/chat/commands';
import { makeFetchStream } from '../../infrastructure/streaming/fetchStream';
import { socketIoChatConnector, type SocketFactory } from '../../infrastructure/chat/browser';
import { SEED_CHARACTERS } from '../../server/seeds/studio';
import { REFUSAL, composeReply, tokenize } from '../../server/characters/persona';
import { readWav } from '../../server/engines/audio';
import { makeFakeDeps } from '../support/fakeApi';
import { eventually, startTestServer, type Json, type TestServer } from '../support/server';
import { untilState } from '../support/storeWait';
import { silentAudioOutput } from '../support/fakes/streaming';

let s: TestServer;
let token: string;
let other: string;
const open: Socket[] = [];

const makeAccount = async (id: string): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  // A well-formed session token (the server treats a malformed one as no session).
  const token = `tok-${id}-0123456789abcdef`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + 3600_000,
  ]);
  return token;
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
  other = await makeAccount('chat-other');
}, 60_000);
afterAll(async () => {
  for (const so of open) so.close();
  await s.stop();
});

const api = (path: string, body: unknown, auth: string | null = token) =>
  s.post(path, body, auth ? { token: auth } : {});

interface Logged {
  readonly event: string;
  readonly payload: Json;
}

type TestSocket = Socket & { readonly log: Logged[] };

const connect = (options: Parameters<typeof io>[1] = {}): Promise<TestSocket> =>
  new Promise((resolve, reject) => {
    const so = io(s.baseUrl, { path: CHAT_SOCKET_PATH, reconnection: false, forceNew: true, ...options });
    open.push(so);
    const log: Logged[] = [];
    so.onAny((event: string, payload: Json) => log.push({ event, payload }));
    so.on('connect', () => resolve(Object.assign(so, { log })));
    so.on('connect_error', (err) => {
      so.close();
      reject(err);
    });
  });

const refusalOf = async (options: Parameters<typeof io>[1]): Promise<Json> =>
  connect(options).then(
    () => null,
    (err: Error & { data?: Json }) => err.data,
  );

const waitFor = (so: TestSocket, pred: (l: Logged) => boolean, ms = 10_000): Promise<Logged> =>
  new Promise((resolve, reject) => {
    const found = so.log.find(pred);
    if (found) return resolve(found);
    const timer = setTimeout(() => reject(new Error('waitFor: timed out')), ms);
    so.onAny((event: string, payload: Json) => {
      if (pred({ event, payload })) {
        clearTimeout(timer);
        resolve({ event, payload });
      }
    });
  });

const send = (so: Socket, payload: unknown): Promise<Json> =>
  so.timeout(10_000).emitWithAck(CHAT_EVENT.send, payload);

const openSession = async (
  characterId: string,
  auth: string | null = token,
): Promise<ChatSessionOpenResponse> => {
  const r = await api(CHAT_SESSION_OPEN_PATH, { character_id: characterId }, auth);
  expect(r.json.status.code).toBe(10000);
  expect(ChatSessionOpenResponse.is(r.json.data)).toBe(true);
  return r.json.data as ChatSessionOpenResponse;
};

const history = async (body: Json, auth: string | null = token): Promise<ChatHistoryResponse> => {
  const r = await api(CHAT_HISTORY_PATH, body, auth);
  expect(r.json.status.code).toBe(10000);
  expect(ChatHistoryResponse.is(r.json.data)).toBe(true);
  return r.json.data as ChatHistoryResponse;
};

/** Sends one message and waits for its whole reply. */
const exchange = async (
  so: TestSocket,
  sessionId: string,
  characterId: string,
  clientId: string,
  content: string,
) => {
  const ack = await send(so, {
    client_id: clientId,
    session_id: sessionId,
    character_id: characterId,
    content,
  });
  const done = await waitFor(so, (l) => l.event === CHAT_EVENT.done && l.payload.reply_to === clientId);
  return { ack, done: done.payload as ChatReplyDone };
};

describe('socket handshake at /im/v1 (spec §7 "Websocket at /im/v1"; §6 guests versus logged in by the session cookie T)', () => {
  it('refuses a guest and an unknown token with code 20000', async () => {
    expect(await refusalOf({})).toEqual({ code: 20000, msg: 'please log in' });
    expect(await refusalOf({ auth: { token: 'nope' } })).toMatchObject({ code: 20000 });
    expect(await refusalOf({ transports: ['websocket'], auth: { token: '' } })).toMatchObject({
      code: 20000,
    });
  });

  it('accepts the session token in auth, and the T cookie (polling and websocket)', async () => {
    const a = await connect({ auth: { token } });
    expect(a.connected).toBe(true);
    const b = await connect({
      transports: ['websocket'],
      extraHeaders: { cookie: `T=${encodeURIComponent(token)}` },
    });
    expect(b.connected).toBe(true);
    const c = await connect({
      transports: ['polling'],
      extraHeaders: { cookie: `T=${encodeURIComponent(token)}` },
    });
    expect(c.connected).toBe(true);
    for (const so of [a, b, c]) so.close();
  });
});

describe('chat sessions (issue: a chat is one session per account and character, opened with its greeting)', () => {
  it('creates the session once with the greeting as the first message; reopening returns it', async () => {
    const first = await openSession('chr_sage');
    expect(first.created).toBe(true);
    expect(first.channel_id).toBe('chr_sage');
    expect(first.character).toMatchObject({ id: 'chr_sage', character_type: 2, init_mem_num: 80 });
    const again = await openSession('chr_sage');
    expect(again).toMatchObject({ session_id: first.session_id, created: false });
    const page = await history({ session_id: first.session_id });
    expect(page.items.map((m) => [m.role, m.content, m.name])).toEqual([
      ['assistant', first.character.greeting, 'Old Sage'],
    ]);
    expect(page.items[0]!.client_id).toBeNull();
  });

  it('refuses guests (20000), unknown characters (10404) and malformed input (10400)', async () => {
    expect((await api(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_sage' }, null)).json.status.code).toBe(
      20000,
    );
    expect((await api(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_nobody' })).json.status.code).toBe(10404);
    expect((await api(CHAT_SESSION_OPEN_PATH, { character: 'chr_sage' })).json.status.code).toBe(10400);
  });
});

describe('chat:send (spec §3 chat messages; a reply streamed token by token from the persona engine)', () => {
  it('acknowledges {id, client_id, create_at}, then streams chat:start, chat:token 0..n-1 in order and chat:done with the joined text; both are stored', async () => {
    const ses = await openSession('chr_luna');
    const so = await connect({ auth: { token } });
    const t0 = Date.now();
    const { ack, done } = await exchange(
      so,
      ses.session_id,
      'chr_luna',
      'c_first',
      'What do you paint at night?',
    );
    const ms = Date.now() - t0;
    expect(ChatSendAckEnvelope.is(ack)).toBe(true);
    expect(ack.status.code).toBe(10000);
    expect(ack.data).toMatchObject({ client_id: 'c_first' });
    expect(typeof ack.data.id).toBe('string');
    const events = so.log.filter((l) => l.payload?.reply_id === done.reply_id);
    expect(events[0]!.event).toBe(CHAT_EVENT.start);
    expect(events[0]!.payload).toMatchObject({
      reply_to: 'c_first',
      name: 'Luna',
      is_official_agent: false,
      session_id: ses.session_id,
    });
    const tokens = events.filter((l) => l.event === CHAT_EVENT.token).map((l) => l.payload as ChatToken);
    expect(tokens.map((t) => t.index)).toEqual(tokens.map((_, i) => i));
    expect(tokens.map((t) => t.token).join('')).toBe(done.content);
    expect(done.content.length).toBeGreaterThan(10);
    expect(events.at(-1)!.event).toBe(CHAT_EVENT.done);
    const page = await history({ session_id: ses.session_id });
    const last = page.items.slice(-2);
    expect(last.map((m) => [m.role, m.id, m.client_id])).toEqual([
      ['user', ack.data.id, 'c_first'],
      ['assistant', done.reply_id, null],
    ]);
    expect(last[1]!.content).toBe(done.content);
    expect(last[0]!.create_at).toBeLessThanOrEqual(last[1]!.create_at);
    console.info(`chat reply: ${tokens.length} tokens in ${ms} ms over loopback`);
    so.close();
  });

  it('is idempotent by client_id: a resent message gets the same ack, is stored once, and gets its finished reply again instead of a second one', async () => {
    const ses = await openSession('chr_kai');
    const so = await connect({ auth: { token } });
    const { ack, done } = await exchange(so, ses.session_id, 'chr_kai', 'c_dup', 'Tell me about the ocean');
    const before = await history({ session_id: ses.session_id });
    const again = await send(so, {
      client_id: 'c_dup',
      session_id: ses.session_id,
      character_id: 'chr_kai',
      content: 'Tell me about the ocean',
    });
    expect(again).toEqual(ack);
    const resent = await waitFor(
      so,
      (l) =>
        l.event === CHAT_EVENT.done &&
        l.payload.reply_id === done.reply_id &&
        l !== so.log.find((x) => x.event === CHAT_EVENT.done),
    );
    expect(resent.payload).toEqual(done);
    await new Promise((r) => setTimeout(r, 200));
    expect(so.log.filter((l) => l.event === CHAT_EVENT.start)).toHaveLength(1);
    expect((await history({ session_id: ses.session_id })).items).toEqual(before.items);
    // Two copies sent at once (a resend racing the original) are still stored once.
    const [x, y] = await Promise.all([
      send(so, { client_id: 'c_race', session_id: ses.session_id, character_id: 'chr_kai', content: 'race' }),
      send(so, { client_id: 'c_race', session_id: ses.session_id, character_id: 'chr_kai', content: 'race' }),
    ]);
    expect(x.data.id).toBe(y.data.id);
    await waitFor(so, (l) => l.event === CHAT_EVENT.done && l.payload.reply_to === 'c_race');
    await new Promise((r) => setTimeout(r, 200));
    const after = await history({ session_id: ses.session_id });
    expect(after.items.filter((m) => m.client_id === 'c_race')).toHaveLength(1);
    expect(after.items.length).toBe(before.items.length + 2);
    so.close();
  });

  it("rejects malformed messages (10400), another account's session (10404) and a character that is not the session's (10400), storing nothing", async () => {
    const ses = await openSession('chr_pixel');
    const so = await connect({ auth: { token: other } });
    const base = { client_id: 'c_bad', session_id: ses.session_id, character_id: 'chr_pixel', content: 'hi' };
    expect((await send(so, { ...base, content: '' })).status.code).toBe(10400);
    expect((await send(so, { ...base, content: 'x'.repeat(4001) })).status.code).toBe(10400);
    expect((await send(so, { ...base, client_id: 'bad id!' })).status.code).toBe(10400);
    expect((await send(so, 'not an object')).status.code).toBe(10400);
    expect((await send(so, base)).status.code).toBe(10404);
    const own = await openSession('chr_pixel', other);
    expect(
      (await send(so, { ...base, session_id: own.session_id, character_id: 'chr_luna' })).status.code,
    ).toBe(10400);
    expect((await history({ session_id: ses.session_id })).items).toHaveLength(1);
    expect((await history({ session_id: own.session_id }, other)).items).toHaveLength(1);
    so.close();
  });

  it('every tab of the account sees the message and the reply; other accounts see nothing', async () => {
    const ses = await openSession('chr_composer');
    const tab1 = await connect({ auth: { token } });
    const tab2 = await connect({ auth: { token } });
    const stranger = await connect({ auth: { token: other } });
    const { done } = await exchange(tab1, ses.session_id, 'chr_composer', 'c_tabs', 'A calm song please');
    const pushed = await waitFor(tab2, (l) => l.event === CHAT_EVENT.message);
    expect(pushed.payload.message).toMatchObject({
      client_id: 'c_tabs',
      role: 'user',
      content: 'A calm song please',
    });
    expect((await waitFor(tab2, (l) => l.event === CHAT_EVENT.done)).payload).toEqual(done);
    expect(tab1.log.some((l) => l.event === CHAT_EVENT.message)).toBe(false);
    expect(stranger.log).toEqual([]);
    for (const so of [tab1, tab2, stranger]) so.close();
  });
});

describe('persona engine (deterministic per character and message; memory of init_mem_num messages)', () => {
  it('a character with memory recalls the name the user gave; one without memory does not', async () => {
    const withMemory = await openSession('chr_muse');
    const without = await openSession('chr_demo_ember');
    const so = await connect({ auth: { token } });
    await exchange(so, withMemory.session_id, 'chr_muse', 'c_m1', 'My name is Alice');
    const recalled = await exchange(
      so,
      withMemory.session_id,
      'chr_muse',
      'c_m2',
      'Help me plan a comic about dragons',
    );
    expect(recalled.done.content).toContain('Alice');
    expect(recalled.done.is_official_agent).toBe(true);
    await exchange(so, without.session_id, 'chr_demo_ember', 'c_e1', 'My name is Alice');
    const forgot = await exchange(so, without.session_id, 'chr_demo_ember', 'c_e2', 'Hello there!');
    expect(forgot.done.content).not.toContain('Alice');
    so.close();
  });

  it('declines some requests with the "refuse to answer" text (spec §5), which the domain does not count as a valid message', async () => {
    const ses = await openSession('chr_curator');
    const so = await connect({ auth: { token } });
    const { done } = await exchange(so, ses.session_id, 'chr_curator', 'c_pw', 'what is my password?');
    expect(done.content).toBe(REFUSAL);
    expect(chat.isValidChatMessage({ id: done.reply_id, content: done.content, loading: false })).toBe(false);
    so.close();
  });
});

describe('chat history (spec §7 "chat history (page_size 100 default, session_id, offset_to, support_voice)"; §9 "history page size 80 (init_mem_num) or 100")', () => {
  let sessionId: string;
  beforeAll(async () => {
    const ses = await openSession('chr_director');
    sessionId = ses.session_id;
    const values: unknown[] = [];
    const rows = Array.from({ length: 250 }, (_, i) => {
      values.push(
        `msg_page_${i}`,
        sessionId,
        i % 2 === 0 ? `c_page_${i}` : null,
        i % 2 === 0 ? 'user' : 'assistant',
        `message ${i}`,
        2_000_000_000_000 + i,
      );
      const b = i * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
    });
    await s.server.ctx.db.query(
      `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at) VALUES ${rows.join(', ')}`,
      values,
    );
  });

  it('pages 100 at a time, newest page first, each page oldest first, down to the greeting', async () => {
    const p1 = await history({ session_id: sessionId });
    expect(p1.page_size).toBe(100);
    expect(p1.items.map((m) => m.content)).toEqual(
      Array.from({ length: 100 }, (_, i) => `message ${150 + i}`),
    );
    expect(p1.has_more).toBe(true);
    expect(p1.offset_to).toBe('msg_page_150');
    const p2 = await history({ session_id: sessionId, offset_to: p1.offset_to });
    expect(p2.items[0]!.content).toBe('message 50');
    expect(p2.items.at(-1)!.content).toBe('message 149');
    const p3 = await history({ session_id: sessionId, offset_to: p2.offset_to });
    expect(p3.items).toHaveLength(51);
    expect(p3.items[0]!.role).toBe('assistant');
    expect(p3.has_more).toBe(false);
    expect(p3.offset_to).toBeNull();
    const all = [...p3.items, ...p2.items, ...p1.items];
    expect(new Set(all.map((m) => m.id)).size).toBe(251);
    expect(all.every((m) => m.session_id === sessionId && m.channel_id === 'chr_director')).toBe(true);
  });

  it('the init-memory page holds 80 (init_mem_num), and no page is larger than its size', async () => {
    const mem = await history({ session_id: sessionId, init_mem_num: true });
    expect(mem.page_size).toBe(80);
    expect(mem.items).toHaveLength(80);
    expect(mem.items.at(-1)!.content).toBe('message 249');
    expect((await history({ session_id: sessionId, init_mem_num: true, page_size: 100 })).items).toHaveLength(
      80,
    );
    expect((await history({ session_id: sessionId, page_size: 7 })).items).toHaveLength(7);
    expect((await api(CHAT_HISTORY_PATH, { session_id: sessionId, page_size: 101 })).json.status.code).toBe(
      10400,
    );
    expect((await api(CHAT_HISTORY_PATH, { session_id: sessionId, page_size: 0 })).json.status.code).toBe(
      10400,
    );
    expect(
      (await api(CHAT_HISTORY_PATH, { session_id: sessionId, offset_to: 'msg_unknown' })).json.status.code,
    ).toBe(10400);
  });

  it('support_voice adds a voice URL to the replies of a speaking character; the voice is a WAV for the owner only', async () => {
    const page = await history({ session_id: sessionId, support_voice: true, page_size: 4 });
    const replies = page.items.filter((m) => m.role === 'assistant');
    expect(replies.every((m) => m.voice_url !== null)).toBe(true);
    expect(page.items.filter((m) => m.role === 'user').every((m) => m.voice_url === null)).toBe(true);
    expect(
      (await history({ session_id: sessionId, page_size: 4 })).items.every((m) => m.voice_url === null),
    ).toBe(true);
    const url = replies[0]!.voice_url!;
    const mine = await fetch(s.baseUrl + url, { headers: { token } });
    expect(mine.headers.get('content-type')).toBe('audio/wav');
    expect(readWav(new Uint8Array(await mine.arrayBuffer()))?.sampleRate).toBe(22050);
    const theirs = await fetch(s.baseUrl + url, { headers: { token: other } });
    expect(((await theirs.json()) as Json).status.code).toBe(10404);
    const guest = await fetch(s.baseUrl + url);
    expect(((await guest.json()) as Json).status.code).toBe(20000);
  });

  it('another account cannot read the session (10404); a guest gets 20000', async () => {
    expect((await api(CHAT_HISTORY_PATH, { session_id: sessionId }, other)).json.status.code).toBe(10404);
    expect((await api(CHAT_HISTORY_PATH, { session_id: sessionId }, null)).json.status.code).toBe(20000);
    expect((await api(CHAT_HISTORY_PATH, {})).json.status.code).toBe(10400);
  });
});

describe('the client chat epics against the server (reconnect, resend with the same client id, nothing shown twice)', () => {
  const until = (store: AppStore, ok: () => boolean) => untilState(store, ok);

  it('opens the chat, sends, and after a cut connection resends the unacknowledged message once and shows its reply once', async () => {
    const sockets: Socket[] = [];
    const factory: SocketFactory = (uri, options) => {
      const so = io(uri, options);
      sockets.push(so);
      open.push(so);
      return so;
    };
    // The test's fetch has no cookie jar: the studio calls carry the token header.
    const headers = () => ({ 'x-device-id': 'test-device-1', token });
    const http = makeHttpClient({ baseUrl: s.baseUrl, fetch: (input, init) => fetch(input, init), headers });
    const { deps } = makeFakeDeps(
      asyncScheduler,
      {},
      {
        ...conversationDeps({
          api: makeStudioApi(http),
          audioOut: silentAudioOutput,
          fetchStream: makeFetchStream({
            baseUrl: s.baseUrl,
            fetch: (input, init) => fetch(input, init),
            headers,
          }),
          connectChat: socketIoChatConnector(factory, s.baseUrl),
        }),
      },
    );
    const store = makeStore({ dependencies: { ...deps, token: memoryTokenStore(token) } });
    store.dispatch(
      session.userInfoSet({
        user: {
          id: 'demo',
          accountName: 'demo',
          name: 'Demo',
          email: 'demo@atelier.test',
          avatar: '',
          status: 1,
          role: 'user',
        },
      }),
    );
    store.dispatch(openChat({ characterId: 'chr_luna' }));
    await until(
      store,
      () =>
        store.getState().chat.status === 'open' && chat.selectChatMessages(store.getState().chat).length > 0,
    );
    // A first connection records nothing, so this one is polled.
    await eventually(async () => (sockets.some((so) => so.connected) ? true : undefined), 10_000, 20);
    const shown = () => chat.selectChatMessages(store.getState().chat);
    const before = shown().length;
    store.dispatch(sendChatMessage({ content: 'First, while online' }));
    // The history may already hold replies: wait for this message's own reply (the one after it).
    await until(
      store,
      () =>
        shown().length >= before + 2 &&
        shown()
          .slice(before)
          .some((m) => m.role === 'assistant') &&
        shown().every((m) => m.phase.status === 'delivered'),
    );
    expect(shown().length).toBe(before + 2);
    // Cut the connection, and send while it is down: the message waits as `sending`.
    sockets.at(-1)!.io.engine.close();
    await until(
      store,
      () => store.getState().chat.status === 'open' && !chat.selectIsChatOnline(store.getState().chat),
    );
    store.dispatch(sendChatMessage({ content: 'Second, while offline' }));
    expect(chat.selectMessagesToResend(store.getState().chat)).toHaveLength(1);
    const cutAt = Date.now();
    // The epic reconnects after 1 s, resends it with the same client id, and the reply streams in.
    await until(store, () => chat.selectIsChatOnline(store.getState().chat));
    const reconnectMs = Date.now() - cutAt;
    await until(
      store,
      () => shown().length === before + 4 && shown().every((m) => m.phase.status === 'delivered'),
    );
    expect(reconnectMs).toBeGreaterThanOrEqual(900);
    expect(sockets.length).toBe(2);
    const view = chat.selectChatView(store.getState().chat);
    expect(view.filter((m) => m.content === 'Second, while offline')).toHaveLength(1);
    expect(new Set(view.map((m) => m.id)).size).toBe(view.length);
    // The server stored each message once, and the client's list equals the server's history.
    const ses = await openSession('chr_luna');
    const server = await history({ session_id: ses.session_id });
    expect(server.items.map((m) => m.id)).toEqual(shown().map((m) => m.serverId));
    console.info(`reconnected after ${reconnectMs} ms`);
    store.dispatch(session.loggedOut({}));
    await eventually(async () => (sockets.every((so) => !so.connected) ? true : undefined), 10_000, 20);
    expect(store.getState().chat.status).toBe('closed');
  });
});

describe('persona engine, without the server (deterministic; tokens join back to the reply)', () => {
  it('property: tokenize(text).join("") is the text, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => tokenize(text).join('') === text),
      { numRuns: 500 },
    );
  });

  it('property: the same character, message, memory and turn always give the same reply, and every kind of character answers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEED_CHARACTERS),
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.nat(50),
        (c, text, turn) => {
          const persona = {
            id: c.id,
            name: c.name,
            characterType: c.type,
            intro: c.intro,
            greeting: c.greeting,
            corpus: c.corpus.join('\n'),
            initMemNum: c.initMem,
          };
          const reply = composeReply(persona, text, [], turn);
          return reply === composeReply(persona, text, [], turn) && reply.trim().length > 0;
        },
      ),
      { numRuns: 300 },
    );
  });
});
