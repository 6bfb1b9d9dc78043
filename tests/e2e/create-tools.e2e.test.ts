/**
 * End to end (issue 13): image to image on Create with an uploaded photo that the result really
 * uses; publishing a result after the sensitive-word check; three tools (and the eraser's painted
 * mask) with uploads of a progressive JPEG, a WebP and a PNG made with sharp here; the queue with
 * several kinds running, the queue-full notice, one cancelled and retried, a reload mid-way;
 * `/create?remix=<a seeded work>` and `/ai-tools/ai-video-generator?image=`; face swap (a face
 * dropped), AI dance, AI makeup (first short of coins) and scribble to image (strokes drawn with the
 * mouse), each as a new person; a 50 MiB track uploaded in the editor, interrupted by a reload
 * and continued by itself (the file kept on the device) from the chunks the server has; an audio
 * file on the voice page interrupted the same way with its kept copy gone, asking in its row to be
 * picked again and sending only the missing chunks once it is; the before/after comparison in
 * right-to-left (Arabic); screenshots of Create, the tools index, each tool
 * page, the editor's upload and the queue at 1280 and 390 px.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tasks } from '../../domain/index.js';
import { chooseLanguage, settleNewAccount, DEMO_COINS, e2eFile, shotFile } from './support';

// New accounts start without the sign-up bonus here: the tools' coin shortfall is shown to one.
const f = e2eFile('create-tools', { TASK_DURATION_MS: '4000', SIGN_UP_BONUS_COINS: '0' });
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const shot = (p: Page, name: string) =>
  p.screenshot({ path: shotFile(`create-tools-${name}`), fullPage: true });

/** A photo: green ground, a red disc in the middle (the result of image to image must keep it). */
const photo = async (width: number, height: number) => {
  const r = Math.min(width, height) / 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(40,160,70)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="rgb(220,40,60)"/></svg>`;
  return sharp(Buffer.from(svg));
};

/**
 * The size of the file an image shows: its original (the img's `src`; what it paints is a
 * variant for its width, issue 22), read with sharp.
 */
const storedSize = async (p: Page, selector: string): Promise<[number, number]> => {
  const src = await p.locator(selector).first().getAttribute('src');
  expect(src).toMatch(/^\/blobs\//);
  const meta = await sharp(
    Buffer.from(await (await p.request.get(new URL(src!, f.url).href)).body()),
  ).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
};

/** The colour at a fraction of a loaded image, read through a canvas in the page. */
const colourAt = (p: Page, selector: string, fx: number, fy: number) =>
  p
    .locator(selector)
    .first()
    .evaluate(
      (img: HTMLImageElement, [x, y]) => {
        // An image not yet decoded draws nothing: its zeros would read as black (a run of stop 28
        // compared the result with a photo before that had not loaded). Callers wait for `loaded`.
        if (!img.complete || img.naturalWidth === 0) throw new Error(`${img.src} has not loaded`);
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(Math.floor(c.width * x), Math.floor(c.height * y), 1, 1).data];
      },
      [fx, fy] as const,
    );

const loaded = (p: Page, selector: string) =>
  expect
    .poll(
      () =>
        p
          .locator(selector)
          .first()
          .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);

const signIn = async (p: Page) => {
  await p.click('[data-testid=sign-in]');
  await p.fill('[data-testid=email]', 'demo@atelier.test');
  await p.fill('[data-testid=password]', 'atelier-demo');
  await p.click('[data-testid=login-submit]');
  await expect
    .poll(() => p.getByTestId('coin-balance').textContent(), { timeout: 15_000 })
    .toContain(DEMO_COINS);
};

/** A WAV of `total` bytes (50 MiB by default): 44.1 kHz, 16-bit stereo, a steady tone (a real track a browser can read). */
const wav50MiB = (total = 50 * 1024 * 1024): Buffer => {
  const data = total - 44;
  const b = Buffer.alloc(total);
  b.write('RIFF', 0);
  b.writeUInt32LE(total - 8, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(44_100, 24);
  b.writeUInt32LE(44_100 * 4, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  const samples = new Int16Array(b.buffer, b.byteOffset + 44, data / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = ((i >> 1) % 100) * 200 - 10_000;
  return b;
};

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Drops a file on a drop zone as a person dragging it from their desktop would. */
const dropFile = async (p: Page, selector: string, file: FilePayload) => {
  const transfer = await p.evaluateHandle(
    ({ b64, name, type }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { b64: file.buffer.toString('base64'), name: file.name, type: file.mimeType },
  );
  await p.locator(selector).dispatchEvent('dragover', { dataTransfer: transfer });
  await p.locator(selector).dispatchEvent('drop', { dataTransfer: transfer });
};

const card = (p: Page, id: string) => p.locator(`[data-testid=task-card][data-task-id="${id}"]`);
const newestCard = (p: Page) => p.locator('[data-testid=task-card]').first();

/** Empties the uploads' kept files in IndexedDB, as if the browser had let them go. */
const clearKeptFiles = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('atelier-uploads');
        open.onsuccess = () => {
          const tx = open.result.transaction('kept-files', 'readwrite');
          tx.objectStore('kept-files').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(new Error('could not clear the kept files'));
        };
        open.onerror = () => reject(new Error('no kept-files database'));
      }),
  );

beforeAll(async () => {
  context = await f.browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

describe('Create, the AI tools and the queue (issue 13)', () => {
  it('image to image: the uploaded photo is attached and the result keeps its size and its disc; then published after the word check', async () => {
    await page.goto(f.url + '/create');
    await signIn(page);
    await page.getByTestId('create-form').waitFor();
    const png = await (await photo(320, 200)).png().toBuffer();
    await page
      .locator('[data-testid=uploader-referenceImage] input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('upload-done').waitFor({ timeout: 20_000 });
    await page.getByTestId('i2i-note').waitFor();
    await page.fill('[data-testid=prompt]', 'a calm meadow at noon');
    await expect
      .poll(() => page.getByTestId('estimate').textContent(), { timeout: 10_000 })
      .toContain('10 coins');
    await page.click('[data-testid=generate]');
    const first = newestCard(page);
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    // Image to image compares with the reference it was made from.
    await first.getByTestId('before-after').waitFor();
    await loaded(page, '[data-testid=task-card] [data-testid=after-image]');
    expect(await storedSize(page, '[data-testid=task-card] [data-testid=after-image]')).toEqual([320, 200]);
    const centre = await colourAt(page, '[data-testid=task-card] [data-testid=after-image]', 0.5, 0.5);
    const corner = await colourAt(page, '[data-testid=task-card] [data-testid=after-image]', 0.04, 0.06);
    expect(centre[0]!).toBeGreaterThan(centre[1]!);
    expect(corner[1]!).toBeGreaterThan(corner[0]!);
    await expect
      .poll(() => page.getByTestId('coin-balance').textContent())
      .toContain(String(Number(DEMO_COINS) - 10));
    await shot(page, 'create-1280');

    // Spec §5: a sensitive word in the title blocks the publish and names the field.
    await first.getByTestId('task-publish').click();
    await page.getByTestId('publish-title').fill('badword meadow');
    await page.getByTestId('publish-submit').click();
    // The dialog stays open with its text and says why (issue 21).
    await expect
      .poll(() => page.getByTestId('publish-refusal').textContent(), { timeout: 10_000 })
      .toContain('Title contains sensitive words');
    await page.getByTestId('publish-title').fill('Meadow at noon');
    await page.getByTestId('publish-submit').click();
    await first.getByTestId('task-published').waitFor({ timeout: 10_000 });
    expect(await first.getByTestId('task-published').getAttribute('href')).toMatch(/^\/artwork\/[\w-]+$/);
  });

  it('opens /create?remix=<a seeded work> with its prompt, and ?model= with that model', async () => {
    const list = await page.request.post(f.url + '/api/v1/square/v3/artwork/list', { data: {} });
    const items = ((await list.json()) as { data: { items: { id: string; card_type: string }[] } }).data
      .items;
    const work = items.find((i) => i.card_type === 'artwork')!;
    const remix = await page.request.post(f.url + '/api/v1/task/stash/run-task/get', {
      data: { id: work.id },
    });
    const { prompt } = ((await remix.json()) as { data: { prompt: string } }).data;
    await page.goto(`${f.url}/create?remix=${work.id}`);
    await page.getByTestId('remix-banner').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('prompt').inputValue()).toBe(prompt);
    expect(await page.getByTestId('seed').inputValue()).toMatch(/^\d+$/);
    await page.goto(`${f.url}/create?remix=no-such-work`);
    await page.getByTestId('remix-missing').waitFor({ timeout: 15_000 });
    await page.goto(`${f.url}/create?model=lora-watercolor`);
    await page.getByTestId('advanced-options').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('loras').textContent()).toContain('Soft Watercolor');
    await shot(page, 'create-model-1280');
  });

  it('runs three tools on a progressive JPEG, a WebP and a PNG, and the eraser on a painted mask, each with its result', async () => {
    await page.goto(f.url + '/create');
    await page.getByTestId('nav-tools').click();
    await page.getByTestId('tools-index').waitFor();
    expect(await page.locator('[data-testid^=tool-link-]').count()).toBe(9);
    await shot(page, 'tools-index-1280');

    const progressive = await (await photo(240, 160)).jpeg({ progressive: true, quality: 85 }).toBuffer();
    expect(progressive.includes(Buffer.from([0xff, 0xc2]))).toBe(true);
    const webp = await (await photo(200, 200)).webp({ quality: 85 }).toBuffer();
    const pngSmall = await (await photo(120, 80)).png().toBuffer();
    const runTool = async (
      slug: tasks.ToolSlug,
      file: { name: string; mimeType: string; buffer: Buffer },
      prepare: () => Promise<void> = async () => {},
    ) => {
      await page.goto(`${f.url}/ai-tools/${slug}`);
      await page.getByTestId('tool-form').waitFor();
      await page.locator(`[data-testid=uploader-tool-${slug}-image] input[type=file]`).setInputFiles(file);
      await page
        .locator(`[data-testid=uploader-tool-${slug}-image] [data-testid=upload-done]`)
        .waitFor({ timeout: 20_000 });
      await prepare();
      await page.getByTestId('tool-run').click();
      await expect
        .poll(() => page.getByTestId('tool-result').getAttribute('data-status'), { timeout: 40_000 })
        .toBe('completed');
    };

    await runTool(
      'ai-filter',
      { name: 'progressive.jpg', mimeType: 'image/jpeg', buffer: progressive },
      async () => {
        await page.getByTestId('filter-picker').getByText('Black and white').click();
      },
    );
    await page.getByTestId('tool-result').getByTestId('before-after').waitFor();
    await loaded(page, '[data-testid=tool-result] [data-testid=after-image]');
    const grey = await colourAt(page, '[data-testid=tool-result] [data-testid=after-image]', 0.5, 0.5);
    expect(Math.abs(grey[0]! - grey[1]!)).toBeLessThan(8);
    await shot(page, 'tool-ai-filter-1280');

    await runTool('remove-background', { name: 'photo.webp', mimeType: 'image/webp', buffer: webp });
    await loaded(page, '[data-testid=tool-result] [data-testid=after-image]');
    await shot(page, 'tool-remove-background-1280');

    await runTool(
      'image-upscaler',
      { name: 'small.png', mimeType: 'image/png', buffer: pngSmall },
      async () => {
        await page.getByText('4×').click();
      },
    );
    await loaded(page, '[data-testid=tool-result] [data-testid=after-image]');
    expect(await storedSize(page, '[data-testid=tool-result] [data-testid=after-image]')).toEqual([480, 320]);
    await shot(page, 'tool-image-upscaler-1280');

    // The eraser: paint over the disc; the result no longer has it.
    await runTool('ai_erase', { name: 'disc.png', mimeType: 'image/png', buffer: pngSmall }, async () => {
      const canvas = page.getByTestId('mask-canvas');
      await canvas.waitFor();
      // The widest brush, then passes over the whole disc (the fill comes from what surrounds the mask).
      await page.getByRole('slider', { name: 'Brush size' }).focus();
      await page.keyboard.press('End');
      const box = (await canvas.boundingBox())!;
      for (const fy of [0.15, 0.32, 0.5, 0.68, 0.85]) {
        await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * fy);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * fy, { steps: 8 });
        await page.mouse.up();
      }
      await shot(page, 'tool-ai-erase-mask-1280');
    });
    await loaded(page, '[data-testid=tool-result] [data-testid=after-image]');
    const erased = await colourAt(page, '[data-testid=tool-result] [data-testid=after-image]', 0.5, 0.5);
    expect(erased[1]!).toBeGreaterThan(erased[0]!);
    await shot(page, 'tool-ai-erase-1280');
  });

  it('the queue: several kinds run, the queue-full notice shows, one is cancelled and retried, a reload mid-way keeps the list', async () => {
    // A text-to-video clip (the video generator with no picture) and an image: two running, the non-member queue's limit.
    await page.goto(f.url + '/ai-tools/ai-video-generator');
    await page.getByTestId('tool-prompt').fill('slow waves under a pier');
    await page.getByTestId('video-tiers').getByText('Ultra').click();
    await page.getByTestId('tool-run').click();
    const video = newestCard(page);
    await expect.poll(() => video.getAttribute('data-group'), { timeout: 10_000 }).toBe('video');
    const videoId = (await video.getAttribute('data-task-id'))!;
    await page.goto(f.url + '/create');
    await page.fill('[data-testid=prompt]', 'a lighthouse in the fog');
    await page.click('[data-testid=generate]');
    await expect
      .poll(() => page.locator('[data-testid=task-card][data-status=inProgress]').count(), {
        timeout: 10_000,
      })
      .toBe(2);
    const imageId = (await newestCard(page).getAttribute('data-task-id'))!;
    expect(imageId).not.toBe(videoId);
    // Spec §8 70002 told before a third task is refused.
    await expect
      .poll(() => page.getByTestId('queue-notice').getAttribute('data-notice'), { timeout: 10_000 })
      .toBe('queueFull');
    await page.getByRole('tab', { name: /^Video/ }).click();
    await expect.poll(() => page.locator('[data-testid=task-card]').count()).toBe(1);
    await page.getByRole('tab', { name: /^All/ }).click();
    await shot(page, 'queue-1280');

    // Cancel the clip: its coins come back.
    const before = Number((await page.getByTestId('coin-balance').textContent())!.replace(/\D/g, ''));
    await card(page, videoId).getByTestId('task-cancel').click();
    await expect.poll(() => card(page, videoId).getByTestId('task-status').textContent()).toBe('Cancelled');
    await expect
      .poll(async () => Number((await page.getByTestId('coin-balance').textContent())!.replace(/\D/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(before);

    // Away: the person opens the square while the image runs; back on Create, the queue says what finished.
    await page.getByTestId('nav-explore').click();
    await expect
      .poll(
        () =>
          page.evaluate(
            (id) =>
              (
                window as unknown as {
                  __ATELIER__: {
                    state: () => { tasks: { byId: Record<string, { phase: { status: string } }> } };
                  };
                }
              ).__ATELIER__.state().tasks.byId[id]?.phase.status,
            imageId,
          ),
        { timeout: 30_000 },
      )
      .toBe('completed');
    await page.getByTestId('nav-create').click();
    await page.getByTestId('queue-away').waitFor();
    expect(await page.getByTestId('queue-away').textContent()).toMatch(/1 task finished while you were away/);
    expect(await card(page, imageId).getAttribute('data-unseen')).toBe('true');
    await shot(page, 'queue-away-1280');
    await page.getByTestId('queue-away').getByRole('button', { name: 'Mark as seen' }).click();
    await expect.poll(() => page.getByTestId('queue-away').count()).toBe(0);

    // Retry the cancelled clip with the same parameters: a new video task of the same tier.
    const count = await page.locator('[data-testid=task-card]').count();
    await card(page, videoId).getByTestId('task-retry').click();
    await expect
      .poll(() => page.locator('[data-testid=task-card]').count(), { timeout: 10_000 })
      .toBe(count + 1);
    const retriedId = (await newestCard(page).getAttribute('data-task-id'))!;
    const retried = card(page, retriedId);
    expect(await retried.getAttribute('data-group')).toBe('video');
    expect(await retried.textContent()).toContain('slow waves under a pier');
    expect(await retried.getAttribute('data-status')).toBe('inProgress');

    // A reload mid-way: the list comes back (the cancelled clip too) and the retried clip finishes.
    await page.reload();
    await expect
      .poll(() => card(page, videoId).getByTestId('task-status').textContent(), { timeout: 15_000 })
      .toBe('Cancelled');
    await expect.poll(() => retried.getAttribute('data-status'), { timeout: 40_000 }).toBe('completed');
    await loaded(page, `[data-testid=task-card][data-task-id="${retriedId}"] [data-testid=task-image]`);
    await shot(page, 'queue-after-1280');
  });

  it('pre-fills the video generator from ?image= (a card’s image to video) and animates it', async () => {
    const list = await page.request.post(f.url + '/api/v1/square/v3/artwork/list', { data: {} });
    const items = (
      (await list.json()) as { data: { items: { card_type: string; cover: { url: string } }[] } }
    ).data.items;
    const cover = items.find((i) => i.card_type === 'artwork')!.cover.url;
    await page.goto(`${f.url}/ai-tools/ai-video-generator?image=${encodeURIComponent(cover)}`);
    await page.getByTestId('prefill-image').waitFor();
    await page.getByTestId('tool-run').click();
    await expect
      .poll(() => page.getByTestId('tool-result').getAttribute('data-status'), { timeout: 40_000 })
      .toBe('completed');
    await loaded(page, '[data-testid=tool-result] [data-testid=tool-result-image]');
    await shot(page, 'tool-ai-video-generator-1280');
  });

  describe('as a new person: face swap, AI dance, AI makeup, scribble to image; a 50 MiB upload resumed', () => {
    let ctx: BrowserContext;
    let me: Page;
    let people = 0;
    beforeEach(async () => {
      ctx = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
      me = await ctx.newPage();
      me.on('pageerror', (e) => pageErrors.push(e.message));
      const email = `tool-${Date.now().toString(36)}-${people++}@example.test`;
      const password = 'a long password 1';
      const r = await me.request.post(f.url + '/api/v1/account/register', {
        data: { name: 'Tool Tester', email, password },
      });
      expect(((await r.json()) as { status: { code: number } }).status.code).toBe(10000);
      await settleNewAccount(f.url, email, password);
    });
    afterEach(async () => {
      await ctx.close();
    });

    /** A new account has no coins: it buys the smallest pack through the (simulated) provider. */
    const buyCoins = async () => {
      const order = await me.request.post(f.url + '/api/v1/payment/order/create', {
        data: { goods_id: 'calculate500', idempotency_key: `e2e-${Date.now().toString(36)}-${people}` },
      });
      const { order_id } = ((await order.json()) as { data: { order: { order_id: string } } }).data.order;
      const paid = await me.request.post(`${f.url}/pay/checkout/${order_id}/complete`, {
        data: { card_number: '4242424242424242' },
      });
      expect(((await paid.json()) as { data: { order: { status: string } } }).data.order.status).toBe('paid');
    };

    const open = async (slug: tasks.ToolSlug) => {
      await me.goto(`${f.url}/ai-tools/${slug}`);
      await me.getByTestId('tool-form').waitFor();
      await me.getByTestId('account-menu').waitFor();
    };
    const pick = async (slug: tasks.ToolSlug, slot: 'image' | 'face', file: FilePayload) => {
      await me.locator(`[data-testid=uploader-tool-${slug}-${slot}] input[type=file]`).setInputFiles(file);
      await me
        .locator(`[data-testid=uploader-tool-${slug}-${slot}] [data-testid=upload-done]`)
        .waitFor({ timeout: 20_000 });
    };
    /** Run: the progress shows while the task runs, then the result. */
    const run = async () => {
      await me.getByTestId('tool-run').click();
      await me.locator('[data-testid=tool-result][data-status=inProgress] [role=progressbar]').waitFor();
      await expect
        .poll(() => me.getByTestId('tool-result').getAttribute('data-status'), { timeout: 30_000 })
        .toBe('completed');
    };
    /** The finished page at 1280, then at 390 (nothing wider than the screen), both looked at. */
    const shoot = async (slug: tasks.ToolSlug) => {
      await shot(me, `tool-${slug}-done-1280`);
      await me.setViewportSize({ width: 390, height: 844 });
      expect(
        await me.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await shot(me, `tool-${slug}-done-390`);
    };
    const lum = (c: number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;

    it('face swap: a photo chosen and a face dropped; the face lands in the photo, before/after shown', async () => {
      await buyCoins();
      await open('ai-face-swap');
      // The photo: orange on the left, blue on the right; the face: dark above, light below.
      const target = await sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
          <rect width="120" height="240" fill="rgb(230,140,40)"/><rect x="120" width="120" height="240" fill="rgb(40,90,220)"/></svg>`),
      )
        .jpeg({ quality: 90 })
        .toBuffer();
      const face = await sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160">
          <rect width="160" height="80" fill="rgb(15,15,15)"/><rect y="80" width="160" height="80" fill="rgb(245,245,245)"/></svg>`),
      )
        .png()
        .toBuffer();
      await me.getByTestId('tool-run').click();
      await expect.poll(() => me.getByTestId('tool-problem').textContent()).toBe('Add a picture first.');
      await pick('ai-face-swap', 'image', { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: target });
      await dropFile(me, '[data-testid=drop-tool-ai-face-swap-face]', {
        name: 'face.png',
        mimeType: 'image/png',
        buffer: face,
      });
      await me
        .locator('[data-testid=uploader-tool-ai-face-swap-face] [data-testid=upload-done]')
        .waitFor({ timeout: 20_000 });
      await run();
      await me.getByTestId('tool-result').getByTestId('before-after').waitFor();
      await loaded(me, '[data-testid=tool-result] [data-testid=after-image]');
      await loaded(me, '[data-testid=tool-result] [data-testid=before-image]');
      await expect
        .poll(() => me.locator('[data-testid=toast]').allTextContents())
        .toContainEqual(expect.stringContaining('Your result is ready.'));
      const after = '[data-testid=tool-result] [data-testid=after-image]';
      // Inside the face region the face's dark top and light bottom show; outside, the photo is kept.
      const top = await colourAt(me, after, 0.45, 0.3);
      const bottom = await colourAt(me, after, 0.45, 0.55);
      expect(lum(bottom) - lum(top)).toBeGreaterThan(40);
      const corner = await colourAt(me, after, 0.05, 0.05);
      expect(corner[0]!).toBeGreaterThan(200);
      expect(corner[2]!).toBeLessThan(80);
      await shoot('ai-face-swap');
    });

    it('AI dance: a photo becomes a moving clip that loads', async () => {
      await buyCoins();
      await open('ai-dance');
      const still = await (await photo(180, 240)).jpeg({ quality: 85 }).toBuffer();
      await pick('ai-dance', 'image', { name: 'dancer.jpg', mimeType: 'image/jpeg', buffer: still });
      await run();
      const clip = '[data-testid=tool-result] [data-testid=tool-result-image]';
      await loaded(me, clip);
      await expect
        .poll(() => me.locator('[data-testid=toast]').allTextContents())
        .toContainEqual(expect.stringContaining('Your video is ready.'));
      // A clip, not a still: the server's animation (a GIF) with more than one frame.
      const src = (await me.locator(clip).getAttribute('src'))!;
      const bytes = Buffer.from(await (await me.request.get(new URL(src, f.url).href)).body());
      expect(bytes.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
      expect((await sharp(bytes, { animated: true }).metadata()).pages ?? 1).toBeGreaterThan(1);
      await shoot('ai-dance');
    });

    it('AI makeup: the photo comes back softened and warmer, before/after shown', async () => {
      await open('ai-makeup');
      const face = await (await photo(200, 200)).webp({ quality: 90 }).toBuffer();
      await pick('ai-makeup', 'image', { name: 'selfie.webp', mimeType: 'image/webp', buffer: face });
      // No coins yet: the estimate says so before anything is sent, and leads to the coins page.
      await expect
        .poll(() => me.getByTestId('coin-shortfall').textContent(), { timeout: 10_000 })
        .toContain('Your balance is 0 coins: not enough.');
      await shot(me, 'tool-ai-makeup-no-coins-1280');
      await buyCoins();
      await me.getByTestId('get-coins').click();
      await me.waitForURL(/\/coins$/);
      await expect
        .poll(() => me.getByTestId('coin-balance').textContent(), { timeout: 10_000 })
        .toContain('500');
      // Back on the tool, the chosen photo is still there and the note has gone.
      await me.goBack();
      await me.locator('[data-testid=uploader-tool-ai-makeup-image] [data-testid=upload-done]').waitFor();
      await expect.poll(() => me.getByTestId('coin-shortfall').count()).toBe(0);
      await run();
      await me.getByTestId('tool-result').getByTestId('before-after').waitFor();
      const after = '[data-testid=tool-result] [data-testid=after-image]';
      const before = '[data-testid=tool-result] [data-testid=before-image]';
      await loaded(me, after);
      await loaded(me, before);
      const was = await colourAt(me, before, 0.05, 0.05);
      const now = await colourAt(me, after, 0.05, 0.05);
      expect(lum(now) - lum(was)).toBeGreaterThan(10);
      expect(now[0]! - was[0]!).toBeGreaterThan(now[2]! - was[2]!);
      await shoot('ai-makeup');

      // Right to left (Arabic): the photo before is uncovered from the right, where the slider
      // starts, and the divider stands where the slider's thumb is.
      await me.setViewportSize({ width: 1280, height: 900 });
      await chooseLanguage(me, 'ar');
      await expect.poll(() => me.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const frame = me.getByTestId('tool-result').getByTestId('before-after-frame');
      await frame.waitFor();
      await loaded(me, '[data-testid=tool-result] [data-testid=before-image]');
      /** Luminance on screen at a fraction of the frame's width, near its bottom (the photo's green ground, below the disc). */
      const shownAt = async (fx: number) => {
        const { data, info } = await sharp(await frame.screenshot())
          .raw()
          .toBuffer({ resolveWithObject: true });
        const at =
          (Math.floor(info.height * 0.92) * info.width + Math.floor(info.width * fx)) * info.channels;
        return lum([data[at]!, data[at + 1]!, data[at + 2]!]);
      };
      // Nothing over the frame while it is read off the screen: the result's toast has gone (5 s).
      await expect.poll(() => me.locator('[data-testid=toast]').count(), { timeout: 15_000 }).toBe(0);
      const slider = me.getByTestId('tool-result').getByRole('slider');
      await slider.focus();
      // At a quarter: the right quarter shows the photo before (darker), the rest the result.
      await me.keyboard.press('Home');
      for (let i = 0; i < 25; i++) await me.keyboard.press('ArrowUp');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('25');
      await expect.poll(async () => (await shownAt(0.1)) - (await shownAt(0.9))).toBeGreaterThan(10);
      expect(Math.abs((await shownAt(0.1)) - (await shownAt(0.6)))).toBeLessThan(4);
      const box = (await frame.boundingBox())!;
      const divider = (await me
        .getByTestId('tool-result')
        .getByTestId('before-after-divider')
        .boundingBox())!;
      expect(Math.abs(divider.x + divider.width / 2 - (box.x + box.width * 0.75))).toBeLessThan(3);
      const thumb = (await me.getByTestId('tool-result').getByRole('slider').boundingBox())!;
      expect(thumb.x + thumb.width / 2).toBeGreaterThan(box.x + box.width / 2);
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await me.evaluate(() => window.scrollTo(0, 0));
      await shot(me, 'tool-ai-makeup-rtl-1280');
      // All the way: the photo before everywhere.
      await slider.focus();
      await me.keyboard.press('End');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('100');
      await expect.poll(async () => Math.abs((await shownAt(0.1)) - (await shownAt(0.9)))).toBeLessThan(4);
      await me.keyboard.press('Home');
      for (let i = 0; i < 25; i++) await me.keyboard.press('ArrowUp');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('25');
      await me.setViewportSize({ width: 390, height: 844 });
      await frame.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await shownAt(0.1)) - (await shownAt(0.9))).toBeGreaterThan(10);
      expect(
        await me.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await me.evaluate(() => window.scrollTo(0, 0));
      await shot(me, 'tool-ai-makeup-rtl-390');
    });

    it('scribble to image: strokes drawn with the mouse guide the rendered picture', async () => {
      await buyCoins();
      await open('scribble2img');
      const canvas = me.getByTestId('scribble-canvas');
      await me.getByRole('slider', { name: 'Brush size' }).focus();
      await me.keyboard.press('End');
      const box = (await canvas.boundingBox())!;
      // A thick line across the middle, and a second one down the middle.
      await me.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.5);
      await me.mouse.down();
      await me.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.5, { steps: 10 });
      await me.mouse.up();
      await me.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.15);
      await me.mouse.down();
      await me.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.85, { steps: 10 });
      await me.mouse.up();
      // The prompt is required: named before anything is sent.
      await me.getByTestId('tool-run').click();
      await me.getByText('Write a prompt first.').waitFor();
      await me.getByTestId('tool-prompt').fill('a lighthouse on a cliff');
      await run();
      await me.getByTestId('tool-result').getByTestId('before-after').waitFor();
      const after = '[data-testid=tool-result] [data-testid=after-image]';
      await loaded(me, after);
      expect(lum(await colourAt(me, after, 0.5, 0.5))).toBeLessThan(50);
      expect(lum(await colourAt(me, after, 0.3, 0.5))).toBeLessThan(50);
      const open1 = await colourAt(me, after, 0.25, 0.25);
      expect(lum(open1)).toBeGreaterThan(lum(await colourAt(me, after, 0.3, 0.5)) + 20);
      await shoot('scribble2img');
    });

    it('a 50 MiB track going up in the editor, interrupted by a reload, continues by itself where it was and is usable', async () => {
      // A real 50 MiB WAV (44.1 kHz stereo, about 297 s of a tone) in a temp dir, picked once by its
      // path: after the reload the upload goes on with the copy the page kept, never picked again.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-resume-'));
      const file = path.join(dir, 'long-take.wav');
      const bytes = wav50MiB();
      await writeFile(file, bytes);
      // The chunk PUTs are counted as they leave. Chunks 3 and later get no answer until the page
      // is reloaded (Chromium's request interception, only for those URLs): the reload lands at
      // the same point every run, with the first three of eleven 5 MB chunks on the server.
      const puts: number[] = [];
      me.on('request', (r) => {
        const m = /\/upload\/[\w-]+\/(\d+)\?/.exec(r.url());
        if (m && r.method() === 'PUT') puts.push(Number(m[1]));
      });
      const cdp = await ctx.newCDPSession(me);
      await cdp.send('Fetch.enable', {
        patterns: Array.from({ length: 8 }, (_, i) => ({
          urlPattern: `*/upload/*/${i + 3}\\?*`,
          requestStage: 'Request' as const,
        })),
      });
      await me.goto(f.url + '/editor');
      await expect
        .poll(() => new URL(me.url()).searchParams.get('project_id'), { timeout: 15_000 })
        .toMatch(/^prj_/);
      await me.setInputFiles('[data-testid=upload-audio]', file);
      const bar = me.locator('[data-testid=editor-upload] [role=progressbar]');
      const shown = async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0);
      await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(20);
      const before = await shown();
      await shot(me, 'editor-upload-1280');
      // While it runs, the picked file is kept on the device (IndexedDB), under its upload.
      const keptFiles = () =>
        me.evaluate(
          () =>
            new Promise<number[]>((resolve, reject) => {
              const open = indexedDB.open('atelier-uploads');
              open.onerror = () => reject(new Error('no kept-files database'));
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('kept-files')) {
                  db.close();
                  resolve([]);
                  return;
                }
                const all = db.transaction('kept-files').objectStore('kept-files').getAll();
                all.onsuccess = () => {
                  db.close();
                  resolve((all.result as { size: number }[]).map((e) => e.size));
                };
                all.onerror = () => reject(new Error('kept files unreadable'));
              };
            }),
        );
      await expect.poll(keptFiles, { timeout: 15_000 }).toEqual([bytes.length]);
      // After the reload, held chunk PUTs go on, except the last chunk's first PUT, held until
      // the resumed upload has been seen on screen with its note.
      let reloaded = false;
      let heldLast: string | null = null;
      cdp.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
        if (!reloaded) return;
        if (heldLast === null && /\/upload\/[\w-]+\/10\?/.test(e.request.url)) heldLast = e.requestId;
        else void cdp.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined);
      });
      // The reload, mid-upload (the held PUTs die with the page); the file is NOT picked again.
      const putsBefore = puts.length;
      reloaded = true;
      await me.reload();
      await me.getByTestId('upload-audio').waitFor();
      // It goes on by itself, in its row of the editor, with its progress and "Resumed after reload".
      const row = me.locator('[data-testid=editor-upload]');
      await row.getByTestId('upload-resumed').waitFor({ timeout: 30_000 });
      expect(await row.getByTestId('upload-resumed').textContent()).toBe('Resumed after reload');
      await expect.poll(() => heldLast !== null, { timeout: 30_000 }).toBe(true);
      expect(await shown()).toBeGreaterThanOrEqual(Math.floor(before));
      await shot(me, 'editor-upload-resumed-running-1280');
      await cdp.send('Fetch.continueRequest', { requestId: heldLast! });
      await me.getByTestId('add-upload-audio').waitFor({ timeout: 30_000 });
      await cdp.send('Fetch.disable');
      // Only the chunks the server did not have went up after the reload.
      expect(puts.slice(putsBefore).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
      // The resumed upload's own events: the three chunks the server had confirmed at once (28 %,
      // not 0 %), before any chunk is sent; then the eight others; then the confirm.
      const log = (
        await me.evaluate(() =>
          (window as unknown as { __ATELIER__: { eventLog: () => string } }).__ATELIER__.eventLog(),
        )
      )
        .split('\n')
        .filter((l) => l.includes('"uploads/'))
        .map((l) => JSON.parse(l) as { type: string; payload: { index?: number; afterReload?: boolean } });
      expect(log[0]!.type).toBe('uploads/started');
      expect(log[0]!.payload.afterReload).toBe(true);
      expect(log.slice(1, 5).map((e) => [e.type, e.payload.index])).toEqual([
        ['uploads/signed', undefined],
        ['uploads/chunkConfirmed', 0],
        ['uploads/chunkConfirmed', 1],
        ['uploads/chunkConfirmed', 2],
      ]);
      expect(log[5]!.type).toBe('uploads/chunkSent');
      const resumedAt = (3 * 5_000_000 * 100) / bytes.length;
      expect(resumedAt).toBeGreaterThanOrEqual(Math.floor(before));
      expect(
        log
          .filter((e) => e.type === 'uploads/chunkSent')
          .map((e) => e.payload.index)
          .sort((a, b) => a! - b!),
      ).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
      expect(log.at(-1)!.type).toBe('uploads/confirmed');
      // Usable: the stored file is the file, byte for byte, and the editor adds it with its real length.
      await me.getByTestId('add-upload-audio').click();
      await me.getByTestId('audio-track').waitFor();
      const url = await me.evaluate(
        () =>
          (
            window as unknown as {
              __ATELIER__: { state: () => { editor: { audios: { url: string; duraction: number }[] } } };
            }
          ).__ATELIER__.state().editor.audios[0]!,
      );
      expect(url.duraction).toBeCloseTo((bytes.length - 44) / (44_100 * 4), 0);
      const stored = Buffer.from(await (await me.request.get(new URL(url.url, f.url).href)).body());
      expect(stored.length).toBe(bytes.length);
      expect(stored.equals(bytes)).toBe(true);
      // Done: the kept file is deleted, and nothing is left to resume.
      await expect.poll(keptFiles, { timeout: 10_000 }).toEqual([]);
      expect(await me.evaluate(() => localStorage.getItem('atelier.uploads.resume'))).toBeNull();
      await shot(me, 'editor-upload-resumed-1280');
      await me.setViewportSize({ width: 390, height: 844 });
      await shot(me, 'editor-upload-resumed-390');

      // Interrupted again, but the kept copy is gone (the browser cleared it): after the reload the
      // upload shows in its row asking for the file, and the file picked again continues it.
      await me.setViewportSize({ width: 1280, height: 900 });
      const second = path.join(dir, 'second-take.wav');
      await writeFile(second, wav50MiB(12 * 1024 * 1024));
      await cdp.send('Fetch.enable', {
        patterns: [1, 2].map((i) => ({
          urlPattern: `*/upload/*/${i}\\?*`,
          requestStage: 'Request' as const,
        })),
      });
      reloaded = false;
      await me.setInputFiles('[data-testid=upload-audio]', second);
      await expect.poll(keptFiles, { timeout: 15_000 }).toHaveLength(1);
      await expect
        .poll(() => me.evaluate(() => localStorage.getItem('atelier.uploads.resume') ?? ''), {
          timeout: 15_000,
        })
        .toContain('"confirmed":[0]');
      await clearKeptFiles(me);
      reloaded = true;
      await me.reload();
      const waiting = me.locator('[data-testid=editor-upload]', { hasText: 'second-take.wav' });
      await waiting.getByTestId('editor-upload-message').waitFor({ timeout: 30_000 });
      expect(await waiting.getByTestId('editor-upload-message').textContent()).toBe(
        'Pick the file again to continue',
      );
      await shot(me, 'editor-upload-pick-again-1280');
      const putsBeforePick = puts.length;
      await me.setInputFiles('[data-testid=upload-audio]', second);
      await me
        .locator('[data-testid=editor-upload]', { hasText: 'second-take.wav' })
        .getByTestId('add-upload-audio')
        .waitFor({ timeout: 30_000 });
      await cdp.send('Fetch.disable');
      // Only the two chunks the server lacked went up; the waiting row gave way to the upload.
      expect(puts.slice(putsBeforePick).sort((a, b) => a - b)).toEqual([1, 2]);
      expect(await me.getByTestId('editor-upload-message').count()).toBe(0);
      await rm(dir, { recursive: true, force: true });
    });

    it('the voice page: an audio file interrupted by a reload, its kept copy gone, asks to be picked again in its row; picked again, only the missing chunks go up', async () => {
      // A 12 MiB take: three 5 MB chunks. Chunks 1 and 2 get no answer until the page is reloaded.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-voice-'));
      const file = path.join(dir, 'voice-take.wav');
      await writeFile(file, wav50MiB(12 * 1024 * 1024));
      const puts: number[] = [];
      me.on('request', (r) => {
        const m = /\/upload\/[\w-]+\/(\d+)\?/.exec(r.url());
        if (m && r.method() === 'PUT') puts.push(Number(m[1]));
      });
      const cdp = await ctx.newCDPSession(me);
      let reloaded = false;
      cdp.on('Fetch.requestPaused', (e: { requestId: string }) => {
        if (reloaded)
          void cdp.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined);
      });
      await cdp.send('Fetch.enable', {
        patterns: [1, 2].map((i) => ({
          urlPattern: `*/upload/*/${i}\\?*`,
          requestStage: 'Request' as const,
        })),
      });
      await me.goto(f.url + '/voices/new');
      await me.getByTestId('voice-form').waitFor();
      await me.setInputFiles('[data-testid=voice-audio-input]', file);
      // Going up in its row, with its progress; chunk 0 confirmed and remembered.
      const list = me.getByTestId('voice-audio-list');
      await list.locator('[data-testid=upload-file] [role=progressbar]').waitFor({ timeout: 15_000 });
      await expect
        .poll(() => me.evaluate(() => localStorage.getItem('atelier.uploads.resume') ?? ''), {
          timeout: 15_000,
        })
        .toContain('"confirmed":[0]');
      // The browser lost the kept copy (cleared here) before the page is reloaded.
      const keptCount = () =>
        me.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('atelier-uploads');
              open.onerror = () => reject(new Error('no kept-files database'));
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('kept-files')) {
                  db.close();
                  resolve(0);
                  return;
                }
                const count = db.transaction('kept-files', 'readwrite').objectStore('kept-files').count();
                count.onsuccess = () => {
                  db.close();
                  resolve(count.result);
                };
              };
            }),
        );
      await expect.poll(keptCount, { timeout: 15_000 }).toBe(1);
      await clearKeptFiles(me);
      expect(await keptCount()).toBe(0);
      reloaded = true;
      await me.reload();
      // Its row says what to do, with what the server had (a third of the file).
      const row = list.locator('[data-testid=upload-file]', { hasText: 'voice-take.wav' });
      await row.getByRole('alert').waitFor({ timeout: 30_000 });
      expect(await row.getByRole('alert').textContent()).toBe('Pick the file again to continue');
      expect(await row.getAttribute('data-status')).toBe('error');
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await me.evaluate(() => window.scrollTo(0, 0));
      await shot(me, 'voice-upload-pick-again-1280');
      await me.setViewportSize({ width: 390, height: 844 });
      expect(
        await me.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await row.scrollIntoViewIfNeeded();
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await me.evaluate(() => window.scrollTo(0, 0));
      await shot(me, 'voice-upload-pick-again-390');
      await me.setViewportSize({ width: 1280, height: 900 });
      // The same file picked again: the chunk check first, then only chunks 1 and 2 go up.
      const putsBefore = puts.length;
      await me.setInputFiles('[data-testid=voice-audio-input]', file);
      await list.locator('audio').waitFor({ timeout: 30_000 });
      await cdp.send('Fetch.disable');
      expect(puts.slice(putsBefore).sort((a, b) => a - b)).toEqual([1, 2]);
      expect(await list.locator('[data-testid=upload-file]').count()).toBe(0);
      expect(await list.locator('audio').count()).toBe(1);
      expect(await me.evaluate(() => localStorage.getItem('atelier.uploads.resume'))).toBeNull();
      await rm(dir, { recursive: true, force: true });
    });
  });

  it('every page fits 390 px: Create, the tools index, each tool and the queue', async () => {
    const small = await f.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const phone = await small.newPage();
    phone.on('pageerror', (e) => pageErrors.push(e.message));
    await phone.goto(f.url + '/create');
    await phone.getByTestId('create-form').waitFor({ timeout: 15_000 });
    await shot(phone, 'create-390');
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.goto(f.url + '/ai-tools');
    await phone.getByTestId('tools-index').waitFor();
    await shot(phone, 'tools-index-390');
    for (const t of tasks.TOOLS) {
      await phone.goto(`${f.url}/ai-tools/${t.slug}`);
      await phone.getByTestId('tool-form').waitFor();
      expect(await overflow(), t.slug).toBeLessThanOrEqual(0);
      await shot(phone, `tool-${t.slug}-390`);
    }
    await small.close();
    // The queue at 390, signed in, with its finished and cancelled jobs.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(f.url + '/create');
    await page.getByTestId('queue-panel').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotFile('create-tools-queue-390') });
    expect(pageErrors).toEqual([]);
  });
});
