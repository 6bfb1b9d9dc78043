/**
 * `npm run bench:square`: frame times while the square scrolls, side by side with an empty page
 * scrolled the same way in the same Chromium (playwright-core, /usr/bin/chromium or CHROME_PATH),
 * against a started server with its demo data. Needs the built client (`npx vite build`).
 *
 * Chromium runs with the frame-rate limit off, so a frame lasts as long as its work (script,
 * style, layout, paint) rather than a 60 Hz tick: the ratio says what the square's cards cost a
 * frame. Covers are answered with one fixed image, so the server's cover engine is not measured.
 * Reports medians and tails and their ratios; asserts nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Page } from 'playwright-core';
import { CHROME, startApp } from '../tests/e2e/support';

const FRAMES = 600;
const STEP_PX = 120;
const ROUNDS = 3;

/** Scrolls `frames` times by `step` px, one step per animation frame; returns each frame's length in ms. */
const scrollFrames = (page: Page, frames: number, step: number): Promise<number[]> =>
  page.evaluate(
    async ([n, px]) => {
      const out: number[] = [];
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      for (let i = 0; i < n; i++) {
        window.scrollBy(0, px);
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        out.push(now - last);
        last = now;
      }
      return out;
    },
    [frames, step] as const,
  );

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

const summary = (xs: readonly number[]) => ({
  median: quantile(xs, 0.5),
  p95: quantile(xs, 0.95),
  p99: quantile(xs, 0.99),
  over16: xs.filter((x) => x > 1000 / 60).length / xs.length,
});

const main = async () => {
  if (!existsSync(path.resolve('dist/web/index.html'))) {
    console.log('bench:square needs the built client: run `npx vite build` first.');
    process.exitCode = 2;
    return;
  }
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const cover = await sharp({
      create: { width: 384, height: 512, channels: 3, background: { r: 90, g: 80, b: 160 } },
    })
      .png()
      .toBuffer();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.route('**/blobs/community/**', (route) =>
      route.fulfill({ body: cover, contentType: 'image/png' }),
    );
    const square = await context.newPage();
    const empty = await context.newPage();
    await empty.setContent(
      '<!doctype html><body style="margin:0"><div style="height:400000px"></div></body>',
    );
    const squareFrames: number[] = [];
    const emptyFrames: number[] = [];
    let nodes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await square.goto(`${app.url}/explore`);
      await square.getByTestId('feed-card').first().waitFor({ timeout: 60_000 });
      await square.bringToFront();
      squareFrames.push(...(await scrollFrames(square, FRAMES, STEP_PX)));
      nodes = Math.max(nodes, await square.evaluate(() => document.querySelectorAll('*').length));
      await empty.bringToFront();
      await empty.evaluate(() => window.scrollTo(0, 0));
      emptyFrames.push(...(await scrollFrames(empty, FRAMES, STEP_PX)));
    }
    const cards = Number(await square.getByTestId('feed').getAttribute('data-loaded'));
    const s = summary(squareFrames);
    const e = summary(emptyFrames);
    const row = (name: string, a: number, b: number, unit = 'ms') =>
      console.log(
        `${name.padEnd(22)} ${a.toFixed(2).padStart(9)} ${unit}  ${b.toFixed(2).padStart(9)} ${unit}  ${(b > 0 ? `${(a / b).toFixed(2)}x` : '—').padStart(8)}`,
      );
    console.log(
      `square scroll: ${ROUNDS} x ${FRAMES} frames of ${STEP_PX} px at 1280x900, frame-rate limit off; ` +
        `${cards} cards loaded at the end, at most ${nodes} elements in the page\n`,
    );
    console.log(
      `${''.padEnd(22)} ${'square'.padStart(12)}  ${'empty page'.padStart(12)}  ${'ratio'.padStart(7)}`,
    );
    row('median frame', s.median, e.median);
    row('p95 frame', s.p95, e.p95);
    row('p99 frame', s.p99, e.p99);
    row('frames over 16.7 ms', s.over16 * 100, e.over16 * 100, '% ');
  } finally {
    await browser.close();
    await app.stop();
  }
};

await main();
