/**
 * End to end (issue 21): publishing with a sensitive word, and writing a post.
 * - The Publish dialog of a finished task: a title and a description with words of the server's
 *   list keep the dialog open with their text and a message naming both fields; a failed check
 *   call (the route answered 500 here) blocks with its own message; a clean title publishes and
 *   the dialog closes. At 1280 px in English and 390 px in Arabic.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENSITIVE_CHECK_PATH } from '../../infrastructure/contract/platform';
import { launchBrowser, SHOTS, startApp, type RunningApp } from './support';

let app: RunningApp;
let browser: Browser;
const pageErrors: string[] = [];

const messages = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(`src/i18n/messages/${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;

const shot = (p: Page, name: string) =>
  p.screenshot({ path: path.join(SHOTS, `post-editor-${name}.png`), fullPage: false });

const signIn = async (p: Page) => {
  await p.click('[data-testid=sign-in]');
  await p.fill('[data-testid=email]', 'demo@atelier.test');
  await p.fill('[data-testid=password]', 'atelier-demo');
  await p.click('[data-testid=login-submit]');
  await expect.poll(() => p.getByTestId('coin-balance').textContent(), { timeout: 15_000 }).toMatch(/\d/);
};

const newContext = (width: number): Promise<BrowserContext> =>
  browser.newContext({ locale: 'en-US', viewport: { width, height: width > 500 ? 900 : 844 } });

beforeAll(async () => {
  app = await startApp({ TASK_DURATION_MS: '1500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

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
      await page.goto(`${app.url}${prefix}/create`);
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
