/**
 * The audit page (issue 24), in Chromium: a recorded log with a violation (tasks and billing events,
 * then coins below zero) is loaded from a file, replayed in the page's worker; the timeline is drawn,
 * "Jump to the first violation" selects the breaking event, the state tree opens and the diff names
 * the changed path. A log of a newer version is refused, naming the line. At 1280 px, and in Arabic at
 * 390 px (right to left).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  billing,
  makeHeader,
  serializeEventLog,
  stamp,
  tasks,
  type UnstampedEvent,
} from '../../domain/index.js';
import { paymentInfo } from '../support/fixtures';
import { e2eFile } from './support';

const file = e2eFile('audit');

const coins = (n: number) => billing.paymentInfoReceived({ info: paymentInfo(n) });

/** 12,001 events: tasks run and finish, the balance is reported; event 9,001 reports -20 coins. */
const BREAKS_AT = 9000;
const brokenLog = (): string => {
  const events: UnstampedEvent[] = [];
  for (let t = 0; events.length < 12_000; t++) {
    const id = `t${t}`;
    events.push(
      tasks.taskCreated({
        id,
        params: { domainType: 0, prompt: `prompt ${t}`, aspectRatio: '1:1', seed: null },
        guest: false,
        estimateMs: null,
        createdAt: 0,
      }),
      tasks.progressReported({ id, code: 2, progress: 40, statusDesc: '', estimateMs: null }),
      tasks.progressReported({ id, code: 2, progress: 80, statusDesc: '', estimateMs: null }),
      tasks.taskCompleted({ id, images: [] }),
      coins(500 - (t % 50)),
    );
  }
  events.splice(BREAKS_AT, 0, coins(-20));
  const start = Date.UTC(2026, 10, 27, 9, 0, 0);
  return serializeEventLog({
    header: makeHeader(start, 'e2e:audit'),
    events: events.map((e, i) => stamp(e, i + 1, start + i * 1500)),
  });
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-audit-e2e-'));
const logPath = path.join(dir, 'broken.jsonl');
writeFileSync(logPath, brokenLog());
const newerPath = path.join(dir, 'newer.jsonl');
writeFileSync(
  newerPath,
  JSON.stringify({ format: 'atelier-event-log', version: 99, createdAt: 0, source: 'future' }) + '\n',
);

/** How many pixels of the timeline's canvas are drawn (not transparent). */
const drawnPixels = (page: Page) =>
  page.getByTestId('audit-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    if (data) for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });

const loadBroken = async (page: Page) => {
  await page.getByTestId('audit-file').setInputFiles(logPath);
  await page.getByTestId('audit-timeline').waitFor();
  await page.getByTestId('audit-violation').waitFor({ timeout: 30_000 });
};

describe('the audit page (issue 24)', () => {
  it('1280 px: loads a log, draws the timeline, jumps to the violation, shows the state tree and the diff', async () => {
    const page = await file.newPage();
    await page.goto(file.url + '/audit');
    await page.getByTestId('audit-empty').waitFor();
    await file.shot(page, 'empty');

    await loadBroken(page);
    expect(await page.getByTestId('audit-violation').textContent()).toContain('billing.coinsNeverNegative');
    expect(await page.getByTestId('audit-violation').textContent()).toContain('9,001');
    await expect.poll(() => drawnPixels(page)).toBeGreaterThan(500);
    // The timeline is one canvas, not a node per event.
    expect(await page.locator('[data-testid="audit-timeline"] *').count()).toBeLessThan(40);

    await page.getByTestId('audit-jump').click();
    await expect
      .poll(() => page.getByTestId('audit-position').textContent())
      .toContain('Event 9,001 of 12,001');
    await page.getByTestId('audit-here').waitFor();
    await expect
      .poll(() => page.getByTestId('audit-diff').getAttribute('data-index'))
      .toBe(String(BREAKS_AT));
    const diffText = (await page.getByTestId('audit-diff').textContent()) ?? '';
    expect(diffText).toContain('billing.paymentInfo.calculateCoins');
    expect(diffText).toContain('-20');

    // The state tree: contexts at the top, a branch opens on click.
    const tree = page.getByTestId('audit-tree');
    await page.getByTestId('audit-node-billing').waitFor();
    const closedRows = await tree.locator('li').count();
    await page.getByTestId('audit-node-billing').click();
    await expect.poll(() => tree.locator('li').count()).toBeGreaterThan(closedRows);
    expect(await page.getByTestId('audit-node-billing').getAttribute('aria-expanded')).toBe('true');

    // The scrubber by keyboard, then Next with only the task events kept.
    await page.getByTestId('audit-range').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('audit-position').textContent()).toContain('Event 9,000 of');
    await page.getByTestId('audit-lane-billing').uncheck();
    await page.getByTestId('audit-next').click();
    await expect.poll(() => page.getByTestId('audit-position').textContent()).toContain('Event 9,002 of');
    expect(await page.getByTestId('audit-position').textContent()).toContain('tasks/');
    await page.getByTestId('audit-lane-billing').check();
    await page.getByTestId('audit-type').selectOption({ label: 'billing/paymentInfoReceived' });
    await page.getByTestId('audit-prev').click();
    await expect.poll(() => page.getByTestId('audit-position').textContent()).toContain('Event 9,001 of');
    await file.shot(page, 'violation');

    // A log of a newer version is refused, naming the line.
    await page.getByTestId('audit-file').setInputFiles(newerPath);
    await page.getByTestId('audit-invalid').waitFor();
    const refused = (await page.getByTestId('audit-invalid').textContent()) ?? '';
    expect(refused).toContain('newer.jsonl is not an event log');
    expect(refused).toContain('log version 99 is newer than this replay understands (2)');
    expect(await page.getByTestId('audit-timeline').count()).toBe(0);
    await file.shot(page, 'refused');
    expect(file.pageErrors).toEqual([]);
  });

  it('Arabic, 390 px: right to left, translated, the jump and the diff work', async () => {
    const page = await file.newPage({ width: 390, locale: 'ar', mobile: true });
    await page.goto(file.url + '/ar/audit');
    await page.getByRole('heading', { name: 'تدقيق سجل أحداث' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await loadBroken(page);
    await page.getByTestId('audit-jump').click();
    await page.getByTestId('audit-here').waitFor();
    await expect.poll(() => page.getByTestId('audit-diff').textContent()).toContain('billing.');
    await page.getByTestId('audit-node-billing').click();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/audit\.[a-zA-Z]+/);
    expect(text).toContain('انتقل إلى أول خرق');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await file.shot(page, 'arabic');
    expect(file.pageErrors).toEqual([]);
  });
});
