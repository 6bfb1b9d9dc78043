/**
 * Streams, measured (issue 25 figure 6), against the real server and database with the real
 * client code (store, audio epic, fetch stream, SSE parser):
 * - SSE: a song preview of 1,000 chunks through a fault proxy (tests/support/faultProxy.ts) that
 *   cuts its connection 5 times (inside `start`, mid-stream at seeded bytes, and with the head
 *   only): the client resumes with `Last-Event-ID`, and the store holds every chunk once, in order,
 *   with one end. An `error` event, a refused resume and a stream cut for good each end in error
 *   after a bounded number of requests (socket.io's and EventSource's reconnection tests are the
 *   model: the retries are counted, never timed).
 * - Ownership (LibreChat CVE-2026-31950 read other people's SSE streams by id): another account
 *   tries to read or resume the demo account's stream and chat reply by stream id, by
 *   `Last-Event-ID`, by chat session, by message id and by socket room join, while the owner's own
 *   reads succeed (the positive controls): none of its attempts reads anything.
 */
import { createParser } from 'eventsource-parser';
import * as E from 'fp-ts/Either';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../../domain/index.js';
import {
  CHAT_HISTORY_PATH,
  CHAT_SESSION_OPEN_PATH,
  chatVoicePath,
} from '../../infrastructure/contract/characters';
import {
  AUDIO_STREAM_EVENT,
  AUDIO_TTS_STREAM_PATH,
  AudioStreamChunk,
  CHAT_EVENT,
  CHAT_SOCKET_PATH,
  LAST_EVENT_ID_HEADER,
  SONG_PREVIEW_STREAM_PATH,
} from '../../infrastructure/contract/streaming';
import type { AppStore } from '../../infrastructure/app/makeStore';
import { audioRequestOf } from '../../infrastructure/streaming/audioEpics';
import {
  AUDIO_REQUEST_REFUSED,
  AUDIO_STREAM_FAILED,
  AUDIO_STREAM_INTERRUPTED,
} from '../../infrastructure/streaming/audioProtocol';
import { STREAM_RESUME_RETRIES } from '../../infrastructure/streaming/backoff';
import { startAudioStream, type AudioStreamSource } from '../../infrastructure/streaming/commands';
import { songWav } from '../../server/engines/jobs';
import { asBuffer } from '../../server/engines/pool';
import { accountRoom } from '../../server/realtime/push';
import { chunkWav } from '../../server/audio/audioStream';
import {
  mulberry32,
  startFaultProxy,
  type Fault,
  type FaultProxy,
  type FaultRule,
} from '../support/faultProxy';
import { realStore } from '../support/realStore';
import { sleep, startTestServer, type Json, type TestServer } from '../support/server';
import { untilState } from '../support/storeWait';

/** 366 bytes a chunk (whole 16-bit samples, base64 without padding): this song is 1,000 chunks. */
const CHUNK_BYTES = 366;
const CHUNKS = 1000;
const SONG = { style: 'country', emotion: 'angry', instrument: 'piano', seed: 1 } as const;
const SONG_SOURCE: AudioStreamSource = { kind: 'song', ...SONG };
const DEVICE = { 'x-device-id': 'streams-test-device' };

let s: TestServer;
let owner: string;
let intruder: string;
const proxies: FaultProxy[] = [];
const sockets: Socket[] = [];
/** The song's chunks as the server cuts them (the engine is deterministic). */
let expected: string[];

beforeAll(async () => {
  s = await startTestServer({ audioChunkBytes: CHUNK_BYTES, audioChunkIntervalMs: 1 }, false);
  owner = await s.login();
  // Another account with a session of its own, straight in the database.
  await s.server.ctx.db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    ['streams-intruder', 'streams-intruder@atelier.test'],
  );
  intruder = 'tok-streams-intruder-0123456789abcdef';
  await s.server.ctx.db.query(
    'INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)',
    [intruder, 'streams-intruder', Date.now() + 3600_000],
  );
  expected = chunkWav(asBuffer(songWav(SONG).wav), CHUNK_BYTES);
}, 60_000);
afterAll(async () => {
  for (const so of sockets) so.close();
  for (const p of proxies) await p.close();
  await s.stop();
});

const proxy = async (rule: FaultRule): Promise<FaultProxy> => {
  const p = await startFaultProxy(s.baseUrl, rule);
  proxies.push(p);
  return p;
};

const audioEvents = (store: AppStore) => store.recorder.events().filter((e) => e.type.startsWith('audio/'));
const chunkIndexes = (store: AppStore): number[] =>
  audioEvents(store)
    .filter((e) => e.type === audio.chunkReceived.type)
    .map((e) => (e.payload as { index: number }).index);
const terminal = (store: AppStore) => ['over', 'error'].includes(store.getState().audio.status);

/** Starts `source` in a store of the owner whose streams go through `p`; resolves once it ended. */
const runStream = async (p: FaultProxy, source: AudioStreamSource): Promise<AppStore> => {
  const store = realStore(p.url, { token: owner, device: DEVICE });
  store.dispatch(startAudioStream({ source }));
  await untilState(store, () => terminal(store), 30_000, 'the stream ended');
  return store;
};

describe('SSE: 1,000 chunks through 5 cut connections, resumed with Last-Event-ID', () => {
  it('holds every chunk once, in order, with one end; each resume names the last whole chunk', async () => {
    expect(expected).toHaveLength(CHUNKS);
    const random = mulberry32(25);
    // 20 to 120 KB of a response: whole chunks and a piece of the next (a chunk event is ~550 bytes).
    const mid = (): Fault => ({ cutResponseAfterBytes: 20_000 + Math.floor(random() * 100_000) });
    const cuts: readonly Fault[] = [
      // Inside the first `start`: nothing whole, the stream starts over.
      { cutResponseAfterBytes: 30 },
      mid(),
      mid(),
      // The head only, on a resumed connection: that resume brought nothing, the next one names the same chunk.
      { cutResponseAfterBytes: 0 },
      mid(),
    ];
    /** The chunks the client held when each stream request reached the proxy. */
    const held: number[] = [];
    let client: AppStore | null = null;
    const p = await proxy(({ method, path, ordinal }) => {
      if (method !== 'POST' || path !== SONG_PREVIEW_STREAM_PATH) return 'pass';
      held.push(client === null ? 0 : chunkIndexes(client).length);
      return cuts[ordinal] ?? 'pass';
    });
    const store = realStore(p.url, { token: owner, device: DEVICE });
    client = store;
    store.dispatch(startAudioStream({ source: SONG_SOURCE }));
    await untilState(store, () => terminal(store), 60_000, 'the stream ended');
    // Nothing comes after the end.
    const settled = store.recorder.events().length;
    await sleep(200);
    expect(store.recorder.events().length).toBe(settled);

    const requests = p.seen('POST', SONG_PREVIEW_STREAM_PATH);
    expect(requests.map((r) => r.fault)).toEqual(['cut', 'cut', 'cut', 'cut', 'cut', 'pass']);
    expect(p.stats.cuts).toBe(cuts.length);
    // Each resume names the last chunk the client held whole (none: the stream starts over).
    expect(requests.map((r) => r.headers[LAST_EVENT_ID_HEADER])).toEqual(
      held.map((n) => (n === 0 ? undefined : String(n - 1))),
    );
    // The cut inside `start` and the head-only cut brought nothing; every mid-stream cut brought chunks.
    expect(held[1]).toBe(0);
    expect(held[4]).toBe(held[3]);
    expect(held[2]!).toBeGreaterThan(held[1]!);
    expect(held[3]!).toBeGreaterThan(held[2]!);
    expect(held[5]!).toBeGreaterThan(held[4]!);

    const indexes = chunkIndexes(store);
    const seen = new Set(indexes);
    const gaps = [...Array(CHUNKS).keys()].filter((i) => !seen.has(i)).length;
    const duplicates = indexes.length - seen.size;
    const inOrder = indexes.every((index, i) => index === i);
    const ends = audioEvents(store).filter((e) => e.type === audio.streamEnded.type).length;
    const state = store.getState().audio;
    expect({ gaps, duplicates, inOrder, ends, status: state.status }).toEqual({
      gaps: 0,
      duplicates: 0,
      inOrder: true,
      ends: 1,
      status: 'over',
    });
    expect(audioEvents(store).filter((e) => e.type === audio.streamFailed.type)).toHaveLength(0);
    // The bytes are the server's own, chunk for chunk.
    expect(
      audioEvents(store)
        .filter((e) => e.type === audio.chunkReceived.type)
        .map((e) => (e.payload as { audioData: string }).audioData),
    ).toEqual(expected);
    expect(Buffer.from(audio.selectFinishedAudio(state)!).equals(asBuffer(songWav(SONG).wav))).toBe(true);
    console.log(
      `sse: ${indexes.length} chunks, ${p.stats.cuts} cuts, resumed with Last-Event-ID: ${gaps} gaps, ${duplicates} duplicates, ${inOrder ? 'in order' : 'OUT OF ORDER'}, end ${ends}`,
    );
  }, 90_000);

  it('an error never loops: an error event, a refused resume and a stream cut for good each end in error once, after a bounded number of requests', async () => {
    const failures = (store: AppStore) =>
      audioEvents(store)
        .filter((e) => e.type === audio.streamFailed.type)
        .map((e) => (e.payload as { reasonKey: string }).reasonKey);

    // The server's `error` event (nothing to speak) is its answer: no retry.
    const passing = await proxy(() => 'pass');
    const errored = await runStream(passing, { kind: 'tts', text: '?! ...' });
    // A resume the gateway refuses is a refusal: no retry either.
    const refusing = await proxy(({ method, path, ordinal }) =>
      method === 'POST' && path === SONG_PREVIEW_STREAM_PATH && ordinal > 0
        ? { status: 503 }
        : method === 'POST' && path === SONG_PREVIEW_STREAM_PATH
          ? { cutResponseAfterBytes: 40_000 }
          : 'pass',
    );
    const refused = await runStream(refusing, SONG_SOURCE);
    // Every connection cut after its head: 1 request and STREAM_RESUME_RETRIES retries.
    const dead = await proxy(({ method, path }) =>
      method === 'POST' && path === SONG_PREVIEW_STREAM_PATH ? { cutResponseAfterBytes: 0 } : 'pass',
    );
    const cutForGood = await runStream(dead, SONG_SOURCE);
    // Nothing more is asked once a stream has ended.
    await sleep(600);

    expect(failures(errored)).toEqual([AUDIO_STREAM_FAILED]);
    expect(passing.seen('POST', AUDIO_TTS_STREAM_PATH)).toHaveLength(1);
    expect(failures(refused)).toEqual([AUDIO_REQUEST_REFUSED]);
    expect(chunkIndexes(refused).length).toBeGreaterThan(0);
    expect(refusing.seen('POST', SONG_PREVIEW_STREAM_PATH).map((r) => r.fault)).toEqual(['cut', 'status']);
    expect(refusing.seen('POST', SONG_PREVIEW_STREAM_PATH)[1]!.headers[LAST_EVENT_ID_HEADER]).toBe(
      String(chunkIndexes(refused).length - 1),
    );
    expect(failures(cutForGood)).toEqual([AUDIO_STREAM_INTERRUPTED]);
    expect(dead.seen('POST', SONG_PREVIEW_STREAM_PATH)).toHaveLength(1 + STREAM_RESUME_RETRIES);
    for (const store of [errored, refused, cutForGood]) expect(store.getState().audio.status).toBe('error');
    console.log(
      `sse-errors: an error event ${passing.seen('POST', AUDIO_TTS_STREAM_PATH).length} request, a refused resume ${refusing.seen('POST', SONG_PREVIEW_STREAM_PATH).length} requests, a stream cut for good ${dead.seen('POST', SONG_PREVIEW_STREAM_PATH).length} requests, each ended in error once`,
    );
  }, 60_000);
});

// ---- ownership ---------------------------------------------------------------------------------

interface StreamAnswer {
  readonly status: number;
  readonly contentType: string;
  /** The envelope's code when the answer is JSON. */
  readonly code: number | null;
  readonly events: readonly { readonly event: string | undefined; readonly data: string }[];
}

/** One stream request, read to its end (or its refusal). */
const streamOnce = async (
  path: string,
  body: unknown,
  token: string | null,
  lastEventId?: string,
): Promise<StreamAnswer> => {
  const r = await fetch(s.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...DEVICE,
      ...(token === null ? {} : { token }),
      ...(lastEventId === undefined ? {} : { [LAST_EVENT_ID_HEADER]: lastEventId }),
    },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  const contentType = r.headers.get('content-type') ?? '';
  const events: { event: string | undefined; data: string }[] = [];
  let code: number | null = null;
  if (contentType.startsWith('text/event-stream'))
    createParser({ onEvent: (e) => events.push({ event: e.event, data: e.data }) }).feed(text);
  else code = (JSON.parse(text) as Json).status.code as number;
  return { status: r.status, contentType, code, events };
};

const isEqual = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const chunksOf = (answer: StreamAnswer): string[] =>
  answer.events
    .filter((e) => e.event === AUDIO_STREAM_EVENT.chunk)
    .map((e) => (JSON.parse(e.data) as AudioStreamChunk).audioData);

interface Heard {
  readonly event: string;
  readonly payload: Json;
}

const connect = (token: string): Promise<Socket & { readonly heard: Heard[] }> =>
  new Promise((resolve, reject) => {
    const so = io(s.baseUrl, {
      path: CHAT_SOCKET_PATH,
      reconnection: false,
      forceNew: true,
      transports: ['websocket'],
      auth: { token },
    });
    sockets.push(so);
    const heard: Heard[] = [];
    so.onAny((event: string, payload: Json) => heard.push({ event, payload }));
    so.on('connect', () => resolve(Object.assign(so, { heard })));
    so.on('connect_error', reject);
  });

const ack = (so: Socket, event: string, payload: unknown): Promise<Json> =>
  so.timeout(10_000).emitWithAck(event, payload);

describe('ownership: another account never reads or resumes a stream or a chat reply it does not own (LibreChat CVE-2026-31950)', () => {
  it('every attempt by id, by Last-Event-ID, by session, by message id and by room join reads nothing; the owner reads all', async () => {
    /** Each attempt with how to tell whether it read anything (asked once every attempt is made). */
    const attempts: { readonly what: string; readonly read: () => boolean }[] = [];
    const attempt = (what: string, read: boolean | (() => boolean)) =>
      attempts.push({ what, read: typeof read === 'boolean' ? () => read : read });

    // The owner's stream, named by the owner's client.
    const request = audioRequestOf(SONG_SOURCE, 'aud_owner_stream_25');
    if (E.isLeft(request.body)) throw new Error('the song request is valid');
    const ownerBody = request.body.right;
    const first = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, owner);
    expect(chunksOf(first)).toEqual(expected);
    // A refused attempt answers no event at all; anything else would be read.
    const readsAny = (answer: StreamAnswer) => answer.events.length > 0 || answer.code === 10000;

    // By Last-Event-ID: the very request, resumed from the start, the middle and the end.
    for (const last of ['0', '499', String(CHUNKS - 2), String(CHUNKS - 1)]) {
      const r = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, intruder, last);
      expect(r.code, `resume after ${last}`).toBe(10404);
      attempt(`resume after chunk ${last}`, readsAny(r));
    }
    // By id, with a request of its own: its own stream at most (the engine's other song), never the owner's.
    const ownBody = { ...(ownerBody as object), style: 'pop' };
    for (const last of ['0', '999']) {
      const r = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownBody, intruder, last);
      expect(r.code).toBe(10404);
      attempt(`resume the id with its own request after ${last}`, readsAny(r));
    }
    // Under the same id, a fresh stream is its own request's song and nothing else.
    const hijack = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownBody, intruder);
    const itsOwn = chunkWav(asBuffer(songWav({ ...SONG, style: 'pop' }).wav), CHUNK_BYTES);
    expect(itsOwn).not.toEqual(expected);
    attempt('start a stream under the same id', !isEqual(chunksOf(hijack), itsOwn));
    // ... and that stream of its own gives no way into the owner's: its resume of the owner's request is still refused.
    const after = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, intruder, '10');
    expect(after.code).toBe(10404);
    attempt('resume the owner request after starting the id', readsAny(after));
    // As a guest, and with a malformed Last-Event-ID.
    const guest = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, null, '10');
    expect(guest.code).toBe(20000);
    attempt('resume as a guest', readsAny(guest));
    const malformed = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, intruder, '10, 11');
    expect(malformed.code).toBe(10400);
    attempt('resume with a malformed Last-Event-ID', readsAny(malformed));
    // The owner's own resume still works after all that (the positive control).
    const resumed = await streamOnce(SONG_PREVIEW_STREAM_PATH, ownerBody, owner, '989');
    expect(chunksOf(resumed)).toEqual(expected.slice(990));
    expect(resumed.events.map((e) => e.event).at(-1)).toBe(AUDIO_STREAM_EVENT.end);
    expect(resumed.events.some((e) => e.event === AUDIO_STREAM_EVENT.start)).toBe(false);

    // The chat: the owner's session with a character, and both accounts' sockets.
    const opened = await s.post(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_muse' }, { token: owner });
    const sessionId = opened.json.data.session_id as string;
    const mine = await connect(owner);
    const theirs = await connect(intruder);
    // By room join: socket.io has no client join, and events asking for one are ignored; whether
    // the socket then hears anything of the owner's chat is asked at the end.
    const heardOwner = () => theirs.heard.some((h) => JSON.stringify(h.payload ?? null).includes(sessionId));
    for (const event of ['join', 'subscribe', 'chat:join', 'room:join']) {
      theirs.emit(event, accountRoom('demo'), { room: accountRoom('demo'), session_id: sessionId });
      attempt(`join the owner room by ${event}`, heardOwner);
    }
    const question = {
      client_id: 'c_owner_25',
      session_id: sessionId,
      character_id: 'chr_muse',
      content: 'Tell me something about the sea at night.',
    };
    const sent = await ack(mine, CHAT_EVENT.send, question);
    expect(sent.status.code).toBe(10000);
    // While the reply is written: resume the owner's session, and send into it.
    const resumeTry = await ack(theirs, CHAT_EVENT.resume, { session_id: sessionId });
    expect(resumeTry.status.code).toBe(10404);
    attempt('chat:resume the owner session', resumeTry.data !== null);
    const sendTry = await ack(theirs, CHAT_EVENT.send, question);
    expect(sendTry.status.code).toBe(10404);
    attempt('chat:send the owner client id into the owner session', sendTry.data !== null);
    const ownResume = await ack(mine, CHAT_EVENT.resume, { session_id: sessionId });
    expect(ownResume.status.code).toBe(10000);
    // The owner hears the whole reply.
    const deadline = Date.now() + 20_000;
    while (!mine.heard.some((h) => h.event === CHAT_EVENT.done) && Date.now() < deadline) await sleep(50);
    const done = mine.heard.find((h) => h.event === CHAT_EVENT.done)!.payload;
    expect(mine.heard.filter((h) => h.event === CHAT_EVENT.token).length).toBeGreaterThan(0);
    const replyId = done.reply_id as string;

    // By session and by message id, once the reply is stored.
    const history = await s.post(CHAT_HISTORY_PATH, { session_id: sessionId }, { token: intruder });
    expect(history.json.status.code).toBe(10404);
    attempt('read the owner history', history.json.data !== null);
    const older = await s.post(
      CHAT_HISTORY_PATH,
      { session_id: sessionId, offset_to: replyId },
      { token: intruder },
    );
    expect(older.json.status.code).toBe(10404);
    attempt('page the owner history from the reply id', older.json.data !== null);
    const voice = await fetch(s.baseUrl + chatVoicePath(replyId), {
      headers: { ...DEVICE, token: intruder },
    });
    const voiceType = voice.headers.get('content-type') ?? '';
    await voice.arrayBuffer();
    expect(voiceType).toMatch(/^application\/json/);
    attempt('fetch the voice of the owner reply', voiceType.startsWith('audio/'));
    const lateResume = await ack(theirs, CHAT_EVENT.resume, { session_id: sessionId });
    expect(lateResume.status.code).toBe(10404);
    attempt('chat:resume the owner session after the reply', lateResume.data !== null);
    // Positive controls: the owner reads its history and hears its voice.
    const ownHistory = await s.post(CHAT_HISTORY_PATH, { session_id: sessionId }, { token: owner });
    expect(JSON.stringify(ownHistory.json.data.items)).toContain(replyId);
    const ownVoice = await fetch(s.baseUrl + chatVoicePath(replyId), {
      headers: { ...DEVICE, token: owner },
    });
    expect(ownVoice.headers.get('content-type')).toBe('audio/wav');
    await ownVoice.arrayBuffer();

    // Nothing of the owner's chat reached the other account's socket, whatever it asked.
    await sleep(200);
    attempt('hear the owner reply on its own socket', heardOwner);
    expect(theirs.heard.map((h) => h.event)).toEqual([]);

    const read = attempts.filter((a) => a.read()).map((a) => a.what);
    expect(read).toEqual([]);
    console.log(`stream-ownership: ${attempts.length} attempts by another account, ${read.length} read`);
  }, 90_000);
});

describe('a burst of chat messages (a client resending what it queued during an outage)', () => {
  it('is stored once each, in the order the socket sent it', async () => {
    const opened = await s.post(CHAT_SESSION_OPEN_PATH, { character_id: 'chr_curator' }, { token: owner });
    const sessionId = opened.json.data.session_id as string;
    const so = await connect(owner);
    const ids = Array.from({ length: 12 }, (_, i) => `c_burst_${i}`);
    // Emitted back to back, as the client's resend does, each one twice (a resend of a resend).
    const acks = await Promise.all(
      [...ids, ...ids].map((clientId) =>
        ack(so, CHAT_EVENT.send, {
          client_id: clientId,
          session_id: sessionId,
          character_id: 'chr_curator',
          content: `burst message ${clientId}`,
        }),
      ),
    );
    expect(acks.every((a) => a.status.code === 10000)).toBe(true);
    const history = await s.post(CHAT_HISTORY_PATH, { session_id: sessionId }, { token: owner });
    const stored = (history.json.data.items as { client_id: string | null }[])
      .map((m) => m.client_id)
      .filter((id): id is string => id !== null);
    expect(stored).toEqual(ids);
  }, 60_000);
});
