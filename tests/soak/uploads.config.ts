import { defineConfig } from 'vitest/config';
import { UPLOAD_SOAKS } from './vitest.config.js';

/**
 * The upload soaks (issue 25's 1 GiB through faults, issue 23's 200 MiB through HAProxy): what
 * they assert is counted, not timed (sha256 equal, one confirm, the re-sends the faults require,
 * the bytes through each process), and the 1 GiB one waits a real 60 s for its stalled chunk with
 * the CPU mostly idle. So `npm test` runs them beside the PostgreSQL pass of the server tests
 * (scripts/test.mjs), never beside the timed soaks; the two files side by side too (one after the
 * other, the 200 MiB one waited for the 1 GiB one's idle minute: beside the PostgreSQL pass the
 * pair took 117-123 s, now 106 s, the PostgreSQL pass 112 s the longer of the step).
 */
export default defineConfig({
  test: {
    root: '.',
    // The server's bundle, as `npm start` runs it, for every server process a soak starts.
    globalSetup: ['tests/support/serverBundleGlobal.ts'],
    include: UPLOAD_SOAKS,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
