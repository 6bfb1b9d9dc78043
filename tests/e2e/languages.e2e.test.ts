/**
 * Sixteen interface languages (spec §2): a person switches to each from the header's language menu
 * and reads the home page in it: the address takes the locale's prefix (English none), no English
 * text of the shell or the page is left, no message id reaches the screen, and Arabic is laid out
 * right to left. A screenshot per language lands in test-results/.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routing } from '../../domain/index.js';
import { chooseLanguage, e2eFile, shotFile } from './support';

const f = e2eFile('languages');
let page: Page;

type Compiled = Record<string, { type: number; value?: string }[]>;
const plainTexts = (messages: Compiled): Map<string, string> =>
  new Map(
    Object.entries(messages).flatMap(([id, ast]) =>
      ast.length === 1 && ast[0]?.type === 0 && typeof ast[0].value === 'string'
        ? [[id, ast[0].value] as const]
        : [],
    ),
  );
/** `text` as whole words (so the English "Model" is not found in the Spanish "Modelo"). */
const wholeWords = (text: string): RegExp =>
  new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');

const served = async (locale: string, file: string): Promise<Compiled> =>
  (await (await fetch(`${f.url}/locales/${locale}/${file}.json`)).json()) as Compiled;

beforeAll(async () => {
  page = await f.browser.newPage({ viewport: { width: 1280, height: 800 } });
});

describe('sixteen languages', () => {
  it('switches to each language from the menu and shows the home page in it, Arabic right to left', async () => {
    const english = new Map([
      ...plainTexts(await served('en', 'common')),
      ...plainTexts(await served('en', 'home')),
    ]);
    const ids = Object.keys(JSON.parse(await readFile('src/i18n/messages/en.json', 'utf8')) as object);
    await page.goto(f.url + '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const locale of routing.SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      await chooseLanguage(page, locale);
      await page.waitForURL(new RegExp(`/${locale}(/|$)`));
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const text = await page.locator('body').innerText();
      // No message id on screen.
      expect(
        ids.filter((id) => id.includes('.') && text.includes(id)),
        locale,
      ).toEqual([]);
      // No English left: every shell and home text whose translation differs from English is absent.
      const translated = new Map([
        ...plainTexts(await served(locale, 'common')),
        ...plainTexts(await served(locale, 'home')),
      ]);
      const leftovers = [...english]
        .filter(([id, en]) => en.length >= 4 && translated.get(id) !== en && wholeWords(en).test(text))
        .map(([id, en]) => `${id}: ${en}`);
      expect(leftovers, locale).toEqual([]);
      const dir = await page.evaluate(() => document.documentElement.dir);
      expect(dir, locale).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: shotFile(`language-${locale}`) });
    }
    // Right to left: the header's first item (the brand) sits at the right edge in Arabic.
    await page.goto(f.url + '/ar');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const brand = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(brand!.x).toBeGreaterThan(640);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shotFile('language-ar-390') });
    // English has no prefix.
    await chooseLanguage(page, 'en');
    await page.waitForURL(/^[^?]*:\d+\/?(\?|$)/);
    // The address changes as the router starts the new page; the page in English (left to right)
    // is rendered right after, so the direction is awaited rather than read at once.
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('in Arabic, what people wrote in Latin letters keeps its own direction: a card title is cut at its end, not its start', async () => {
    const ar = await f.browser.newPage({ viewport: { width: 390, height: 844 } });
    await ar.goto(f.url + '/ar/explore');
    const title = ar.getByTestId('feed-card').first().locator('[dir=auto]').first();
    await title.waitFor();
    // The seeded titles are English: inside the right-to-left page each is laid out left to right.
    const seen = await title.evaluate((el) => ({
      text: el.textContent ?? '',
      direction: getComputedStyle(el).direction,
    }));
    expect(seen.text).toMatch(/^[A-Za-z]/);
    expect(seen.direction).toBe('ltr');
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await ar.screenshot({ path: shotFile('language-ar-390-explore') });
    // A work's tags read "#cyberpunk", the mark before the word, not after it.
    await ar.getByTestId('card-link').first().click();
    const tag = ar.locator('a[href*="/tag/"][dir=auto]').first();
    await tag.waitFor();
    expect(await tag.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await tag.textContent()).toMatch(/^#[a-z]/);
    // The demo account's address and password in the login dialog keep their own order.
    await ar.getByTestId('like-button').first().click();
    const demo = ar.locator('bdi[dir=ltr]', { hasText: 'demo@atelier.test' });
    await demo.waitFor();
    await ar.screenshot({ path: shotFile('language-ar-390-login-demo') });
    await ar.close();
  });
});
