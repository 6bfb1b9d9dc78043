/**
 * End to end (issue 21): publishing with a sensitive word, and writing a post.
 * - The Publish dialog of a finished task: a title and a description with words of the server's
 *   list keep the dialog open with their text and a message naming both fields; a failed check
 *   call (the route answered 500 here) blocks with its own message; a clean title publishes and
 *   the dialog closes. At 1280 px in English and 390 px in Arabic.
 * - Writing a post from the post tab's create entry: a heading, bold, a list, a link (a
 *   javascript: one refused first) and an uploaded image; a reload keeps the draft; publish opens
 *   the new post's page, sanitised (the external link in a new tab, rel noopener noreferrer); the
 *   post is on the square's post tab. At 1280 px in English and 390 px in Arabic.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SENSITIVE_CHECK_PATH } from '../../infrastructure/contract/platform';
import { e2eFile, shotFile } from './support';

const f = e2eFile('post-editor', { TASK_DURATION_MS: '1500' });
const pageErrors: string[] = [];

const messages = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(`src/i18n/messages/${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;

const shot = (p: Page, name: string) =>
  p.screenshot({ path: shotFile(`post-editor-${name}`), fullPage: false });

const signIn = async (p: Page) => {
  await p.click('[data-testid=sign-in]');
  await p.fill('[data-testid=email]', 'demo@atelier.test');
  await p.fill('[data-testid=password]', 'atelier-demo');
  await p.click('[data-testid=login-submit]');
  await expect.poll(() => p.getByTestId('coin-balance').textContent(), { timeout: 15_000 }).toMatch(/\d/);
};

const newContext = (width: number): Promise<BrowserContext> =>
  f.browser.newContext({ locale: 'en-US', viewport: { width, height: width > 500 ? 900 : 844 } });

describe('publishing a task with a sensitive word (issue 21 item 2, spec §5)', () => {
  for (const [width, locale] of [
    [1280, 'en'],
    [390, 'ar'],
  ] as const) {
    it(`at ${width} px in ${locale}: blocked names the fields and keeps the dialog and text; a failed check blocks with its own message; a clean title publishes`, async () => {
      const m = messages(locale);
      const context = await newContext(width);
      const page = await context.newPage();
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${f.url}${prefix}/create`);
      await signIn(page);
      await page.getByTestId('create-form').waitFor();
      await page.fill('[data-testid=prompt]', `a harbour at dusk ${width}`);
      await page.click('[data-testid=generate]');
      const card = page.locator('[data-testid=task-card]').first();
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');

      await card.getByTestId('task-publish').click();
      const dialog = page.getByRole('dialog');
      await page.getByTestId('publish-title').fill('badword harbour');
      await page.getByTestId('publish-description').fill('see the scamlink at dusk');
      await page.getByTestId('publish-submit').click();
      const refusal = page.getByTestId('publish-refusal');
      const fields = [m['tasks.publish.titleLabel'], m['tasks.publish.descriptionLabel']].join(
        m['tasks.publish.separator'],
      );
      const expected = m['ContainsSensitiveWords']!.replace('{fields}', fields);
      await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).toBe(expected);
      expect(await refusal.getAttribute('data-reason')).toBe('sensitiveWords');
      expect(await dialog.isVisible()).toBe(true);
      expect(await page.getByTestId('publish-title').inputValue()).toBe('badword harbour');
      expect(await page.getByTestId('publish-description').inputValue()).toBe('see the scamlink at dusk');
      expect(await page.getByTestId('publish-title').getAttribute('aria-invalid')).toBe('true');
      expect(await card.getByTestId('task-published').count()).toBe(0);
      await shot(page, `publish-blocked-${width}-${locale}`);

      // The check call fails: blocked with its own message, nothing published.
      await page.route(`**${SENSITIVE_CHECK_PATH}`, (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
      );
      await page.getByTestId('publish-title').fill('Harbour at dusk');
      await page.getByTestId('publish-description').fill('');
      await page.getByTestId('publish-submit').click();
      await expect.poll(() => refusal.getAttribute('data-reason'), { timeout: 10_000 }).toBe('checkFailed');
      expect(await refusal.textContent()).toBe(m['moderation.checkFailed']);
      expect(await dialog.isVisible()).toBe(true);
      expect(await page.getByTestId('publish-title').inputValue()).toBe('Harbour at dusk');
      expect(await card.getByTestId('task-published').count()).toBe(0);
      await shot(page, `publish-check-failed-${width}-${locale}`);

      // The check answers again: the clean title publishes and the dialog closes.
      await page.unroute(`**${SENSITIVE_CHECK_PATH}`);
      await page.getByTestId('publish-submit').click();
      await card.getByTestId('task-published').waitFor({ timeout: 10_000 });
      await expect.poll(() => dialog.count()).toBe(0);
      await shot(page, `publish-done-${width}-${locale}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

/** A small picture to upload into the post. */
const picture = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><rect width="100%" height="100%" fill="rgb(30,90,160)"/><circle cx="120" cy="80" r="50" fill="rgb(240,200,60)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe('writing a post (issue 21: create-and-post, spec §2 and §5)', () => {
  for (const [width, locale] of [
    [1280, 'en'],
    [390, 'ar'],
  ] as const) {
    it(`at ${width} px in ${locale}: heading, bold, list, link and image; the draft survives a reload; published, sanitised, on the square`, async () => {
      const m = messages(locale);
      const context = await newContext(width);
      const page = await context.newPage();
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const title = `Harbour notes ${width}`;
      await page.goto(`${f.url}${prefix}/create`);
      await signIn(page);
      // The post tab's create entry opens the editor.
      await page.goto(`${f.url}${prefix}/explore/post`);
      await page.getByTestId('feed-card').first().waitFor({ timeout: 20_000 });
      await shot(page, `square-post-tab-${width}-${locale}`);
      await page.getByTestId('feed-create-entry').click();
      await page.waitForURL(`**${prefix}/posts/new`);
      const body = page.getByTestId('post-body');
      await body.waitFor();
      await page.getByTestId('post-title').fill(title);

      await body.click();
      await page.getByTestId('tool-h2').click();
      await page.keyboard.type('Evening at the harbour');
      await page.keyboard.press('Enter');
      await page.keyboard.type('The boats come in ');
      await page.getByTestId('tool-bold').click();
      await page.keyboard.type('slowly');
      await page.getByTestId('tool-bold').click();
      await page.keyboard.type(' after dark.');
      await page.keyboard.press('Enter');
      await page.getByTestId('tool-bullet-list').click();
      await page.keyboard.type('nets');
      await page.keyboard.press('Enter');
      await page.keyboard.type('lanterns');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Read more: ');

      // A javascript: link is refused in the link dialog; a web address is put in.
      await page.getByTestId('tool-link').click();
      await page.getByTestId('link-url').fill('javascript:alert(1)');
      await page.getByTestId('link-apply').click();
      await expect
        .poll(() => page.getByTestId('link-form').getByRole('alert').textContent())
        .toBe(m['posts.editor.link.refused']);
      await page.getByTestId('link-url').fill('https://example.org/harbour');
      await page.getByTestId('link-apply').click();
      await expect.poll(() => body.locator('a[href="https://example.org/harbour"]').count()).toBe(1);

      // An image goes through the upload flow and is put in when it is uploaded.
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page
        .getByTestId('post-image-input')
        .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
      await expect.poll(() => body.locator('img').count(), { timeout: 20_000 }).toBe(1);
      const src = await body.locator('img').getAttribute('src');
      expect(src).toMatch(/^\//);
      expect(await body.locator('img').getAttribute('alt')).toBe('lantern');
      await expect
        .poll(() => page.getByTestId('post-draft-status').textContent(), { timeout: 10_000 })
        .toBe(m['posts.editor.draftSaved']);
      await shot(page, `editor-${width}-${locale}`);

      // A reload keeps the draft (the last change, the image, was kept).
      // The editor's own selection marking is not content.
      const content$ = async () =>
        (await body.innerHTML()).replace(/ class="ProseMirror-selectednode"| style=""/g, '');
      const before = await content$();
      await page.reload();
      await body.waitFor();
      expect(await page.getByTestId('post-title').inputValue()).toBe(title);
      await expect.poll(() => body.locator('img').count()).toBe(1);
      expect(await content$()).toBe(before);
      expect(await body.locator('h2').textContent()).toBe('Evening at the harbour');
      expect(await body.locator('strong').textContent()).toBe('slowly');
      expect(await body.locator('li').allTextContents()).toEqual(['nets', 'lanterns']);

      await page.getByTestId('post-publish').click();
      await page.waitForURL(/\/posts\/p-[\w-]+$/, { timeout: 15_000 });
      const content = page.getByTestId('post-content');
      await content.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await content.locator('h2').textContent()).toBe('Evening at the harbour');
      expect(await content.locator('strong').textContent()).toBe('slowly');
      expect(await content.locator('li').allTextContents()).toEqual(['nets', 'lanterns']);
      const link = content.locator('a[href="https://example.org/harbour"]');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
      expect(await content.locator('img').getAttribute('src')).toBe(src);
      await expect
        .poll(() =>
          content.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        )
        .toBe(240);
      await shot(page, `post-page-${width}-${locale}`);
      const postPath = new URL(page.url()).pathname;

      // The editor opens empty again: the published draft was let go.
      await page.goto(`${f.url}${prefix}/posts/new`);
      await body.waitFor();
      expect(await page.getByTestId('post-title').inputValue()).toBe('');
      expect(await body.locator('img').count()).toBe(0);

      // On the square's post tab, newest first.
      await page.goto(`${f.url}${prefix}/explore/post?sort=new`);
      const card = page.getByTestId('feed-card').filter({ hasText: title });
      await card.first().waitFor({ timeout: 15_000 });
      expect(await card.first().getByTestId('card-link').getAttribute('href')).toBe(postPath);
      await shot(page, `square-${width}-${locale}`);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
