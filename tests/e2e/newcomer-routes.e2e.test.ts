/**
 * Issue 21 items 3, 4 and 5 in Chromium: every card of every content type opens a real page; the
 * demo account reaches the tavern and a device outside the ST-tavern group is sent home with a
 * toast that says why; a guest who opens a page that needs a session signs in on that page and
 * stays there.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inStTavernGroup } from '../../server/ops/flags';
import { DEMO, e2eFile, signInThroughForm, shotFile } from './support';

const e2e = e2eFile('newcomer');
const { pageErrors } = e2e;

/** A page in its own context, a phone's below 600 px; `context` is closed by the test or the file. */
const open = async (
  width: number,
  options: { readonly deviceId?: string; readonly locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const page = await e2e.newPage({ width, height: width < 600 ? 844 : 900, mobile: width < 600, ...options });
  return { context: page.context(), page };
};

const signInInDialog = async (page: Page) => {
  const dialog = page.getByTestId('dialog');
  await dialog.getByTestId('email').fill(DEMO.email);
  await dialog.getByTestId('password').fill(DEMO.password);
  await dialog.getByTestId('login-submit').click();
};

const signIn = (page: Page) => signInThroughForm(page, e2e.url);

const shot = (page: Page, name: string) => page.screenshot({ path: shotFile(`newcomer-routes-${name}`) });

/** Where a card of each of spec §2's thirteen content types is listed. */
const SOURCES: readonly { readonly type: string; readonly at: string }[] = [
  { type: 'artwork', at: '/search?q=rainy&tab=1' },
  { type: 'portfolio', at: '/search?q=Portfolio&tab=1' },
  { type: 'lookBook', at: '/search?q=Lookbook&tab=1' },
  { type: 'aiapp', at: '/explore/app' },
  { type: 'comfyUIApp', at: '/search?q=ComfyUI&tab=14' },
  { type: 'workflow', at: '/explore/workflow' },
  { type: 'character', at: '/explore/character' },
  { type: 'post', at: '/explore/post' },
  { type: 'aiVideo', at: '/explore/video' },
  { type: 'model', at: '/explore/model' },
  { type: 'lora_train', at: '/explore/loraTrain' },
  { type: 'aiAudio', at: '/explore/audio' },
  { type: 'paletteTemplate', at: '/explore/designTemplate' },
];

describe('every card of every content type opens a real page (issue 21 item 3)', () => {
  it('walks one card of each of the 13 types of spec §2 and lands on its page, not the not-found page', async () => {
    const { context, page } = await open(1280);
    const visited: string[] = [];
    for (const { type, at } of SOURCES) {
      await page.goto(e2e.url + at);
      const link = page
        .locator(
          `[data-testid=feed-card][data-card-type="${type}"] [data-testid=card-link], [data-testid=work-tile][data-card-type="${type}"]`,
        )
        .first();
      await link.waitFor({ timeout: 20_000 });
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      // A model page may be on its newDetail address (spec §2 model_detail_v2 = B).
      const wanted = [href.split('?')[0], href.replace(/^\/models\//, '/models/newDetail/')];
      await expect.poll(() => wanted.includes(new URL(page.url()).pathname), { timeout: 15_000 }).toBe(true);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('not-found').count(), `${type} at ${href}`).toBe(0);
      visited.push(`${type} ${href}`);
      if (type === 'lora_train') {
        // The LoRA training's card opens the model it produced: a real model page.
        expect(href).toMatch(/^\/models\/mdl-lora-\d{3}$/);
        await page.locator('h1').first().waitFor({ timeout: 15_000 });
        await shot(page, 'lora-model-1280');
        // Its "View model" action opens the same model.
        await page.goto(e2e.url + at);
        const card = page.locator('[data-testid=feed-card][data-card-type=lora_train]').first();
        await card.hover();
        const view = card.locator('[data-action=modelNavigation]');
        expect(await view.getAttribute('href')).toBe(
          await card.getByTestId('card-link').getAttribute('href'),
        );
        await view.click();
        await expect
          .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
          .toMatch(/^\/models\/(newDetail\/)?mdl-lora-/);
        await page.locator('h1').first().waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('not-found').count()).toBe(0);
      }
    }
    expect(visited).toHaveLength(13);
    await context.close();
  }, 240_000);
});

/** A device id the server's A/B assignment leaves outside the ST-tavern group (found by its rule). */
const OUTSIDE_DEVICE = (() => {
  for (let i = 0; ; i++) {
    const id = `web_outside_tavern_${i}`;
    if (!inStTavernGroup('device', id)) return id;
  }
})();

describe('the tavern (issue 21 item 4)', () => {
  it.each([1280, 390])(
    'the demo account reaches /tavern/chats and /tavern/search at %i px',
    async (width) => {
      const { context, page } = await open(width, { deviceId: OUTSIDE_DEVICE });
      await signIn(page);
      await page.goto(e2e.url + '/tavern/chats');
      await page.locator('#chats-title').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/tavern/chats');
      await shot(page, `tavern-chats-demo-${width}`);
      await page.goto(e2e.url + '/tavern/search');
      await page.getByTestId('tavern-search-input').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/tavern/search');
      await shot(page, `tavern-search-demo-${width}`);
      expect(await page.getByTestId('toast').count()).toBe(0);
      await context.close();
    },
  );

  it.each([
    [1280, '', 'The tavern is not open for this device yet, so you were taken to the home page.'],
    [390, '', 'The tavern is not open for this device yet, so you were taken to the home page.'],
    [1280, '/ar', 'الحانة غير مفتوحة لهذا الجهاز بعد، لذلك نُقلت إلى الصفحة الرئيسية.'],
  ] as const)(
    'a guest whose device is outside the group is sent home at %i px (%s) and told why',
    async (width, prefix, text) => {
      const { context, page } = await open(width, {
        deviceId: OUTSIDE_DEVICE,
        ...(prefix === '/ar' ? { locale: 'ar' } : {}),
      });
      await page.goto(e2e.url + `${prefix}/tavern/search`);
      await expect
        .poll(() => page.getByTestId('toast').first().textContent(), { timeout: 20_000 })
        .toBe(text);
      expect(new URL(page.url()).pathname).toBe(prefix === '' ? '/' : prefix);
      await shot(page, `tavern-refused-${width}${prefix.replace('/', '-')}`);
      await context.close();
    },
  );
});

describe('sign-in from a page that needs a session (issue 21 item 5, spec §2 auth_redirect)', () => {
  it.each([
    [1280, ''],
    [390, ''],
    [1280, '/ar'],
  ] as const)(
    'at %i px (%s): /settings → dialog at ?auth_redirect=1 → sign in → on /settings',
    async (width, prefix) => {
      const { context, page } = await open(width, prefix === '/ar' ? { locale: 'ar' } : {});
      await page.goto(e2e.url + `${prefix}/settings`);
      await expect
        .poll(() => page.url(), { timeout: 20_000 })
        .toBe(`${e2e.url}${prefix}/settings?auth_redirect=1`);
      await page.getByTestId('login-gate').waitFor({ timeout: 15_000 });
      await page.getByTestId('dialog').getByTestId('email').waitFor();
      expect(await page.getByTestId('settings').count()).toBe(0);
      await shot(page, `auth-gate-${width}${prefix.replace('/', '-')}`);
      await signInInDialog(page);
      await page.getByTestId('settings').waitFor({ timeout: 20_000 });
      expect(page.url()).toBe(`${e2e.url}${prefix}/settings`);
      expect(await page.getByTestId('dialog').count()).toBe(0);
      await shot(page, `auth-settings-${width}${prefix.replace('/', '-')}`);
      await context.close();
    },
  );

  it('a dialog closed without signing in goes home; a reload of ?auth_redirect=1 goes home too', async () => {
    const { context, page } = await open(1280);
    await page.goto(e2e.url + '/settings');
    await page.getByTestId('login-gate').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.goto(e2e.url + '/settings?auth_redirect=1');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    expect(await page.getByTestId('login-gate').count()).toBe(0);
    await context.close();
  });

  it('left no error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
