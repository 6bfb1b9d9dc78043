/**
 * End to end (issue 21, uploads): a phone-sized photo (3000 × 2000 JPEG, made with sharp here) as
 * Create's reference image and as a tool's input is scaled by the client to what tasks accept
 * (2508 × 1672, within 2048 × 2048 pixels) and the task succeeds; a refusal the server explains
 * (an image over the limit that reached a tool by its address) reads as a sentence naming the
 * limit, in English and Arabic; and a reference image a guest picked is still in the form after
 * the page is loaded again with the login dialog, is saved to the account at sign-in and is what
 * the created task uses. At 1280 and 390 px.
 */
import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../domain/index.js';
import { DEMO_COINS, e2eFile, shotFile } from './support';

const f = e2eFile('newcomer-uploads', { TASK_DURATION_MS: '3000' });
const pageErrors: string[] = [];

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** What the client makes of a 3000 × 2000 photo: the largest 3:2 size within 2048 × 2048 pixels. */
const FITTED = uploads.fitTaskInput({ width: 3000, height: 2000 });

const shot = (p: Page, name: string) =>
  p.screenshot({ path: shotFile(`newcomer-uploads-${name}`), fullPage: false });

/** A phone photo: a sky-to-grass gradient with a red disc in the middle, as a 3000 × 2000 JPEG. */
const phonePhoto = async (): Promise<Buffer> => {
  const [w, h] = [3000, 2000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="rgb(120,170,230)"/><stop offset="1" stop-color="rgb(40,140,60)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${h / 3}" fill="rgb(220,40,60)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
};

let photo: Buffer;
const photoFile = () => ({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });

const newPage = async (viewport: { width: number; height: number }): Promise<[BrowserContext, Page]> => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return [context, page];
};

const signInFromHeader = async (p: Page) => {
  await p.click('[data-testid=sign-in]');
  await p.fill('[data-testid=email]', 'demo@atelier.test');
  await p.fill('[data-testid=password]', 'atelier-demo');
  await p.click('[data-testid=login-submit]');
  await p.getByTestId('account-menu').waitFor({ timeout: 15_000 });
};

/**
 * The size of the file an image shows, once it has loaded: its original (the img's `src`; what it
 * paints is a variant for its width, issue 22), read with sharp.
 */
const storedSize = async (p: Page, selector: string): Promise<[number, number]> => {
  const img = p.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 30_000 })
    .toBe(true);
  const src = await img.getAttribute('src');
  expect(src).toMatch(/^\/blobs\//);
  const meta = await sharp(
    Buffer.from(await (await p.request.get(new URL(src!, f.url).href)).body()),
  ).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
};

const toasts = (p: Page) => p.getByTestId('toast').allTextContents();

/** The reference image picked on Create, uploaded (its stored file is what the server received). */
const pickReference = async (p: Page) => {
  await p.locator('[data-testid=uploader-referenceImage] input[type=file]').setInputFiles(photoFile());
  await p
    .locator('[data-testid=uploader-referenceImage] [data-testid=upload-done]')
    .waitFor({ timeout: 30_000 });
};

/** Creates image to image from the form and waits for the newest card to complete. */
const createFromReference = async (p: Page, prompt: string) => {
  await p.getByTestId('i2i-note').waitFor();
  await p.fill('[data-testid=prompt]', prompt);
  const before = await p.locator('[data-testid=task-card]').count();
  await p.click('[data-testid=generate]');
  await expect.poll(() => p.locator('[data-testid=task-card]').count(), { timeout: 15_000 }).toBe(before + 1);
  const card = p.locator('[data-testid=task-card]').first();
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('completed');
  return card;
};

/** Uploads bytes as the demo account through the API (pre-sign, PUT, confirm) and answers the file's URL. */
const uploadAsDemo = async (bytes: Buffer): Promise<string> => {
  const login = await fetch(f.url + '/api/v1/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@atelier.test', password: 'atelier-demo' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async (p: string, body: unknown) =>
    (await (
      await fetch(f.url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      })
    ).json()) as { status: { code: number }; data: Record<string, unknown> };
  const signed = await post('/api/v1/upload/pre-sign', {
    content_type: 'image/jpeg',
    file_name: 'camera-original.jpg',
    file_size: bytes.length,
    hash_val: createHash('sha256').update(bytes).digest('hex'),
  });
  expect(signed.status.code).toBe(10000);
  const put = await fetch(f.url + String(signed.data['pre_sign']), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  const confirmed = await post('/api/v1/upload/image/confirm', { file_id: signed.data['file_id'] });
  expect(confirmed.data['status']).toBe(0);
  return String(confirmed.data['url']);
};

beforeAll(async () => {
  photo = await phonePhoto();
  const meta = await sharp(photo).metadata();
  expect([meta.width, meta.height]).toEqual([3000, 2000]);
});

describe('issue 21: a phone photo as a task input', () => {
  it('Create at 1280: a 3000 × 2000 JPEG as the reference image goes up scaled to 2508 × 1672 and the task succeeds', async () => {
    expect(FITTED).toEqual({ width: 2508, height: 1672 });
    const [context, page] = await newPage(DESKTOP);
    await page.goto(f.url + '/create');
    await signInFromHeader(page);
    await page.goto(f.url + '/create');
    await page.getByTestId('create-form').waitFor();
    await pickReference(page);
    // The stored file (what the server received) is the scaled one.
    expect(await storedSize(page, '[data-testid=thumb-referenceImage]')).toEqual([
      FITTED.width,
      FITTED.height,
    ]);
    const card = await createFromReference(page, 'a calm meadow at noon, a red balloon');
    // Image to image keeps the reference's size: the engine read the scaled photo.
    expect(await storedSize(page, '[data-testid=task-card] [data-testid=after-image]')).toEqual([
      FITTED.width,
      FITTED.height,
    ]);
    expect(await card.getAttribute('data-status')).toBe('completed');
    expect((await toasts(page)).join(' ')).not.toContain('not valid');
    await expect
      .poll(() => page.getByTestId('coin-balance').textContent())
      .toContain(String(Number(DEMO_COINS) - 10));
    await page.getByTestId('uploader-referenceImage').scrollIntoViewIfNeeded();
    await shot(page, 'create-reference-1280');
    await context.close();
  });

  it('a tool page at 390: remove background on the same photo, scaled before it goes up, completes', async () => {
    const [context, page] = await newPage(PHONE);
    await page.goto(f.url + '/ai-tools/remove-background');
    await signInFromHeader(page);
    await page.goto(f.url + '/ai-tools/remove-background');
    await page.getByTestId('tool-form').waitFor();
    const uploader = '[data-testid=uploader-tool-remove-background-image]';
    await page.locator(`${uploader} input[type=file]`).setInputFiles(photoFile());
    await page.locator(`${uploader} [data-testid=upload-done]`).waitFor({ timeout: 30_000 });
    expect(await storedSize(page, `${uploader} img`)).toEqual([FITTED.width, FITTED.height]);
    await shot(page, 'tool-uploaded-390');
    await page.getByTestId('tool-run').click();
    await expect
      .poll(() => page.getByTestId('tool-result').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('completed');
    expect(await storedSize(page, '[data-testid=tool-result] [data-testid=after-image]')).toEqual([
      FITTED.width,
      FITTED.height,
    ]);
    expect((await toasts(page)).join(' ')).not.toContain('not valid');
    await page.getByTestId('tool-result').scrollIntoViewIfNeeded();
    await shot(page, 'tool-result-390');
    await context.close();
  });

  it('a refusal the server explains names the limit, in English at 1280 and in Arabic at 390', async () => {
    // The camera original reached the server another way (not through an uploader that scales):
    // the video tool takes it by its address.
    const url = await uploadAsDemo(photo);
    const cases = [
      { prefix: '', viewport: DESKTOP, expected: 'This image is larger than 2048 × 2048 pixels.' },
      { prefix: '/ar', viewport: PHONE, expected: 'هذه الصورة أكبر من 2048 × 2048 بكسل.' },
    ];
    for (const c of cases) {
      const [context, page] = await newPage(c.viewport);
      await page.goto(`${f.url}${c.prefix}/ai-tools/ai-video-generator`);
      await signInFromHeader(page);
      await page.goto(`${f.url}${c.prefix}/ai-tools/ai-video-generator?image=${encodeURIComponent(url)}`);
      await page.getByTestId('prefill-image').waitFor();
      const coins = await page.getByTestId('coin-balance').textContent();
      await page.getByTestId('tool-run').click();
      await expect
        .poll(() => toasts(page), { timeout: 15_000 })
        .toContainEqual(expect.stringContaining(c.expected));
      const text = (await toasts(page)).join(' ');
      expect(text).not.toContain('not valid');
      expect(text).not.toContain('2048x2048');
      expect(await page.getByTestId('coin-balance').textContent()).toBe(coins);
      await shot(page, `refusal-${c.prefix === '' ? 'en-1280' : 'ar-390'}`);
      await context.close();
    }
  });
});

describe('issue 21: a guest’s reference image survives the sign-in (spec §4)', () => {
  for (const viewport of [DESKTOP, PHONE])
    it(`at ${viewport.width}: picked as a guest, still in the form after the login dialog's page load, saved at sign-in and used by the task`, async () => {
      const [context, page] = await newPage(viewport);
      await page.goto(f.url + '/create');
      await page.getByTestId('create-form').waitFor();
      await pickReference(page);
      const [storedUrl] = await page
        .locator('[data-testid=thumb-referenceImage]')
        .evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => new URL(i.src).pathname));
      // The page is loaded again with the login dialog (spec §8: how a session's end or a guard
      // asks a person to sign in on the creation page).
      await page.goto(f.url + '/?openLoginDialog=1');
      const dialog = page.getByTestId('dialog');
      await dialog.waitFor();
      await page.getByTestId('email').fill('demo@atelier.test');
      await page.getByTestId('password').fill('atelier-demo');
      await page.getByTestId('password').press('Enter');
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
      await page.getByTestId('account-menu').waitFor();
      // Still in the form, once, with its name; the local guest list is emptied by the save.
      const uploader = page.getByTestId('uploader-referenceImage');
      await uploader.getByTestId('upload-done').waitFor();
      expect(await uploader.getByTestId('upload-file').count()).toBe(1);
      expect(await uploader.textContent()).toContain('IMG_2041.jpg');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('atelier.uploads.guestKept')))
        .toBeNull();
      expect(
        await page
          .locator('[data-testid=thumb-referenceImage]')
          .evaluate((i: HTMLImageElement) => new URL(i.src).pathname),
      ).toBe(storedUrl);
      await uploader.scrollIntoViewIfNeeded();
      await shot(page, `guest-reference-after-sign-in-${viewport.width}`);
      // The task uses it: image to image at the reference's size (a file the account did not own
      // would be refused with 70008; the save made it the account's).
      await createFromReference(page, 'the same meadow at dusk');
      expect(await storedSize(page, '[data-testid=task-card] [data-testid=after-image]')).toEqual([
        FITTED.width,
        FITTED.height,
      ]);
      // No refusal on the way (the finished task's own notice aside).
      expect((await toasts(page)).filter((t) => t !== 'Your image is ready.')).toEqual([]);
      await page.locator('[data-testid=task-card]').first().scrollIntoViewIfNeeded();
      await shot(page, `guest-reference-task-${viewport.width}`);
      await context.close();
    });

  it('no page error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
