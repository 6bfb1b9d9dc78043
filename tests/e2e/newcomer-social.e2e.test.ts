/**
 * Issue 21 in Chromium, against the real server, at 1280 and 390 px (and in Arabic where the text
 * is new): the mall asks before spending (price and balance after), says when it is bought and
 * shows the item owned with the balance lowered exactly; a card's report asks for a reason, and
 * once sent the card is gone with no gap left in its column; 'not interested' offers Undo for
 * 5 s of the page's clock; the bell's unread badge meets WCAG AA contrast; a card's author name
 * beside its follow button is not cut to a few letters. Screens go to test-results/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POPUPS, e2eFile, shotFile } from './support';

const f = e2eFile('newcomer-social');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const WIDTHS = [1280, 390] as const;

const newPage = async (width: number): Promise<Page> => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

const signIn = async (page: Page) => {
  const login = await page.request.post(f.url + '/api/v1/account/login', {
    data: { email: 'demo@atelier.test', password: 'atelier-demo' },
  });
  expect((await login.json()).status.code).toBe(10000);
  const dev = await page.request.post(f.url + '/dev/popups', { data: { status: NO_POPUPS } });
  expect((await dev.json()).status.code).toBe(10000);
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: shotFile(`newcomer-social-${page.viewportSize()?.width}-${name}`) });

const numberIn = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('the mall asks before spending (issue 21 item 8)', () => {
  const ORNAMENT: Record<number, string> = { 1280: 'orn-aurora-ring', 390: 'orn-ember-halo' };
  for (const width of WIDTHS)
    it(`at ${width} px: confirmation with price and balance after, success message, owned, balance lowered exactly`, async () => {
      const page = await newPage(width);
      await signIn(page);
      await page.goto(f.url + '/mall');
      const id = ORNAMENT[width]!;
      const card = page.getByTestId(`ornament-${id}`);
      await card.waitFor({ timeout: 30_000 });
      const balance = page.getByTestId('decorations-balance');
      await expect.poll(async () => numberIn(await balance.textContent())).toBeGreaterThan(0);
      const before = numberIn(await balance.textContent());

      await card.getByTestId('ornament-buy').click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      const price = numberIn(await dialog.getByTestId('buy-quote-price').textContent());
      expect(price).toBeGreaterThan(0);
      expect(numberIn(await dialog.getByTestId('buy-quote-balance').textContent())).toBe(before);
      expect(numberIn(await dialog.getByTestId('buy-quote-after').textContent())).toBe(before - price);
      // Nothing is spent by the question alone.
      expect(await card.getByTestId('ornament-status').textContent()).not.toBe('Owned');
      await shot(page, 'buy-confirm');

      await dialog.getByRole('button', { name: /^Buy for / }).click();
      const toast = page.getByText(/is yours\./).first();
      await toast.waitFor({ timeout: 20_000 });
      await expect.poll(() => card.getByTestId('ornament-status').textContent()).toBe('Owned');
      await expect.poll(async () => numberIn(await balance.textContent())).toBe(before - price);
      await shot(page, 'buy-done');
    });

  it('in Arabic at 390 px the confirmation speaks Arabic', async () => {
    const page = await newPage(390);
    await signIn(page);
    await page.goto(f.url + '/ar/mall');
    // Sakura Wreath (200 coins): not bought by the other tests, within the demo balance.
    const buy = page.getByTestId('ornament-orn-sakura-wreath').getByTestId('ornament-buy');
    await buy.waitFor({ timeout: 30_000 });
    await buy.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('الرصيد بعد الشراء');
    await shot(page, 'buy-confirm-ar');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
  });
});

/** The cards of the first column, top to bottom: their keys and tops. */
const firstColumn = (page: Page) =>
  page.evaluate(() => {
    const column = document.querySelector('[data-testid=feed-column]')!;
    return Array.from(column.querySelectorAll<HTMLElement>('[data-testid=feed-card]'))
      .map((c) => ({ key: c.dataset['key']!, top: Math.round(c.getBoundingClientRect().top) }))
      .sort((a, b) => a.top - b.top);
  });

const cardByKey = (page: Page, key: string) => page.locator(`[data-testid=feed-card][data-key="${key}"]`);

describe('report and not interested on the square (issue 21 item 8)', () => {
  for (const width of WIDTHS)
    it(`at ${width} px: a report asks why, the card goes and its column closes up; not interested can be undone for 5 s`, async () => {
      const page = await newPage(width);
      await signIn(page);
      await page.clock.install();
      await page.goto(f.url + '/explore');
      await page.getByTestId('feed-card').first().waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await firstColumn(page)).length).toBeGreaterThanOrEqual(3);
      const [first, second] = await firstColumn(page);

      // Report: the reasons, nothing sent before one is picked and confirmed.
      await cardByKey(page, first!.key).getByTestId('card-report').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('radio').count()).toBe(6);
      expect(await dialog.getByTestId('report-confirm').isDisabled()).toBe(true);
      await dialog.getByLabel('Copyright infringement').check();
      await shot(page, 'report-reason');
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/report/artwork'));
      await dialog.getByTestId('report-confirm').click();
      expect((await sent).postDataJSON()).toMatchObject({ reason: 'copyright' });
      await page.getByText('Thanks, your report was sent.').first().waitFor();
      await expect.poll(() => cardByKey(page, first!.key).count()).toBe(0);
      // No gap: the next card of the column moves up to where the reported one stood.
      await expect
        .poll(async () => (await firstColumn(page)).find((c) => c.key === second!.key)?.top)
        .toBe(first!.top);
      await shot(page, 'reported');

      // Not interested: hidden at once, Undo offered while the page's clock is held.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      const [next, after] = await firstColumn(page);
      await cardByKey(page, next!.key).getByTestId('card-not-interested').click();
      await expect.poll(() => cardByKey(page, next!.key).count()).toBe(0);
      const undo = page.getByTestId('mute-undo-toast');
      await undo.waitFor();
      // At the bottom, clear of the report's thanks at the top.
      const box = (await undo.boundingBox())!;
      expect(box.y).toBeGreaterThan(page.viewportSize()!.height / 2);
      await shot(page, 'not-interested-undo');
      await page.clock.runFor(4000);
      expect(await undo.count()).toBe(1);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => cardByKey(page, next!.key).count()).toBe(1);
      await expect.poll(() => undo.count()).toBe(0);

      // The window closes after 5 s: no Undo any more, the card stays hidden.
      await cardByKey(page, after!.key).getByTestId('card-not-interested').click();
      await undo.waitFor();
      await page.clock.runFor(5000);
      await expect.poll(() => undo.count()).toBe(0);
      expect(await cardByKey(page, after!.key).count()).toBe(0);
    });

  it('in Arabic at 390 px the report dialog speaks Arabic', async () => {
    const page = await newPage(390);
    await signIn(page);
    await page.goto(f.url + '/ar/explore');
    await page.getByTestId('feed-card').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('card-report').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('انتهاك حقوق النشر');
    await shot(page, 'report-reason-ar');
  });
});

/** WCAG relative luminance contrast of two computed `rgb(...)` colours. */
const contrast = (fg: string, bg: string): number => {
  const lum = (c: string) => {
    const [r, g, b] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
};

describe('the bell and the names (issue 21, also)', () => {
  for (const width of WIDTHS)
    it(`at ${width} px: the unread badge is opaque with AA contrast in both themes; card names are not cut short`, async () => {
      const page = await newPage(width);
      await signIn(page);
      await page.goto(f.url + '/explore');
      await page.getByTestId('feed-card').first().waitFor({ timeout: 30_000 });
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        const badge = page.getByTestId('messages-badge');
        await badge.waitFor({ timeout: 20_000 });
        const { color, background } = await badge.evaluate((el) => {
          const s = getComputedStyle(el);
          return { color: s.color, background: s.backgroundColor };
        });
        // Opaque, so the icon under it cannot lower the contrast.
        expect(background).toMatch(/^rgb\(/);
        expect(contrast(color, background), `${theme}: ${color} on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      await page.getByTestId('messages-bell').screenshot({
        path: shotFile(`newcomer-social-${width}-bell`),
      });

      // Each visible card's author name shows more than three letters (or all of a short name).
      const names = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid=card-author] span'))
          .filter((s) => s.textContent && s.getBoundingClientRect().width > 0 && !s.closest('button'))
          .map((s) => ({
            text: s.textContent!,
            width: s.clientWidth,
            full: s.scrollWidth,
            letterPx: s.scrollWidth / Math.max(1, s.textContent!.length),
          })),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) {
        const shown = Math.floor(n.width / n.letterPx);
        expect(shown, `${n.text}: ${n.width}px of ${n.full}px`).toBeGreaterThanOrEqual(
          Math.min(n.text.length, 8),
        );
      }
      await page
        .getByTestId('feed-card')
        .first()
        .screenshot({
          path: shotFile(`newcomer-social-${width}-card-author`),
        });
    });
});

describe('search suggests tags, people and works while typing (issue 21, also)', () => {
  const SUGGEST = '/api/v1/tag/suggest';

  /** The header's box: in place at 1280 px, behind the search button at 390 px. */
  const openBox = async (page: Page) => {
    if ((page.viewportSize()?.width ?? 0) < 640) await page.getByTestId('search-open').click();
    const box = page.getByTestId('search-input').filter({ visible: true });
    await box.waitFor();
    return box;
  };

  /** Types `text` with no pause between keys; resolves with the suggest requests it caused. */
  const typeCounting = async (page: Page, box: ReturnType<Page['getByTestId']>, text: string) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(SUGGEST)) asked.push((r.postDataJSON() as { prefix: string }).prefix);
    });
    await box.pressSequentially(text);
    return asked;
  };

  const activeKind = (page: Page, box: ReturnType<Page['getByTestId']>) =>
    box
      .getAttribute('aria-activedescendant')
      .then((id) => (id === null ? null : page.locator(`[id="${id}"]`).getAttribute('data-kind')));

  for (const width of WIDTHS)
    it(`at ${width} px: a tag prefix shows grouped options, one request for the whole word, the arrows move, Enter opens the tag`, async () => {
      const page = await newPage(width);
      await signIn(page);
      await page.goto(f.url + '/explore');
      const box = await openBox(page);
      const asked = await typeCounting(page, box, 'poster');
      const list = page.getByRole('listbox').filter({ visible: true });
      await list.getByRole('group', { name: 'Tags' }).waitFor();
      // Five prefixes long enough to suggest, typed with no pause: the debounce asks once (at most
      // twice if a key was slow), for "poster" last.
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(asked.at(-1)).toBe('poster');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      const tagNames = await list.getByRole('group', { name: 'Tags' }).getByRole('option').allTextContents();
      expect(tagNames.length).toBeGreaterThan(0);
      // The shown results are those of the final query.
      for (const t of tagNames) expect(t.toLowerCase()).toMatch(/^#poster/);

      // Two letters: portrait and poster at least, to move through.
      await box.fill('po');
      await list
        .getByRole('group', { name: 'Tags' })
        .getByRole('option', { name: /#portrait/ })
        .waitFor();

      expect(await box.getAttribute('aria-activedescendant')).toBeNull();
      await box.press('ArrowDown');
      const first = await box.getAttribute('aria-activedescendant');
      expect(first).not.toBeNull();
      expect(await page.locator(`[id="${first}"]`).getAttribute('aria-selected')).toBe('true');
      await box.press('ArrowUp');
      const last = await box.getAttribute('aria-activedescendant');
      expect(last).not.toBe(first);
      await box.press('Home');
      expect(await box.getAttribute('aria-activedescendant')).toBe(first);
      await shot(page, 'suggest-tags');
      const name = (await page.locator(`[id="${first}"]`).locator('span').first().textContent())!.slice(1);
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === `/tag/${encodeURIComponent(name)}`);
    });

  it('at 1280 px: a person and a work open their pages; Escape and a click outside close; nothing found says so', async () => {
    const page = await newPage(1280);
    await signIn(page);
    await page.goto(f.url + '/explore');
    let box = await openBox(page);
    await box.pressSequentially('Demo Cr');
    const people = page.getByRole('group', { name: 'People' });
    await people.getByRole('option', { name: /Demo Creator/ }).waitFor();
    await box.press('ArrowDown');
    expect(await activeKind(page, box)).toBe('user');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await box.press('End'); // still the caret's key: nothing to move through while closed
    await box.pressSequentially('e');
    await people.getByRole('option', { name: /Demo Creator/ }).waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/user/'));

    // A work, by the first letters of a seeded title.
    const found = await page.request.post(f.url + '/api/v1/square/search', {
      data: { keyword: 'a', tab: 1 },
    });
    const work = ((await found.json()) as { data: { items: { id: string; title: string }[] } }).data
      .items[0]!;
    box = await openBox(page);
    await box.fill('');
    await box.pressSequentially(work.title.slice(0, 6));
    await page.getByRole('group', { name: 'Works' }).getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    await box.press('End');
    expect(await activeKind(page, box)).toBe('work');
    await shot(page, 'suggest-works');
    const chosen = await box.getAttribute('aria-activedescendant');
    const title = await page.locator(`[id="${chosen}"] span`).textContent();
    expect(title!.toLowerCase().startsWith(work.title.slice(0, 6).toLowerCase())).toBe(true);
    await box.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/user/') && !u.pathname.startsWith('/search'));
    await page.getByRole('heading', { name: title! }).first().waitFor({ timeout: 30_000 });

    // A click outside closes; a prefix that names nothing says so.
    box = await openBox(page);
    await box.fill('');
    await box.pressSequentially('zqxjv');
    await page.getByTestId('search-no-suggestions').filter({ visible: true }).waitFor();
    expect(await page.getByTestId('search-no-suggestions').filter({ visible: true }).textContent()).toBe(
      'No suggestions',
    );
    await shot(page, 'suggest-none');
    await page.mouse.click(640, 600);
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    // Enter with no option chosen runs the normal search.
    await box.fill('port');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'port');
  });

  it('in Arabic at 390 px the groups speak Arabic and Enter opens the tag in /ar', async () => {
    const page = await newPage(390);
    await signIn(page);
    await page.goto(f.url + '/ar/explore');
    const box = await openBox(page);
    await box.pressSequentially('port');
    const tags = page.getByRole('group', { name: 'الوسوم' });
    await tags.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    expect(await activeKind(page, box)).toBe('tag');
    await shot(page, 'suggest-ar');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/ar/tag/port'));
  });
});
