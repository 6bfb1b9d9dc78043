/**
 * Real media from the simulated engines over loopback (spec §7 task tools, §9 sizes and audio):
 * every creatable domain type completes with real files, checked by parsing them (PNG size and
 * pixels, WAV header and duration, GIF frame count), inputs must be the caller's own, a task
 * still queued is refunded when deleted, and a task whose engine fails is refunded.
 *
 * The engines do not run on a timer here: each test drives `ctx.tasks.tick(at)` itself, so
 * progress and completion are deterministic.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, uploads } from '../../domain/index.js';
import { AUDIO_TTS_STREAM_PATH, AudioStreamChunk } from '../../infrastructure/contract/streaming';
import { TaskDeleteResponse, TaskDetailResponse, TaskItem } from '../../infrastructure/contract/tasks';
import { hashPassword } from '../../server/auth';
import { inspectGif } from '../../server/engines/gif';
import { KINDS } from '../../server/tasks/kinds';
import { credit } from '../../server/ledger';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let pro: string;
let other: string;
const GUEST = { 'x-device-id': 'media-guest-01' };

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};
const code = (r: { json: Json }) => r.json.status.code as number;

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

/** A PNG: a uniform background with a filled disc in the middle. */
const discPng = (w: number, h: number, bg = [40, 160, 70], fg = [220, 40, 60]): Buffer => {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const inside = Math.hypot(x - w / 2, y - h / 2) < Math.min(w, h) / 3;
      const c = inside ? fg : bg;
      const i = (y * w + x) * 4;
      png.data[i] = c[0]!;
      png.data[i + 1] = c[1]!;
      png.data[i + 2] = c[2]!;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
};

/** A 40x24 baseline JPEG (4:2:0) Chromium wrote: a blue-to-yellow gradient with a red box. */
const JPEG_40x24 = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAA',
    'AAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAA',
    'ACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0',
    'AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA',
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM',
    'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsO',
    'CwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ',
    'EBD/wAARCAAYACgDASIAAhEBAxEB/8QAGQABAQEBAQEAAAAAAAAAAAAAAAcGCAIJ/8QAKRAAAAUEAQMCBwAAAAAAAAAAAAECAwUEERNCBhIhgSJBMTU2cXWy',
    's//EABgBAAMBAQAAAAAAAAAAAAAAAAUHCAYJ/8QAKBEAAgEDAwIFBQAAAAAAAAAAAQIDAAQRBQYhEkEHMTI0YRNCUXHw/9oADAMBAAIRAxEAPwCCQWo2kfPx',
    'Ea7hravGtNrljUdu1/Yhi4LUe5n5k79kfqQYXipq02kW6ywAEs4XnPkQx7Ec8Ue8INoWO9NWksL93VFiLgoQDkMi/crDGGPbPlzVn47zzijtXT0Lcrd+ocS0',
    '2nA56lqMiIr9Ni7mLHA6+Bx9xH6shfyNN/VI7BgdfAl/XbyS+gaSQAH4/jTB31s2w2ZeQW9g7sHUk9ZUng446VWqLA6AEDoAnzVvcmhFv6BXztgtRtI+AiJF',
    '3NW0mRarXPIovh29jAB093xbQ3SlZ0DAHPIB5/PPek7t7U77SZPrWEzxORglGKkjIOMqQcZAOPgVtuO8D4ozV09c3FWfp3Eutrzu+laTIyO3VY+5CxwOvgAE',
    'p7uijhDLGoA+Bit6uq3+qsr387ykcAuzMR+uonFUWB0AAE3at7k1pbf0Cv/Z',
  ].join(''),
  'base64',
);

const upload = async (
  bytes: Buffer,
  contentType: string,
  headers: Record<string, string>,
): Promise<string> => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const p = await s.post(
    '/api/v1/upload/pre-sign',
    {
      content_type: contentType,
      file_name: `in.${contentType === 'image/png' ? 'png' : 'jpg'}`,
      file_size: bytes.length,
      hash_val: sha,
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
const detail = async (id: string, headers: Record<string, string>, gMode?: 1) => {
  const r = await s.post('/api/v1/task/detail', { id, ...(gMode ? { g_mode: gMode } : {}) }, headers);
  expect(code(r)).toBe(10000);
  return decodes(TaskDetailResponse, r.json.data).item;
};
/** Runs the engines as if `ms` had passed since now. */
const tickAfter = (ms: number) => s.server.ctx.tasks.tick(Date.now() + ms);
const finish = () => tickAfter(60_000);

const fetchBytes = async (url: string): Promise<{ type: string | null; bytes: Buffer }> => {
  const r = await s.get(url);
  expect(r.status).toBe(200);
  return { type: r.headers.get('content-type'), bytes: Buffer.from(await r.arrayBuffer()) };
};
const readPng = async (url: string) => {
  const { type, bytes } = await fetchBytes(url);
  expect(type).toBe('image/png');
  return PNG.sync.read(bytes);
};

/** Decodes every frame's LZW data of a GIF and returns the index count of each (a full decoder's core). */
const gifFrameSizes = (b: Buffer): number[] => {
  const packed = b[10]!;
  let p = 13 + (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  const sizes: number[] = [];
  const blocks = (): Buffer => {
    const parts: Buffer[] = [];
    while (b[p]! !== 0) {
      parts.push(b.subarray(p + 1, p + 1 + b[p]!));
      p += b[p]! + 1;
    }
    p++;
    return Buffer.concat(parts);
  };
  for (;;) {
    const tag = b[p++];
    if (tag === 0x3b) return sizes;
    if (tag === 0x21) {
      p++;
      blocks();
      continue;
    }
    expect(tag).toBe(0x2c);
    p += 9;
    const min = b[p++]!;
    const data = blocks();
    const clear = 1 << min;
    let size = min + 1;
    let dict: number[][] = [];
    const reset = () => {
      dict = Array.from({ length: clear + 2 }, (_, i) => [i]);
      size = min + 1;
    };
    reset();
    let bit = 0;
    let prev: number[] | null = null;
    let count = 0;
    for (;;) {
      let c = 0;
      for (let i = 0; i < size; i++, bit++) c |= ((data[bit >> 3]! >> (bit & 7)) & 1) << i;
      if (c === clear) {
        reset();
        prev = null;
        continue;
      }
      if (c === clear + 1) break;
      const entry: number[] = c < dict.length ? dict[c]! : [...prev!, prev![0]!];
      count += entry.length;
      if (prev) dict.push([...prev, entry[0]!]);
      if (dict.length === 1 << size && size < 12) size++;
      prev = entry;
    }
    sizes.push(count);
  }
};

interface Wav {
  readonly channels: number;
  readonly sampleRate: number;
  readonly bits: number;
  readonly seconds: number;
  readonly rms: number;
}
const parseWav = (b: Buffer): Wav => {
  expect(b.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(b.readUInt32LE(4)).toBe(b.length - 8);
  expect(b.subarray(8, 12).toString('ascii')).toBe('WAVE');
  expect(b.subarray(12, 16).toString('ascii')).toBe('fmt ');
  expect(b.readUInt16LE(20)).toBe(1); // PCM
  const channels = b.readUInt16LE(22);
  const sampleRate = b.readUInt32LE(24);
  const bits = b.readUInt16LE(34);
  expect(b.readUInt32LE(28)).toBe((sampleRate * channels * bits) / 8);
  expect(b.subarray(36, 40).toString('ascii')).toBe('data');
  const size = b.readUInt32LE(40);
  expect(size).toBe(b.length - 44);
  let sum = 0;
  for (let i = 44; i < b.length; i += 2) sum += (b.readInt16LE(i) / 32768) ** 2;
  return {
    channels,
    sampleRate,
    bits,
    seconds: size / (sampleRate * channels * (bits / 8)),
    rms: Math.sqrt(sum / (size / 2)),
  };
};

let discUrl: string;
let otherUrl: string;

beforeAll(async () => {
  s = await startTestServer({}, false);
  pro = await makeAccount('media-pro', 5000, 3);
  other = await makeAccount('media-other', 100, null);
  discUrl = await upload(discPng(64, 40), 'image/png', { token: pro });
  otherUrl = await upload(discPng(32, 32), 'image/png', { token: other });
});
afterAll(() => s.stop());

describe('spec §7 /task/upscale: a real 2x/4x resample of an image the caller owns', () => {
  it('upscales 2x bicubic to exactly twice the size, keeping the colours, and debits the upscale price', async () => {
    const before = await coins(pro);
    const r = await create(
      { domain_type: 1, input_url: discUrl, scale: 2, upscale_method: 'bicubic' },
      { token: pro },
    );
    expect(code(r)).toBe(10000);
    const item = decodes(TaskItem, r.json.data.item);
    expect(item.aspect_ratio).toBe('8:5');
    expect(item.deduction_detail).toMatchObject({ coins: 4, refunded: false });
    await finish();
    const done = await detail(item.id, { token: pro });
    expect(done.status).toBe(3);
    expect(done.img_uris[0]).toMatchObject({ width: 128, height: 80 });
    const png = await readPng(done.img_uris[0]!.url);
    expect([png.width, png.height]).toEqual([128, 80]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 128 + x) * 4, (y * 128 + x) * 4 + 3)];
    expect(at(64, 40)).toEqual([220, 40, 60]);
    expect(at(2, 2)).toEqual([40, 160, 70]);
    expect(await coins(pro)).toBe(before - 4);
  });

  it('upscales 4x bilinear (8 coins) and reads a baseline JPEG upload', async () => {
    const jpegUrl = await upload(JPEG_40x24, 'image/jpeg', { token: pro });
    const r = await create(
      { domain_type: 1, input_url: jpegUrl, scale: 4, upscale_method: 'bilinear' },
      { token: pro },
    );
    expect(code(r)).toBe(10000);
    expect(r.json.data.item.deduction_detail.coins).toBe(8);
    await finish();
    const done = await detail(r.json.data.item.id, { token: pro });
    const png = await readPng(done.img_uris[0]!.url);
    expect([png.width, png.height]).toEqual([160, 96]);
    const at = (x: number, y: number) => [...png.data.subarray((y * 160 + x) * 4, (y * 160 + x) * 4 + 3)];
    // Chromium decodes these pixels of the source as (221,17,20), (38,72,182), (234,202,39).
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);
    expect(near(at(18 * 4 + 2, 12 * 4 + 2), [221, 17, 20])).toBe(true);
    expect(near(at(1 * 4 + 2, 12 * 4 + 2), [38, 72, 182])).toBe(true);
    expect(near(at(38 * 4 + 2, 12 * 4 + 2), [234, 202, 39])).toBe(true);
  });

  it('upscales the output of an own earlier task (ultra HD: 4x bicubic with sharpening)', async () => {
    const first = await create({ domain_type: 8, input_url: discUrl, filter: 'grayscale' }, { token: pro });
    await finish();
    const src = (await detail(first.json.data.item.id, { token: pro })).img_uris[0]!.url;
    const r = await create({ domain_type: 15, input_url: src }, { token: pro });
    expect(code(r)).toBe(10000);
    await finish();
    const png = await readPng((await detail(r.json.data.item.id, { token: pro })).img_uris[0]!.url);
    expect([png.width, png.height]).toEqual([256, 160]);
  });

  it("answers 70008 for another account's file, 10404 for a URL that names no file, 10400 for a missing or non-image input, and debits nothing", async () => {
    const before = await coins(pro);
    expect(code(await create({ domain_type: 1, input_url: otherUrl }, { token: pro }))).toBe(70008);
    expect(
      code(await create({ domain_type: 1, input_url: '/blobs/uploads/nope/x.png' }, { token: pro })),
    ).toBe(10404);
    expect(
      code(await create({ domain_type: 1, input_url: 'https://elsewhere.example/a.png' }, { token: pro })),
    ).toBe(10404);
    expect(code(await create({ domain_type: 1 }, { token: pro }))).toBe(10400);
    expect(code(await create({ domain_type: 1, input_url: discUrl, scale: 3 }, { token: pro }))).toBe(10400);
    expect(code(await create({ domain_type: 8, input_url: discUrl }, { token: pro }))).toBe(10400); // no filter
    expect(
      code(
        await create(
          { domain_type: 10, input_url: discUrl, rect: { x: 0.8, y: 0, width: 0.5, height: 0.5 } },
          { token: pro },
        ),
      ),
    ).toBe(10400);
    expect(await coins(pro)).toBe(before);
  });

  it('issue 21: an input over 2048 × 2048 pixels answers 30043 naming the limit, a file that is not an image 30044 (never 10400 or 500), and debits nothing', async () => {
    const before = await coins(pro);
    // A phone photo: 3000 × 2000 is 6 megapixels, over the 4.19 of 2048 × 2048.
    const phone = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const phoneUrl = await upload(phone, 'image/jpeg', { token: pro });
    for (const body of [
      { domain_type: 1, input_url: phoneUrl, scale: 2 },
      { domain_type: tasks.DOMAIN_TYPE.imageToImage, prompt: 'a meadow', input_url: phoneUrl },
    ]) {
      const r = await create(body, { token: pro });
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(code(r), JSON.stringify(body)).toBe(uploads.INPUT_TOO_LARGE_CODE);
      expect(r.json.status.msg).toContain('2048x2048');
    }
    // A file that is an upload of the caller's but not an image the engines read.
    const textBytes = Buffer.from('not an image at all');
    const cfg = await s.post(
      '/api/v1/upload/config',
      { content_type: 'text/plain', file_name: 'notes.txt', file_size: textBytes.length },
      { token: pro },
    );
    expect(code(cfg)).toBe(10000);
    const put = await fetch(s.baseUrl + cfg.json.data.pre_signs[0], {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: textBytes as Uint8Array<ArrayBuffer>,
    });
    expect(put.status).toBe(200);
    const done = await s.post(
      '/api/v1/upload/file/confirm',
      { file_id: cfg.json.data.file_id },
      { token: pro },
    );
    expect(done.json.data.status).toBe(0);
    const notImage = await create(
      { domain_type: 1, input_url: done.json.data.url, scale: 2 },
      { token: pro },
    );
    expect(notImage.status).toBe(200);
    expect(code(notImage)).toBe(uploads.INPUT_NOT_IMAGE_CODE);
    expect(await coins(pro)).toBe(before);
    // A 4096 × 1024 panorama has as many pixels as the limit, but no engine writes 4096 wide
    // (30045); scaled by the client's rule it is accepted and kept at that size.
    const panorama = { width: 4096, height: 1024 };
    const wide = (size: { width: number; height: number }) =>
      sharp({ create: { ...size, channels: 3, background: { r: 10, g: 20, b: 30 } } })
        .png()
        .toBuffer();
    const wideUrl = await upload(await wide(panorama), 'image/png', { token: pro });
    const tooWide = await create({ domain_type: 8, input_url: wideUrl, filter: 'grayscale' }, { token: pro });
    expect(code(tooWide)).toBe(uploads.OUTPUT_TOO_LARGE_CODE);
    const fitted = uploads.fitTaskInput(panorama);
    expect(fitted).toEqual({ width: 3072, height: 768 });
    const fittedUrl = await upload(await wide(fitted), 'image/png', { token: pro });
    expect(
      code(await create({ domain_type: 8, input_url: fittedUrl, filter: 'grayscale' }, { token: pro })),
    ).toBe(10000);
  });

  it("lets a guest use an upload of their own device (g_mode), not an account's", async () => {
    const guestUrl = await upload(discPng(20, 20), 'image/png', GUEST);
    const r = await create({ domain_type: 1, input_url: guestUrl, scale: 2, g_mode: 1 }, GUEST);
    expect(code(r)).toBe(10000);
    expect(r.json.data.item.g_mode).toBe(1);
    expect(code(await create({ domain_type: 1, input_url: discUrl, g_mode: 1 }, GUEST))).toBe(70008);
    await finish();
    const done = await detail(r.json.data.item.id, GUEST, 1);
    expect(done.img_uris[0]).toMatchObject({ width: 40, height: 40 });
  });
});

describe('spec §2 remove background, AI filter, magic eraser: real pixel operations', () => {
  it('removes the background: every border pixel is transparent, the subject stays opaque', async () => {
    const r = await create({ domain_type: 7, input_url: discUrl }, { token: pro });
    await finish();
    const png = await readPng((await detail(r.json.data.item.id, { token: pro })).img_uris[0]!.url);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3]!;
    for (let x = 0; x < png.width; x++) {
      expect(alpha(x, 0)).toBe(0);
      expect(alpha(x, png.height - 1)).toBe(0);
    }
    for (let y = 0; y < png.height; y++) {
      expect(alpha(0, y)).toBe(0);
      expect(alpha(png.width - 1, y)).toBe(0);
    }
    expect(alpha(32, 20)).toBe(255);
    expect([...png.data.subarray((20 * 64 + 32) * 4, (20 * 64 + 32) * 4 + 3)]).toEqual([220, 40, 60]);
  });

  it('grayscale makes r = g = b everywhere; blur lowers the contrast across the disc edge; the eraser changes only its rectangle', async () => {
    const gray = await create({ domain_type: 8, input_url: discUrl, filter: 'grayscale' }, { token: pro });
    const blurred = await create({ domain_type: 8, input_url: discUrl, filter: 'blur' }, { token: pro });
    const erased = await create(
      { domain_type: 10, input_url: discUrl, rect: { x: 0.2, y: 0.1, width: 0.6, height: 0.8 } },
      { token: pro },
    );
    await finish();
    const g = await readPng((await detail(gray.json.data.item.id, { token: pro })).img_uris[0]!.url);
    for (let i = 0; i < g.data.length; i += 4) {
      expect(g.data[i]).toBe(g.data[i + 1]);
      expect(g.data[i + 1]).toBe(g.data[i + 2]);
    }
    const b = await readPng((await detail(blurred.json.data.item.id, { token: pro })).img_uris[0]!.url);
    // Across the disc's left edge (x = 32 - 13.3 at y = 20) the step is softened into a ramp.
    const red = (x: number) => b.data[(20 * 64 + x) * 4]!;
    expect(red(18)).toBeGreaterThan(40);
    expect(red(18)).toBeLessThan(220);
    const e = await readPng((await detail(erased.json.data.item.id, { token: pro })).img_uris[0]!.url);
    const src = PNG.sync.read(discPng(64, 40));
    const same = (x: number, y: number) =>
      e.data
        .subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4)
        .equals(src.data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4));
    expect(same(2, 2)).toBe(true);
    expect(same(60, 37)).toBe(true);
    // The whole disc was inside the rectangle: it is filled from the green surroundings.
    expect(same(32, 20)).toBe(false);
    expect(
      [...e.data.subarray((20 * 64 + 32) * 4, (20 * 64 + 32) * 4 + 3)].map(
        (v, i) => Math.abs(v - [40, 160, 70][i]!) <= 3,
      ),
    ).toEqual([true, true, true]);
  });
});

describe('spec §9 audio and songs: synthesised 16-bit PCM WAV, deterministic per prompt and seed', () => {
  it('writes a song of the requested length in seconds, with a waveform cover, the same bytes for the same prompt and seed', async () => {
    const body = {
      domain_type: 4,
      prompt: 'summer drive',
      style: 'disco',
      emotion: 'happy',
      instrument: 'electricGuitar',
      duration: 4,
      seed: 7,
    };
    const a = await create(body, { token: pro });
    const b = await create(body, { token: pro });
    expect(a.json.data.item.deduction_detail.coins).toBe(20);
    await finish();
    const da = await detail(a.json.data.item.id, { token: pro });
    const db = await detail(b.json.data.item.id, { token: pro });
    const audio = da.media!.find((m) => m.kind === 'audio')!;
    expect(audio).toMatchObject({ content_type: 'audio/wav', duration: 4 });
    const wavA = await fetchBytes(audio.url);
    expect(wavA.type).toBe('audio/wav');
    const wav = parseWav(wavA.bytes);
    expect(wav).toMatchObject({ channels: 1, sampleRate: 22050, bits: 16 });
    expect(wav.seconds).toBeCloseTo(4, 3);
    expect(wav.rms).toBeGreaterThan(0.05);
    const wavB = await fetchBytes(db.media!.find((m) => m.kind === 'audio')!.url);
    expect(wavA.bytes.equals(wavB.bytes)).toBe(true);
    expect(da.img_uris[0]).toMatchObject({ width: 512, height: 256 });
    await readPng(da.img_uris[0]!.url);
  });

  it('different styles and emotions give different music; speech and sound effects are valid WAVs', async () => {
    const happy = await create(
      {
        domain_type: 4,
        prompt: 'summer drive',
        style: 'pop',
        emotion: 'happy',
        instrument: 'violin',
        duration: 4,
        seed: 7,
      },
      { token: pro },
    );
    const sad = await create(
      {
        domain_type: 4,
        prompt: 'summer drive',
        style: 'pop',
        emotion: 'sad',
        instrument: 'violin',
        duration: 4,
        seed: 7,
      },
      { token: pro },
    );
    const vocal = await create(
      { domain_type: 21, prompt: 'la la', style: 'pop', voice: 'male', duration: 3 },
      { token: pro },
    );
    const speech = await create(
      { domain_type: 9, prompt: 'Hello there. How are you today?', voice: 'female', emotion: 'surprised' },
      { token: pro },
    );
    const sfx = await create({ domain_type: 22, prompt: 'thunder explosion', duration: 2 }, { token: pro });
    expect(code(await create({ domain_type: 9, prompt: 'x', emotion: 'romantic' }, { token: pro }))).toBe(
      10400,
    );
    await finish();
    const wavOf = async (id: string) => {
      const item = await detail(id, { token: pro });
      return parseWav((await fetchBytes(item.media!.find((m) => m.kind === 'audio')!.url)).bytes);
    };
    const s1 = await wavOf(sad.json.data.item.id);
    expect(s1.seconds).toBeCloseTo(4, 3);
    const bytesOf = async (id: string) =>
      (await fetchBytes((await detail(id, { token: pro })).media!.find((m) => m.kind === 'audio')!.url))
        .bytes;
    expect((await bytesOf(happy.json.data.item.id)).equals(await bytesOf(sad.json.data.item.id))).toBe(false);
    expect((await wavOf(vocal.json.data.item.id)).seconds).toBeCloseTo(3, 3);
    const sp = await wavOf(speech.json.data.item.id);
    expect(sp.seconds).toBeGreaterThan(1);
    expect(sp.seconds).toBeLessThanOrEqual(10);
    expect(sp.rms).toBeGreaterThan(0.02);
    expect((await wavOf(sfx.json.data.item.id)).seconds).toBeCloseTo(2, 3);
    expect((await detail(sfx.json.data.item.id, { token: pro })).task_return).toBe('explosion');
  });

  it('one speech engine: a text-to-speech task and the studio stream (spec §4) speak the same text in the same voice and emotion as the same WAV', async () => {
    const text = 'One voice for every screen, 2 times over!';
    const task = await create(
      { domain_type: 9, prompt: text, voice: 'male', emotion: 'sad' },
      { token: pro },
    );
    await finish();
    const taskWav = await fetchBytes(
      (await detail(task.json.data.item.id, { token: pro })).media!.find((m) => m.kind === 'audio')!.url,
    );
    const streamed = await s.post(
      AUDIO_TTS_STREAM_PATH,
      { text, voice: 'male', emotion: 'sad' },
      { token: pro },
    );
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const chunks: AudioStreamChunk[] = [];
    createParser({
      onEvent: (e) => e.event === 'chunk' && chunks.push(decodes(AudioStreamChunk, JSON.parse(e.data))),
    }).feed(streamed.json as string);
    expect(chunks.length).toBeGreaterThan(0);
    const streamWav = Buffer.concat(chunks.map((c) => Buffer.from(c.audioData, 'base64')));
    expect(parseWav(streamWav).seconds).toBeGreaterThan(1);
    expect(streamWav.equals(taskWav.bytes)).toBe(true);
  });
});

describe('spec §7 video: a short real animation (animated GIF) with the requested frames', () => {
  it('text to video: 16 frames of 100 ms at 320 px on the long side; lip sync: a GIF and its voice WAV', async () => {
    const video = await create(
      { domain_type: 2, prompt: 'neon city at night', aspect_ratio: '16:9', seed: 2 },
      { token: pro },
    );
    const lips = await create(
      { domain_type: 3, input_url: discUrl, prompt: 'good morning everyone' },
      { token: pro },
    );
    const dance = await create({ domain_type: 13, input_url: discUrl }, { token: pro });
    await finish();
    const v = await detail(video.json.data.item.id, { token: pro });
    const m = v.media![0]!;
    expect(m).toMatchObject({
      kind: 'video',
      content_type: 'image/gif',
      width: 320,
      height: 180,
      frames: 16,
      duration: 1.6,
    });
    const gif = await fetchBytes(m.url);
    expect(gif.type).toBe('image/gif');
    expect(inspectGif(gif.bytes)).toEqual({
      width: 320,
      height: 180,
      frames: 16,
      delaysCs: Array(16).fill(10),
    });
    // Every frame's LZW stream decodes to exactly one palette index per pixel.
    expect(gifFrameSizes(gif.bytes)).toEqual(Array(16).fill(320 * 180));
    const l = await detail(lips.json.data.item.id, { token: pro });
    expect(l.media!.map((x) => x.kind)).toEqual(['video', 'audio']);
    const lg = inspectGif((await fetchBytes(l.media![0]!.url)).bytes);
    const lw = parseWav((await fetchBytes(l.media![1]!.url)).bytes);
    expect(lg.frames).toBe(Math.min(60, Math.max(4, Math.ceil(lw.seconds * 10 - 1e-9))));
    const d = await detail(dance.json.data.item.id, { token: pro });
    expect(inspectGif((await fetchBytes(d.media![0]!.url)).bytes)).toMatchObject({
      width: 320,
      height: 200,
      frames: 16,
    });
  });
});

describe('spec §3 task domain types 0..25: every creatable kind produces its kind of media', () => {
  it('runs each creatable type once and checks the outputs against the type table', async () => {
    const refUrl = await upload(discPng(48, 48, [200, 180, 160], [90, 60, 40]), 'image/png', { token: pro });
    const bodies: Record<number, Record<string, unknown>> = {
      0: { prompt: 'a lighthouse', aspect_ratio: '3:2', batch_size: 2 },
      5: { prompt: 'watercolor garden', input_url: discUrl, strength: 0.6 },
      6: { input_url: discUrl },
      11: { input_url: discUrl, ref_url: refUrl },
      12: { prompt: 'a red dragon', input_url: discUrl },
      14: { input_url: discUrl },
      18: { prompt: 'a smiling sailor' },
      19: { prompt: 'A ship leaves. A storm comes. The sea calms.', aspect_ratio: '16:9' },
      20: { prompt: 'a cat detective. a clue. a chase' },
      23: { input_url: discUrl, aspect_ratio: '21:9' },
      24: { prompt: 'sunset', input_url: discUrl },
      25: { input_url: discUrl },
    };
    const skip = new Set([1, 2, 3, 4, 7, 8, 9, 10, 13, 15, 16, 17, 21, 22]); // covered above or elsewhere
    const made: { type: number; id: string }[] = [];
    for (const kind of KINDS) {
      if (skip.has(kind.type)) continue;
      const r = await create({ domain_type: kind.type, ...(bodies[kind.type] ?? {}) }, { token: pro });
      expect(code(r), `type ${kind.type}: ${r.json.status.msg}`).toBe(10000);
      made.push({ type: kind.type, id: r.json.data.item.id });
      // A Pro queue holds 10 tasks at once (spec §8 70002): let the engines catch up.
      if (made.length % 8 === 0) await finish();
    }
    await finish();
    for (const { type, id } of made) {
      const item = await detail(id, { token: pro });
      expect(item.status, `type ${type}: ${item.status_desc}`).toBe(3);
      const expected = tasks.domainTypeInfo(type).output;
      expect(
        item.media!.some((m) => m.kind === expected),
        `type ${type}`,
      ).toBe(true);
      for (const img of item.img_uris.filter((u) => u.url.endsWith('.png'))) {
        const png = await readPng(img.url);
        expect([png.width, png.height]).toEqual([img.width, img.height]);
      }
    }
    const byType = Object.fromEntries(
      await Promise.all(made.map(async (m) => [m.type, await detail(m.id, { token: pro })] as const)),
    );
    expect(byType[0]!.img_uris).toHaveLength(2);
    expect(byType[0]!.img_uris[0]!.width / byType[0]!.img_uris[0]!.height).toBeCloseTo(1.5, 1);
    expect(byType[23]!.img_uris[0]).toMatchObject({ width: 93, height: 40 });
    expect(byType[19]!.task_return).toMatch(/^1\. A ship leaves\n2\. A storm comes\n3\. The sea calms\n4\./);
  });

  it("refuses LoRA training as a task (10400: it has its own API) and guests' workflows (20000)", async () => {
    expect(code(await create({ domain_type: 17, input_url: discUrl }, { token: pro }))).toBe(10400);
    expect(code(await create({ domain_type: 16, workflow_id: 'wf-x', g_mode: 1 }, GUEST))).toBe(20000);
  });
});

describe('spec §7 /task/delete (soft, refund while queued) and refunds of failed tasks', () => {
  it('refunds a task deleted while queued; a running one is deleted without a refund; a deleted task never reports again', async () => {
    const before = await coins(pro);
    const queued = await create({ domain_type: 2, prompt: 'waves', aspect_ratio: '1:1' }, { token: pro });
    const running = await create({ domain_type: 2, prompt: 'clouds', aspect_ratio: '1:1' }, { token: pro });
    expect(await coins(pro)).toBe(before - 80);
    const del1 = await s.post('/api/v1/task/delete', { ids: [queued.json.data.item.id] }, { token: pro });
    expect(decodes(TaskDeleteResponse, del1.json.data)).toEqual({
      deleted: [queued.json.data.item.id],
      refunded_coins: 40,
    });
    await tickAfter(750); // 50% of a 3 s video at Pro speed (2×, billing.TIER_BENEFITS): running
    expect((await detail(running.json.data.item.id, { token: pro })).status).toBe(2);
    const del2 = await s.post('/api/v1/task/delete', { ids: [running.json.data.item.id] }, { token: pro });
    expect(del2.json.data).toEqual({ deleted: [running.json.data.item.id], refunded_coins: 0 });
    expect(await coins(pro)).toBe(before - 40);
    await finish();
    const late = await s.post(
      '/api/v1/task/tool/batch-progress',
      { task_ids: [queued.json.data.item.id, running.json.data.item.id] },
      { token: pro },
    );
    expect(late.json.data.items).toEqual([]);
    expect(code(await s.post('/api/v1/task/detail', { id: running.json.data.item.id }, { token: pro }))).toBe(
      10404,
    );
    const rows = await s.server.ctx.db.query<{ status: number; img_uris: unknown }>(
      'SELECT status, img_uris FROM tasks WHERE id = $1',
      [running.json.data.item.id],
    );
    expect(rows[0]).toMatchObject({ status: 4, img_uris: [] });
  });

  it('refunds a task whose input vanished before the engine ran (a real engine failure, status 4)', async () => {
    const url = await upload(discPng(30, 30), 'image/png', { token: pro });
    const before = await coins(pro);
    const r = await create({ domain_type: 7, input_url: url }, { token: pro });
    expect(await coins(pro)).toBe(before - 4);
    const key = url.replace(/^\/blobs\//, '');
    await rm(path.join(s.config.dataDir, 'blobs', key));
    await finish();
    const item = await detail(r.json.data.item.id, { token: pro });
    expect(item.status).toBe(4);
    expect(item.status_desc).toMatch(/the engine failed: the input file is gone/);
    expect(item.deduction_detail).toMatchObject({ coins: 4, refunded: true });
    expect(await coins(pro)).toBe(before);
  });
});
