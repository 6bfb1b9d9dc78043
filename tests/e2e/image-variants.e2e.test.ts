/**
 * Issue 22 "images at the size shown, in a modern format", in Chromium (not timed): the square
 * asks for each cover's variant for the card's width (no wider than twice the card's CSS width
 * times the device pixel ratio), in AVIF (which Chromium accepts) or WebP, with width and height
 * given, the first cards eager at high priority and the rest lazy; Download still gives the
 * original. At 1280 and 390 px wide, at device pixel ratios 1 and 2. Other views the same way:
 * the characters' cards and page, and on Create the uploaded reference and a generated result
 * (image to image: the queue's before/after), never their originals.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VARIANT_WIDTHS } from '../../domain/images/index.js';
import { bucketOf } from '../../server/ops/flags';
import { e2eFile, shotFile } from './support';

const f = e2eFile('image-variants');

/** The address a cover's variant is asked for (built from its original), and where it redirects. */
const ASKED = /\/img\/(\d+)\/(avif|webp)\/community\/covers\/[^/]+\.png$/;
const HASHED = /\/img\/v\/[0-9a-f]{32}\/(\d+)\.(avif|webp)$/;

interface FeedItem {
  readonly id: string;
  readonly cover: { readonly url: string; readonly color?: string } | null;
}

interface ShownCover {
  readonly currentSrc: string;
  readonly cssWidth: number;
  readonly widthAttr: string | null;
  readonly heightAttr: string | null;
  readonly loading: string | null;
  readonly fetchPriority: string | null;
  readonly naturalWidth: number;
  readonly inWindow: boolean;
}

describe('end to end: the square shows covers at their size in a modern format (issue 22)', () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    for (const dpr of [1, 2])
      it(`at ${width} px, device pixel ratio ${dpr}: each cover is a variant for its card, AVIF; Download gives the original`, async () => {
        const context = await f.browser.newContext({
          locale: 'en-US',
          viewport: { width, height },
          deviceScaleFactor: dpr,
          acceptDownloads: true,
        });
        const page = await context.newPage();
        const answers: Promise<{ url: string; type: string; accept: string }>[] = [];
        page.on('response', (res) => {
          if (res.request().resourceType() === 'image')
            answers.push(
              res
                .request()
                .allHeaders()
                .then((h) => ({
                  url: res.url(),
                  type: res.headers()['content-type'] ?? '',
                  accept: h['accept'] ?? '',
                })),
            );
        });
        await page.goto(f.url + '/explore');
        const cards = page.getByTestId('feed-card');
        await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(3);
        const covers = () =>
          page.locator('[data-testid=feed-card] [data-testid=cover] img').evaluateAll((els) =>
            (els as HTMLImageElement[]).map((img) => {
              const box = img.getBoundingClientRect();
              return {
                currentSrc: img.currentSrc,
                cssWidth: box.width,
                widthAttr: img.getAttribute('width'),
                heightAttr: img.getAttribute('height'),
                loading: img.getAttribute('loading'),
                fetchPriority: img.getAttribute('fetchpriority'),
                naturalWidth: img.complete ? img.naturalWidth : 0,
                inWindow: box.top < window.innerHeight && box.bottom > 0,
              } satisfies ShownCover;
            }),
          );
        // Every cover in the window has loaded.
        await expect
          .poll(async () => (await covers()).filter((c) => c.inWindow && c.naturalWidth === 0).length, {
            timeout: 60_000,
          })
          .toBe(0);
        const shown = (await covers()).filter((c) => c.inWindow);
        expect(shown.length).toBeGreaterThan(1);
        expect(await page.evaluate(() => window.devicePixelRatio)).toBe(dpr);
        for (const c of shown) {
          const m = ASKED.exec(c.currentSrc);
          expect(m, `${c.currentSrc} is a variant`).not.toBeNull();
          // The likely largest paint is a <picture> whose first source, AVIF, Chromium takes; the
          // other covers take WebP as the img's own srcset (spec §4 assumes WebP).
          expect(m![2]).toBe(c.fetchPriority === 'high' ? 'avif' : 'webp');
          expect(Number(m![1]), `${c.currentSrc} for a ${c.cssWidth} px card at ${dpr}x`).toBeLessThanOrEqual(
            2 * c.cssWidth * dpr,
          );
          // Width and height are given (the box is laid out before the picture arrives).
          expect(Number(c.widthAttr)).toBeGreaterThan(0);
          expect(Number(c.heightAttr)).toBeGreaterThan(0);
        }
        // The browser asked with AVIF accepted and got AVIF; no cover's original was fetched.
        const images = await Promise.all(answers);
        const variants = images.filter((r) => HASHED.test(r.url));
        expect(variants.length).toBeGreaterThanOrEqual(shown.length);
        for (const r of variants) {
          // A file the browser took from its cache (a preloaded one) reports no request headers: its network
          // request, reported too, does.
          expect(
            variants.some((v) => v.url === r.url && v.accept.includes('image/avif')),
            r.url,
          ).toBe(true);
          expect(r.type).toBe(`image/${HASHED.exec(r.url)![2]}`);
        }
        expect(variants.some((r) => r.type === 'image/avif')).toBe(true);
        expect(images.filter((r) => r.url.includes('/blobs/community/covers/'))).toEqual([]);
        // The first card of each column is eager at high priority; the rest load lazily.
        const all = await covers();
        expect(all[0]!.loading).toBe('eager');
        expect(all[0]!.fetchPriority).toBe('high');
        expect(all.filter((c) => c.loading === 'lazy').length).toBeGreaterThan(0);
        await page.screenshot({ path: shotFile(`e2e-image-variants-${width}-${dpr}x`) });

        // Download gives the original, not a variant.
        const artwork = page.locator('[data-testid=feed-card][data-card-type=artwork]').first();
        await artwork.waitFor({ timeout: 20_000 });
        await artwork.scrollIntoViewIfNeeded();
        await artwork.getByTestId('card-link').focus();
        const original = await artwork
          .getByTestId('card-link')
          .evaluate((a) => a.closest('article')?.querySelector('img')?.getAttribute('src') ?? '');
        expect(original).toMatch(/^\/blobs\/community\/covers\/.+\.png$/);
        const fileRequests: string[] = [];
        page.on('request', (req) => {
          if (new URL(req.url()).pathname.startsWith('/download/')) fileRequests.push(req.url());
        });
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 30_000 }),
          artwork.locator('[data-action=download]').click(),
        ]);
        const saved = await readFile((await download.path())!);
        const originalBytes = Buffer.from(await (await fetch(f.url + original)).arrayBuffer());
        expect(fileRequests.length).toBeGreaterThan(0);
        for (const u of fileRequests)
          expect(new URL(u).pathname).toBe(original.replace(/^\/blobs\//, '/download/'));
        const [got, want] = await Promise.all([sharp(saved).metadata(), sharp(originalBytes).metadata()]);
        expect([got.format, got.width, got.height]).toEqual([want.format, want.width, want.height]);
        await context.close();
      });

  it('on a phone, the first cover of each column is the one the page’s head preloaded, fetched once, first of the pictures; the route’s code is named too', async () => {
    const page = await f.newPage({ width: 412, height: 823, mobile: true });
    const asked: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') asked.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const html = await (await fetch(f.url + '/explore')).text();
    // First in line, the two covers (by their immutable addresses once made); the stable addresses the page's
    // own cards ask for follow at low priority.
    expect(html.match(/<link rel="preload" as="image"[^>]*fetchpriority="high">/g)).toHaveLength(2);
    await page.goto(f.url + '/explore');
    const firsts = page.locator('[data-testid=feed-column] > div:first-child [data-testid=cover] img');
    await expect.poll(() => firsts.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => firsts.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);
    const shown = await firsts.evaluateAll((imgs) =>
      imgs.map((i) => new URL((i as HTMLImageElement).currentSrc).pathname),
    );
    /** Where an address leads: its variant's immutable address (the stable one answers a redirect to it). */
    const finalOf = async (src: string) =>
      (await fetch(f.url + src, { redirect: 'manual' })).headers.get('location') ?? src;
    const files: string[] = [];
    for (const src of shown) {
      expect(src).toMatch(ASKED);
      // The preloaded answer is the one shown: asked for once, not again by the card.
      expect(
        asked.filter((a) => a === src),
        src,
      ).toHaveLength(1);
      expect(html).toContain(`${src} `);
      files.push(await finalOf(src));
    }
    // Both files asked for before any other picture of the page: by the page's HTML, by their immutable
    // addresses where they were made before (the drawn card's picture takes them without the stable address's
    // redirect), then by the stable ones the page's cards show.
    const finals = await Promise.all(asked.map(finalOf));
    const firstOther = finals.findIndex((file) => !files.includes(file));
    const leading = firstOther < 0 ? finals : finals.slice(0, firstOther);
    expect(new Set(leading)).toEqual(new Set(files));
    // The route's own code (its page's chunk, its epic modules') is named by the page it was sent,
    // beside the entry (server/routing/routeChunks.ts): none of it waits for the router to ask.
    const manifest = JSON.parse(await readFile('dist/web/.vite/manifest.json', 'utf8')) as Record<
      string,
      { readonly file: string }
    >;
    const sourceOf = new Map(Object.entries(manifest).map(([source, e]) => [`/${e.file}`, source]));
    const routeOwn = scripts.filter((a) => /\/pages\/|\/module\.ts$/.test(sourceOf.get(a) ?? ''));
    expect(routeOwn.length).toBeGreaterThan(1);
    for (const a of routeOwn) expect(html, `${sourceOf.get(a)} is named`).toContain(`href="${a}"`);
    await f.shot(page, 'square-first-row');
  });

  it('paints each cover’s dominant colour where it will be until it arrives (390 px, 2x)', async () => {
    const context = await f.browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    // The pictures are held until the placeholders have been looked at: no timing involved.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/img/**', (route) => (holding ? void held.push(route) : route.continue()));
    const feedAnswer = page.waitForResponse((r) => r.url().includes('/square/v3/recommend'));
    // Not until 'load': the first covers the page's HTML draws are held too.
    await page.goto(f.url + '/explore', { waitUntil: 'domcontentloaded' });
    const items = ((await (await feedAnswer).json()) as { data: { items: FeedItem[] } }).data.items;
    const colourOf = new Map(items.map((i) => [i.id, i.cover?.color]));
    const cards = page.getByTestId('feed-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(1);
    const placeholders = () =>
      cards.evaluateAll((els) =>
        els.map((card) => {
          const cover = card.querySelector<HTMLElement>('[data-testid=cover]');
          return {
            id: card.getAttribute('data-expose-id') ?? '',
            state: cover?.getAttribute('data-state') ?? '',
            inline: cover?.style.backgroundColor ?? '',
            painted: cover ? getComputedStyle(cover).backgroundColor : '',
            inWindow: card.getBoundingClientRect().top < window.innerHeight,
          };
        }),
      );
    const before = (await placeholders()).filter((p) => p.inWindow);
    const coloured = before.filter((p) => colourOf.get(p.id) !== undefined);
    // The first screen's covers were rendered by the tests above: their colours are known.
    expect(coloured.length).toBeGreaterThan(1);
    for (const p of coloured) {
      expect(p.state).toBe('loading');
      const hex = colourOf.get(p.id)!;
      const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      expect(p.inline).toBe(rgb);
      expect(p.painted).toBe(rgb);
    }
    await page.screenshot({ path: shotFile('e2e-image-variants-placeholders-390') });
    // Let the pictures through: once a cover is in, only the cover is painted.
    holding = false;
    await Promise.all(held.map((r) => r.continue()));
    await expect
      .poll(
        async () =>
          (await placeholders()).filter((p) => coloured.some((c) => c.id === p.id) && p.state === 'loaded')
            .length,
        { timeout: 60_000 },
      )
      .toBe(coloured.length);
    for (const p of (await placeholders()).filter((x) => coloured.some((c) => c.id === x.id)))
      expect(p.inline).toBe('');
    await page.screenshot({ path: shotFile('e2e-image-variants-loaded-390') });
    await context.close();
  });
});

/** Any variant's address as an img's current source has it: asked for by width and format. */
const VARIANT = /\/img\/(\d+)\/(avif|webp)\/[^?#]+/;

interface ShownPicture {
  readonly testid: string;
  readonly src: string;
  readonly currentSrc: string;
  readonly cssWidth: number;
  readonly widthAttr: string | null;
  readonly heightAttr: string | null;
  readonly loading: string | null;
  readonly fetchPriority: string | null;
  readonly loaded: boolean;
}

/** The pictures `found` holds, as shown (each scrolled to first, so a lazy one loads). */
const shownPictures = async (found: Locator): Promise<ShownPicture[]> => {
  await found.first().waitFor({ timeout: 30_000 });
  const count = await found.count();
  for (let i = 0; i < count; i++) await found.nth(i).scrollIntoViewIfNeeded();
  const read = () =>
    found.evaluateAll((els) =>
      (els as HTMLImageElement[]).map((img) => ({
        testid: img.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
        src: img.getAttribute('src') ?? '',
        currentSrc: new URL(img.currentSrc || img.src).pathname,
        cssWidth: img.getBoundingClientRect().width,
        widthAttr: img.getAttribute('width'),
        heightAttr: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        loaded: img.complete && img.naturalWidth > 0,
      })),
    );
  await expect.poll(async () => (await read()).every((p) => p.loaded), { timeout: 60_000 }).toBe(true);
  return read();
};

/**
 * Each picture is a variant (AVIF or WebP) no wider than twice its CSS width at the pixel ratio
 * (or the ladder's smallest, for a picture shown smaller than half of it), with width and height.
 */
const expectVariants = (shown: readonly ShownPicture[], dpr: number) => {
  expect(shown.length).toBeGreaterThan(0);
  for (const p of shown) {
    const m = VARIANT.exec(p.currentSrc);
    expect(m, `${p.testid}: ${p.currentSrc} is a variant of ${p.src}`).not.toBeNull();
    expect(p.src, `${p.testid}: the fallback is the original`).toMatch(/^\/blobs\//);
    expect(Number(m![1]), `${p.testid}: ${p.currentSrc} for ${p.cssWidth} px at ${dpr}x`).toBeLessThanOrEqual(
      Math.max(2 * p.cssWidth * dpr, VARIANT_WIDTHS[0]),
    );
    expect(Number(p.widthAttr), `${p.testid} width`).toBeGreaterThan(0);
    expect(Number(p.heightAttr), `${p.testid} height`).toBeGreaterThan(0);
  }
};

/** A guest device the ST-tavern test lets into the tavern's search (server/ops/flags.ts). */
const tavernDevice = (): string => {
  for (let i = 0; ; i++) {
    const id = `web_e2e_device_${i}`;
    if (bucketOf('st_tavern', 'device', id) % 2 === 0) return id;
  }
};

describe('end to end: other views show variants too (issue 22)', () => {
  for (const [width, height, dpr, address, image] of [
    [1280, 900, 1, '/artwork/art-005', 'artwork-image'],
    [390, 844, 2, '/ar/models/mdl-002', 'model-detail'],
  ] as const)
    it(`at ${width} px, ${dpr}x: ${address} fetches its work from the page's HTML, once, and shows that file`, async () => {
      const context = await f.browser.newContext({
        locale: 'en-US',
        viewport: { width, height },
        deviceScaleFactor: dpr,
      });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'image' && VARIANT.test(r.url())) asked.push(new URL(r.url()).pathname);
      });
      await page.goto(f.url + address);
      const img = page
        .locator(image === 'artwork-image' ? '[data-testid=artwork-image]' : '[data-testid=model-detail] img')
        .first();
      await expect
        .poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0), {
          timeout: 20_000,
        })
        .toBe(true);
      const shown = await img.evaluate((e: HTMLImageElement) => {
        const entry = performance.getEntriesByName(e.currentSrc)[0] as PerformanceResourceTiming | undefined;
        return { src: new URL(e.currentSrc).pathname, initiator: entry?.initiatorType ?? null };
      });
      // The page's own <picture> took the file its head preloaded (fetched by the <link>, not by the <img>),
      // and no other candidate of the work was fetched.
      expect(shown.src).toMatch(/\/img\/\d+\/avif\//);
      expect(shown.initiator).toBe('link');
      expect(asked.filter((u) => u.endsWith(shown.src.split('/').pop() ?? ''))).toEqual([shown.src]);
      await context.close();
    });

  for (const [width, height, dpr] of [
    [1280, 900, 1],
    [390, 844, 2],
  ] as const)
    it(`at ${width} px, ${dpr}x: character cards and page; on Create the reference and the result, not their originals`, async () => {
      const context = await f.browser.newContext({
        locale: 'en-US',
        viewport: { width, height },
        deviceScaleFactor: dpr,
      });
      await context.addInitScript((id) => window.localStorage.setItem('device_id', id), tavernDevice());
      const page = await context.newPage();
      const images: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
      });

      // The characters: a search's cards (the first loaded at once), then a character's page.
      await page.goto(f.url + '/tavern/search?q=muse');
      const cards = await shownPictures(
        page.locator('[data-testid=search-results] [data-testid=character-card] img'),
      );
      expectVariants(cards, dpr);
      expect(cards[0]!.loading).toBe('eager');
      expect(cards[0]!.fetchPriority).toBe('high');
      await page.screenshot({ path: shotFile(`e2e-image-variants-characters-${width}`) });
      await page.getByTestId('character-card').first().click();
      const detail = await shownPictures(page.locator('[data-testid=character-detail] img'));
      expectVariants(detail, dpr);
      expect(detail[0]!.fetchPriority).toBe('high');
      expect(images.filter((u) => u.startsWith('/blobs/studio/characters/'))).toEqual([]);

      // Create, signed in: image to image from an uploaded reference; the queue compares the two.
      const login = await context.request.post(f.url + '/api/v1/account/login', {
        data: { email: 'demo@atelier.test', password: 'atelier-demo' },
      });
      expect(login.ok()).toBe(true);
      await page.goto(f.url + '/create');
      await page.getByTestId('create-form').waitFor({ timeout: 30_000 });
      const reference = await sharp({
        create: { width: 960, height: 600, channels: 3, background: { r: 40, g: 140, b: 90 } },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600"><circle cx="480" cy="300" r="200" fill="rgb(220,40,60)"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      await page
        .locator('[data-testid=uploader-referenceImage] input[type=file]')
        .setInputFiles({ name: 'reference.png', mimeType: 'image/png', buffer: reference });
      await page
        .locator('[data-testid=uploader-referenceImage] [data-testid=upload-done]')
        .waitFor({ timeout: 30_000 });
      expectVariants(await shownPictures(page.getByTestId('thumb-referenceImage')), dpr);
      await page.getByTestId('i2i-note').waitFor();
      await page.fill('[data-testid=prompt]', 'a red disc on a green field, at the size shown');
      const before = await page.locator('[data-testid=task-card]').count();
      await page.click('[data-testid=generate]');
      await expect
        .poll(() => page.locator('[data-testid=task-card]').count(), { timeout: 15_000 })
        .toBe(before + 1);
      const card = page.locator('[data-testid=task-card]').first();
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
      const compared = await shownPictures(card.locator('[data-testid=before-after] img'));
      expect(compared.map((p) => p.testid).sort()).toEqual(['after-image', 'before-image']);
      expectVariants(compared, dpr);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotFile(`e2e-image-variants-create-${width}`) });
      // Neither the reference's nor the result's original was fetched to be shown.
      for (const p of compared) expect(images).not.toContain(p.src);
      await context.close();
    });
});
