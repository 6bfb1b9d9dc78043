import { defineConfig } from 'vitest/config';

/**
 * The end-to-end suite: each file starts its own server (on a copy of the run's seeded data, see
 * globalSetup.ts) and its own Chromium, so two files run side by side: most of a file's time is
 * spent waiting for the server's simulated engines and the page's timers, not on the 2 cores.
 */
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    // A worker keeps its modules from one file to the next (the harness, Playwright's client, the
    // contract and domain modules the tests import): re-importing them for each of 29 files was
    // ~20 s of the step's CPU. Each file's app, browser and pages are its own (support.ts
    // `e2eFile`), and the harness keeps no state of its own between files.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A poll ends as soon as the page shows what it waits for; its ceiling only decides how long a
    // page that never shows it is given. Vitest's 1 s default failed steps that load a language's
    // translations or a new account's data when the 2 cores are busy with the other file. Asked
    // every 100 ms rather than vitest's 50: each ask is a round trip through Chromium's browser
    // process and the page (~2 ms of CPU), and a poll waiting on a 6 s render asked 120 times.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
