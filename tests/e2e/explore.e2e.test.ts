import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SHOTS, startApp, type RunningApp } from './support';

let app: RunningApp;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await (
    await browser.newContext({ locale: 'en-US', viewport: { width: 1360, height: 900 } })
  ).newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const cards = () => page.getByTestId('feed-card');

describe('end to end: the community square (spec §2 feed tabs, §4 like and muting)', () => {
  it('shows the recommend tab, switches tabs, loads more without duplicates, likes as a member and hides a card', async () => {
    await page.goto(app.url + '/explore');
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    // The covers above the fold are real images (rendered by the server on first request).
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid=feed-card] img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'e2e-explore-1.png') });

    await page.getByRole('link', { name: 'Models' }).click();
    await expect
      .poll(() => page.locator('[data-testid=feed-card][data-card-type=model]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(
      await page
        .locator('[data-testid=feed-card]:not([data-card-type=model]):not([data-card-type=lora_train])')
        .count(),
    ).toBe(0);

    // Scrolling to the end loads the next page by itself (infinite scroll) ...
    await page.locator('.feed-more').scrollIntoViewIfNeeded();
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBeGreaterThan(20);
    // ... and the button stays as the keyboard's way to the next page.
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await expect.poll(() => loadMore.isEnabled(), { timeout: 15_000 }).toBe(true);
    const shown = await cards().count();
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBeGreaterThan(shown);
    const keys = await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(new Set(keys).size).toBe(keys.length);

    // A guest's like opens the login dialog; after signing in, the like counts.
    const firstLike = page.getByTestId('like').first();
    await firstLike.click();
    await expect.poll(() => page.getByTestId('dialog').isVisible()).toBe(true);
    await page.getByTestId('email').fill('demo@atelier.test');
    await page.getByTestId('password').fill('atelier-demo');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('dialog').isVisible(), { timeout: 15_000 }).toBe(false);
    const before = await firstLike.getAttribute('aria-pressed');
    await firstLike.click();
    await expect
      .poll(() => firstLike.getAttribute('aria-pressed'))
      .toBe(before === 'true' ? 'false' : 'true');

    const count = await cards().count();
    await page.getByRole('button', { name: 'Not interested' }).first().click();
    await expect.poll(() => cards().count()).toBe(count - 1);
    await page.screenshot({ path: path.join(SHOTS, 'e2e-explore-2.png') });
    expect(pageErrors).toEqual([]);
  });
});
