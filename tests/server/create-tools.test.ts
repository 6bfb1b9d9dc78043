/**
 * Create and the tools on the server (issue 13): image to image really reads the uploaded
 * reference; the §9 sizes (square modes, custom ranges) and the hires pass set the picture's
 * size; LoRAs are checked like models (70009); the eraser takes a painted mask; the §9 video
 * tiers change frames and cost; a running task is cancelled with its coins back; a finished one
 * is published to the square and remixed from there; `?model=` models of the square are
 * options; a square cover is a public input; progressive JPEG and WebP uploads feed the tools.
 *
 * Engines do not run on a timer: each test drives `ctx.tasks.tick(at)`.
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../domain/index.js';
import {
  TaskCancelResponse,
  TaskDetailResponse,
  TaskOptionsConfig,
  TaskPublishResponse,
  TaskRemixResponse,
} from '../../infrastructure/contract/tasks';
import { hashPassword } from '../../server/auth';
import { inspectGif } from '../../server/engines/gif';
import { credit } from '../../server/ledger';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let pro: string;
let poor: string;
const GUEST = { 'x-device-id': 'create-tools-guest' };
const code = (r: { json: Json }) => r.json.status.code as number;

const decodes = <A>(
  codec: { decode: (u: unknown) => E.Either<unknown, A>; name: string },
  data: unknown,
): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};

const makeAccount = async (id: string, coins: number, level: number | null): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  if (coins > 0) await credit(db, id, 'paid', coins, 'test', null, 0);
  if (level !== null)
    await db.query(
      'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, $2, 1, $3)',
      [id, level, Date.now() + 86_400_000],
    );
  return s.login(`${id}@atelier.test`, `pw-${id}`);
};

const coins = async (token: string) =>
  (await s.post('/api/v1/payment/info', {}, { token })).json.data.calculate_coins as number;

/** A uniform background with a filled disc in the middle. */
const discPng = (w: number, h: number, bg: number[], fg: number[], radius = Math.min(w, h) / 3): Buffer => {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = Math.hypot(x - w / 2, y - h / 2) < radius ? fg : bg;
      png.data.set([c[0]!, c[1]!, c[2]!, 255], (y * w + x) * 4);
    }
  return PNG.sync.write(png);
};

const upload = async (
  bytes: Buffer,
  contentType: string,
  headers: Record<string, string>,
): Promise<string> => {
  const p = await s.post(
    '/api/v1/upload/pre-sign',
    {
      content_type: contentType,
      file_name: `in.${contentType.split('/')[1]}`,
      file_size: bytes.length,
      hash_val: createHash('sha256').update(bytes).digest('hex'),
    },
    headers,
  );
  expect(code(p)).toBe(10000);
  const put = await fetch(s.baseUrl + p.json.data.pre_sign, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  const done = await s.post('/api/v1/upload/image/confirm', { file_id: p.json.data.file_id }, headers);
  expect(done.json.data.status).toBe(0);
  return done.json.data.url as string;
};

const create = (body: Record<string, unknown>, headers: Record<string, string>) =>
  s.post('/api/v1/task/tool/create', body, headers);
const detail = async (id: string, headers: Record<string, string>) => {
  const r = await s.post('/api/v1/task/detail', { id }, headers);
  expect(code(r)).toBe(10000);
  return decodes(TaskDetailResponse, r.json.data).item;
};
const finish = () => s.server.ctx.tasks.tick(Date.now() + 120_000);
const readPng = async (url: string) => {
  const r = await s.get(url);
  expect(r.status).toBe(200);
  return PNG.sync.read(Buffer.from(await r.arrayBuffer()));
};
const pixel = (png: PNG, x: number, y: number) => [
  ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
];
/** Mean absolute difference per channel of two same-size images. */
const distance = (a: PNG, b: PNG) => {
  let d = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++) d += Math.abs(a.data[i + c]! - b.data[i + c]!);
  return d / ((a.data.length / 4) * 3);
};
const done = async (body: Record<string, unknown>, headers: Record<string, string>) => {
  const r = await create(body, headers);
  expect(code(r), JSON.stringify(r.json.status)).toBe(10000);
  await finish();
  const item = await detail(r.json.data.item.id as string, headers);
  expect(item.status, item.status_desc).toBe(3);
  return item;
};

let refUrl: string;

beforeAll(async () => {
  s = await startTestServer({}, false);
  pro = await makeAccount('ct-pro', 10_000, 3);
  poor = await makeAccount('ct-poor', 100, null);
  refUrl = await upload(discPng(64, 40, [40, 160, 70], [220, 40, 60]), 'image/png', { token: pro });
});
afterAll(() => s.stop());

describe('image to image reads the uploaded reference (the Create upload is attached)', () => {
  it('the picture keeps the reference’s size and shape, more so at a lower strength, unlike text to image', async () => {
    const ref = await readPng(refUrl);
    const base = { prompt: 'a quiet meadow', seed: 11 };
    const low = await done({ domain_type: 5, ...base, input_url: refUrl, strength: 0.2 }, { token: pro });
    const high = await done({ domain_type: 5, ...base, input_url: refUrl, strength: 0.9 }, { token: pro });
    const lowPng = await readPng(low.img_uris[0]!.url);
    const highPng = await readPng(high.img_uris[0]!.url);
    expect([lowPng.width, lowPng.height]).toEqual([64, 40]);
    expect(distance(lowPng, ref)).toBeLessThan(distance(highPng, ref));
    // The disc of the reference shows through: its centre is red, its corner green.
    const [r, g] = pixel(lowPng, 32, 20);
    expect(r!).toBeGreaterThan(g!);
    const [r2, g2] = pixel(lowPng, 2, 2);
    expect(g2!).toBeGreaterThan(r2!);
    // The same prompt and seed as text to image is another picture altogether.
    const t2i = await done({ domain_type: 0, ...base, aspect_ratio: '16:9', size: 512 }, { token: pro });
    expect(t2i.img_uris[0]!.url).not.toBe(low.img_uris[0]!.url);
    // The task says what it was made from, for a retry.
    expect(low.params).toMatchObject({ input_url: refUrl, strength: 0.2 });
    expect(low.seed).toBe(11);
  });

  it('a reference of another account is refused (70008)', async () => {
    const r = await create({ domain_type: 5, prompt: 'x', input_url: refUrl }, { token: poor });
    expect(code(r)).toBe(70008);
  });
});

describe('spec §9 sizes: square modes with ratios, custom ranges, the hires pass', () => {
  it('a square mode is the long side; a custom size is exact; an upscaler enlarges the result', async () => {
    const mode = await done(
      { domain_type: 0, prompt: 'dunes', size: 1024, aspect_ratio: '16:9' },
      { token: pro },
    );
    expect(mode.img_uris[0]).toMatchObject({ width: 1024, height: 576 });
    const custom = await done({ domain_type: 0, prompt: 'dunes', width: 640, height: 960 }, { token: pro });
    expect(custom.img_uris[0]).toMatchObject({ width: 640, height: 960 });
    const hires = await done(
      {
        domain_type: 0,
        prompt: 'dunes',
        size: 512,
        aspect_ratio: '1:1',
        upscaler: { method: 'bicubic', scale: 2 },
      },
      { token: pro },
    );
    expect(hires.img_uris[0]).toMatchObject({ width: 1024, height: 1024 });
    const png = await readPng(hires.img_uris[0]!.url);
    expect(png.width).toBe(1024);
  });

  it('refuses sizes outside the ranges and a mode with a custom size (10400)', async () => {
    for (const body of [
      { width: 512, height: 1536 },
      { width: 640 },
      { width: 640, height: 640, size: 768 },
      { size: 1536, upscaler: { method: 'bicubic', scale: 2 }, width: undefined },
    ]) {
      const r = await create({ domain_type: 0, prompt: 'x', ...body }, { token: pro });
      expect(code(r), JSON.stringify(body)).toBe(body.size === 1536 ? 10000 : 10400);
    }
    // 1536 upscaled twice is 3072, the largest output: allowed; a size the codec does not know is not.
    expect(code(await create({ domain_type: 0, prompt: 'x', size: 1000 }, { token: pro }))).toBe(10400);
  });
});

describe('models and LoRAs of the task options config (spec §3)', () => {
  it('a LoRA is stacked with its weight; a retired one is refused with its name (70009)', async () => {
    const ok = await create(
      {
        domain_type: 0,
        prompt: 'x',
        model_id: 'atelier-xl',
        loras: [{ model_id: 'lora-watercolor', weight: 0.7 }],
      },
      { token: pro },
    );
    expect(code(ok)).toBe(10000);
    const retired = await create(
      { domain_type: 0, prompt: 'x', loras: [{ model_id: 'lora-retro-15', weight: 1 }] },
      { token: pro },
    );
    expect(code(retired)).toBe(70009);
    expect(retired.json.status.msg).toContain('Retro 1.5');
    const tooMany = await create(
      {
        domain_type: 0,
        prompt: 'x',
        loras: [1, 2, 3, 4].map(() => ({ model_id: 'lora-watercolor', weight: 1 })),
      },
      { token: pro },
    );
    expect(code(tooMany)).toBe(10400);
  });

  it('a model of the square is listed when asked for (`?model=`) and can be used', async () => {
    const [m] = await s.server.ctx.db.query<{ id: string; title: string }>(
      `SELECT id, title FROM content_items WHERE kind = 'model' ORDER BY id LIMIT 1`,
    );
    const plain = decodes(
      TaskOptionsConfig,
      (await s.post('/api/v1/task/config/options', {}, { token: pro })).json.data,
    );
    expect(plain.models.some((x) => x.id === m!.id)).toBe(false);
    const asked = decodes(
      TaskOptionsConfig,
      (await s.post('/api/v1/task/config/options', { model_id: m!.id }, { token: pro })).json.data,
    );
    expect(asked.models.find((x) => x.id === m!.id)).toMatchObject({ name: m!.title, disabled: false });
    expect(code(await create({ domain_type: 0, prompt: 'x', model_id: m!.id }, { token: pro }))).toBe(10000);
  });
});

describe('the tools: a painted mask, video tiers, progressive JPEG and WebP inputs', () => {
  it('the eraser fills what the mask covers from its surroundings', async () => {
    const photo = await upload(discPng(64, 64, [30, 170, 60], [230, 30, 50], 12), 'image/png', {
      token: pro,
    });
    const mask = await upload(discPng(64, 64, [0, 0, 0], [255, 255, 255], 16), 'image/png', { token: pro });
    const item = await done({ domain_type: 10, input_url: photo, mask_url: mask }, { token: pro });
    const out = await readPng(item.img_uris[0]!.url);
    const [r, g] = pixel(out, 32, 32);
    expect(g!).toBeGreaterThan(120);
    expect(r!).toBeLessThan(90);
    expect(code(await create({ domain_type: 10, input_url: photo }, { token: pro }))).toBe(10400);
  });

  it('a video tier sets the frames, the price and the time (spec §9 Lite … Plus)', async () => {
    const est = async (tier: string) =>
      (await s.post('/api/v1/task/estimate', { domain_type: 2, prompt: 'waves', tier }, { token: pro })).json
        .data;
    expect((await est('Lite')).coins).toBe(40);
    expect((await est('Plus')).coins).toBe(120);
    const turbo = await est('Turbo');
    expect(turbo.estimate_time).toBeLessThan((await est('Lite')).estimate_time);
    const plus = await done(
      { domain_type: 2, prompt: 'waves', tier: 'Plus', aspect_ratio: '9:16' },
      { token: pro },
    );
    const gif = plus.media!.find((m) => m.kind === 'video')!;
    const bytes = Buffer.from(await (await s.get(gif.url)).arrayBuffer());
    expect(inspectGif(bytes).frames).toBe(32);
    expect(code(await create({ domain_type: 2, prompt: 'w', tier: 'Mega' }, { token: pro }))).toBe(10400);
  });

  it('a progressive JPEG and a WebP upload feed the filter and background removal at their size', async () => {
    const raw = { width: 48, height: 32, channels: 3 as const };
    const pixels = Buffer.alloc(48 * 32 * 3);
    for (let i = 0; i < 48 * 32; i++) pixels.set([(i * 7) % 256, 120, 200 - (i % 48)], i * 3);
    const progressive = await sharp(pixels, { raw }).jpeg({ progressive: true, quality: 90 }).toBuffer();
    const webp = await sharp(pixels, { raw }).webp({ quality: 90 }).toBuffer();
    const jpegUrl = await upload(progressive, 'image/jpeg', { token: pro });
    const webpUrl = await upload(webp, 'image/webp', { token: pro });
    const filtered = await done({ domain_type: 8, input_url: jpegUrl, filter: 'grayscale' }, { token: pro });
    const grey = await readPng(filtered.img_uris[0]!.url);
    expect([grey.width, grey.height]).toEqual([48, 32]);
    const [r, g, b] = pixel(grey, 10, 10);
    expect(Math.abs(r! - g!) + Math.abs(g! - b!)).toBeLessThan(6);
    const cut = await done({ domain_type: 7, input_url: webpUrl }, { token: pro });
    expect(cut.img_uris[0]).toMatchObject({ width: 48, height: 32 });
  });

  it('a cover of a work on the square is a public input (image to video from a card)', async () => {
    const [w] = await s.server.ctx.db.query<{ id: string }>(
      `SELECT id FROM content_items WHERE kind = 'artwork' ORDER BY id LIMIT 1`,
    );
    const cover = `/blobs/community/covers/${w!.id}.png`;
    expect((await s.get(cover)).status).toBe(200);
    const item = await done({ domain_type: 6, input_url: cover, tier: 'Lite' }, { token: poor });
    expect(item.media!.some((m) => m.kind === 'video')).toBe(true);
    expect(
      code(await create({ domain_type: 6, input_url: '/blobs/community/covers/nope.png' }, { token: poor })),
    ).toBe(10404);
  });
});

describe('the queue: cancel a running task with its coins back', () => {
  it('cancels with status 5 and refunds; a finished or foreign task is not cancelled', async () => {
    const before = await coins(pro);
    const r = await create({ domain_type: 0, prompt: 'to cancel', batch_size: 2 }, { token: pro });
    const id = r.json.data.item.id as string;
    expect(await coins(pro)).toBe(before - 20);
    const c = decodes(
      TaskCancelResponse,
      (await s.post('/api/v1/task/cancel', { ids: [id] }, { token: pro })).json.data,
    );
    expect(c).toEqual({ cancelled: [id], refunded_coins: 20 });
    expect(await coins(pro)).toBe(before);
    const item = await detail(id, { token: pro });
    expect(item).toMatchObject({ status: tasks.TASK_CANCELLED_STATUS, status_desc: 'cancelled' });
    await finish();
    expect((await detail(id, { token: pro })).status).toBe(tasks.TASK_CANCELLED_STATUS);
    const again = (await s.post('/api/v1/task/cancel', { ids: [id] }, { token: pro })).json.data;
    expect(again).toEqual({ cancelled: [], refunded_coins: 0 });
    expect(code(await s.post('/api/v1/task/cancel', { ids: [id] }, { token: poor }))).toBe(10404);
  });
});

describe('publish to the square and remix from it (spec §2 Remix, §3 pub_community, §5)', () => {
  it('publishes a finished picture once, as an artwork whose cover is the picture and whose remix is its parameters', async () => {
    const item = await done(
      {
        domain_type: 0,
        prompt: 'lantern festival',
        seed: 321,
        size: 512,
        aspect_ratio: '3:4',
        sampler_name: 'Euler',
        steps: 30,
      },
      { token: pro },
    );
    const p = await s.post(
      '/api/v1/task/publish',
      { id: item.id, title: 'Lanterns', description: 'night' },
      { token: pro },
    );
    expect(code(p)).toBe(10000);
    const { artwork_id } = decodes(TaskPublishResponse, p.json.data);
    const again = await s.post('/api/v1/task/publish', { id: item.id, title: 'Lanterns' }, { token: pro });
    expect(again.json.data.artwork_id).toBe(artwork_id);
    expect((await detail(item.id, { token: pro })).artwork_id).toBe(artwork_id);
    // The cover is the task's own picture, byte for byte.
    const cover = Buffer.from(await (await s.get(`/blobs/community/covers/${artwork_id}.png`)).arrayBuffer());
    const own = Buffer.from(await (await s.get(item.img_uris[0]!.url)).arrayBuffer());
    expect(cover.equals(own)).toBe(true);
    const remix = decodes(
      TaskRemixResponse,
      (await s.post('/api/v1/task/stash/run-task/get', { id: artwork_id }, GUEST)).json.data,
    );
    expect(remix).toMatchObject({
      id: artwork_id,
      title: 'Lanterns',
      prompt: 'lantern festival',
      seed: 321,
      aspect_ratio: '3:4',
      sampler_name: 'Euler',
      steps: 30,
      size: 512,
    });
    const detailOnSquare = await s.post('/api/v1/square/item/detail', { id: artwork_id }, GUEST);
    expect(detailOnSquare.json.data).toMatchObject({ title: 'Lanterns', card_type: 'artwork' });
  });

  it('refuses a guest (20000), a sensitive title (10400), an unfinished task (10400) and another’s task (10404)', async () => {
    const running = await create({ domain_type: 0, prompt: 'slow' }, { token: pro });
    const id = running.json.data.item.id as string;
    expect(code(await s.post('/api/v1/task/publish', { id, title: 'A' }, { token: pro }))).toBe(10400);
    await finish();
    expect(code(await s.post('/api/v1/task/publish', { id, title: 'A' }, GUEST))).toBe(20000);
    expect(code(await s.post('/api/v1/task/publish', { id, title: 'free coins hack' }, { token: pro }))).toBe(
      10400,
    );
    expect(code(await s.post('/api/v1/task/publish', { id, title: 'A' }, { token: poor }))).toBe(10404);
    expect(code(await s.post('/api/v1/task/publish', { id, title: '   ' }, { token: pro }))).toBe(10400);
  });

  it('remixes a seeded work from its cover prompt, ratio and seed; a model or an unknown id is 10404', async () => {
    const [w] = await s.server.ctx.db.query<{ id: string; cover_prompt: string; cover_aspect: string }>(
      `SELECT id, cover_prompt, cover_aspect FROM content_items WHERE kind = 'artwork' ORDER BY id DESC LIMIT 1`,
    );
    const remix = decodes(
      TaskRemixResponse,
      (await s.post('/api/v1/task/stash/run-task/get', { id: w!.id }, GUEST)).json.data,
    );
    expect(remix).toMatchObject({ prompt: w!.cover_prompt, aspect_ratio: w!.cover_aspect, model_id: null });
    expect(remix.seed).toEqual(expect.any(Number));
    const [m] = await s.server.ctx.db.query<{ id: string }>(
      `SELECT id FROM content_items WHERE kind = 'model' LIMIT 1`,
    );
    expect(code(await s.post('/api/v1/task/stash/run-task/get', { id: m!.id }, GUEST))).toBe(10404);
    expect(code(await s.post('/api/v1/task/stash/run-task/get', { id: 'nope' }, GUEST))).toBe(10404);
  });
});
