/**
 * Issue 22 "images at the size shown, in a modern format": the server's width-bounded AVIF and
 * WebP variants of the images it serves. Every format a user can upload goes through the real
 * upload routes; a variant is made once however many ask for it at once; a missing or corrupt
 * original, a width off the ladder or an unknown format answers a clear error, never a 500.
 */
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as images from '../../domain/images/index.js';
import { FEED_PATHS } from '../../infrastructure/contract/feed';
import { limiter } from '../../server/blobs/variants';
import { imageTasks } from '../support/imageTasks';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let t: ReturnType<typeof imageTasks>;
const variantPuts: string[] = [];

beforeAll(async () => {
  s = await startTestServer({}, false);
  t = imageTasks(s);
  await t.signIn('variants', 1000);
  // Every blob the server writes goes through the store's interface: count the variants it writes.
  const blobs = s.server.ctx.blobs;
  const put = blobs.put.bind(blobs);
  blobs.put = vi.fn(async (key: string, bytes: Uint8Array) => {
    if (key.startsWith('variants/')) variantPuts.push(key);
    return put(key, bytes);
  });
});
afterAll(() => s.stop());

const noRedirect = (path: string) => fetch(s.baseUrl + path, { redirect: 'manual' });

/** Asks for a variant the way a browser does: the stable address, then where it redirects. */
const variantOf = async (original: string, width: images.VariantWidth, format: images.VariantFormat) => {
  const stable = images.variantUrl(original, width, format);
  expect(stable, `${original} has variants`).not.toBeNull();
  const first = await noRedirect(stable!);
  expect(first.status, `${stable} redirects`).toBe(302);
  const location = first.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^/img/v/[0-9a-f]{32}/${width}\\.${format}$`));
  const res = await fetch(s.baseUrl + location);
  expect(res.status).toBe(200);
  return { location, res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('variants of every format a user can upload', () => {
  const formats: ReadonlyArray<readonly [string, string, string, (img: Sharp) => Sharp]> = [
    ['baseline JPEG', 'image/jpeg', 'jpg', (img) => img.jpeg({ quality: 85 })],
    ['progressive JPEG', 'image/jpeg', 'jpg', (img) => img.jpeg({ progressive: true, quality: 85 })],
    ['PNG', 'image/png', 'png', (img) => img.png()],
    ['WebP', 'image/webp', 'webp', (img) => img.webp()],
    ['AVIF', 'image/avif', 'avif', (img) => img.avif()],
    ['GIF', 'image/gif', 'gif', (img) => img.gif()],
  ];
  for (const [name, type, ext, encode] of formats)
    it(`a ${name} upload has 320 px AVIF and WebP variants, immutable, and its original unchanged`, async () => {
      const bytes = await encode(sharp(await t.picture(900, 600))).toBuffer();
      if (name === 'progressive JPEG') expect((await sharp(bytes).metadata()).isProgressive).toBe(true);
      const url = await t.upload(bytes, type, ext);
      for (const format of images.VARIANT_FORMATS) {
        const { res, bytes: variant } = await variantOf(url, 320, format);
        expect(res.headers.get('content-type')).toBe(images.VARIANT_MIME[format]);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(variant).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(meta.width).toBe(320);
        expect(meta.height).toBe(213);
      }
      // The original is what it was (Download gives it).
      const original = await fetch(s.baseUrl + url);
      expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    });

  it("a GIF's variant is its first frame", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 200, height: 100, channels: 3, background: colour } })
        .raw()
        .toBuffer();
    const frames = Buffer.concat([await frame('#ff0000'), await frame('#0000ff')]);
    const gif = await sharp(frames, { raw: { width: 200, height: 200, channels: 3, pageHeight: 100 } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const url = await t.upload(gif, 'image/gif', 'gif');
    const { bytes } = await variantOf(url, 160, 'webp');
    const meta = await sharp(bytes).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([160, 80]);
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });

  it('an original narrower than the width is never enlarged', async () => {
    await s.server.ctx.blobs.put(
      'tests/narrow.png',
      await sharp(await t.picture(100, 50))
        .png()
        .toBuffer(),
    );
    const { bytes } = await variantOf('/blobs/tests/narrow.png', 640, 'avif');
    expect((await sharp(bytes).metadata()).width).toBe(100);
  });

  it('a square cover, rendered on its first request, has variants too', async () => {
    const feed = await s.post(FEED_PATHS.recommend, { limit: 1 });
    const cover = feed.json.data?.items?.[0]?.cover?.url as string | undefined;
    expect(cover).toMatch(/^\/blobs\/community\/covers\//);
    const { bytes } = await variantOf(cover!, 160, 'webp');
    expect((await sharp(bytes).metadata()).width).toBe(160);
  });
});

describe('the placeholder colour (spec §9 colour extraction, painted before the cover loads)', () => {
  it('a rendered cover gives its item its dominant colour; an unrendered one has none yet', async () => {
    const page = await s.post(FEED_PATHS.recommend, { limit: 20 });
    const items = page.json.data.items as { id: string; cover: { url: string; color?: string } }[];
    // Only the first item's cover was rendered (by the variant test above).
    const fresh = items.find((i, n) => n > 0 && i.cover.color === undefined);
    expect(fresh, 'an item whose cover was never asked for').toBeDefined();
    const cover = Buffer.from(await (await fetch(s.baseUrl + fresh!.cover.url)).arrayBuffer());
    const again = await s.post(FEED_PATHS.recommend, { limit: 20 });
    const item = (again.json.data.items as typeof items).find((i) => i.id === fresh!.id)!;
    expect(item.cover.color).toMatch(/^#[0-9a-f]{6}$/);
    // It is a colour of the picture: some pixel of it is near.
    const { data } = await sharp(cover).resize(48, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(item.cover.color!.slice(i, i + 2), 16));
    let nearest = Infinity;
    for (let i = 0; i < data.length; i += 3)
      nearest = Math.min(nearest, Math.hypot(data[i]! - r!, data[i + 1]! - g!, data[i + 2]! - b!));
    expect(nearest).toBeLessThan(40);
  });
});

describe('made once', () => {
  it('20 concurrent requests for the same variant make it once and all get the same address', async () => {
    await s.server.ctx.blobs.put(
      'tests/busy.png',
      await sharp(await t.picture(1400, 900))
        .png()
        .toBuffer(),
    );
    const before = variantPuts.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => noRedirect('/img/1280/avif/tests/busy.png')),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 302));
    expect(new Set(answers.map((r) => r.headers.get('location'))).size).toBe(1);
    expect(variantPuts.slice(before)).toHaveLength(1);
    // Asked again later (nothing in flight): found in the blob store, not made again.
    const again = await noRedirect('/img/1280/avif/tests/busy.png');
    expect(again.headers.get('location')).toBe(answers[0]!.headers.get('location'));
    expect(variantPuts.slice(before)).toHaveLength(1);
    // Another width or format is another variant.
    await noRedirect('/img/1280/webp/tests/busy.png');
    expect(variantPuts.slice(before)).toHaveLength(2);
  });

  it('a changed original gets a new address (the hash is of its content)', async () => {
    await s.server.ctx.blobs.put(
      'tests/changing.png',
      await sharp(await t.picture(300, 300))
        .png()
        .toBuffer(),
    );
    const a = (await noRedirect('/img/160/webp/tests/changing.png')).headers.get('location');
    await s.server.ctx.blobs.put(
      'tests/changing.png',
      await sharp(await t.picture(300, 200))
        .png()
        .toBuffer(),
    );
    const b = (await noRedirect('/img/160/webp/tests/changing.png')).headers.get('location');
    expect(a).not.toBe(b);
  });
});

describe('the encoder queue', () => {
  it('runs at most its limit at once, in the order they came, and every job ends', async () => {
    const run = limiter(1);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const order: number[] = [];
    const jobs = [0, 1, 2, 3].map((n) =>
      run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
        return n;
      }),
    );
    for (let i = 0; i < 4; i++) {
      await expect.poll(() => release.length).toBe(i + 1);
      // A job arriving while one runs waits too.
      if (i === 1) void run(async () => order.push(9));
      release[i]!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    await expect.poll(() => order).toEqual([0, 1, 2, 3, 9]);
    expect(most).toBe(1);
  });
});

describe('refusals are clear, never a 500', () => {
  const refused = async (path: string, status: number, code: number) => {
    const res = await noRedirect(path);
    expect(res.status, path).toBe(status);
    const body = (await res.json()) as { status: { code: number; msg: string } };
    expect(body.status.code, path).toBe(code);
    expect(body.status.msg.length).toBeGreaterThan(0);
    return body.status.msg;
  };

  it('a width off the ladder or an unknown format', async () => {
    await s.server.ctx.blobs.put(
      'tests/ok.png',
      await sharp(await t.picture(200, 200))
        .png()
        .toBuffer(),
    );
    expect(await refused('/img/300/avif/tests/ok.png', 400, 10400)).toMatch(/160, 320, 640, 1280/);
    expect(await refused('/img/abc/avif/tests/ok.png', 400, 10400)).toMatch(/width/);
    expect(await refused('/img/320/jpeg/tests/ok.png', 400, 10400)).toMatch(/avif, webp/);
    await refused('/img/v/0123456789abcdef0123456789abcdef/300.avif', 404, 10404);
  });

  it('a missing original, a key that climbs out, a non-image', async () => {
    await refused('/img/320/avif/tests/missing.png', 404, 10404);
    await refused('/img/320/avif/tests%2F..%2F..%2Fsecret.png', 404, 10404);
    await refused('/img/320/avif/community/media/nothing.wav', 404, 10404);
    await refused('/img/v/not-a-hash/320.avif', 404, 10404);
  });

  it('a corrupt original (truncated, or not an image at all)', async () => {
    const png = await sharp(await t.picture(400, 400))
      .png()
      .toBuffer();
    await s.server.ctx.blobs.put('tests/truncated.png', png.subarray(0, 200));
    await s.server.ctx.blobs.put('tests/text.jpg', Buffer.from('this is not a picture'));
    const before = variantPuts.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => noRedirect('/img/320/webp/tests/truncated.png')),
    );
    expect(answers.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(await refused('/img/320/avif/tests/text.jpg', 422, 10400)).toMatch(/cannot be decoded/);
    expect(variantPuts.length).toBe(before);
  });
});
