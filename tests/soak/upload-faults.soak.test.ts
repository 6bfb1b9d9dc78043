/**
 * Issue 25, figure 1 (upload faults; tus-js-client's stall tests and S3 multipart are the models):
 * the web client's own upload code (its epics, HttpClient, `fetchPutChunk` with each chunk's
 * Content-MD5) against the reference server, through the fault proxy (tests/support/faultProxy.ts).
 * - upload-faults: 1 GiB with 10 % of the chunk PUTs answered 503, 2 connections reset halfway
 *   through the body and one PUT held past the 60 s chunk timeout (a real 60 s wait): the stored
 *   file is byte-identical (sha256), confirmed once, and every chunk was PUT exactly once more
 *   than the faults planned on it (counted per chunk at the proxy).
 * - upload-close: 20 seeded runs in which the page closes (the store ends every epic, as a closed
 *   page does) while chunk k is in flight, then a new page over the same storage resumes: no chunk
 *   below k is sent again, and the file is intact.
 * - upload-flip: one byte of one chunk changed on the way: the server refuses it (400 BadDigest),
 *   the client sends that chunk again, only it.
 * The faults are planned per chunk by a seeded choice, at most two on one chunk, so no chunk uses
 * up its retries (the alternate host is the proxy too: every PUT is counted).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { tap } from 'rxjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { replay, uploads } from '../../domain/index.js';
import { CHUNK_BYTES } from '../../infrastructure/contract/uploads';
import type { AppStore } from '../../infrastructure/app/makeStore';
import { resumeUpload, startUpload } from '../../infrastructure/uploads/commands';
import { identityOf, readResume } from '../../infrastructure/uploads/records';
import { memoryFile, memoryStorage } from '../support/fakes/uploads';
import {
  chunkFaultRule,
  chunkIndexOf,
  isUploadPut,
  mulberry32,
  seededChunkFaults,
  startFaultProxy,
  type ChunkFault,
  type FaultProxy,
  type ProxyLogEntry,
} from '../support/faultProxy';
import { startTestServer, type TestServer } from '../support/server';
import { countEvents, fetchedSha, settledUpload, uploadClient } from '../support/uploadClient';
import { seededFile } from '../infrastructure/uploads/nodeFile';
import { sleep } from './support';

const MiB = 1024 * 1024;

let s: TestServer;
let token: string;
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
});
afterAll(async () => {
  for (const p of proxies) await p.close();
  await s?.stop();
});

const proxy = async (rule: Parameters<typeof startFaultProxy>[1]) => {
  const p = await startFaultProxy(s.baseUrl, rule);
  proxies.push(p);
  return p;
};

/** The chunk PUTs the proxy saw of one upload (by its file id), in arrival order. */
const putsOf = (p: FaultProxy, fileId: string, from = 0): ProxyLogEntry[] =>
  p.stats.log.slice(from).filter((e) => isUploadPut(e) && e.path.startsWith(`/upload/${fileId}/`));

/** PUTs per chunk index. */
const perChunk = (entries: readonly ProxyLogEntry[]): Map<number, ProxyLogEntry[]> => {
  const out = new Map<number, ProxyLogEntry[]>();
  for (const e of entries) {
    const i = chunkIndexOf(e.path);
    if (i !== null) out.set(i, [...(out.get(i) ?? []), e]);
  }
  return out;
};

const until = async (probe: () => boolean, what: string, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
};

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** How the proxy's log names each planned fault. */
const LOGGED: Readonly<Record<ChunkFault, ProxyLogEntry['fault']>> = {
  fail: 'status',
  reset: 'reset',
  stall: 'stall',
  flip: 'flip',
};

/**
 * The sha256 of the stored blob: a file this large stays on the server's disk (storage 'disk',
 * server/uploads/service.ts), read there rather than through HTTP in this same process.
 */
const storedSha = async (fileId: string): Promise<string> => {
  const [row] = await s.server.ctx.db.query<{ storage: string }>(
    'SELECT storage FROM uploads WHERE file_id = $1',
    [fileId],
  );
  expect(row?.storage).toBe('disk');
  const hash = createHash('sha256');
  for await (const piece of createReadStream(path.join(s.config.dataDir, 'uploads', 'files', fileId)))
    hash.update(piece as Buffer);
  return hash.digest('hex');
};

const phaseOf = (u: uploads.Upload) => u.phase as { status: string; url: string; fileId: string };

it('upload-faults: 1 GiB through 10 % 5xx, 2 resets and one chunk stalled past the 60 s timeout: sha256 equal, one confirm, no extra re-send', async () => {
  const size = 1024 * MiB;
  const chunks = Math.ceil(size / CHUNK_BYTES);
  // The picked file: 1 GiB of seeded bytes, made as the upload reads them.
  const film = seededFile(size, 20261128, { name: 'film.mp4', type: 'video/mp4' });
  const sourceSha = film.sha256();
  // 10 % of all PUTs (chunks + every fault's retry) are 503s: F = (chunks + 3 + F) / 10.
  const failures = Math.round((chunks + 3) / 9);
  const plan = seededChunkFaults(25, chunks, { fail: failures, reset: 2 });
  // The stall early, on a chunk without other faults, so its 60 s overlap the other chunks' work.
  const stalled = Array.from({ length: chunks }, (_, i) => i).find((i) => i > 0 && !plan.has(i))!;
  plan.set(stalled, ['stall']);
  const p = await proxy(chunkFaultRule(plan, uploads.CHUNK_TIMEOUT_MS + 60_000));
  {
    const store = uploadClient({
      apiBase: p.url,
      identity: { token, device: 'upload-faults' },
      hosts: { primary: p.url, alternate: p.url },
    });
    const done = settledUpload(store, 'video', 540_000);
    store.dispatch(startUpload({ field: 'video', file: film.handle }));
    const upload = await done;
    expect(upload.phase.status, JSON.stringify(upload.phase)).toBe('complete');
    const { url, fileId } = phaseOf(upload);
    const sha = await storedSha(fileId);
    // And the file's address serves it, whole.
    const served = await fetch(s.baseUrl + url);
    expect([served.status, served.headers.get('content-length')]).toEqual([200, String(size)]);
    await served.body?.cancel();

    const byChunk = perChunk(putsOf(p, fileId));
    const planned = (i: number): readonly ChunkFault[] => plan.get(i) ?? [];
    let extra = 0;
    for (let i = 0; i < chunks; i++) {
      const puts = byChunk.get(i) ?? [];
      // What the proxy did to this chunk's attempts is what was planned, then one that passed.
      expect(
        puts.map((e) => e.fault),
        `chunk ${i}`,
      ).toEqual([...planned(i).map((f) => LOGGED[f]), 'pass']);
      extra += Math.max(0, puts.length - 1 - planned(i).length);
    }
    const faults = p.stats.failed + p.stats.resets + p.stats.stalls;
    const stall = putsOf(p, fileId).find((e) => e.fault === 'stall')!;
    console.log(
      `upload-faults: ${size / MiB} MiB, ${faults} faults (${p.stats.failed} 5xx, ${p.stats.resets} resets, ` +
        `${p.stats.stalls} stall), sha256 ${sha === sourceSha ? 'equal' : 'DIFFERENT'}, ${p.stats.confirms} confirm, ` +
        `${extra} extra re-sends`,
    );
    expect(sha).toBe(sourceSha);
    expect(p.stats.confirms).toBe(1);
    expect(extra).toBe(0);
    expect([p.stats.failed, p.stats.resets, p.stats.stalls]).toEqual([failures, 2, 1]);
    // One PUT in ten was a 503.
    expect(Math.round(p.stats.puts / 10)).toBe(p.stats.failed);
    // The stalled PUT ended because the client gave up on it (its 60 s chunk timeout), not the proxy.
    expect(stall.clientGaveUp).toBe(true);
    expect(countEvents(store, 'uploads/chunkFailed')).toBe(faults);
    expect(countEvents(store, 'uploads/hostReloaded')).toBe(0);
    expect(countEvents(store, 'uploads/chunkConfirmed')).toBe(chunks);
    expect(replay(store.recorder.events()).violation).toBeNull();
  }
}, 600_000);

it('upload-close: the page closed while chunk k is in flight, 20 seeded runs: chunks below k never sent again, every file intact', async () => {
  const RUNS = 20;
  const CHUNK = 256 * 1024;
  const CHUNKS = 16;
  const random = mulberry32(2511);
  const bytes = Uint8Array.from({ length: CHUNK * CHUNKS - 1000 }, () => Math.floor(random() * 256));
  const sourceSha = sha256(bytes);
  // The k of the run that is on: its chunk k's first PUT is held until the page closes.
  let k = 0;
  const p = await proxy((req) =>
    isUploadPut(req) && chunkIndexOf(req.path) === k && req.ordinal === 0 ? { stallMs: 300_000 } : 'pass',
  );
  let belowKResent = 0;
  let intact = 0;
  const ks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    k = 1 + Math.floor(random() * (CHUNKS - 1));
    ks.push(k);
    const file = memoryFile(bytes, { name: `take-${run}.mp4`, type: 'video/mp4', lastModified: run });
    const storage = memoryStorage();
    const page = (): AppStore =>
      uploadClient({
        apiBase: s.baseUrl,
        identity: { token, device: 'upload-close' },
        hosts: { primary: p.url, alternate: p.url },
        storage,
        chunkBytes: CHUNK,
      });
    const before = page();
    before.dispatch(startUpload({ field: 'video', file }));
    const confirmedBelowK = () =>
      new Set(
        before.recorder
          .events()
          .filter((e) => e.type === 'uploads/chunkConfirmed')
          .map((e) => (e.payload as { index: number }).index)
          .filter((i) => i < k),
      ).size === k;
    const held = () => p.stats.log.find((e) => e.fault === 'stall' && !e.clientGaveUp && e.status === null);
    await until(
      () => confirmedBelowK() && held() !== undefined,
      `run ${run}: chunks below ${k} and ${k} in flight`,
    );
    const inFlight = held()!;
    const record = readResume(storage, identityOf(file), Date.now())!;
    const fileId = record.fileId;
    expect(inFlight.path).toBe(`/upload/${fileId}/${k}`);
    // The page closes: every epic ends, the PUT in flight is aborted, nothing more is written.
    before.close();
    await until(() => inFlight.clientGaveUp, `run ${run}: the held PUT aborted`);
    const mark = p.stats.log.length;
    const after = page();
    const done = settledUpload(after, 'video', 60_000);
    after.dispatch(resumeUpload({ field: 'video', file }));
    const upload = await done;
    expect(upload.phase.status, `run ${run}`).toBe('complete');
    expect(phaseOf(upload).fileId, `run ${run} resumed its upload`).toBe(fileId);
    const resent = putsOf(p, fileId, mark).map((e) => chunkIndexOf(e.path)!);
    belowKResent += resent.filter((i) => i < k).length;
    expect(resent, `run ${run}`).toContain(k);
    if ((await fetchedSha(s.baseUrl + phaseOf(upload).url)) === sourceSha) intact += 1;
    after.close();
  }
  console.log(
    `upload-close: ${RUNS} runs, chunks below k re-sent ${belowKResent} times, ${intact} files intact`,
  );
  expect(belowKResent, `k of the runs: ${ks.join(' ')}`).toBe(0);
  expect(intact).toBe(RUNS);
}, 300_000);

it('upload-flip: one byte flipped in one chunk on the way: detected by its Content-MD5 (400 BadDigest), that chunk re-sent, only it', async () => {
  const CHUNK = 256 * 1024;
  const CHUNKS = 8;
  const random = mulberry32(2512);
  const bytes = Uint8Array.from({ length: CHUNK * CHUNKS }, () => Math.floor(random() * 256));
  const sourceSha = sha256(bytes);
  const flipped = Math.floor(random() * CHUNKS);
  const p = await proxy(chunkFaultRule(new Map([[flipped, ['flip']]]), 0));
  const outcomes: { badDigest: boolean; status: number }[] = [];
  const store = uploadClient({
    apiBase: s.baseUrl,
    identity: { token, device: 'upload-flip' },
    hosts: { primary: p.url, alternate: p.url },
    chunkBytes: CHUNK,
    putChunk: (real) => (url, b, md5) =>
      real(url, b, md5).pipe(
        tap((o) => outcomes.push({ badDigest: o.badDigest === true, status: o.status })),
      ),
  });
  const done = settledUpload(store, 'video', 60_000);
  store.dispatch(
    startUpload({ field: 'video', file: memoryFile(bytes, { name: 'flip.mp4', type: 'video/mp4' }) }),
  );
  const upload = await done;
  expect(upload.phase.status).toBe('complete');
  const { url, fileId } = phaseOf(upload);
  const byChunk = perChunk(putsOf(p, fileId));
  const resent = [...byChunk].filter(([, puts]) => puts.length > 1).map(([i]) => i);
  const refusals = outcomes.filter((o) => o.badDigest);
  const flip = byChunk.get(flipped)?.[0];
  console.log(
    `upload-flip: 1 byte flipped in chunk ${flipped}, ${refusals.length === 1 ? 'detected (BadDigest)' : 'NOT detected'}, ` +
      `re-sent ${resent.length} chunk`,
  );
  expect(p.stats.flips).toBe(1);
  expect(flip?.fault).toBe('flip');
  expect(flip?.status).toBe(400);
  expect(refusals).toEqual([{ badDigest: true, status: 400 }]);
  expect(resent).toEqual([flipped]);
  expect(byChunk.get(flipped)).toHaveLength(2);
  expect(byChunk.size).toBe(CHUNKS);
  expect(countEvents(store, 'uploads/chunkFailed')).toBe(1);
  expect(await fetchedSha(s.baseUrl + url)).toBe(sourceSha);
}, 120_000);
