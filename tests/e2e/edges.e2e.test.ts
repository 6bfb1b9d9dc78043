/**
 * Issue 14 edges in Chromium against the real server: push registration only after the person's
 * action and only with permission (spec §2, §6), the new user's guided tour (next, previous, done;
 * not shown again after a reload), a support message stored by the server, the campaign banner
 * inside and outside the season with Playwright's clock (spec §9), the legal pages in en, ja and fr
 * (falls back to en; spec §2); screenshots at 1280 and 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleNewAccount, e2eFile, shotFile } from './support';

const f = e2eFile('edges');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: shotFile(`edges-${page.viewportSize()?.width ?? 0}-${name}`) });

const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

/**
 * A new account, registered through the page's API client (which signs the browser in) with the
 * server's popups off (their order against the tour is the domain's rule, tested there).
 */
const signUpAndIn = async (page: Page, email: string) => {
  const password = 'a long password 1';
  const r = await page.request.post(f.url + '/api/v1/account/register', {
    data: { name: 'Tour Taker', email, password },
  });
  expect((await r.json()).status.code).toBe(10000);
  await settleNewAccount(f.url, email, password, { tourSeen: false });
  await page.goto(f.url + '/');
  await page.getByTestId('account-menu').waitFor();
};

const withContext = async (
  options: { width: number; grant?: boolean },
  run: (page: Page, ctx: BrowserContext) => Promise<void>,
) => {
  const ctx = await f.browser.newContext({ viewport: { width: options.width, height: 860 } });
  if (options.grant) await ctx.grantPermissions(['notifications'], { origin: f.url });
  try {
    await run(await ctx.newPage(), ctx);
  } finally {
    await ctx.close();
  }
};

describe('edges', () => {
  it('the new user tour: next, previous, done; not shown after a reload (1280 and 390)', async () => {
    for (const width of [1280, 390]) {
      await withContext({ width }, async (page) => {
        await signUpAndIn(page, `tour-${width}-${Date.now().toString(36)}@example.test`);
        const tour = page.getByTestId('tour');
        await tour.waitFor();
        expect(await tour.getAttribute('data-step')).toBe('create');
        await shot(page, 'tour-step1');
        await page.getByTestId('tour-next').click();
        expect(await tour.getAttribute('data-step')).toBe('explore');
        await page.getByTestId('tour-next').click();
        await page.getByTestId('tour-previous').click();
        expect(await tour.getAttribute('data-step')).toBe('explore');
        await page.getByTestId('tour-next').click();
        await page.getByTestId('tour-next').click();
        await page.getByTestId('tour-next').click();
        expect(await tour.getAttribute('data-step')).toBe('account');
        await shot(page, 'tour-last');
        const saved = page.waitForResponse((r) => r.url().includes('/api/v1/account/guide/status/set'));
        await page.getByTestId('tour-done').click();
        await tour.waitFor({ state: 'detached' });
        await saved;
        // Saved on the server: after a reload the guide status is read again and the tour stays away.
        const read = page.waitForResponse((r) => r.url().includes('/api/v1/account/guide/status'));
        await page.reload();
        await read;
        await page.getByTestId('account-menu').waitFor();
        expect(await page.getByTestId('tour').count()).toBe(0);
      });
    }
  });

  it('push: denied permission registers no service worker; granted, the menu action registers /sw.js', async () => {
    await withContext({ width: 1280 }, async (page) => {
      await page.goto(f.url + '/login');
      await page.getByTestId('email').fill('demo@atelier.test');
      await page.getByTestId('password').fill('atelier-demo');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('account-menu').waitFor();
      expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Turn on notifications' }).click();
      await page.waitForLoadState('networkidle');
      expect(await registrations(page)).toBe(0);
    });
    await withContext({ width: 1280, grant: true }, async (page) => {
      await page.goto(f.url + '/login');
      expect(await registrations(page)).toBe(0);
      await page.getByTestId('email').fill('demo@atelier.test');
      await page.getByTestId('password').fill('atelier-demo');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Turn on notifications' }).click();
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length > 0);
      const scope = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistrations())[0]?.scope,
      );
      expect(scope).toBe(f.url + '/');
    });
  });

  it('a support message is stored by the server (1280 and 390)', async () => {
    for (const width of [1280, 390]) {
      await withContext({ width }, async (page) => {
        await page.goto(f.url + '/create');
        await page.getByTestId('footer-help').click();
        await page.getByTestId('support-form').waitFor();
        await page.getByTestId('support-email').fill('not an email');
        await page.getByTestId('support-message').fill('short');
        await page.getByTestId('support-send').click();
        await page.getByText('Enter an e-mail address such as name@example.com.').waitFor();
        await shot(page, 'support-invalid');
        const text = `The download button does nothing (${width})`;
        await page.getByTestId('support-email').fill('reader@example.test');
        await page.getByTestId('support-message').fill(text);
        await page.getByTestId('support-send').click();
        await page.getByTestId('support-sent').waitFor();
        await shot(page, 'support-sent');
        await page.goto(f.url + '/dev/support');
        await page.getByTestId('support-messages').getByText(text).waitFor();
      });
    }
  });

  it("the campaign banner follows the clock: inside the season the week's campaign, outside the default", async () => {
    for (const width of [1280, 390]) {
      await withContext({ width }, async (page) => {
        await page.clock.setFixedTime(new Date('2025-05-20T12:00:00Z'));
        await page.goto(f.url + '/create');
        const banner = page.getByTestId('campaign-banner');
        await banner.waitFor();
        expect(await banner.getAttribute('data-campaign')).toBe('starryNight');
        await shot(page, 'campaign-inside');
        await page.clock.setFixedTime(new Date('2025-08-01T12:00:00Z'));
        await page.reload();
        await banner.waitFor();
        expect(await banner.getAttribute('data-campaign')).toBe('default');
        await shot(page, 'campaign-outside');
      });
    }
  });

  it('legal pages in en and ja; fr falls back to en, from the footer and by address', async () => {
    await withContext({ width: 390 }, async (page) => {
      await page.goto(f.url + '/legal/en/privacy-policy.html');
      expect(await page.getByTestId('legal-title').textContent()).toBe('Privacy policy');
      await shot(page, 'legal-en');
      await page.goto(f.url + '/legal/ja/terms-of-service.html');
      expect(await page.getByTestId('legal-title').textContent()).toBe('利用規約');
      await shot(page, 'legal-ja');
      await page.goto(f.url + '/legal/fr/terms-of-service.html');
      expect(new URL(page.url()).pathname).toBe('/legal/en/terms-of-service.html');
      await page.goto(f.url + '/ja/create');
      expect(await page.getByTestId('site-footer').getByTestId('legal-privacy').getAttribute('href')).toBe(
        '/legal/ja/privacy-policy.html',
      );
      await page.goto(f.url + '/fr/create');
      await page.getByTestId('site-footer').getByTestId('legal-terms').click();
      await page.getByTestId('legal-title').waitFor();
      expect(new URL(page.url()).pathname).toBe('/legal/en/terms-of-service.html');
      expect(await page.getByTestId('legal-title').textContent()).toBe('Terms of service');
    });
  });
});
