/**
 * "Report a problem" (issue 24) in Chromium: from the account menu, the page shows what the
 * session's log holds, sends it only after consent, lists the report with a download link and
 * deletes it; in English at 1280 px and in Arabic at 390 px (right to left). The log outlives its
 * page (kept in IndexedDB as it grows): after a reload the visit before it can be chosen, previewed
 * and sent instead.
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

  it('after a reload, the visit before it is kept on the device: chosen, previewed and sent instead of this one', async () => {
    const page = await file.newPage();
    await signInThroughApi(page, file.url);
    // A visit of the creation page, then a reload (the person's problem was in that visit).
    await page.goto(file.url + '/create');
    await page.getByTestId('account-menu').waitFor();
    // Its log is on the device once the ring's first write (at most a second after the events) is in.
    const batchesKept = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('atelier-event-log');
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const db = open.result;
              const keys = db.transaction('ring').objectStore('ring').getAllKeys();
              keys.onsuccess = () => {
                resolve(keys.result.filter((k) => String(k).startsWith('e:')).length);
                db.close();
              };
            };
          }),
      );
    await expect.poll(batchesKept).toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    const preview = page.getByTestId('report-preview');
    await expect.poll(() => preview.textContent()).toMatch(/The event log of this session: \d+ events?/);
    const picker = page.getByRole('combobox', { name: 'Which visit' });
    await picker.click();
    await page
      .getByRole('option', { name: /^An earlier visit, last active / })
      .first()
      .click();
    await expect
      .poll(() => preview.textContent())
      .toMatch(/The event log of that visit: \d+ events?, \d+ kB\./);
    const events = Number(/that visit: (\d+) event/.exec((await preview.textContent()) ?? '')?.[1]);
    expect(events).toBeGreaterThan(0);
    await file.shot(page, 'earlier-visit');
    await page.getByTestId('report-consent').check();
    await page.getByTestId('report-send').click();
    await page.getByText('Report sent').waitFor();
    const href = await page
      .getByTestId('report-item')
      .first()
      .getByRole('link', { name: 'Download' })
      .getAttribute('href');
    const lines = (await (await page.request.get(file.url + href!)).text()).trim().split('\n');
    const sent = lines.slice(1).map((l) => JSON.parse(l) as { type?: string });
    // That visit's log: the events the preview counted, and nothing of this visit's report page.
    expect(sent.filter((e) => typeof e.type === 'string')).toHaveLength(events);
    expect(sent.some((e) => e.type?.startsWith('problemReports/'))).toBe(false);
    await page.getByTestId('report-delete').first().click();
    await page.getByTestId('reports-empty').waitFor();
    expect(file.pageErrors).toEqual([]);
  });
});
