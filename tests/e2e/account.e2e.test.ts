/**
 * Accounts in Chromium (issue 11), against the real server: sign up, sign out, a refused sign-in
 * read in the form, a password reset through the development outbox (the link works once), sign in
 * with the new password, a setting changed and found again after a reload, a guest sent to the
 * login dialog by /settings; every screen at 1280 and 390 px with nothing wider than the window.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleNewAccount, e2eFile, shotFile } from './support';

const f = e2eFile('account');

const EMAIL = `e2e-${Date.now().toString(36)}@example.test`;
const NAME = 'Grace Hopper';
const OLD_PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: shotFile(`account-${page.viewportSize()?.width ?? 0}-${name}`),
    fullPage: true,
  });

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto(f.url + '/login');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('login-submit').click();
};

/** The newest reset link in the development outbox for `email`. */
const resetLinkFromOutbox = async (page: Page, email: string): Promise<string> => {
  await page.goto(f.url + '/dev/outbox');
  const mail = page.locator('[data-testid=outbox] li', { hasText: email }).first();
  await mail.waitFor();
  const href = await mail.locator('a[href*="/password/reset?token="]').first().getAttribute('href');
  expect(href).toMatch(/\/password\/reset\?token=[\w-]{20,}/);
  return href ?? '';
};

describe('accounts end to end', () => {
  it('signs up, signs out, reads a refusal, resets the password through the outbox, keeps a setting', async () => {
    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The login form links to sign-up.
    await page.goto(f.url + '/login');
    await page.getByTestId('signup-link').click();
    await page.getByTestId('signup-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');

    // The domain's rules, shown in the form before anything is sent.
    await page.getByTestId('signup-submit').click();
    await expect.poll(() => page.getByText('Enter your name.').count()).toBe(1);
    await page.getByTestId('signup-name').fill(NAME);
    await page.getByTestId('signup-email').fill(EMAIL);
    await page.getByTestId('signup-password').fill(OLD_PASSWORD);
    await page.getByTestId('signup-confirm').fill('something else');
    await page.getByTestId('signup-submit').click();
    await page.getByText('The passwords do not match.').waitFor();
    await shot(page, 'signup-invalid');

    // The server's refusal in the form: the demo account's email is registered already (20006).
    await page.getByTestId('signup-email').fill('demo@atelier.test');
    await page.getByTestId('signup-confirm').fill(OLD_PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect.poll(() => page.getByTestId('signup-refused').textContent()).toMatch(/already exists/);

    // A new account: signed in, home.
    await page.getByTestId('signup-email').fill(EMAIL);
    await page.getByTestId('signup-submit').click();
    await expect.poll(() => page.getByTestId('account-name').textContent(), { timeout: 15_000 }).toBe(NAME);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // A new account is welcomed (popups, the tour: their own tests); settled, this test reads the account screens.
    await settleNewAccount(f.url, EMAIL, OLD_PASSWORD);
    await page.reload();

    // Sign out.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByTestId('sign-in').waitFor();

    // A wrong password is refused in the form.
    await signIn(page, EMAIL, 'not my password');
    await expect.poll(() => page.getByTestId('login-refused').textContent()).toBe('The password is wrong.');
    await shot(page, 'login-refused');

    // Forgot password: the mail is in the outbox.
    await page.getByTestId('forgot-link').click();
    await page.getByTestId('forgot-email').fill(EMAIL);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();
    await shot(page, 'forgot-sent');
    const link = await resetLinkFromOutbox(page, EMAIL);
    await shot(page, 'outbox');

    // The link sets a new password once.
    await page.goto(link);
    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await shot(page, 'reset-done');
    await page.goto(link);
    await page.getByTestId('reset-password').fill('a third password');
    await page.getByTestId('reset-confirm').fill('a third password');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-refused').textContent()).toMatch(/expired or was used/);
    await shot(page, 'reset-refused');

    // The old password no longer works; the new one does.
    await signIn(page, EMAIL, OLD_PASSWORD);
    await expect.poll(() => page.getByTestId('login-refused').textContent()).toBe('The password is wrong.');
    await signIn(page, EMAIL, NEW_PASSWORD);
    await expect.poll(() => page.getByTestId('account-name').textContent(), { timeout: 15_000 }).toBe(NAME);

    // Settings from the account menu: a change is saved and still there after a reload.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const autoPublish = page.getByRole('switch', { name: 'Publish finished works to the community' });
    await autoPublish.waitFor();
    expect(await autoPublish.getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/settings/update'));
    await autoPublish.click();
    expect(await autoPublish.getAttribute('aria-checked')).toBe('true');
    expect((await (await saved).json()).data.is_auto_pub_community).toBe(true);
    await page.reload();
    await autoPublish.waitFor();
    expect(await autoPublish.getAttribute('aria-checked')).toBe('true');
    await shot(page, 'settings');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a guest who opens /settings to the login dialog (spec §2 guard)', async () => {
    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(f.url + '/settings');
    await expect
      .poll(() => page.getByTestId('dialog-title').textContent(), { timeout: 15_000 })
      .toBe('Sign in to continue');
    expect(await page.getByTestId('settings').count()).toBe(0);
    // The dialog's links lead on and close it.
    await page.getByTestId('signup-link').click();
    await page.getByTestId('signup-form').waitFor();
    expect(await page.getByTestId('dialog').count()).toBe(0);
    await context.close();
  });

  it.each([1280, 390])('fits every account screen at %i px', async (width) => {
    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width, height: 844 } });
    const page = await context.newPage();
    const screens = [
      '/signup',
      '/login',
      '/password/forgot',
      '/password/reset?token=not-a-real-token',
      '/dev/outbox',
    ];
    for (const screen of screens) {
      await page.goto(f.url + screen);
      await page.locator('h1').first().waitFor({ timeout: 20_000 });
      expect(await horizontalOverflow(page), screen).toBeLessThanOrEqual(0);
      await shot(page, `screen${screen.replace(/\?.*$/, '').replace(/\W+/g, '-')}`);
    }
    await signIn(page, EMAIL, NEW_PASSWORD);
    await page.getByTestId('account-menu').waitFor({ timeout: 15_000 });
    await page.goto(f.url + '/settings');
    await page.getByTestId('settings').waitFor({ timeout: 15_000 });
    expect(await horizontalOverflow(page), '/settings').toBeLessThanOrEqual(0);
    await shot(page, 'screen-settings');
    await context.close();
  });
});
