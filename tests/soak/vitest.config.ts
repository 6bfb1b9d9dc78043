import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak` (and a step of `npm test`): the server under load for tens of seconds, one
 * file at a time so the figures of one do not include the load of another.
 */
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/soak/**/*.soak.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
