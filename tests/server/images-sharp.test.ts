/**
 * Issue 13 (server): images are decoded, resized and encoded with sharp (libvips, in its own
 * threads). Every image a browser produces (JPEG baseline and progressive, PNG, WebP, AVIF, GIF)
 * goes through the real upload routes into a tool task that reads it and completes with a real
 * PNG of the expected size (not failed, not refunded).
 * (The event loop's share during an ultra-HD upscale is measured in tests/soak/upscale-ping.soak.test.ts.)
 *
 * The engines do not run on a timer here: each test drives `ctx.tasks.tick(at)` itself.
 */
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageTasks } from '../support/imageTasks';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let t: ReturnType<typeof imageTasks>;

beforeAll(async () => {
  s = await startTestServer({}, false);
  t = imageTasks(s);
  await t.signIn('sharp-pro', 100_000);
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
      const bytes = await encode(sharp(await t.picture(60, 40))).toBuffer();
      const meta = await sharp(bytes).metadata();
      if (name === 'progressive JPEG') expect(meta.isProgressive).toBe(true);
      const url = await t.upload(bytes, type, ext);
      const up = await t.create({ domain_type: 1, input_url: url, scale: 2, upscale_method: 'bicubic' });
      expect(t.code(up), JSON.stringify(up.json)).toBe(10000);
      const filtered = await t.create({ domain_type: 8, input_url: url, filter: 'sepia' });
      expect(t.code(filtered), JSON.stringify(filtered.json)).toBe(10000);
      const matte = await t.create({ domain_type: 7, input_url: url });
      expect(t.code(matte), JSON.stringify(matte.json)).toBe(10000);
      await t.finish();
      expect(await t.outputOf(up.json.data.item.id)).toMatchObject({
        format: 'png',
        width: 120,
        height: 80,
        listed: { width: 120, height: 80 },
      });
      expect(await t.outputOf(filtered.json.data.item.id)).toMatchObject({
        format: 'png',
        width: 60,
        height: 40,
      });
      expect(await t.outputOf(matte.json.data.item.id)).toMatchObject({
        format: 'png',
        width: 60,
        height: 40,
      });
    });
});
