/**
 * `npm run bench:square`: frame times while the square scrolls, side by side with an empty page
 * scrolled the same way in the same Chromium (playwright-core, /usr/bin/chromium or CHROME_PATH),
 * against a started server with its demo data. Needs the built client (`npm run build`).
 *
 * The whole feed is loaded first (scrolled to its end until every page is in), then the page goes
 * back to the top and the measured scroll runs through cards that are all there: a measurement
 * that outruns the next page would sit at the list's end, where frames cost nothing, and look fast.
 * The distance actually scrolled is printed beside the figures.
 *
 * Two browsers, each in one run:
 * - **60 Hz** (Chromium's default frame pacing): what a person sees, and the issue's own measure
 *   (a frame that misses its 16.7 ms tick lasts 33.3 ms);
 * - **uncapped** (frame-rate limit off): a frame lasts as long as its work (script, style, layout,
 *   paint), so the ratio says what the square's cards cost a frame.
 * Beside each, the renderer main thread's CPU time per frame (from a trace's thread times, so it
 * holds up better than wall time on a busy machine). Covers are answered with one fixed image, so
 * the server's cover engine is not measured. Reports medians, tails and ratios; asserts nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROME, startApp } from '../tests/e2e/support';

const FRAMES = 300;
const STEP_PX = 120;
const ROUNDS = 3;
/** Cards loaded before measuring (the demo feed holds a little more). */
const PRELOAD_CARDS = 500;

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

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Runs `work` under a trace and returns the renderer main thread's CPU time in it, in ms. */
const mainThreadCpu = async (cdp: CDPSession, work: () => Promise<void>): Promise<number> => {
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; they are Chromium's trace event format.
  const onData = (d: { readonly value: readonly Record<string, unknown>[] }) => {
    for (const e of d.value) events.push(e as unknown as TraceEvent);
  };
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
  await work();
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return (
    events
      .filter(
        (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`),
      )
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000
  );
};

/** Loads pages of the feed (scrolling to its end) until `cards` are in or there are no more. */
const preload = async (page: Page, cards: number): Promise<number> => {
  const feed = page.getByTestId('feed');
  for (;;) {
    const loaded = Number(await feed.getAttribute('data-loaded'));
    const more = await page.getByTestId('feed-more').count();
    if (loaded >= cards || more === 0) return loaded;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid=feed]')?.getAttribute('data-loaded')) > n,
      loaded,
      { timeout: 30_000 },
    );
  }
};

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

interface Run {
  readonly frames: number[];
  cpuMs: number;
  readonly scrolled: number[];
}
const newRun = (): Run => ({ frames: [], cpuMs: 0, scrolled: [] });

const measure = async (
  url: string,
  cover: Buffer,
  uncapped: boolean,
): Promise<{ square: Run; empty: Run; cards: number; nodes: number }> => {
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      ...(uncapped ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : []),
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.route('**/blobs/community/**', (route) =>
      route.fulfill({ body: cover, contentType: 'image/png' }),
    );
    const square = await context.newPage();
    const empty = await context.newPage();
    await empty.setContent(
      '<!doctype html><body style="margin:0"><div style="height:400000px"></div></body>',
    );
    const runs = { square: newRun(), empty: newRun() };
    let cards = 0;
    let nodes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await square.goto(`${url}/explore`);
      await square.getByTestId('feed-card').first().waitFor({ timeout: 60_000 });
      cards = await preload(square, PRELOAD_CARDS);
      for (const [name, page] of [
        ['square', square],
        ['empty', empty],
      ] as const) {
        await page.bringToFront();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(500);
        const cdp = await context.newCDPSession(page);
        const run = runs[name];
        run.cpuMs += await mainThreadCpu(cdp, async () => {
          run.frames.push(...(await scrollFrames(page, FRAMES, STEP_PX)));
        });
        await cdp.detach();
        run.scrolled.push(await page.evaluate(() => window.scrollY));
      }
      nodes = Math.max(nodes, await square.evaluate(() => document.querySelectorAll('*').length));
    }
    return { ...runs, cards, nodes };
  } finally {
    await browser.close();
  }
};

const print = (title: string, r: { square: Run; empty: Run }) => {
  const s = r.square.frames;
  const e = r.empty.frames;
  const over = (xs: readonly number[]) => (100 * xs.filter((x) => x > 17).length) / xs.length;
  const cpu = (run: Run) => run.cpuMs / run.frames.length;
  const rows: [string, number, number, string][] = [
    ['median frame', quantile(s, 0.5), quantile(e, 0.5), 'ms'],
    ['p95 frame', quantile(s, 0.95), quantile(e, 0.95), 'ms'],
    ['p99 frame', quantile(s, 0.99), quantile(e, 0.99), 'ms'],
    ['frames over 17 ms', over(s), over(e), '% '],
    ['main thread CPU/frame', cpu(r.square), cpu(r.empty), 'ms'],
  ];
  console.log(
    `\n${title}: scrolled ${r.square.scrolled.join(', ')} px (square), ${r.empty.scrolled.join(', ')} px (empty)`,
  );
  console.log(
    `${''.padEnd(24)} ${'square'.padStart(12)}  ${'empty page'.padStart(12)}  ${'ratio'.padStart(7)}`,
  );
  for (const [name, a, b, unit] of rows)
    console.log(
      `${name.padEnd(24)} ${a.toFixed(2).padStart(9)} ${unit}  ${b.toFixed(2).padStart(9)} ${unit}  ${(b > 0 ? `${(a / b).toFixed(2)}x` : '—').padStart(8)}`,
    );
};

const main = async () => {
  if (!existsSync(path.resolve('dist/web/index.html'))) {
    console.log('The square scroll benchmark needs the built client: run `npm run build` first.');
    return;
  }
  const app = await startApp();
  try {
    const cover = await sharp({
      create: { width: 384, height: 512, channels: 3, background: { r: 90, g: 80, b: 160 } },
    })
      .png()
      .toBuffer();
    const paced = await measure(app.url, cover, false);
    const uncapped = await measure(app.url, cover, true);
    console.log(
      `square scroll: ${ROUNDS} x ${FRAMES} frames of ${STEP_PX} px at 1280x900 over a preloaded feed ` +
        `(${paced.cards} cards), at most ${Math.max(paced.nodes, uncapped.nodes)} elements in the page`,
    );
    print('60 Hz (what a person sees)', paced);
    print('uncapped (what a frame costs)', uncapped);
  } finally {
    await app.stop();
  }
};

await main();
