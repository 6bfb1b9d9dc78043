/**
 * Issue 9 in the browser: a guest past the free allowance is asked for the proof-of-work
 * challenge, which the page solves with Web Crypto and sends with the task again; the task is
 * created, and the log records the verification but never the challenge or the solved token.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SHOTS, startApp, type RunningApp } from './support';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // One free task, then a small challenge (12 bits: milliseconds in a browser).
  app = await startApp({ GUEST_FREE_TASKS: '1', CAPTCHA_BITS: '12' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the guest captcha in the browser (spec §4 captcha token flow)', () => {
  it('creates a second guest task after solving the challenge, recording no challenge or token', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(app.url + '/');
    for (const prompt of ['a first free picture', 'a second picture past the allowance']) {
      await page.fill('[data-testid=prompt]', prompt);
      await page.click('[data-testid=generate]');
      await expect
        .poll(() => page.locator('[data-testid=task-card]', { hasText: prompt }).count(), { timeout: 20_000 })
        .toBe(1);
    }
    const log = await page.evaluate(() =>
      (window as unknown as { __ATELIER__: { eventLog: () => string } }).__ATELIER__.eventLog(),
    );
    const types = log
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toContain('captcha/verificationRequired');
    expect(types).toContain('captcha/verificationPassed');
    expect(types.filter((t) => t === 'tasks/created')).toHaveLength(2);
    // Neither the server's challenge nor the solved counter is in the log.
    expect(log).not.toMatch(/captcha_token|challenge"\s*:/);
    await page.screenshot({ path: path.join(SHOTS, 'captcha-guest-two-tasks.png') });
    await context.close();
  });
});
