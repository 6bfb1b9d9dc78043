/**
 * Issue 13 (server): images are decoded, resized and encoded with sharp (libvips, in its own
 * threads). Every image a browser produces (JPEG baseline and progressive, PNG, WebP, AVIF, GIF)
 * goes through the real upload routes into a tool task that reads it and completes with a real
 * PNG of the expected size (not failed, not refunded); and while an ultra-HD upscale to 3072x3072
 * renders, the event loop still answers `/api/v1/ping` quickly.
 *
 * The engines do not run on a timer here: each test drives `ctx.tasks.tick(at)` itself.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth';
import { credit } from '../../server/ledger';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let token: string;

const code = (r: { json: Json }) => r.json.status.code as number;

const makeAccount = async (id: string, coins: number): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  await credit(db, id, 'paid', coins, 'test', null, 0);
  await db.query(
    'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 3, 1, $2)',
    [id, Date.now() + 86_400_000],
  );
  return s.login(`${id}@atelier.test`, `pw-${id}`);
};

/** Uploads through pre-sign, PUT and confirm; the confirmed URL, or the confirm's answer when refused. */
const upload = async (bytes: Buffer, contentType: string, ext: string): Promise<string> => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const p = await s.post(
    '/api/v1/upload/pre-sign',
    { content_type: contentType, file_name: `photo.${ext}`, file_size: bytes.length, hash_val: sha },
    { token },
  );
  expect(code(p)).toBe(10000);
  const put = await fetch(s.baseUrl + p.json.data.pre_sign, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  const done = await s.post('/api/v1/upload/image/confirm', { file_id: p.json.data.file_id }, { token });
  expect(done.json.data.status, `confirm of ${contentType}`).toBe(0);
  return done.json.data.url as string;
};

/** A photo-like picture: smooth colour noise (a small noise field enlarged) with a dark disc. */
const picture = (width: number, height: number) =>
  sharp({
    create: {
      width: Math.max(4, Math.round(width / 8)),
      height: Math.max(4, Math.round(height / 8)),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer()
    .then((small) =>
      sharp(small)
        .resize(width, height, { kernel: 'cubic' })
        .composite([
          {
            input: Buffer.from(
              `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${
                Math.min(width, height) / 4
              }" fill="#202040"/></svg>`,
            ),
          },
        ])
        .png()
        .toBuffer(),
    );

const create = (body: Record<string, unknown>) => s.post('/api/v1/task/tool/create', body, { token });
const detail = async (id: string) => {
  const r = await s.post('/api/v1/task/detail', { id }, { token });
  expect(code(r)).toBe(10000);
  return r.json.data.item as Json;
};
const finish = () => s.server.ctx.tasks.tick(Date.now() + 60_000);

/** The task's first output, decoded by sharp: its format and size. */
const outputOf = async (id: string) => {
  const item = await detail(id);
  expect(item.status, `task ${id}: ${JSON.stringify(item).slice(0, 400)}`).toBe(3);
  expect(item.deduction_detail.refunded).toBe(false);
  const r = await s.get(item.img_uris[0].url as string);
  expect(r.status).toBe(200);
  const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, listed: item.img_uris[0] };
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await makeAccount('sharp-pro', 100_000);
});
afterAll(() => s.stop());

describe('issue 13: every image a browser produces is accepted by the tools', () => {
  const formats: ReadonlyArray<readonly [string, string, string, (img: Sharp) => Sharp]> = [
    ['progressive JPEG', 'image/jpeg', 'jpg', (img) => img.jpeg({ progressive: true, quality: 85 })],
    ['baseline JPEG', 'image/jpeg', 'jpg', (img) => img.jpeg({ quality: 85 })],
    ['WebP', 'image/webp', 'webp', (img) => img.webp()],
    ['AVIF', 'image/avif', 'avif', (img) => img.avif()],
    ['GIF', 'image/gif', 'gif', (img) => img.gif()],
    ['PNG', 'image/png', 'png', (img) => img.png()],
  ];
  for (const [name, type, ext, encode] of formats)
    it(`a ${name} upload is upscaled 2x, filtered and has its background removed`, async () => {
      const bytes = await encode(sharp(await picture(60, 40))).toBuffer();
      const meta = await sharp(bytes).metadata();
      if (name === 'progressive JPEG') expect(meta.isProgressive).toBe(true);
      const url = await upload(bytes, type, ext);
      const up = await create({ domain_type: 1, input_url: url, scale: 2, upscale_method: 'bicubic' });
      expect(code(up), JSON.stringify(up.json)).toBe(10000);
      const filtered = await create({ domain_type: 8, input_url: url, filter: 'sepia' });
      expect(code(filtered), JSON.stringify(filtered.json)).toBe(10000);
      const matte = await create({ domain_type: 7, input_url: url });
      expect(code(matte), JSON.stringify(matte.json)).toBe(10000);
      await finish();
      expect(await outputOf(up.json.data.item.id)).toMatchObject({
        format: 'png',
        width: 120,
        height: 80,
        listed: { width: 120, height: 80 },
      });
      expect(await outputOf(filtered.json.data.item.id)).toMatchObject({
        format: 'png',
        width: 60,
        height: 40,
      });
      expect(await outputOf(matte.json.data.item.id)).toMatchObject({ format: 'png', width: 60, height: 40 });
    });
});

describe('issue 13: no pixel work blocks the event loop', () => {
  it('answers /api/v1/ping within 50 ms (p99) while an ultra-HD upscale renders 3072x3072', async () => {
    const url = await upload(await picture(768, 768), 'image/png', 'png');
    const r = await create({ domain_type: 15, input_url: url });
    expect(code(r), JSON.stringify(r.json)).toBe(10000);
    const id = r.json.data.item.id as string;
    let done = false;
    const started = performance.now();
    const rendering = finish().finally(() => {
      done = true;
    });
    const times: number[] = [];
    const offsets: number[] = [];
    while (!done) {
      const t0 = performance.now();
      offsets.push(t0 - started);
      const pong = await s.post('/api/v1/ping', { action: 'heartbeat' }, { 'x-device-id': 'sharp-pinger' });
      times.push(performance.now() - t0);
      expect(code(pong)).toBe(10000);
    }
    await rendering;
    const renderMs = performance.now() - started;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const fmt = (v: number) => v.toFixed(1);
    console.log(
      `ultra-HD 3072x3072 render ${fmt(renderMs)} ms; ${times.length} pings: p50 ${fmt(at(0.5))} ms, p99 ${fmt(
        at(0.99),
      )} ms, max ${fmt(sorted[sorted.length - 1]!)} ms`,
    );
    const worst = times
      .map((t, i) => [t, offsets[i]!] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 5);
    console.log(`slowest pings (ms, at ms): ${worst.map(([t, at]) => `${fmt(t)}@${fmt(at)}`).join(' ')}`);
    expect(await outputOf(id)).toMatchObject({ format: 'png', width: 3072, height: 3072 });
    expect(times.length).toBeGreaterThan(5);
    // p99, not max: on the shared 2-core machine (load average about 4) single pings still land
    // behind other processes, mostly while the pool's worker thread starts; the max is printed above.
    expect(at(0.99)).toBeLessThan(50);
  }, 120_000);
});
