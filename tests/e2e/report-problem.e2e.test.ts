/**
 * "Report a problem" (issue 24) in Chromium: from the account menu, the page shows what the
 * session's log holds, sends it only after consent, lists the report with a download link and
 * deletes it; in English at 1280 px and in Arabic at 390 px (right to left).
 */
import { describe, expect, it } from 'vitest';
import { e2eFile, signInThroughApi } from './support';

const file = e2eFile('report');

describe('report a problem (issue 24)', () => {
  it('English, 1280 px: the account menu leads to the page; Send waits for consent; the sent report is listed, downloadable and deletable', async () => {
    const page = await file.newPage();
    await signInThroughApi(page, file.url);
    await page.goto(file.url + '/create');
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/support/report');
    const preview = page.getByTestId('report-preview');
    await expect
      .poll(() => preview.textContent())
      .toMatch(/The event log of this session: \d+ events?, \d+ kB\./);
    await expect.poll(() => preview.locator('li').count()).toBeGreaterThan(0);
    const send = page.getByTestId('report-send');
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('report-note').fill('The progress bar stopped at 40%.');
    await page.getByTestId('report-consent').check();
    expect(await send.isDisabled()).toBe(false);
    await file.shot(page, 'ready');
    await send.click();
    await page.getByText('Report sent').waitFor();
    const item = page.getByTestId('report-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.first().textContent()).toContain('The progress bar stopped at 40%.');
    const href = await item.first().getByRole('link', { name: 'Download' }).getAttribute('href');
    const log = await page.request.get(file.url + href!);
    expect(log.status()).toBe(200);
    expect((await log.text()).split('\n')[0]).toContain('"format":"atelier-event-log"');
    await file.shot(page, 'sent');
    await item.first().getByTestId('report-delete').click();
    await page.getByTestId('reports-empty').waitFor();
    expect(file.pageErrors).toEqual([]);
  });

  it('Arabic, 390 px: the page reads right to left with its strings translated, and a guest is asked to sign in', async () => {
    const page = await file.newPage({ width: 390, locale: 'ar' });
    await signInThroughApi(page, file.url);
    await page.goto(file.url + '/ar/support/report');
    await page.getByRole('heading', { name: 'الإبلاغ عن مشكلة' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect
      .poll(() => page.getByTestId('report-preview').textContent())
      .toContain('سجل أحداث هذه الجلسة');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/report\.[a-zA-Z]+/);
    await file.shot(page, 'arabic');

    const guest = await file.newPage();
    await guest.goto(file.url + '/support/report');
    // The spec §2 guard: a guest gets the sign-in dialog, not the page.
    await guest.getByTestId('email').waitFor();
    expect(await guest.getByTestId('report-form').count()).toBe(0);
    expect(file.pageErrors).toEqual([]);
  });
});
