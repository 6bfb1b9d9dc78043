/**
 * Push the result (issue 23), in Chromium: a signed-in person's finished image arrives over the
 * account socket, not by the 3 s poll. The page's clock (Playwright's) is paused once the socket
 * is open, so no poll and no timer of the page can fire: the image can only come by the push.
 */
import type { WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFile, signInThroughApi } from './support';

const file = e2eFile('push');

interface Logged {
  readonly type: string;
}

describe('push the result: the finished image is shown without a poll (issue 23)', () => {
  it('with the page clock paused after the socket opened, the task completes, its image shows and the push is in the event log', async () => {
    const page = await file.newPage();
    await page.clock.install();
    await signInThroughApi(page, file.url);
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    await page.goto(file.url + '/');
    await page.getByTestId('prompt').fill('a paper boat on a still pond, morning mist');
    const polls: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/task/tool/batch-progress')) polls.push(Date.now());
    });
    await page.getByTestId('generate').click();
    await page.getByTestId('task-card').first().waitFor();
    // The account socket opens once the task runs (a websocket on /im/v1).
    await expect.poll(() => sockets.some((ws) => ws.url().includes('/im/v1/'))).toBe(true);
    await page.clock.pauseAt(Date.now() + 100);
    const pollsWhenPaused = polls.length;

    const image = page.getByTestId('task-image').first();
    await image.waitFor({ timeout: 30_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await file.shot(page, 'pushed');

    // One batch call after the pause, the one the push asked for; no tick ran.
    expect(polls.length - pollsWhenPaused).toBe(1);
    const log = await page.evaluate(() =>
      (window as unknown as { __ATELIER__: { eventLog: () => string } }).__ATELIER__.eventLog(),
    );
    const types = log
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as Logged).type);
    expect(types).toContain('tasks/settledPushed');
    expect(types.indexOf('tasks/completed')).toBeGreaterThan(types.indexOf('tasks/settledPushed'));
    expect(file.pageErrors).toEqual([]);
  });
});
