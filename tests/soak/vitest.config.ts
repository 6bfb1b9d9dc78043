import { defineConfig } from 'vitest/config';

/**
 * The soak tests whose figures are timings (ping p99 under engine load, 200 pollers, a PostgreSQL
 * restart, two processes behind HAProxy): the server under load for tens of seconds, one file at a
 * time and nothing else running beside them (a step of `npm test` of its own), so the figures of
 * one do not include the load of another. The upload soaks, whose figures are counts and checksums,
 * have their own configuration (uploads.config.ts). `npm run test:soak` runs both.
 */
export const UPLOAD_SOAKS = [
  'tests/soak/upload-faults.soak.test.ts',
  'tests/soak/scaled-uploads.soak.test.ts',
];

export default defineConfig({
  test: {
    root: '.',
    // The server's bundle, as `npm start` runs it, for every server process a soak starts.
    globalSetup: ['tests/support/serverBundleGlobal.ts'],
    include: ['tests/soak/**/*.soak.test.ts'],
    exclude: [...UPLOAD_SOAKS, '**/node_modules/**'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
