import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eFile, shotFile } from './support';

const f = e2eFile('square');
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  page = await (
    await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  ).newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

const cards = () => page.getByTestId('feed-card');
const combo = (name: string) => page.getByRole('combobox', { name });
const pick = async (control: string, option: string) => {
  await combo(control).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const xsOf = (keys: readonly string[]) =>
  page.evaluate((ks) => {
    const out: Record<string, number> = {};
    for (const k of ks) {
      const el = document.querySelector(`[data-testid=feed-card][data-key="${k}"]`);
      if (el) out[k] = Math.round(el.getBoundingClientRect().x);
    }
    return out;
  }, keys);

describe('end to end: the square in the address (spec §2 sort and time, §7 filters, §4 muting kept)', () => {
  it('keeps a tab, sort, time and filter in the address through a reload', async () => {
    await page.goto(f.url + '/explore/model');
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The model tab's defaults (hot, 30 days) are not in the address.
    expect(new URL(page.url()).search).toBe('');
    await pick('Sort', 'New');
    await pick('Time', 'All time');
    await pick('Base model', 'SDXL');
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=new&time=all&base=SDXL');
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/explore/model');
    expect(new URL(page.url()).search).toBe('?sort=new&time=all&base=SDXL');
    expect(await combo('Sort').textContent()).toContain('New');
    expect(await combo('Time').textContent()).toContain('All time');
    expect(await combo('Base model').textContent()).toContain('SDXL');
    // Every card of the filtered list is a model or a LoRA (the server honours the filter).
    expect(
      await page
        .locator('[data-testid=feed-card]:not([data-card-type=model]):not([data-card-type=lora_train])')
        .count(),
    ).toBe(0);
    await page.screenshot({ path: shotFile('e2e-square-filters-1280') });
  });

  it('loads the next page without moving any of the first cards to another column', async () => {
    await page.goto(f.url + '/explore');
    // The list holds the first 20; the page shows those near the window (the columns are virtual).
    await expect
      .poll(() => page.getByTestId('feed').getAttribute('data-loaded').then(Number), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(20);
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(4);
    expect(Number(await page.getByTestId('feed').getAttribute('data-columns'))).toBeGreaterThanOrEqual(4);
    // The cards on the first screen (the DOM order of virtual columns is not the visual order).
    const keys = await cards().evaluateAll((els) =>
      els
        .filter((e) => e.getBoundingClientRect().top < window.innerHeight)
        .map((e) => e.getAttribute('data-key') ?? ''),
    );
    const before = await xsOf(keys);
    expect(Object.keys(before)).toHaveLength(keys.length);
    expect(new Set(Object.values(before)).size).toBeGreaterThan(1);
    const shown = Number(await page.getByTestId('feed').getAttribute('data-loaded'));
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.getByTestId('feed').getAttribute('data-loaded').then(Number), { timeout: 15_000 })
      .toBeGreaterThan(shown);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Back at the top, the columns render the first screen's cards again (they are virtual), each
    // in the column it had.
    await expect.poll(() => xsOf(keys)).toEqual(before);
  });

  it('mutes a card and it stays hidden after a reload; a report hides another and confirms', async () => {
    await page.goto(f.url + '/explore/post');
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const first = await cards().first().getAttribute('data-key');
    await cards().first().getByRole('button', { name: 'Not interested' }).click();
    await expect.poll(() => page.locator(`[data-testid=feed-card][data-key="${first}"]`).count()).toBe(0);
    const second = await cards().first().getAttribute('data-key');
    await cards().first().getByRole('button', { name: 'Report' }).click();
    // A report asks why first (issue 21 item 8): a reason from the list, then send.
    await page.getByRole('dialog').getByLabel('Spam or misleading').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => page.locator(`[data-testid=feed-card][data-key="${second}"]`).count()).toBe(0);
    await expect
      .poll(() => page.getByText('Thanks, your report was sent.').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(3);
    expect(await page.locator(`[data-testid=feed-card][data-key="${first}"]`).count()).toBe(0);
    expect(await page.locator(`[data-testid=feed-card][data-key="${second}"]`).count()).toBe(0);
  });

  it('opens the section paths /model and /ai-video on their tabs, and the anime and Creator Academy tabs', async () => {
    for (const [address, tab, types] of [
      ['/model', 'Models', ['model', 'lora_train']],
      ['/ai-video', 'AI video', ['aiVideo']],
      ['/explore/creatorAcademy', 'Creator Academy', ['post']],
    ] as const) {
      await page.goto(f.url + address);
      await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe(address);
      await expect
        .poll(() => page.getByTestId('feed-tabs').locator('[aria-current=page]').textContent())
        .toBe(tab);
      const kinds = await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-card-type')));
      expect(kinds.every((k) => (types as readonly (string | null)[]).includes(k))).toBe(true);
    }
    await page.goto(f.url + '/explore/anime');
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('feed-tabs').locator('[aria-current=page]').textContent()).toBe('Anime');
  });

  it('fits 390 px: two columns, no horizontal overflow, filters in the address', async () => {
    const phone = await (
      await f.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    phone.on('pageerror', (e) => pageErrors.push(e.message));
    await phone.goto(f.url + '/explore/workflow?nodes=image&sort=new');
    await expect.poll(() => phone.getByTestId('feed-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await phone.getByTestId('feed').getAttribute('data-columns')).toBe('2');
    expect(await phone.getByRole('combobox', { name: 'Node type' }).textContent()).toContain('Image');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: shotFile('e2e-square-390') });
    await phone.goto(f.url + '/explore');
    await expect.poll(() => phone.getByTestId('feed-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await phone.screenshot({ path: shotFile('e2e-square-390-recommend') });
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await phone.context().close();
    expect(pageErrors).toEqual([]);
  });
});
