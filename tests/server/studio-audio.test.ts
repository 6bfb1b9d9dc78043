/**
 * The SSE audio streams and the characters API over loopback, against the real server and
 * database, and the real client stack (store, epics, fetch streams) driving them.
 */
import { createParser } from 'eventsource-parser';
import { NEVER, asyncScheduler } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio, session } from '../../domain/index.js';
import {
  CHARACTER_CREATE_PATH,
  CHARACTER_DELETE_PATH,
  CHARACTER_DETAIL_PATH,
  CHARACTER_LIST_PATH,
  CHARACTER_UPDATE_PATH,
  CharacterListResponse,
  CharacterResponse,
} from '../../infrastructure/contract/characters';
import {
  AUDIO_TTS_STREAM_PATH,
  AudioStreamChunk,
  AudioStreamEnd,
  AudioStreamStart,
  SONG_PREVIEW_STREAM_PATH,
} from '../../infrastructure/contract/streaming';
import { memoryTokenStore } from '../../infrastructure/http/tokenStore';
import { makeHttpClient } from '../../infrastructure/http/client';
import { makeStore, type AppStore } from '../../infrastructure/app/makeStore';
import { makeStudioApi, conversationDeps } from '../support/fakes/streaming';
import { AUDIO_STREAM_STOPPED } from '../../infrastructure/streaming/audioProtocol';
import { startAudioStream, stopAudioStream } from '../../infrastructure/streaming/commands';
import { makeFetchStream } from '../../infrastructure/streaming/fetchStream';
import { readWav } from '../../server/engines/audio';
import { SEED_CHARACTERS } from '../../server/seeds/studio';
import { makeFakeDeps } from '../support/fakeApi';
import { startTestServer, type Json, type TestServer } from '../support/server';
import { untilState } from '../support/storeWait';
import { silentAudioOutput } from '../support/fakes/streaming';

let s: TestServer;
let token: string;
let other: string;

const DEVICE = { 'x-device-id': 'test-device-1' };

/** A second account with a session, straight in the database. */
const makeAccount = async (id: string): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    `tok-${id}`,
    id,
    Date.now() + 3600_000,
  ]);
  return `tok-${id}`;
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
  other = await makeAccount('studio-other');
}, 60_000);
afterAll(() => s.stop());

interface Sse {
  readonly event: string | undefined;
  readonly data: string;
}

const stream = async (path: string, body: unknown, auth: string | null = token) => {
  const r = await fetch(s.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...DEVICE, ...(auth ? { token: auth } : {}) },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  const events: Sse[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: e.data }) });
  parser.feed(text);
  return { status: r.status, contentType: r.headers.get('content-type') ?? '', text, events };
};

const decode = <A>(codec: { decode: (u: unknown) => { _tag: string; right?: A } }, data: string): A => {
  const r = codec.decode(JSON.parse(data));
  if (r._tag !== 'Right') throw new Error(`undecodable ${data.slice(0, 200)}`);
  return r.right as A;
};

const joined = (events: readonly Sse[]): Buffer =>
  Buffer.concat(
    events
      .filter((e) => e.event === 'chunk')
      .map((e) => Buffer.from(decode<AudioStreamChunk>(AudioStreamChunk, e.data).audioData, 'base64')),
  );

const api = (path: string, body: unknown, auth: string | null = token) =>
  s.post(path, body, auth ? { token: auth } : {});

describe('SSE audio stream (spec §4 "Audio stream: start, chunks in order, end"; §3 "audioData in base64")', () => {
  it('answers text/event-stream with start, chunks 0..n-1 in order and end; the joined chunks are one valid WAV of the announced length', async () => {
    const t0 = Date.now();
    const r = await stream(AUDIO_TTS_STREAM_PATH, {
      text: 'Hello from the atelier, how are you today?',
      emotion: 'happy',
      voice: 'female',
      stream_id: 'stream-one',
    });
    const ms = Date.now() - t0;
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    const names = r.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names[names.length - 1]).toBe('end');
    const start = decode<AudioStreamStart>(AudioStreamStart, r.events[0]!.data);
    const chunks = r.events
      .filter((e) => e.event === 'chunk')
      .map((e) => decode<AudioStreamChunk>(AudioStreamChunk, e.data));
    expect(start.stream_id).toBe('stream-one');
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks.length).toBe(start.chunks);
    expect(chunks.every((c) => audio.isValidBase64(c.audioData) && c.stream_id === 'stream-one')).toBe(true);
    expect(decode<AudioStreamEnd>(AudioStreamEnd, r.events[r.events.length - 1]!.data).total).toBe(
      chunks.length,
    );
    // The domain's own join gives the same bytes: a valid 22.05 kHz mono 16-bit WAV.
    const bytes = audio.joinChunks(chunks.map((c) => c.audioData));
    expect(Buffer.from(bytes).equals(joined(r.events))).toBe(true);
    const wav = readWav(bytes);
    expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(wav!.durationMs).toBe(start.duration_ms);
    expect(wav!.durationMs).toBeGreaterThan(1000);
    expect(audio.detectAudioType([...bytes.slice(0, 12)])).toBe('wav');
    console.info(
      `tts stream: ${chunks.length} chunks, ${bytes.length} bytes, ${wav!.durationMs} ms of audio, ${ms} ms over loopback`,
    );
  });

  it('is deterministic, and the emotion (spec §9) changes the audio: sad speaks slower than happy', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const a = await stream(AUDIO_TTS_STREAM_PATH, { text, emotion: 'sad' });
    const b = await stream(AUDIO_TTS_STREAM_PATH, { text, emotion: 'sad' });
    const c = await stream(AUDIO_TTS_STREAM_PATH, { text, emotion: 'happy' });
    expect(joined(a.events).equals(joined(b.events))).toBe(true);
    const sad = readWav(joined(a.events))!;
    const happy = readWav(joined(c.events))!;
    expect(sad.durationMs).toBeGreaterThan(happy.durationMs * 1.3);
    // Another timbre gives other bytes for the same text and emotion.
    const d = await stream(AUDIO_TTS_STREAM_PATH, { text, emotion: 'sad', timbre_id: 'warm-alto' });
    expect(joined(d.events).equals(joined(a.events))).toBe(false);
  });

  it('speaks any script (kana, CJK) as well as Latin text', async () => {
    const r = await stream(AUDIO_TTS_STREAM_PATH, { text: 'こんにちは、世界。你好！', lang: 'ja' });
    expect(r.events.at(-1)?.event).toBe('end');
    expect(readWav(joined(r.events))!.durationMs).toBeGreaterThan(1000);
  });

  it('streams a song preview (spec §9 style, emotion, instrument, voice) as four bars of WAV through the same stream kind', async () => {
    const r = await stream(SONG_PREVIEW_STREAM_PATH, {
      style: 'rock',
      emotion: 'melancholy',
      instrument: 'electricGuitar',
      voice: 'male',
      seed: 7,
    });
    expect(r.events[0]?.event).toBe('start');
    expect(r.events.at(-1)?.event).toBe('end');
    const wav = readWav(joined(r.events))!;
    // Four bars of 4/4 at the rock tempo as melancholy slows it (128 bpm x 0.8: 9.375 s) and a short tail.
    expect(wav.durationMs).toBeGreaterThan(9300);
    expect(wav.durationMs).toBeLessThan(10300);
    const again = await stream(SONG_PREVIEW_STREAM_PATH, {
      style: 'rock',
      emotion: 'melancholy',
      instrument: 'electricGuitar',
      voice: 'male',
      seed: 8,
    });
    expect(joined(again.events).equals(joined(r.events))).toBe(false);
  });

  it('refuses a guest with 20000 as a JSON envelope before streaming anything (spec §7 "streaming calls also send the token")', async () => {
    const r = await stream(AUDIO_TTS_STREAM_PATH, { text: 'hello' }, null);
    expect(r.contentType).toMatch(/json/);
    expect(JSON.parse(r.text).status.code).toBe(20000);
    const bad = await stream(AUDIO_TTS_STREAM_PATH, { text: 'hello' }, 'not-a-session');
    expect(JSON.parse(bad.text).status.code).toBe(20000);
  });

  it('rejects malformed requests with 10400 and streams nothing', async () => {
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(501) },
      { text: 'hi', emotion: 'furious' },
      { text: 'hi', voice: 'robot' },
      { text: 'hi', stream_id: 'bad id!' },
    ]) {
      const r = await stream(AUDIO_TTS_STREAM_PATH, body);
      expect(r.events).toEqual([]);
      expect(JSON.parse(r.text).status.code).toBe(10400);
    }
    const song = await stream(SONG_PREVIEW_STREAM_PATH, {
      style: 'polka',
      emotion: 'happy',
      instrument: 'piano',
    });
    expect(JSON.parse(song.text).status.code).toBe(10400);
  });

  it('a text with nothing to speak ends in an error event (spec §8 "Audio stream error sets status error")', async () => {
    const r = await stream(AUDIO_TTS_STREAM_PATH, { text: '?!... ---', stream_id: 'silent-one' });
    expect(r.contentType).toMatch(/^text\/event-stream/);
    expect(r.events).toHaveLength(1);
    expect(r.events[0]!.event).toBe('error');
    expect(JSON.parse(r.events[0]!.data)).toMatchObject({ stream_id: 'silent-one', code: 10400 });
  });
});

const user = (id: string): session.UserInfo => ({
  id,
  accountName: id,
  name: id,
  email: `${id}@atelier.test`,
  avatar: '',
  status: 1,
  role: 'user',
});

const until = (store: AppStore, ok: () => boolean) => untilState(store, ok);

const clientStore = (auth: string | null) => {
  const headers = () => ({ ...DEVICE });
  const http = makeHttpClient({ baseUrl: s.baseUrl, fetch: (input, init) => fetch(input, init), headers });
  const { deps, navigations } = makeFakeDeps(
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
        connectChat: () => NEVER,
      }),
    },
  );
  const store = makeStore({ dependencies: { ...deps, token: memoryTokenStore(auth) } });
  if (auth) store.dispatch(session.userInfoSet({ user: user('demo') }));
  return Object.assign(store, { navigations });
};

describe('the client audio epic against the server (spec §4 statuses start, over, error)', () => {
  it('reaches over with every chunk, and the joined chunks are a playable WAV', async () => {
    const store = clientStore(token);
    store.dispatch(
      startAudioStream({
        source: { kind: 'tts', text: 'Streaming for real, chunk by chunk.', emotion: 'surprised' },
      }),
    );
    expect(store.getState().audio.status).toBe('start');
    await until(store, () => store.getState().audio.status === 'over');
    const finished = audio.selectFinishedAudio(store.getState().audio)!;
    expect(readWav(finished)?.sampleRate).toBe(22050);
    const chunks = store.recorder.events().filter((e) => e.type === 'audio/chunkReceived');
    expect(chunks.length).toBe(audio.selectChunkCount(store.getState().audio));
    expect(
      store.recorder
        .events()
        .map((e) => e.type)
        .filter((t) => t.startsWith('audio/'))
        .at(-1),
    ).toBe('audio/streamEnded');
  });

  it('a song preview reaches over too', async () => {
    const store = clientStore(token);
    store.dispatch(
      startAudioStream({
        source: { kind: 'song', style: 'disco', emotion: 'happy', instrument: 'accordion' },
      }),
    );
    await until(store, () => store.getState().audio.status === 'over');
    expect(readWav(audio.selectFinishedAudio(store.getState().audio)!)!.durationMs).toBeGreaterThan(7000);
  });

  it('a stop aborts the request: the stream ends in error audio.streamStopped and the server stops sending', async () => {
    const store = clientStore(token);
    store.dispatch(
      startAudioStream({
        source: { kind: 'song', style: 'classical', emotion: 'calm', instrument: 'orchestra' },
      }),
    );
    await until(store, () => audio.selectChunkCount(store.getState().audio) >= 2);
    store.dispatch(stopAudioStream({}));
    expect(audio.selectAudioErrorKey(store.getState().audio)).toBe(AUDIO_STREAM_STOPPED);
    const count = audio.selectChunkCount(store.getState().audio);
    // No chunk of the aborted request arrives afterwards.
    await new Promise((r) => setTimeout(r, 150));
    expect(audio.selectChunkCount(store.getState().audio)).toBe(count);
  });

  it('a guest gets status error and the 20000 failure goes to the error map (spec §8: home with the login dialog)', async () => {
    const store = clientStore(null);
    store.dispatch(startAudioStream({ source: { kind: 'tts', text: 'hello' } }));
    await until(store, () => store.getState().audio.status === 'error');
    expect(audio.selectAudioErrorKey(store.getState().audio)).toBe('errors.audioRequestRefused');
    expect(store.navigations).toEqual(['/?openLoginDialog=1']);
  });

  it('a request that fails its codec never leaves the client', async () => {
    const store = clientStore(token);
    store.dispatch(startAudioStream({ source: { kind: 'tts', text: '' } }));
    expect(audio.selectAudioErrorKey(store.getState().audio)).toBe('errors.audioRequestInvalid');
  });
});

describe('characters (spec §3 character_type 0 and 2 digital, 1 tool, 3 agent; cover.url; init_mem_num; support_voice; §6 is_official_agent)', () => {
  const list = async (body: unknown, auth: string | null = token): Promise<CharacterListResponse> => {
    const r = await api(CHARACTER_LIST_PATH, body, auth);
    expect(r.json.status.code).toBe(10000);
    const decoded = CharacterListResponse.decode(r.json.data);
    expect(decoded._tag).toBe('Right');
    return r.json.data as CharacterListResponse;
  };

  it('lists the seeded characters to guests, official agents first, with every kind and a cover', async () => {
    const all = await list({ limit: 50 }, null);
    // The twelve studio characters, then the square's characters (each one chat-able, by its id).
    expect(all.items.length).toBe(50);
    expect(
      all.items
        .slice(0, SEED_CHARACTERS.length)
        .map((c) => c.id)
        .sort(),
    ).toEqual(SEED_CHARACTERS.map((c) => c.id).sort());
    const agents = all.items.filter((c) => c.is_official_agent);
    expect(agents.length).toBe(4);
    expect(all.items.slice(0, agents.length).every((c) => c.is_official_agent)).toBe(true);
    expect(new Set(all.items.map((c) => c.character_type))).toEqual(new Set([0, 1, 2, 3]));
    expect(all.items.every((c) => !c.is_mine)).toBe(true);
    const page1 = await list({ limit: 5 });
    const page2 = await list({ limit: 5, offset: page1.offset });
    expect(page1.has_more).toBe(true);
    expect(new Set([...page1.items, ...page2.items].map((c) => c.id)).size).toBe(10);
    const tools = await list({ character_type: 1 });
    expect(tools.items.length).toBeGreaterThan(0);
    expect(tools.items.every((c) => c.character_type === 1)).toBe(true);
    const official = await list({ scope: 'official', limit: 50 });
    expect(official.items.every((c) => c.author === null)).toBe(true);
    const mine = await list({ scope: 'mine' });
    expect(mine.items.map((c) => c.id)).toEqual(expect.arrayContaining(['chr_demo_ember', 'chr_demo_rose']));
    expect(mine.items.every((c) => c.is_mine && c.author?.id === 'demo')).toBe(true);
    expect((await api(CHARACTER_LIST_PATH, { scope: 'mine' }, null)).json.status.code).toBe(20000);
  });

  it('cover.url serves a PNG rendered on the first GET, 256 px on the long side', async () => {
    const all = await list({ limit: 1 });
    const cover = all.items[0]!.cover;
    const r = await s.get(cover.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await r.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([cover.width, cover.height]);
    expect(Math.max(cover.width, cover.height)).toBe(256);
    expect((await s.get('/blobs/studio/characters/nope.png')).status).toBe(404);
  });

  it('creates, reads, updates and deletes a character of the caller; is_official_agent never comes from a client', async () => {
    const created = await api(CHARACTER_CREATE_PATH, {
      name: 'Nova',
      intro: 'A navigator of nebulae.',
      greeting: 'Course set!',
      character_type: 2,
      init_mem_num: 30,
      support_voice: true,
      voice: 'female',
      cover_prompt: 'purple nebula ship',
      is_official_agent: true,
    });
    expect(created.json.status.code).toBe(10000);
    const item = (created.json.data as CharacterResponse).item;
    expect(CharacterResponse.is(created.json.data)).toBe(true);
    expect(item).toMatchObject({
      name: 'Nova',
      character_type: 2,
      init_mem_num: 30,
      support_voice: true,
      is_official_agent: false,
      is_mine: true,
    });
    const detail = await api(CHARACTER_DETAIL_PATH, { id: item.id }, other);
    expect(detail.json.data.item.is_mine).toBe(false);
    const updated = await api(CHARACTER_UPDATE_PATH, {
      id: item.id,
      name: 'Nova Prime',
      character_type: 3,
      cover_prompt: 'golden ship',
    });
    expect(updated.json.data.item).toMatchObject({
      name: 'Nova Prime',
      character_type: 3,
      intro: 'A navigator of nebulae.',
      is_official_agent: false,
    });
    expect(updated.json.data.item.cover.url).not.toBe(item.cover.url);
    expect((await s.get(updated.json.data.item.cover.url)).status).toBe(200);
    const deleted = await api(CHARACTER_DELETE_PATH, { id: item.id });
    expect(deleted.json.data).toEqual({ id: item.id });
    expect((await api(CHARACTER_DETAIL_PATH, { id: item.id })).json.status.code).toBe(10404);
  });

  it('only the owner may update or delete (10403 for another account, 10404 for none, 20000 for a guest); official characters belong to nobody', async () => {
    const created = (await api(CHARACTER_CREATE_PATH, { name: 'Mine', intro: '', character_type: 0 })).json
      .data.item as { id: string };
    const tries: Array<[string, unknown, string | null, number]> = [
      [CHARACTER_UPDATE_PATH, { id: created.id, name: 'Stolen' }, other, 10403],
      [CHARACTER_DELETE_PATH, { id: created.id }, other, 10403],
      [CHARACTER_UPDATE_PATH, { id: 'chr_muse', name: 'Mine now' }, token, 10403],
      [CHARACTER_DELETE_PATH, { id: 'chr_muse' }, token, 10403],
      [CHARACTER_UPDATE_PATH, { id: 'chr_missing', name: 'x' }, token, 10404],
      [CHARACTER_CREATE_PATH, { name: 'Guest', intro: '', character_type: 0 }, null, 20000],
      [CHARACTER_DELETE_PATH, { id: created.id }, null, 20000],
    ];
    for (const [path, body, auth, code] of tries)
      expect([path, (await api(path, body, auth)).json.status.code]).toEqual([path, code]);
    const still = await api(CHARACTER_DETAIL_PATH, { id: created.id });
    expect(still.json.data.item.name).toBe('Mine');
    expect((await api(CHARACTER_DETAIL_PATH, { id: 'chr_muse' })).json.data.item.name).toBe('Atelier Muse');
  });

  it('rejects malformed input with 10400 and stores nothing', async () => {
    const before = (await list({ scope: 'mine', limit: 50 })).items.length;
    const bad: Json[] = [
      { name: '', intro: '', character_type: 0 },
      { name: 'x'.repeat(41), intro: '', character_type: 0 },
      { name: 'Ok', intro: '', character_type: 4 },
      { name: 'Ok', intro: '', character_type: 0, init_mem_num: 81 },
      { name: 'Ok', intro: '', character_type: 0, init_mem_num: 1.5 },
      { name: 'Ok', intro: '', character_type: 0, voice: 'robot' },
      { name: 'Ok', character_type: 0 },
    ];
    for (const body of bad) expect((await api(CHARACTER_CREATE_PATH, body)).json.status.code).toBe(10400);
    expect((await api(CHARACTER_LIST_PATH, { limit: 51 })).json.status.code).toBe(10400);
    expect(
      (await api(CHARACTER_UPDATE_PATH, { id: 'chr_demo_rose', init_mem_num: -1 })).json.status.code,
    ).toBe(10400);
    expect((await list({ scope: 'mine', limit: 50 })).items.length).toBe(before);
  });
});
