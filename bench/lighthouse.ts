/**
 * `npm run bench:lighthouse`: Lighthouse 12.2.3 (pinned: later versions need Node 22) with its mobile
 * defaults (simulated slow 4G, 4x CPU slowdown, a Moto G Power sized screen) on the public routes of
 * issue 22, against a started server with its demo data and the built client (`npm run build`).
 * Each route is visited once first (`visitOnce`: pictures' variants made, as on a running site).
 * Prints one line per route: the four category scores and FCP, LCP, TBT and CLS. Asserts nothing:
 * figures on a busy machine move, the README's Performance section keeps the last run and the machine.
 *
 * `LIGHTHOUSE_ROUTES=/a,/b` runs those routes only; `LIGHTHOUSE_REPORTS=<dir>` also writes each route's whole report there (JSON).
 *
 * Chromium is `CHROME_PATH` (else /usr/bin/chromium), started headless by chrome-launcher.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROME, startApp, type RunningApp } from '../tests/e2e/support';
import { ensureBuiltClient } from './built';

/** The routes of the issue: home, the square, create, a model's page, an artwork's page, pricing. */
const ROUTES: readonly string[] = [
  '/',
  '/explore',
  '/create',
  '/models/mdl-002',
  '/artwork/art-005',
  '/pricing',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

const score = (s: number | null | undefined) =>
  s === null || s === undefined ? '  -' : String(Math.round(s * 100)).padStart(3);

const metric = (id: string, value: number | undefined): string => {
  if (value === undefined) return '-';
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'total-blocking-time') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
};

/**
 * Visits each route once at Lighthouse's phone size before any is measured, as an earlier visitor
 * would have: the server makes a picture's variants on their first request, once per image and
 * then never again (server/blobs/variants.ts), so a measured first visit meets them made, as a
 * person's first visit to a running site does. Cold, the first request for a detail page's
 * picture waited about 0.25 s for its encode, and Lighthouse's simulation then counted every
 * script the page had asked for by then against the largest paint (artwork LCP 3.7-4.0 s vs 2.6 s).
 */
const visitOnce = async (app: RunningApp, routes: readonly string[]): Promise<void> => {
  const browser = await chromium.launch({ executablePath: CHROME });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    for (const route of routes) await page.goto(`${app.url}${route}`, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
};

const main = async (): Promise<void> => {
  if (!ensureBuiltClient()) {
    console.log('lighthouse: no built client, and `npm run build` failed');
    process.exitCode = 1;
    return;
  }
  const app = await startApp({ LOG_LEVEL: 'silent' });
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(
      `Lighthouse 12.2.3, mobile defaults (simulated slow 4G, 4x CPU), ${os.cpus().length} cores (${
        os.cpus()[0]?.model ?? 'unknown CPU'
      }), load average ${os.loadavg()[0]?.toFixed(2)}\n`,
    );
    console.log(
      `${'route'.padEnd(18)} perf a11y  bp  seo ${METRICS.map(([n]) => n.padStart(8)).join(' ')}  JS transferred`,
    );
    // LIGHTHOUSE_ROUTES=/explore,/pricing runs only those routes (a quicker look at one change).
    const only = process.env['LIGHTHOUSE_ROUTES']?.split(',').filter((r) => r !== '');
    const routes = only ?? ROUTES;
    await visitOnce(app, routes);
    for (const route of routes) {
      const result = await lighthouse(`${app.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) {
        console.log(`${route.padEnd(18)} no result`);
        continue;
      }
      // LIGHTHOUSE_REPORTS=<dir> keeps each route's whole report (its JSON) to read the why behind a figure.
      const keep = process.env['LIGHTHOUSE_REPORTS'];
      if (keep) {
        mkdirSync(keep, { recursive: true });
        writeFileSync(
          path.join(keep, `${route === '/' ? 'home' : route.slice(1).replace(/\W+/g, '_')}.json`),
          JSON.stringify(lhr),
        );
      }
      const scores = CATEGORIES.map((c) => score(lhr.categories[c]?.score)).join('  ');
      const metrics = METRICS.map(([, id]) => metric(id, lhr.audits[id]?.numericValue).padStart(8)).join(' ');
      // Every script the page fetched (network-requests lists them all; total-byte-weight only the largest).
      const requests = lhr.audits['network-requests']?.details;
      const scriptBytes =
        requests && requests.type === 'table'
          ? requests.items
              .filter((i) => i['resourceType'] === 'Script')
              .reduce((sum, i) => sum + (typeof i['transferSize'] === 'number' ? i['transferSize'] : 0), 0)
          : 0;
      console.log(`${route.padEnd(18)} ${scores} ${metrics}  ${(scriptBytes / 1024).toFixed(0)} KiB`);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      if (failing.length > 0) console.log(`${''.padEnd(18)} failing: ${failing.join(', ')}`);
      // A '-' says Lighthouse could not compute the figure: print why (seen about once in 18 runs, on either build).
      const errors = [
        ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
        ...METRICS.flatMap(([, id]) => {
          const message = lhr.audits[id]?.errorMessage;
          return message ? [`${id}: ${message}`] : [];
        }),
      ];
      if (errors.length > 0) console.log(`${''.padEnd(18)} not measured: ${errors.join('; ')}`);
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
};

await main();
