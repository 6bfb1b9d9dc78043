import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eFile, shotFile } from './support';

const f = e2eFile('explore');
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  page = await (
    await f.browser.newContext({ locale: 'en-US', viewport: { width: 1360, height: 900 } })
  ).newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

const cards = () => page.getByTestId('feed-card');
/** How many cards the list holds (the page shows those near the window only: the columns are virtual). */
const loaded = () =>
  page
    .getByTestId('feed')
    .getAttribute('data-loaded')
    .then((n) => Number(n ?? 0));

describe('end to end: the community square (spec §2 feed tabs, §4 like and muting)', () => {
  it('shows the recommend tab, switches tabs, loads more without duplicates, likes as a member and hides a card', async () => {
    // Spec §9: the cards actually seen are reported to the server every 5 s.
    const exposures = page.waitForRequest((r) => r.url().endsWith('/api/v1/exposure/report'), {
      timeout: 30_000,
    });
    await page.goto(f.url + '/explore');
    await expect.poll(() => loaded(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBeGreaterThan(4);
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
    await page.screenshot({ path: shotFile('e2e-explore-1') });
    // Each reported card is one on this screen, with its own object type (a model is 2, not 1).
    const report = await exposures;
    const answered = await report.response();
    expect(((await answered?.json()) as { status: { code: number } }).status.code).toBe(10000);
    const items = (JSON.parse(report.postData() ?? '{}') as { items: { obj_id: string; obj_type: number }[] })
      .items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(
        await page.locator(`[data-testid=feed-card][data-key="${item.obj_type}:${item.obj_id}"]`).count(),
      ).toBe(1);

    await page.getByRole('link', { name: 'Models' }).click();
    // The recommend feed holds model cards too: wait for the address (the route's loader runs first).
    await expect.poll(() => new URL(page.url()).pathname).toBe('/explore/model');
    // The address can change before the page has drawn the tab's list: until then the recommend
    // tab's cards, models among them, are still on screen (a fresh run failed on it: 11 other cards),
    // so the two counts are asked together until the model tab's list is the one drawn.
    const modelsAndOthers = async () => ({
      models: await page.locator('[data-testid=feed-card][data-card-type=model]').count(),
      others: await page
        .locator('[data-testid=feed-card]:not([data-card-type=model]):not([data-card-type=lora_train])')
        .count(),
    });
    await expect
      .poll(modelsAndOthers, { timeout: 15_000 })
      .toSatisfy(({ models, others }) => models > 0 && others === 0);

    // Scrolling to the end loads the next page by itself (infinite scroll) ...
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(), { timeout: 15_000 }).toBeGreaterThan(20);
    // ... and the button stays as the keyboard's way to the next page.
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await expect.poll(() => loadMore.isEnabled(), { timeout: 15_000 }).toBe(true);
    const shown = await loaded();
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => loaded(), { timeout: 15_000 }).toBeGreaterThan(shown);
    const keys = await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(new Set(keys).size).toBe(keys.length);

    // A guest's like opens the login dialog; after signing in, the like counts.
    // One card, named by its key: the columns are virtual, so "the first in the page" changes as it scrolls.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The top-left card on screen (the DOM order of virtual columns is not the visual order). The
    // columns render the cards near the window a frame after the scroll: asked until there is one.
    const topLeft = () =>
      page.evaluate(() => {
        const onScreen = [...document.querySelectorAll('[data-testid=feed-card]')]
          .map((e) => ({ key: e.getAttribute('data-key'), box: e.getBoundingClientRect() }))
          .filter(({ box }) => box.top >= 0 && box.bottom <= window.innerHeight);
        onScreen.sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
        return onScreen[0]?.key ?? null;
      });
    await expect.poll(topLeft).not.toBeNull();
    const likedKey = await topLeft();
    const like = page.locator(`[data-testid=feed-card][data-key="${likedKey}"]`).getByTestId('like-button');
    await like.click();
    await expect.poll(() => page.getByTestId('dialog').isVisible()).toBe(true);
    await page.getByTestId('email').fill('demo@atelier.test');
    await page.getByTestId('password').fill('atelier-demo');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('dialog').isVisible(), { timeout: 15_000 }).toBe(false);
    // The guest's like lands after the sign-in (spec §5): liked, and the server has answered.
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.getAttribute('data-busy')).toBeNull();
    const count = Number(await like.getAttribute('data-count'));
    // A member's second click takes it back, one less (spec §4).
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(Number(await like.getAttribute('data-count'))).toBe(count - 1);

    const muted = await cards().first().getAttribute('data-key');
    await cards().first().getByRole('button', { name: 'Not interested' }).click();
    await expect.poll(() => page.locator(`[data-testid=feed-card][data-key="${muted}"]`).count()).toBe(0);
    await page.screenshot({ path: shotFile('e2e-explore-2') });
    expect(pageErrors).toEqual([]);
  });
});

describe('end to end: chatting with a character (spec §7 character list, socket.io at /im/v1, §4 streamed replies)', () => {
  it('finds a character, signs in from the conversation, gets a streamed reply, and finds both messages after a reload', async () => {
    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1200, height: 820 } });
    const chatPage = await context.newPage();
    const errors: string[] = [];
    chatPage.on('pageerror', (e) => errors.push(e.message));
    await chatPage.goto(f.url + '/');
    // The Chat entry appears once the server's config item allows characters (spec §6 enable_tavern).
    await chatPage.getByTestId('nav-chat').click({ timeout: 15_000 });
    await expect.poll(() => new URL(chatPage.url()).pathname).toBe('/chat');
    const characters = chatPage.getByTestId('character');
    await expect.poll(() => characters.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    // Avatars are the server's generated covers.
    await expect
      .poll(
        () =>
          characters
            .first()
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        { timeout: 20_000 },
      )
      .toBe(true);
    await chatPage.screenshot({ path: shotFile('e2e-chat-1-directory') });
    const name = (await characters.first().getByTestId('character-name').textContent()) ?? '';
    await characters.first().click();
    await expect.poll(() => new URL(chatPage.url()).pathname).toMatch(/^\/chat\/.+/);

    // A guest is asked to sign in; the dialog signs in and the conversation opens in place.
    await chatPage.getByTestId('chat-guest').getByRole('button').click();
    await chatPage.getByTestId('email').fill('demo@atelier.test');
    await chatPage.getByTestId('password').fill('atelier-demo');
    await chatPage.getByTestId('password').press('Enter');
    await expect
      .poll(() => chatPage.locator('#chat-room-title').textContent(), { timeout: 15_000 })
      .toBe(name);
    await expect
      .poll(() => chatPage.getByTestId('chat-connection').textContent(), { timeout: 15_000 })
      .toBe('Online');

    // Enter sends, Shift+Enter makes a new line; an empty message is refused with a reason.
    const input = chatPage.getByTestId('chat-input');
    await input.press('Enter');
    await expect
      .poll(() => chatPage.locator('#chat-input-help').textContent())
      .toContain('Write a message first');
    await input.fill('Hello! What do you like to talk about?');
    await input.press('Shift+Enter');
    await input.type('Tell me in one line.');
    expect(await input.inputValue()).toBe('Hello! What do you like to talk about?\nTell me in one line.');
    // The reply is the assistant message after those already shown: the history (which starts with the
    // greeting) is in first, so counting them cannot race its arrival.
    await chatPage
      .locator('[data-testid=chat-message][data-role=assistant]')
      .first()
      .waitFor({ timeout: 15_000 });
    const assistantsBefore = await chatPage
      .locator('[data-testid=chat-message][data-role=assistant]')
      .count();
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');

    const userBubble = chatPage.locator('[data-testid=chat-message][data-role=user]').last();
    await expect.poll(() => userBubble.getAttribute('data-status'), { timeout: 15_000 }).toBe('delivered');
    const reply = chatPage.locator('[data-testid=chat-message][data-role=assistant]').nth(assistantsBefore);
    // The reply is seen growing token by token, then complete.
    const lengths: number[] = [];
    await expect
      .poll(
        async () => {
          lengths.push(((await reply.getByTestId('bubble-text').textContent()) ?? '').length);
          return reply.getAttribute('data-status');
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe('delivered');
    const answer = (await reply.getByTestId('bubble-text').textContent()) ?? '';
    expect(answer.trim().length).toBeGreaterThan(10);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]!).toBeGreaterThanOrEqual(lengths[i - 1]!);
    // The greeting is shown once: the history starts with it.
    const shown = await chatPage
      .locator('[data-testid=chat-log] [data-testid=bubble-text]')
      .allTextContents();
    expect(shown.filter((t) => t === shown[0]).length).toBe(1);
    await chatPage.screenshot({ path: shotFile('e2e-chat-2-conversation') });

    // The conversation is the server's: after a reload both messages come back once each.
    await chatPage.reload();
    await expect
      .poll(() => chatPage.locator('[data-testid=chat-message]').allTextContents(), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Tell me in one line.'),
          expect.stringContaining(answer.trim().slice(0, 20)),
        ]),
      );
    const texts = await chatPage
      .locator('[data-testid=chat-message] [data-testid=bubble-text]')
      .allTextContents();
    expect(texts.filter((t) => t === answer).length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
