/**
 * Issue 23, figure 3: a 200 MiB upload by the web client's own upload code through HAProxy in front
 * of two `npm run serve` processes on one PostgreSQL. With the disk store (one shared directory)
 * its chunks go to both processes in turn; with the S3 store (s3rver, started here) the chunks go
 * straight to the store and no byte of the file passes through a server process. Either way: one
 * file, sha256 equal, one confirm. HAProxy's own counters say where the requests and bytes went.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { replay } from '../../domain/index.js';
import type { AppStore } from '../../infrastructure/app/makeStore';
import { startUpload } from '../../infrastructure/uploads/commands';
import { startPgCluster, type PgCluster } from '../support/pgCluster';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { fetchedSha, settledUpload, uploadClient } from '../support/uploadClient';
import { nodeFile, writeSeededFile } from '../infrastructure/uploads/nodeFile';
import { makeMembers, signIn, startHaproxy, startServerProcess, type ServerProcess } from './processes';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
const CHUNK = 20 * MiB;

let cluster: PgCluster;
let s3: LocalS3;
let dir: string;
let source: string;
let sourceSha: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  [cluster, s3] = await Promise.all([startPgCluster(), startLocalS3()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-scaled-up-'));
  source = path.join(dir, 'film.mp4');
  sourceSha = await writeSeededFile(source, SIZE, 20261128);
});

afterAll(async () => {
  for (const p of running) await p.stop().catch(() => undefined);
  await s3?.stop();
  cluster?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The web client's upload code (its epics, HTTP client, chunk PUTs over Node's fetch) through `base`. */
const clientStore = (base: string, token: string): AppStore =>
  uploadClient({ apiBase: base, identity: { token, device: 'scaled-upload' }, chunkBytes: CHUNK });

const uploadThroughTwo = async (label: string, env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `atelier-scaled-${label}-`));
  const common = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, ...env };
  const a = await startServerProcess(common);
  running.push(a);
  const b = await startServerProcess(common);
  running.push(b);
  const lb = await startHaproxy(a.url, b.url);
  try {
    const members = await makeMembers(cluster.url, `upload-${label}`, 1, 0);
    const token = await signIn(lb.url, `${members.ids[0]}@atelier.test`, members.password);
    const before = await lb.counters();
    const seenByS3 = s3.seen.length;
    const store = clientStore(lb.url, token);
    const { handle, close } = await nodeFile(source, { name: 'film.mp4', type: 'video/mp4' });
    const started = Date.now();
    try {
      const done = settledUpload(store, 'video', 150_000);
      store.dispatch(startUpload({ field: 'video', file: handle }));
      const upload = await done;
      const ms = Date.now() - started;
      if (upload.phase.status !== 'complete')
        console.log(`server a:\n${a.output().slice(-3000)}\nserver b:\n${b.output().slice(-3000)}`);
      expect(upload.phase.status, JSON.stringify(upload.phase)).toBe('complete');
      const phase = upload.phase as { url: string };
      const url = /^https?:/.test(phase.url) ? phase.url : `${lb.url}${phase.url}`;
      const after = await lb.counters();
      const delta = (line: string) => ({
        responses: after[line]!.responses2xx - before[line]!.responses2xx,
        mib: (after[line]!.bytesIn - before[line]!.bytesIn) / MiB,
      });
      const events = store.recorder.events();
      const confirms = events.filter((e) => e.type === 'uploads/confirmed').length;
      const partPutsAtS3 = s3.seen
        .slice(seenByS3)
        .filter((r) => r.method === 'PUT' && r.query.includes('partNumber')).length;
      return {
        ms,
        sha: await fetchedSha(url),
        a: delta('a'),
        b: delta('b'),
        confirms,
        partPutsAtS3,
        chunksConfirmed: events.filter((e) => e.type === 'uploads/chunkConfirmed').length,
        violation: replay(events).violation,
      };
    } finally {
      await close();
    }
  } finally {
    await lb.stop();
    await b.stop();
    await a.stop();
    running.length = 0;
    rmSync(dataDir, { recursive: true, force: true });
  }
};

it('a 200 MiB upload through HAProxy and two processes: the disk store takes its chunks on both processes in turn; the S3 store takes them straight, no byte through a process; one file, sha256 equal, one confirm', async () => {
  const disk = await uploadThroughTwo('disk', {});
  const onS3 = await uploadThroughTwo('s3', {
    BLOB_STORE_URL: `s3://${s3.bucket}`,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  });
  const line = (name: string, r: typeof disk) =>
    `${name}: ${r.ms} ms, through process a ${r.a.responses} requests / ${r.a.mib.toFixed(1)} MiB in, ` +
    `b ${r.b.responses} / ${r.b.mib.toFixed(1)} MiB, part PUTs at S3 ${r.partPutsAtS3}, ` +
    `${r.chunksConfirmed} chunks, ${r.confirms} confirm, sha256 ${r.sha === sourceSha ? 'equal' : 'DIFFERENT'}`;
  console.log(
    `scaled-uploads: 200 MiB in ${SIZE / CHUNK} chunks; ${line('disk', disk)}; ${line('s3', onS3)}`,
  );

  for (const r of [disk, onS3]) {
    expect(r.sha).toBe(sourceSha);
    expect(r.confirms).toBe(1);
    expect(r.chunksConfirmed).toBe(SIZE / CHUNK);
    expect(r.violation).toBeNull();
  }
  // Disk: the chunks went to both processes (round robin), together the whole file.
  // Each process took at least one whole chunk (HAProxy's bytes in count the headers too).
  expect(disk.a.mib).toBeGreaterThanOrEqual(CHUNK / MiB);
  expect(disk.b.mib).toBeGreaterThanOrEqual(CHUNK / MiB);
  expect(disk.a.mib + disk.b.mib).toBeGreaterThanOrEqual(200);
  // S3: every part went to the store; the processes saw the calls, not the bytes.
  expect(onS3.partPutsAtS3).toBeGreaterThanOrEqual(SIZE / CHUNK);
  expect(onS3.a.mib + onS3.b.mib).toBeLessThan(1);
}, 400_000);
