import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../domain/index.js';
import { chooseLanguage, SHOTS, DEMO_COINS, e2eFile, shotFile } from './support';

const run = promisify(execFile);
const f = e2eFile('text-to-image');
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  const context = await f.browser.newContext({
    locale: 'en-US',
    viewport: { width: 1360, height: 860 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

const progressOf = (p: Page) =>
  p
    .locator('[data-testid=task-card] [role=progressbar]')
    .first()
    .getAttribute('aria-valuenow')
    .then((v) => (v === null ? null : Number(v)));

describe('end to end: text to image from view to replay (issue 2)', () => {
  it('signs in, types a prompt, watches progress rise, sees the image and the coins drop, downloads the log and replays it to the same task state', async () => {
    await page.goto(f.url + '/');
    await expect.poll(() => page.locator('[data-testid=tasks-empty]').isVisible()).toBe(true);
    await page.screenshot({ path: shotFile('e2e-1-empty') });

    await page.click('[data-testid=sign-in]');
    await page.fill('[data-testid=email]', 'demo@atelier.test');
    await page.fill('[data-testid=password]', 'atelier-demo');
    await page.click('[data-testid=login-submit]');
    const coins = page.locator('[data-testid=coin-balance]');
    await expect.poll(() => coins.textContent(), { timeout: 15_000 }).toContain(DEMO_COINS);

    await page.fill('[data-testid=prompt]', 'a lighthouse on a cliff at dusk, warm light over a calm sea');
    await page.locator('label', { hasText: /^3:4$/ }).click();
    expect(await page.getByRole('radio', { name: '3:4' }).isChecked()).toBe(true);
    await page.click('[data-testid=generate]');
    await expect
      .poll(() => coins.textContent(), { timeout: 15_000 })
      .toContain(String(Number(DEMO_COINS) - 10));

    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const v = await progressOf(page);
          if (v !== null) seen.push(v);
          return v ?? 0;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: shotFile('e2e-2-progress') });

    const image = page.locator('[data-testid=task-image]');
    await image.waitFor({ timeout: 30_000 });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    const natural = await image.evaluate((img: HTMLImageElement) =>
      img.complete ? { w: img.naturalWidth, h: img.naturalHeight } : null,
    );
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    if (natural) expect(natural.w / natural.h).toBeCloseTo(3 / 4, 1);
    await expect.poll(() => page.locator('[data-testid=toast]').first().textContent()).toContain('ready');
    await expect.poll(() => coins.textContent()).toContain(String(Number(DEMO_COINS) - 10));
    await page.screenshot({ path: shotFile('e2e-3-done') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .click('[data-testid=account-menu]')
        .then(() => page.getByRole('menuitem', { name: 'Download event log' }).click()),
    ]);
    const logPath = path.join(SHOTS, 'e2e-session.jsonl');
    await download.saveAs(logPath);
    const log = await readFile(logPath, 'utf8');
    expect(log.split('\n')[0]).toContain('"format":"atelier-event-log"');

    const storeTasks = await page.evaluate(
      () =>
        (window as unknown as { __ATELIER__: { state: () => { tasks: unknown } } }).__ATELIER__.state().tasks,
    );
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/replay.ts',
      logPath,
      '--check',
      '--json',
    ]);
    const replayed = JSON.parse(stdout) as { violation: unknown; state: { tasks: unknown } };
    expect(replayed.violation).toBeNull();
    expect(canonicalJson(replayed.state.tasks)).toBe(canonicalJson(storeTasks));
    const human = await run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', logPath]);
    expect(human.stdout).toMatch(/completed\s+100%/);

    // Issue 5 "a task list survives a reload": the finished card comes back, still signed in.
    await page.reload();
    await expect
      .poll(() => page.locator('[data-testid=task-card][data-status=completed]').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    await page.locator('[data-testid=task-image]').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => coins.textContent(), { timeout: 15_000 })
      .toContain(String(Number(DEMO_COINS) - 10));
    await page.screenshot({ path: shotFile('e2e-4-after-reload') });
    expect(pageErrors).toEqual([]);
  });

  it('shows the page in Japanese and Simplified Chinese at their /ja and /zh-CN addresses, English unprefixed (spec §2)', async () => {
    const pathname = () => new URL(page.url()).pathname;
    await chooseLanguage(page, 'ja');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('テキストから画像');
    expect(pathname()).toBe('/ja');
    await page.screenshot({ path: shotFile('e2e-4-ja') });
    // Signed in, the lang cookie decides (spec §2 language guard): a reload of an English address comes back in Japanese.
    await page.goto(f.url + '/explore');
    await expect.poll(pathname).toBe('/ja/explore');
    await expect
      .poll(() => page.getByTestId('feed-tabs').locator('a').first().textContent())
      .toBe('おすすめ');
    await chooseLanguage(page, 'zh-CN');
    await expect.poll(pathname).toBe('/zh-CN/explore');
    await page.goto(f.url + '/zh-CN/create');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('文生图');
    await chooseLanguage(page, 'en');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Text to image');
    expect(pathname()).toBe('/create');
  });

  it('guards a guest visit (spec §2): browser language, stored invite and referral codes, unknown prefixes', async () => {
    const context = await f.browser.newContext({ locale: 'ja-JP', viewport: { width: 1100, height: 760 } });
    const guest = await context.newPage();
    await guest.goto(f.url + '/explore/model');
    await expect.poll(() => new URL(guest.url()).pathname).toBe('/ja/explore/model');
    await expect.poll(() => guest.getByTestId('sign-in').textContent()).toBe('ログイン');
    await guest.locator('[data-testid=feed-card]').first().waitFor({ timeout: 15_000 });
    await guest.screenshot({ path: shotFile('e2e-7-guest-ja') });
    // The person's own choice outranks the browser's from then on.
    await chooseLanguage(guest, 'en');
    await expect.poll(() => new URL(guest.url()).pathname).toBe('/explore/model');
    await guest.getByTestId('nav-create').click();
    await expect.poll(() => new URL(guest.url()).pathname).toBe('/create');
    await guest.goto(f.url + '/login?chan_id=C42&u_code=R7');
    await expect.poll(() => guest.locator('h1').first().isVisible()).toBe(true);
    expect(
      await guest.evaluate(() => [
        localStorage.getItem('channel_invite_code'),
        localStorage.getItem('referral_code'),
      ]),
    ).toEqual(['C42', 'R7']);
    await guest.goto(f.url + '/xx/create');
    await expect.poll(() => guest.getByTestId('not-found').isVisible()).toBe(true);
    await context.close();
  });

  it('tells a person what is wrong with an empty prompt and sends nothing', async () => {
    const before = await page.locator('[data-testid=task-card]').count();
    await page.fill('[data-testid=prompt]', '   ');
    await page.click('[data-testid=generate]');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Write a prompt first');
    expect(await page.locator('[data-testid=task-card]').count()).toBe(before);
  });

  it('opens the login dialog from /?openLoginDialog=1 (spec §2) and closes it after signing in, keyboard only', async () => {
    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 760 } });
    const guest = await context.newPage();
    await guest.goto(f.url + '/?openLoginDialog=1');
    const dialog = guest.getByTestId('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(guest.url()).not.toContain('openLoginDialog');
    await guest.screenshot({ path: shotFile('e2e-5-login-dialog') });
    await guest.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await guest.goto(f.url + '/?openLoginDialog=1');
    await guest.getByTestId('email').fill('demo@atelier.test');
    await guest.getByTestId('password').fill('atelier-demo');
    await guest.getByTestId('password').press('Enter');
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => guest.getByTestId('account-name').textContent()).toBe('Demo Creator');
    await context.close();
  });

  it('uploads a reference image through the translated picker, shows it done and previews the stored file (spec §4 upload, §5 limits)', async () => {
    const { PNG } = await import('pngjs');
    const png = new PNG({ width: 64, height: 48 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([(i / 4) % 256, 90, 160, 255], i);
    const picker = page.getByTestId('pick-referenceImage');
    await expect.poll(() => picker.textContent()).toBe('Choose an image');
    await page
      .locator('[data-testid=uploader-referenceImage] input[type=file]')
      .setInputFiles({ name: 'reference.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await page.getByTestId('upload-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('uploader-referenceImage').textContent()).toContain('reference.png');
    // The stored file is shown back: the thumbnail loads (a variant for its 56 px, issue 22), and
    // the original it stands for, fetched from its address, has the picked size.
    const thumb = page.getByTestId('thumb-referenceImage');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const original = await page.request.get(new URL((await thumb.getAttribute('src')) ?? '', f.url).href);
    expect(PNG.sync.read(Buffer.from(await original.body())).width).toBe(64);
    expect(await thumb.getAttribute('alt')).toBe('Preview of reference.png');
    await page.screenshot({ path: shotFile('e2e-6-upload') });
    expect(pageErrors).toEqual([]);
  });
});
