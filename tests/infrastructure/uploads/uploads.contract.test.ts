/**
 * The upload epics against the running reference server, through the real HttpClient over
 * Node's fetch and the real `fetchPutChunk`: every upload call of spec §7 (config, pre-sign,
 * chunk check, file confirm, image confirm, audio pre-config, audio chunk confirm, audio file
 * confirm, guest fields save), a resume after a "reload", and a 200 MiB upload through a
 * fault-injecting proxy that fails 10% of the chunk PUTs and resets two connections.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NEVER } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, uploads } from '../../../domain/index.js';
import { cancelUpload, resumeUpload, startUpload } from '../../../infrastructure/uploads/commands';
import type { UploadFileHandle } from '../../../infrastructure/uploads/deps';
import { identityOf, readResume } from '../../../infrastructure/uploads/records';
import { memoryFile, memoryStorage } from '../../support/fakes/uploads';
import { seededPlan, startFaultProxy, uploadPutRule, type FaultProxy } from '../../support/faultProxy';
import { startTestServer, type TestServer } from '../../support/server';
import {
  countEvents,
  fetchedSha,
  settledUpload,
  uploadClient,
  type UploadClientOptions,
} from '../../support/uploadClient';
import { jpegWith } from './jpegFixtures';
import { nodeFile, writeSeededFile } from './nodeFile';
import { signedIn } from './support';
import { wav } from '../../support/wav';

const MiB = 1024 * 1024;

let s: TestServer;
let token: string;
let dir: string;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
  dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-uploads-'));
});
afterAll(async () => {
  for (const p of proxies) await p.close();
  await s.stop();
  await rm(dir, { recursive: true, force: true });
});

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface RealStoreOptions extends Omit<UploadClientOptions, 'apiBase' | 'identity'> {
  readonly apiBase?: string;
  /** Who calls: signed in with the demo token, or a guest device (changeable later). */
  readonly identity?: { token: string | null; device: string };
}

/** A store with the real upload capabilities pointed at the reference server (or a proxy). */
const realStore = (o: RealStoreOptions = {}) => {
  const identity = o.identity ?? { token, device: 'upload-contract-device' };
  const store = uploadClient({
    ...o,
    apiBase: o.apiBase ?? s.baseUrl,
    identity,
    hosts: o.hosts ?? { primary: s.baseUrl, alternate: s.baseUrl },
  });
  return { store, identity };
};

const settled = settledUpload;
const storedSha = (url: string): Promise<string> => fetchedSha(s.baseUrl + url);
const count = countEvents;

describe('the upload calls of spec §7 against the reference server, through the real epics', () => {
  it('uploads a JPEG through pre-sign, one PUT and image confirm, with its EXIF stripped (spec §5)', async () => {
    const { store } = realStore();
    const { withExif, withoutExif } = jpegWith({ orientation: 1, xmp: true });
    const done = settled(store, 'cover');
    store.dispatch(
      startUpload({
        field: 'cover',
        file: memoryFile(withExif, { name: 'photo.jpg', type: 'image/jpeg' }),
        category: 4,
      }),
    );
    const upload = await done;
    expect(upload.phase).toMatchObject({ status: 'complete', width: 2, height: 2 });
    const url = (upload.phase as { url: string }).url;
    expect(await storedSha(url)).toBe(sha(withoutExif));
    expect(replay(store.recorder.events()).violation).toBeNull();
  });

  it('uploads audio in chunks with a chunk confirm each, then the audio file confirm', async () => {
    const { store } = realStore({ chunkBytes: 256 * 1024 });
    const bytes = wav(40); // 640 KiB: three chunks of 256 KiB
    const done = settled(store, 'voice');
    store.dispatch(
      startUpload({ field: 'voice', file: memoryFile(bytes, { name: 'voice.wav', type: 'audio/wav' }) }),
    );
    const upload = await done;
    expect(upload.phase.status).toBe('complete');
    expect(count(store, 'uploads/chunkConfirmed')).toBe(3);
    expect(await storedSha((upload.phase as { url: string }).url)).toBe(sha(bytes));
  });

  it('keeps a guest upload, then saves it to the account after login (guest/fields/save)', async () => {
    const identity = { token: null as string | null, device: 'upload-guest-device-1' };
    const storage = memoryStorage();
    const { store } = realStore({ identity, storage });
    const { withoutExif } = jpegWith({ orientation: null });
    const done = settled(store, 'referenceImage');
    store.dispatch(
      startUpload({
        field: 'referenceImage',
        file: memoryFile(withoutExif, { name: 'ref.jpg', type: 'image/jpeg' }),
      }),
    );
    const upload = await done;
    expect(upload.guest).toBe(true);
    const url = (upload.phase as { url: string }).url;
    expect(uploads.selectGuestUploads(store.getState().uploads, 'referenceImage')).toEqual([
      {
        url,
        width: 2,
        height: 2,
        category: 9,
        name: 'ref.jpg',
        size: withoutExif.length,
        mime: 'image/jpeg',
      },
    ]);
    expect(storage.map.size).toBe(1);
    // Login on this device: the same store, now with the account's token.
    identity.token = token;
    const saved = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        if (count(store, 'uploads/guestUploadsSaved') > 0) {
          unsubscribe();
          resolve();
        }
      });
    });
    store.dispatch(signedIn);
    await saved;
    expect(store.getState().uploads.guestKept).toEqual([]);
    expect(storage.map.size).toBe(0);
    const listed = await s.post('/api/v1/upload/guest/fields/list', {}, { token });
    expect(listed.json.data.fields.referenceImage).toContainEqual({
      field: 'referenceImage',
      url,
      width: 2,
      height: 2,
      category: 9,
    });
  });

  it('resumes after a "reload" from the first chunk the server has not got, and the file arrives whole', async () => {
    const size = Math.floor(1.6 * MiB);
    const bytes = new Uint8Array(size).map((_, i) => (i * 7 + (i >> 9)) & 0xff);
    const file: UploadFileHandle = memoryFile(bytes, {
      name: 'resume.mp4',
      type: 'video/mp4',
      lastModified: 1234,
    });
    const storage = memoryStorage();
    // Before the reload: chunks 3 and later never get an answer.
    const first = realStore({
      storage,
      chunkBytes: 256 * 1024,
      parallelChunks: 1,
      putChunk: (real) => (url, b, md5) =>
        /\/upload\/[\w-]+\/([3-9])\?/.test(url) ? NEVER : real(url, b, md5),
    });
    first.store.dispatch(startUpload({ field: 'video', file }));
    const until = Date.now() + 15_000;
    while (
      (readResume(storage, identityOf(file), Date.now())?.confirmed.length ?? 0) < 3 &&
      Date.now() < until
    )
      await new Promise((r) => setTimeout(r, 20));
    const record = readResume(storage, identityOf(file), Date.now())!;
    expect(record.confirmed).toEqual([0, 1, 2]);
    expect(record.preSigns).toHaveLength(7);
    // The reload: a new store with what the page had in storage.
    const copy = memoryStorage(Object.fromEntries(storage.map));
    first.store.dispatch(cancelUpload({ field: 'video' }));
    const puts: string[] = [];
    const second = realStore({
      storage: copy,
      chunkBytes: 256 * 1024,
      putChunk: (real) => (url, b, md5) => {
        puts.push(/\/upload\/[\w-]+\/(\d+)\?/.exec(url)?.[1] ?? '?');
        return real(url, b, md5);
      },
    });
    const done = settled(second.store, 'video');
    second.store.dispatch(resumeUpload({ field: 'video', file }));
    const upload = await done;
    expect(upload.phase).toMatchObject({ status: 'complete', fileId: record.fileId });
    expect(puts.sort()).toEqual(['3', '4', '5', '6']);
    expect(await storedSha((upload.phase as { url: string }).url)).toBe(sha(bytes));
    expect(copy.map.size).toBe(0);
  });
});

describe('a 200 MiB upload through a proxy that fails 10% of the chunk PUTs (503) and resets two connections', () => {
  it('arrives byte-identical (sha256 of the stored blob) with exactly one confirm', async () => {
    const started = Date.now();
    const size = 200 * MiB;
    const source = path.join(dir, 'large.bin');
    const sourceSha = await writeSeededFile(source, size, 20260101);
    const generatedMs = Date.now() - started;
    const proxy = await startFaultProxy(s.baseUrl, uploadPutRule(seededPlan(7, [2, 6])));
    proxies.push(proxy);
    const { handle, close } = await nodeFile(source, { name: 'large.mp4', type: 'video/mp4' });
    try {
      // API calls and PUTs go through the proxy; the alternate host is the server itself.
      const { store } = realStore({
        apiBase: proxy.url,
        hosts: { primary: proxy.url, alternate: s.baseUrl },
      });
      const uploadStarted = Date.now();
      const done = settled(store, 'video', 110_000);
      store.dispatch(startUpload({ field: 'video', file: handle }));
      const upload = await done;
      const uploadMs = Date.now() - uploadStarted;
      expect(upload.phase.status).toBe('complete');
      const phase = upload.phase as { url: string; fileId: string };
      const storedHash = await storedSha(phase.url);
      const chunks = Math.ceil(size / (20 * MiB));
      const figures = {
        bytes: size,
        chunks,
        chunkBytes: 20 * MiB,
        putsSeenByProxy: proxy.stats.puts,
        failuresInjected: proxy.stats.failed,
        resetsInjected: proxy.stats.resets,
        chunkFailedEvents: count(store, 'uploads/chunkFailed'),
        hostReloads: count(store, 'uploads/hostReloaded'),
        confirmsAtProxy: proxy.stats.confirms,
        generateMs: generatedMs,
        uploadMs,
        totalMs: Date.now() - started,
      };
      console.log(`large upload figures ${JSON.stringify(figures)}`);
      expect(storedHash).toBe(sourceSha);
      expect(proxy.stats.confirms).toBe(1);
      expect(proxy.stats.resets).toBe(2);
      // The seeded plan, asked again: one PUT in each ten failed.
      const plan = seededPlan(7, [2, 6]);
      const planned = Array.from({ length: proxy.stats.puts }, (_, i) => plan(i));
      expect(proxy.stats.failed).toBe(planned.filter((f) => f === 'fail').length);
      expect(proxy.stats.failed).toBeGreaterThanOrEqual(1);
      // Every injected fault was seen as a chunk failure and retried; nothing else failed.
      expect(figures.chunkFailedEvents).toBe(proxy.stats.failed + proxy.stats.resets);
      expect(proxy.stats.puts).toBe(chunks + figures.chunkFailedEvents);
      expect(count(store, 'uploads/chunkConfirmed')).toBe(chunks);
      expect(replay(store.recorder.events()).violation).toBeNull();
    } finally {
      await close();
    }
  }, 120_000);
});
