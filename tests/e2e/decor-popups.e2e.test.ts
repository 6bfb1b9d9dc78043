/**
 * Decorations and popups in Chromium (issue 12), against the real server: the demo account buys
 * two avatar boxes, wears one, swaps to the other and sees exactly one worn and its frame around
 * the header avatar; a box above its balance is refused in the card; the purchase history and the
 * preview tabs. A fresh account offered half-price and daily stamina (through the development
 * switch POST /dev/popups) sees the half-price countdown tick with the page's clock advanced,
 * closes it and sees daily stamina follow; with the clock past the offer's end the half-price
 * popup vanishes by itself. Screens at 1280 and 390 px are saved to test-results/.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, NO_POPUPS, SHOTS, startApp, type RunningApp, DEMO_COINS } from './support';

let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await app?.stop();
});

const newPage = async (width: number): Promise<Page> => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

/** Every picture in the window has arrived (frames and covers are fetched, some rendered on demand). */
const picturesLoaded = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.images)
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
        })
        .every((i) => i.complete && i.naturalWidth > 0),
    undefined,
    { timeout: 30_000 },
  );

const shot = async (page: Page, name: string) => {
  await picturesLoaded(page);
  await page.screenshot({
    path: path.join(SHOTS, `decor-${page.viewportSize()?.width ?? 0}-${name}.png`),
    fullPage: false,
  });
};

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Signs in through the API (the context keeps the cookie) and fixes the account's popups. */
const signInWithPopups = async (page: Page, email: string, password: string, popups: unknown) => {
  const login = await page.request.post(app.url + '/api/v1/account/login', { data: { email, password } });
  expect((await login.json()).status.code).toBe(10000);
  const dev = await page.request.post(app.url + '/dev/popups', { data: { status: popups } });
  expect((await dev.json()).status.code).toBe(10000);
};

const card = (page: Page, id: string) => page.getByTestId(`ornament-${id}`);

describe('decorations end to end', () => {
  it('buys, wears and swaps avatar boxes: one worn, its frame around the header avatar; too few coins refused', async () => {
    const page = await newPage(1280);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    await page.goto(app.url + '/mall');
    await card(page, 'orn-aurora-ring').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('decorations-balance').textContent()).toContain(DEMO_COINS);
    await shot(page, 'mall');

    // Buy two boxes with coins: each becomes owned, the balance goes down.
    for (const id of ['orn-aurora-ring', 'orn-ember-halo']) {
      await card(page, id).getByTestId('ornament-buy').click();
      await expect.poll(() => card(page, id).getByTestId('ornament-status').textContent()).toBe('Owned');
    }
    await expect
      .poll(() => page.getByTestId('decorations-balance').textContent())
      .toContain(String(Number(DEMO_COINS) - 200));

    // Too few coins: the Nebula Crown costs 680; the card says why, and links to /coins.
    await card(page, 'orn-nebula-crown').getByTestId('ornament-buy').click();
    const refusal = card(page, 'orn-nebula-crown').getByTestId('ornament-refusal');
    await expect.poll(() => refusal.textContent()).toContain('You do not have enough coins');
    expect(await refusal.getByRole('link').getAttribute('href')).toBe('/coins');
    await shot(page, 'mall-refused');

    // Wear one, then the other: exactly one is worn, and the header avatar carries its frame.
    await card(page, 'orn-aurora-ring').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-aurora-ring').getAttribute('data-wearing')).toBe('true');
    const headerFrame = page.getByTestId('account-menu').locator('img');
    await expect.poll(() => headerFrame.last().getAttribute('src')).toMatch(/orn-aurora-ring\.png$/);
    await card(page, 'orn-ember-halo').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-ember-halo').getAttribute('data-wearing')).toBe('true');
    await expect.poll(() => card(page, 'orn-aurora-ring').getAttribute('data-wearing')).toBe('false');
    expect(await page.locator('[data-wearing=true]').count()).toBe(1);
    await expect.poll(() => headerFrame.last().getAttribute('src')).toMatch(/orn-ember-halo\.png$/);

    // The four preview tabs of an avatar box.
    await card(page, 'orn-sakura-wreath').getByTestId('ornament-preview').click();
    const preview = page.getByTestId('avatar-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('self-centre').textContent()).toContain('Followers');
    await shot(page, 'preview-self');
    for (const [tab, name] of [
      ['Recommend', 'recommend'],
      ['Detail', 'detail'],
      ['Comments', 'comments'],
    ] as const) {
      await preview.getByRole('tab', { name: tab }).click();
      await expect.poll(() => preview.locator('img').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // The covers are rendered on their first request: wait until every picture has arrived.
      await expect
        .poll(
          () =>
            preview
              .locator('img')
              .evaluateAll((imgs) =>
                imgs.every(
                  (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
                ),
              ),
          { timeout: 30_000 },
        )
        .toBe(true);
      await shot(page, `preview-${name}`);
    }
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // My decorations: the worn box, the stats, the purchase history with YYYY/MM/DD dates.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Decorations' }).click();
    await page.getByTestId('decorations-page').waitFor();
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
      .toBe('Wearing Ember Halo');
    const dates = page.getByTestId('history-date');
    await expect.poll(() => dates.count()).toBe(2);
    for (const d of await dates.allTextContents()) expect(d).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    await shot(page, 'decorations');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Unload: nothing worn, no frame in the header.
    await card(page, 'orn-ember-halo').getByTestId('ornament-unload').click();
    await expect.poll(() => page.locator('[data-wearing=true]').count()).toBe(0);
    await expect.poll(() => headerFrame.count()).toBe(0);
  });

  it('fits 390 px: the mall, my decorations and a preview', async () => {
    const page = await newPage(390);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    await page.goto(app.url + '/mall');
    await card(page, 'orn-aurora-ring').waitFor({ timeout: 20_000 });
    await shot(page, 'mall');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await card(page, 'orn-aurora-ring').getByTestId('ornament-preview').click();
    await page.getByTestId('self-centre').waitFor();
    await shot(page, 'preview-self');
    await page.keyboard.press('Escape');
    await page.goto(app.url + '/decorations');
    await page.getByTestId('purchase-history').waitFor({ timeout: 20_000 });
    await shot(page, 'decorations');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('popups end to end', () => {
  const register = async (page: Page, email: string, password: string) => {
    const r = await page.request.post(app.url + '/api/v1/account/register', {
      data: { name: 'Popup Tester', email, password },
    });
    expect((await r.json()).status.code).toBe(10000);
    // The guided tour seen: the popups wait while it runs (its own test is in edges).
    const seen = await page.request.post(app.url + '/api/v1/account/guide/status/set', {
      data: { guide_status: 1 },
    });
    expect((await seen.json()).status.code).toBe(10000);
  };
  const offer = (endAt: number) => ({
    ...NO_POPUPS,
    discount_popup: { pop_type: 1, end_at: endAt },
    daily_stamina: { used: 2, limit: 30 },
  });
  const seconds = (hhmmss: string | null) => {
    const [h, m, s] = (hhmmss ?? '').split(':').map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  };

  it('half-price counts down with the clock, closes with Escape, and daily stamina follows', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(width);
      const email = `popups-${width}-${Date.now().toString(36)}@example.test`;
      await register(page, email, 'popup password 1');
      const now = Date.now();
      await page.clock.install({ time: now });
      await signInWithPopups(page, email, 'popup password 1', offer(now + 20 * 60_000));
      await page.goto(app.url + '/');
      const half = page.getByTestId('popup-halfPrice');
      await half.waitFor({ timeout: 20_000 });
      const clock = page.getByTestId('popup-countdown');
      const before = seconds(await clock.textContent());
      expect(before).toBeGreaterThan(19 * 60);
      expect(before).toBeLessThanOrEqual(20 * 60);
      await page.clock.runFor(3000);
      await expect.poll(async () => before - seconds(await clock.textContent())).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId('popup-go').getAttribute('href')).toBe('/pricing');
      await shot(page, 'popup-half-price');
      // Focus is in the dialog; Escape closes it.
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      const stamina = page.getByTestId('popup-dailyStamina');
      await stamina.waitFor();
      expect(await stamina.textContent()).toContain('28 of 30 generations left today');
      expect(await half.count()).toBe(0);
      await shot(page, 'popup-stamina');
      await page.getByTestId('popup-later').click();
      await stamina.waitFor({ state: 'detached' });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
  });

  it('half-price vanishes by itself at zero and daily stamina follows', async () => {
    const page = await newPage(1280);
    const email = `popups-zero-${Date.now().toString(36)}@example.test`;
    await register(page, email, 'popup password 2');
    const now = Date.now();
    await page.clock.install({ time: now });
    await signInWithPopups(page, email, 'popup password 2', offer(now + 60_000));
    await page.goto(app.url + '/');
    await page.getByTestId('popup-halfPrice').waitFor({ timeout: 20_000 });
    await page.clock.runFor(61_000);
    await page.getByTestId('popup-dailyStamina').waitFor();
    expect(await page.getByTestId('popup-halfPrice').count()).toBe(0);
  });
});
