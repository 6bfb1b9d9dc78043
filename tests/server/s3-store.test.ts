/**
 * The S3-compatible blob store (issue 23) against a local S3-compatible server this file starts
 * (s3rver in a temp directory on a random port, tests/support/s3.ts): the store's own calls,
 * pre-signed downloads fetched with plain fetch, uploads whose parts are PUT straight to the store
 * (never through a server process), the size checks at the store and at confirm, each part's
 * Content-MD5 signed into its URL and checked by the store (a part damaged on the way refused with
 * BadDigest and sent again), the web client's own upload epics unchanged, and one finalisation when two server processes on one database
 * confirm the same upload at once, on S3 and on the disk store.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UploadPartCommand } from '@aws-sdk/client-s3';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../infrastructure/http/client';
import { startUpload } from '../../infrastructure/uploads/commands';
import { buildServer, type Server } from '../../server/app';
import { s3BlobStore } from '../../server/blobs/s3';
import { diskBlobStore, type BlobStore } from '../../server/blobs/store';
import { blobStoreConfigOf } from '../../server/config';
import { memoryFile } from '../support/fakes/uploads';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { startTestServer, type Json, type TestServer } from '../support/server';
import { countEvents, settledUpload, uploadClient } from '../support/uploadClient';
import { wav } from '../support/wav';

const MiB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let s3: LocalS3;
/** The server under test: its blob store is the bucket, chosen by its configuration. */
let main: TestServer;
let token: string;
/** Every request line main logged (pino JSON): which routes were called. */
const requestLines: string[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  main = await startTestServer({ blobStore: s3.config }, false, {
    logger: { level: 'info', stream: { write: (line) => void requestLines.push(line) } },
  });
  token = await main.login();
}, 60_000);
afterAll(async () => {
  await main?.stop();
  await s3?.stop();
});

const call = async (base: string, p: string, body: unknown): Promise<{ status: number; json: Json }> => {
  const r = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-id': 's3-test-device', token },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
};
const api = (p: string, body: unknown) => call(main.baseUrl, p, body);

/** A PUT as the web client sends it (infrastructure/uploads/browser.ts `fetchPutChunk`). */
const put = async (url: string, bytes: Uint8Array) => {
  const r = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  await r.arrayBuffer();
  return r.status;
};

const slices = (bytes: Buffer, chunk: number) =>
  Array.from({ length: Math.max(1, Math.ceil(bytes.length / chunk)) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );

const png = (w: number, h: number) => {
  const p = new PNG({ width: w, height: h });
  p.data.fill(120);
  return PNG.sync.write(p);
};

const chunksThroughServer = async (fileId: string) =>
  Number(
    (
      await main.server.ctx.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM upload_chunks WHERE file_id = $1',
        [fileId],
      )
    )[0]!.n,
  );
const chunkRouteCalls = () => requestLines.filter((l) => /"url":"\/upload\//.test(l)).length;
const partPutsSeen = (uploadId: string) =>
  s3.seen.filter((r) => r.method === 'PUT' && r.query.includes(`uploadId=${uploadId}`) && r.refused === null)
    .length;

describe('configuration', () => {
  it('BLOB_STORE_URL picks the store: unset is the disk, s3://bucket/prefix is S3, anything else is refused', () => {
    expect(blobStoreConfigOf({})).toEqual({ kind: 'disk' });
    expect(
      blobStoreConfigOf({
        BLOB_STORE_URL: 's3://atelier-blobs/prod/one/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: '1',
        S3_CORS_ORIGINS: 'https://atelier.example, http://localhost:8080',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'atelier-blobs',
      prefix: 'prod/one',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      corsOrigins: ['https://atelier.example', 'http://localhost:8080'],
    });
    expect(() => blobStoreConfigOf({ BLOB_STORE_URL: 'gs://bucket' })).toThrow(/s3:\/\/bucket/);
    expect(() => blobStoreConfigOf({ BLOB_STORE_URL: 's3://b' })).toThrow();
    expect(() => blobStoreConfigOf({ BLOB_STORE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /together/,
    );
  });
});

describe('the S3 store', () => {
  it('puts, gets, stats, reads a range, removes; a missing or unsafe key is null', async () => {
    const store: BlobStore = s3.store;
    const bytes = randomBytes(100_000);
    await store.put('tests/one/blob.bin', bytes);
    expect(sha((await store.get('tests/one/blob.bin'))!)).toBe(sha(bytes));
    expect(await store.stat('tests/one/blob.bin')).toEqual({ size: 100_000 });
    const range = await store.read('tests/one/blob.bin', { start: 10, end: 19 });
    const pieces: Buffer[] = [];
    for await (const piece of range as AsyncIterable<Buffer>) pieces.push(piece);
    expect(Buffer.concat(pieces)).toEqual(bytes.subarray(10, 20));
    // Under the configured prefix in the bucket.
    expect(s3.store.objectKey('tests/one/blob.bin')).toBe('atelier/tests/one/blob.bin');
    expect(await store.get('tests/one/missing.bin')).toBeNull();
    expect(await store.stat('tests/one/missing.bin')).toBeNull();
    expect(await store.read('tests/one/missing.bin')).toBeNull();
    expect(await store.get('../escape')).toBeNull();
    await store.remove('tests/one/blob.bin');
    expect(await store.get('tests/one/blob.bin')).toBeNull();
    await store.remove('tests/one/blob.bin');
  });

  it('a download resolves to a pre-signed GET of the store, fetched with plain fetch (Range too); it expires', async () => {
    const bytes = randomBytes(3 * MiB);
    await s3.store.put('tests/dl/clip.mp4', bytes);
    const r = await api('/api/v1/download/url', { url: '/blobs/tests/dl/clip.mp4', scene: 'detail' });
    expect(r.json.status.code).toBe(10000);
    const url: string = r.json.data.url;
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/atelier/tests/dl/clip.mp4?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="clip.mp4"; filename*=UTF-8''clip.mp4`,
    );
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(bytes));
    const part = await fetch(url, { headers: { range: `bytes=${MiB}-${2 * MiB - 1}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${MiB}-${2 * MiB - 1}/${3 * MiB}`);
    // (Compared by hash: a deep equality of 1 MiB takes seconds.)
    expect(sha(Buffer.from(await part.arrayBuffer()))).toBe(sha(bytes.subarray(MiB, 2 * MiB)));
    // A URL signed an hour ago for ten minutes: the store refuses it.
    const now = Date.now();
    const old = await s3.store.signedGet('tests/dl/clip.mp4', {
      now: now - 3600_000,
      expiresAt: now - 3000_000,
    });
    expect((await fetch(old!)).status).toBe(403);
    // A file the store does not hold resolves to nothing.
    const none = await api('/api/v1/download/url', { url: '/blobs/tests/dl/none.mp4', scene: 'detail' });
    expect(none.json.status.code).toBe(10404);
  });

  it('displayed images read through the store: /blobs/ serves the original, /img/ makes and keeps a variant', async () => {
    const original = png(640, 400);
    await s3.store.put('tests/img/cover.png', original);
    const served = await main.get('/blobs/tests/img/cover.png');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(original);
    const asked = await fetch(`${main.baseUrl}/img/320/webp/tests/img/cover.png`, { redirect: 'manual' });
    expect(asked.status).toBe(302);
    const hashed = asked.headers.get('location')!;
    const variant = await main.get(hashed);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const hash = /\/img\/v\/([0-9a-f]{32})\//.exec(hashed)![1]!;
    expect(await s3.store.stat(`variants/${hash}/320.webp`)).not.toBeNull();
  });

  it('the bucket CORS rules let a browser on the site PUT parts and GET ranges', async () => {
    const { putBucketCors } = await import('../../server/blobs/s3');
    await putBucketCors(s3.store, ['http://localhost:8080']);
    const preflight = (method: string, headers: string) =>
      fetch(`${s3.endpoint}/${s3.bucket}/atelier/tests/cors.bin`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:8080',
          'access-control-request-method': method,
          'access-control-request-headers': headers,
        },
      });
    const putOk = await preflight('PUT', 'content-type,content-md5');
    expect(putOk.status).toBe(200);
    // S3 echoes the origin; s3rver answers `*` for any origin a rule allows.
    expect(['http://localhost:8080', '*']).toContain(putOk.headers.get('access-control-allow-origin'));
    expect(putOk.headers.get('access-control-allow-methods')).toContain('PUT');
    expect((await preflight('GET', 'range')).status).toBe(200);
    const elsewhere = await fetch(`${s3.endpoint}/${s3.bucket}/atelier/tests/cors.bin`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(elsewhere.status).toBe(403);
  });
});

describe('uploads straight to the store (S3 multipart, pre-signed part URLs)', () => {
  it('a chunked file: parts PUT with plain fetch to the store, checked, confirmed; sha256 equal; no byte through the server', async () => {
    const bytes = randomBytes(11 * MiB + 12_345);
    const routeCallsBefore = chunkRouteCalls();
    // 1 MiB asked: the store's least part size (5 MiB) is what the server answers.
    const c = await api('/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'clip.mp4',
      content_type: 'video/mp4',
      chunk_size: MiB,
      hash_val: sha(bytes),
    });
    expect(c.json.status.code).toBe(10000);
    const { file_id, pre_signs, chunk_size } = c.json.data;
    expect(chunk_size).toBe(5 * MiB);
    expect(pre_signs).toHaveLength(3);
    for (const [i, u] of (pre_signs as string[]).entries()) {
      expect(u.startsWith(`${s3.endpoint}/${s3.bucket}/atelier/uploads/${file_id}/clip.mp4?`)).toBe(true);
      expect(u).toContain(`partNumber=${i + 1}`);
      expect(u).toMatch(/X-Amz-SignedHeaders=content-length%3Bhost/);
    }
    const parts = slices(bytes, chunk_size);
    const statuses = await Promise.all((pre_signs as string[]).map((u, i) => put(u, parts[i]!)).reverse());
    expect(statuses).toEqual([200, 200, 200]);
    for (const [i, u] of (pre_signs as string[]).entries()) {
      const check = await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: u });
      expect(check.json.data).toEqual({ file_id, chunk_index: i, received: true, size: parts[i]!.length });
    }
    const done = await api('/api/v1/upload/file/confirm', { file_id });
    expect(done.json.data).toMatchObject({ status: 0, file_id, size: bytes.length, missing_chunks: [] });
    expect(done.json.data.url).toBe(`/blobs/uploads/${file_id}/clip.mp4`);
    expect(sha((await s3.store.get(`uploads/${file_id}/clip.mp4`))!)).toBe(sha(bytes));
    expect(sha(Buffer.from(await (await main.get(done.json.data.url)).arrayBuffer()))).toBe(sha(bytes));
    // Confirming again answers the same; a check after completion still answers.
    expect((await api('/api/v1/upload/file/confirm', { file_id })).json.data).toEqual(done.json.data);
    const after = await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: pre_signs[2] });
    expect(after.json.data).toMatchObject({ received: true, size: parts[2]!.length });
    // The bytes went to the store: three part PUTs there, none to the server's chunk route.
    const uploadId = new URL(pre_signs[0]).searchParams.get('uploadId')!;
    expect(partPutsSeen(uploadId)).toBe(3);
    expect(await chunksThroughServer(file_id)).toBe(0);
    expect(chunkRouteCalls()).toBe(routeCallsBefore);
    expect(requestLines.some((l) => l.includes('/api/v1/upload/file/confirm'))).toBe(true);
  });

  it('the web client uploads through the S3 store unchanged (its epics, fetchPutChunk, chunk checks), each part with its Content-MD5 signed in', async () => {
    const store = uploadClient({
      apiBase: main.baseUrl,
      identity: { token, device: 's3-client-device' },
      chunkBytes: 5 * MiB,
    });
    const bytes = randomBytes(12 * MiB + 7);
    const finished = settledUpload(store, 'clip');
    const routeCallsBefore = chunkRouteCalls();
    const seenBefore = s3.seen.length;
    store.dispatch(
      startUpload({ field: 'clip', file: memoryFile(bytes, { name: 'long.mp4', type: 'video/mp4' }) }),
    );
    const upload = await finished;
    expect(upload.phase.status).toBe('complete');
    expect(countEvents(store, 'uploads/chunkConfirmed')).toBe(3);
    const url = (upload.phase as { url: string }).url;
    expect(sha(Buffer.from(await (await main.get(url)).arrayBuffer()))).toBe(sha(bytes));
    expect(chunkRouteCalls()).toBe(routeCallsBefore);
    // Three part PUTs at the store, each with its digest signed into its URL, none refused.
    const partPuts = s3.seen
      .slice(seenBefore)
      .filter((r) => r.method === 'PUT' && r.query.includes('partNumber'));
    expect(partPuts).toHaveLength(3);
    for (const r of partPuts) {
      expect(r.refused).toBeNull();
      expect(r.query).toMatch(/X-Amz-SignedHeaders=content-length%3Bcontent-md5%3Bhost/);
    }
  });

  it('one byte flipped in one part on the way: the store refuses it (400 BadDigest, nothing kept), the client sends that part again, only it', async () => {
    let partPuts = 0;
    let flipped: string | null = null;
    // The second part PUT has one byte changed after its Content-MD5 was made: damage in transit.
    const flipping: FetchLike = (input, init) => {
      if (init.method !== 'PUT' || !input.includes('partNumber=')) return fetch(input, init);
      partPuts += 1;
      if (partPuts !== 2) return fetch(input, init);
      flipped = new URL(input).searchParams.get('partNumber');
      const body = Buffer.from(init.body as Uint8Array);
      body[1000] = body[1000]! ^ 0x01;
      return fetch(input, { ...init, body });
    };
    const store = uploadClient({
      apiBase: main.baseUrl,
      identity: { token, device: 's3-flip-device' },
      chunkBytes: 5 * MiB,
      parallelChunks: 1,
      putFetch: flipping,
    });
    const bytes = randomBytes(11 * MiB);
    const seenBefore = s3.seen.length;
    const finished = settledUpload(store, 'clip');
    store.dispatch(
      startUpload({ field: 'clip', file: memoryFile(bytes, { name: 'flip.mp4', type: 'video/mp4' }) }),
    );
    const upload = await finished;
    expect(upload.phase.status).toBe('complete');
    expect(
      sha(Buffer.from(await (await main.get((upload.phase as { url: string }).url)).arrayBuffer())),
    ).toBe(sha(bytes));
    const puts = s3.seen
      .slice(seenBefore)
      .filter((r) => r.method === 'PUT' && r.query.includes('partNumber'))
      .map((r) => `${new URLSearchParams(r.query).get('partNumber')}:${r.refused ?? 'ok'}`);
    expect(flipped).toBe('2');
    expect(puts).toEqual(['1:ok', '2:BadDigest', '2:ok', '3:ok']);
    expect(countEvents(store, 'uploads/chunkFailed')).toBe(1);
  }, 30_000);

  it('the store takes a Content-MD5 only where the URL signed it, and checks the bytes against it', async () => {
    const bytes = randomBytes(6 * MiB);
    const md5 = createHash('md5').update(bytes).digest('base64');
    const c = await api('/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'digest.mp4',
      content_type: 'video/mp4',
    });
    const { file_id, pre_signs, sign_chunks } = c.json.data;
    expect(sign_chunks).toBe(true);
    const withDigest = (url: string, body: Uint8Array, digest: string) =>
      fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'content-md5': digest },
        body: body as Uint8Array<ArrayBuffer>,
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    // The config's URL did not sign a digest: S3 refuses one sent with it.
    const unsigned = await withDigest(pre_signs[0], bytes, md5);
    expect(unsigned.status).toBe(403);
    expect(unsigned.text).toContain('There were headers present in the request which were not signed');
    const signed = await api('/api/v1/upload/chunk/sign', {
      file_id,
      pre_sign_url: pre_signs[0],
      content_md5: md5,
    });
    expect(signed.json.status.code).toBe(10000);
    expect(signed.json.data).toMatchObject({ file_id, chunk_index: 0 });
    const url: string = signed.json.data.url;
    expect(url).toMatch(/X-Amz-SignedHeaders=content-length%3Bcontent-md5%3Bhost/);
    // Another digest than the signed one: refused by the signature.
    const other = createHash('md5').update('other').digest('base64');
    expect((await withDigest(url, bytes, other)).status).toBe(403);
    // The signed digest over bytes that do not have it: BadDigest, and nothing kept.
    const damaged = Buffer.from(bytes);
    damaged[12345] = damaged[12345]! ^ 0x80;
    const bad = await withDigest(url, damaged, md5);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('<Code>BadDigest</Code>');
    const check = await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: pre_signs[0] });
    expect(check.json.data).toMatchObject({ received: false, size: null });
    expect((await withDigest(url, bytes, md5)).status).toBe(200);
    const after = await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: pre_signs[0] });
    expect(after.json.data).toMatchObject({ received: true, size: bytes.length });
    // Not a digest, not one of this upload's URLs, another account's upload: refused (10400 / 10404).
    expect(
      (await api('/api/v1/upload/chunk/sign', { file_id, pre_sign_url: pre_signs[0], content_md5: 'abc' }))
        .json.status.code,
    ).toBe(10400);
    expect(
      (
        await api('/api/v1/upload/chunk/sign', {
          file_id,
          pre_sign_url: 'https://elsewhere/x',
          content_md5: md5,
        })
      ).json.status.code,
    ).toBe(10400);
    const stranger = await main.post(
      '/api/v1/upload/chunk/sign',
      { file_id, pre_sign_url: pre_signs[0], content_md5: md5 },
      { 'x-device-id': 'a-stranger-device' },
    );
    expect(stranger.json.status.code).toBe(10404);
  });

  it('an image (one pre-signed part) and chunked audio: sized and sniffed from the stored object', async () => {
    const image = png(300, 200);
    const pre = await api('/api/v1/upload/pre-sign', {
      content_type: 'image/png',
      file_name: 'cover.png',
      file_size: image.length,
      category: 4,
    });
    const { file_id, pre_sign, img_url } = pre.json.data;
    expect(pre_sign.startsWith(s3.endpoint)).toBe(true);
    expect(await put(pre_sign, image)).toBe(200);
    const shown = await api('/api/v1/upload/image/confirm', { file_id, category: 4 });
    expect(shown.json.data).toMatchObject({ status: 0, url: img_url, width: 300, height: 200 });
    expect(Buffer.from(await (await main.get(img_url)).arrayBuffer())).toEqual(image);

    const sound = wav(400); // 6.4 MB: two parts of 5 MiB
    const a = await api('/api/v1/upload/audio/pre-config', {
      file_name: 'voice.wav',
      content_type: 'audio/wav',
      file_size: sound.length,
    });
    expect(a.json.data.chunk_size).toBe(5 * MiB);
    const parts = slices(sound, a.json.data.chunk_size);
    for (const [i, u] of (a.json.data.pre_signs as string[]).entries()) {
      expect(await put(u, parts[i]!)).toBe(200);
      const check = await api('/api/v1/upload/audio/chunk/confirm', {
        file_id: a.json.data.file_id,
        pre_sign_url: u,
      });
      expect(check.json.data).toMatchObject({ chunk_index: i, received: true, size: parts[i]!.length });
    }
    const heard = await api('/api/v1/upload/audio/file/confirm', { file_id: a.json.data.file_id });
    expect(heard.json.data).toMatchObject({ status: 0, missing_chunks: [] });
    expect(heard.json.data.audio_info).toMatchObject({ sample_rate: 8000, channels: 1 });
  });

  it('a wrong-size part is refused: by the store at PUT (its size is signed), and by confirm (406, aborted)', async () => {
    const bytes = randomBytes(7 * MiB);
    const c = await api('/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'wrong.mp4',
      content_type: 'video/mp4',
    });
    const { file_id, pre_signs, chunk_size } = c.json.data;
    expect(chunk_size).toBe(20 * MiB);
    expect(pre_signs).toHaveLength(1);
    // Another size than the signed Content-Length: the store answers 403, which the client takes
    // as a failed upload (a 4xx other than 408 and 429 is not retried).
    expect(await put(pre_signs[0], bytes.subarray(1))).toBe(403);
    expect(await put(pre_signs[0], Buffer.concat([bytes, Buffer.from('x')]))).toBe(403);
    const refused = s3.seen.filter((r) => r.refused === 'SignatureDoesNotMatch');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(
      (await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: pre_signs[0] })).json.data,
    ).toMatchObject({
      received: false,
      size: null,
    });
    // A part of the wrong size in the store all the same (written with the store's own keys):
    // the check says what arrived, and confirm refuses the upload.
    const named = new URL(pre_signs[0]);
    await s3.store.client.send(
      new UploadPartCommand({
        Bucket: s3.bucket,
        Key: s3.store.objectKey(`uploads/${file_id}/wrong.mp4`),
        UploadId: named.searchParams.get('uploadId')!,
        PartNumber: 1,
        Body: bytes.subarray(0, 5 * MiB),
      }),
    );
    const check = await api('/api/v1/upload/chunk/check', { file_id, pre_sign_url: pre_signs[0] });
    expect(check.json.data).toMatchObject({ received: true, size: 5 * MiB });
    const done = await api('/api/v1/upload/file/confirm', { file_id });
    expect(done.json.data).toMatchObject({ status: 406, url: null });
    expect((await api('/api/v1/upload/file/confirm', { file_id })).json.data.status).toBe(406);
    expect(await s3.store.stat(`uploads/${file_id}/wrong.mp4`)).toBeNull();
    expect(
      await s3.store.multipart.listParts(`uploads/${file_id}/wrong.mp4`, named.searchParams.get('uploadId')!),
    ).toEqual([]);
  });

  it('a file over 64 MiB stays in the store: its address redirects to a pre-signed GET', async () => {
    const bytes = randomBytes(65 * MiB);
    const c = await api('/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'long.mp4',
      content_type: 'video/mp4',
    });
    const parts = slices(bytes, c.json.data.chunk_size);
    expect(await Promise.all((c.json.data.pre_signs as string[]).map((u, i) => put(u, parts[i]!)))).toEqual([
      200, 200, 200, 200,
    ]);
    const done = await api('/api/v1/upload/file/confirm', { file_id: c.json.data.file_id });
    expect(done.json.data).toMatchObject({ status: 0, size: bytes.length });
    expect(done.json.data.url).toBe(`/uploads/${c.json.data.file_id}/long.mp4`);
    const r = await fetch(main.baseUrl + done.json.data.url, { redirect: 'manual' });
    expect(r.status).toBe(302);
    const location = r.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/atelier/uploads/`)).toBe(true);
    const file = await fetch(location);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(bytes));
  });

  it('a part PUT through the server to a multipart upload is refused', async () => {
    const c = await api('/api/v1/upload/config', {
      file_size: 1000,
      file_name: 'a.mp4',
      content_type: 'video/mp4',
    });
    const r = await fetch(`${main.baseUrl}/upload/${c.json.data.file_id}/0?exp=1&sig=x`, {
      method: 'PUT',
      body: 'x',
    });
    expect(r.status).toBe(403);
  });
});

describe('two server processes on one database confirm one upload at once: one finalisation, one answer', () => {
  interface Counts {
    completes: number;
    uploadPuts: number;
  }
  /** The store, counting finalisations (and holding each a moment, so that confirms overlap). */
  const counted = (inner: BlobStore, counts: Counts): BlobStore => ({
    ...inner,
    put: async (key, bytes) => {
      if (key.startsWith('uploads/')) {
        counts.uploadPuts += 1;
        await sleep(150);
      }
      return inner.put(key, bytes);
    },
    multipart:
      inner.multipart === null
        ? null
        : {
            ...inner.multipart,
            complete: async (key, uploadId, parts) => {
              counts.completes += 1;
              await sleep(150);
              return inner.multipart!.complete(key, uploadId, parts);
            },
          },
  });

  const onS3: Counts = { completes: 0, uploadPuts: 0 };
  const onDisk: Counts = { completes: 0, uploadPuts: 0 };
  const servers: { server: Server; base: string }[] = [];
  const also = async (blobs: BlobStore) => {
    const server = await buildServer(main.config, { db: main.server.ctx.db, blobs, runEngines: false });
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    servers.push({ server, base });
    return base;
  };
  let s3A: string;
  let s3B: string;
  let diskA: string;
  let diskB: string;
  beforeAll(async () => {
    s3A = await also(counted(s3BlobStore(s3.config), onS3));
    s3B = await also(counted(s3BlobStore(s3.config), onS3));
    // The disk processes share the data directory (upload chunks are kept there until confirm).
    const blobsDir = path.join(main.config.dataDir, 'blobs');
    diskA = await also(counted(diskBlobStore(blobsDir), onDisk));
    diskB = await also(counted(diskBlobStore(blobsDir), onDisk));
  }, 60_000);
  afterAll(async () => {
    for (const { server } of servers) await server.close();
  });

  const both = (a: string, b: string, p: string, body: unknown) =>
    Promise.all([call(a, p, body), call(b, p, body)]);
  const rowOf = async (fileId: string) =>
    (
      await main.server.ctx.db.query<{ status: string; finalizing_until: unknown }>(
        'SELECT status, finalizing_until FROM uploads WHERE file_id = $1',
        [fileId],
      )
    )[0];

  it('on S3', async () => {
    const bytes = randomBytes(6 * MiB + 5);
    const c = await call(s3A, '/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'race.mp4',
      content_type: 'video/mp4',
      chunk_size: 5 * MiB,
      hash_val: sha(bytes),
    });
    const { file_id, pre_signs } = c.json.data;
    const parts = slices(bytes, 5 * MiB);
    expect(await Promise.all((pre_signs as string[]).map((u, i) => put(u, parts[i]!)))).toEqual([200, 200]);
    const before = onS3.completes;
    const [a, b] = await both(s3A, s3B, '/api/v1/upload/file/confirm', { file_id });
    expect(a.json.data).toMatchObject({ status: 0, size: bytes.length });
    expect(b.json.data).toEqual(a.json.data);
    expect(onS3.completes - before).toBe(1);
    expect(await rowOf(file_id)).toEqual({ status: 'complete', finalizing_until: null });
    expect(sha((await s3.store.get(`uploads/${file_id}/race.mp4`))!)).toBe(sha(bytes));

    // A failure is answered alike too: a file that is not audio, confirmed twice at once.
    const noise = randomBytes(64 * 1024);
    const n = await call(s3A, '/api/v1/upload/audio/pre-config', {
      file_name: 'noise.wav',
      content_type: 'audio/wav',
      file_size: noise.length,
    });
    expect(await put(n.json.data.pre_signs[0], noise)).toBe(200);
    const failedBefore = onS3.completes;
    const [x, y] = await both(s3A, s3B, '/api/v1/upload/audio/file/confirm', {
      file_id: n.json.data.file_id,
    });
    expect(x.json.status.code).toBe(30010);
    expect(y.json.status).toEqual(x.json.status);
    expect(onS3.completes - failedBefore).toBe(1);
  });

  it('on the disk store', async () => {
    const bytes = randomBytes(700 * 1024);
    const c = await call(diskA, '/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'race.mp4',
      content_type: 'video/mp4',
      chunk_size: 256 * 1024,
      hash_val: sha(bytes),
    });
    const { file_id, pre_signs } = c.json.data;
    expect(pre_signs[0]).toMatch(/^\/upload\//);
    const parts = slices(bytes, 256 * 1024);
    // The chunks go to either process; both keep them in the shared data directory.
    expect(
      await Promise.all(
        (pre_signs as string[]).map((u, i) => put((i % 2 === 0 ? diskA : diskB) + u, parts[i]!)),
      ),
    ).toEqual([200, 200, 200]);
    const before = onDisk.uploadPuts;
    const [a, b] = await both(diskA, diskB, '/api/v1/upload/file/confirm', { file_id });
    expect(a.json.data).toMatchObject({ status: 0, size: bytes.length });
    expect(b.json.data).toEqual(a.json.data);
    expect(onDisk.uploadPuts - before).toBe(1);
    expect(await rowOf(file_id)).toEqual({ status: 'complete', finalizing_until: null });
    expect(sha(Buffer.from(await (await fetch(diskB + a.json.data.url)).arrayBuffer()))).toBe(sha(bytes));

    // Refused alike: a sha256 that does not match, confirmed twice at once.
    const wrong = await call(diskB, '/api/v1/upload/config', {
      file_size: bytes.length,
      file_name: 'wrong.mp4',
      content_type: 'video/mp4',
      hash_val: sha(Buffer.from('another file')),
    });
    expect(await put(diskB + wrong.json.data.pre_signs[0], bytes)).toBe(200);
    const [x, y] = await both(diskA, diskB, '/api/v1/upload/file/confirm', {
      file_id: wrong.json.data.file_id,
    });
    expect(x.json.data).toMatchObject({ status: 406, url: null });
    expect(y.json.data).toEqual(x.json.data);
  });
});
