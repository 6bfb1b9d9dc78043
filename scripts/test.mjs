#!/usr/bin/env node
// `npm test`: every check CI runs, in order, with one summary at the end.
// Finds Chromium (CHROME_PATH, else /usr/bin/chromium), PostgreSQL and HAProxy; when one is
// missing, installs it with apt where this runs as root, or stops with the command that installs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  spawnSync('sh', ['-c', 'ls /usr/lib/postgresql/*/bin/initdb'], { stdio: 'ignore' }).status === 0;

/**
 * A Debian package a step needs: the server tests also run on a real PostgreSQL (issue 4: "CI runs
 * them against both"); the scale-out soak puts HAProxy in front of two processes (issue 23).
 */
const ensurePackage = (name, present, why, elsewhere = '') => {
  if (present()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const install = `apt-get update && apt-get install -y ${name}`;
  if (!isRoot || elsewhere !== '') {
    console.error(`${name} is missing (${why}). Install it with:\n  sudo ${install}${elsewhere}`);
    process.exit(1);
  }
  console.log(`${name} is missing: running \`${install}\``);
  const r = spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${install}`], { stdio: 'inherit' });
  if (r.status !== 0 || !present()) {
    console.error(`Could not install ${name}. Run: ${install}`);
    process.exit(1);
  }
};

const hasHaproxy = () => existsSync('/usr/sbin/haproxy') || existsSync('/usr/local/sbin/haproxy');

/**
 * What runs, in order: a group at a time, the steps of a group side by side (each one's output
 * printed whole as it ends), the next group once every step of this one passed.
 * - The checks that read the sources (lint, format, types) and the build: each is one process
 *   that leaves part of the 2 cores idle.
 * - The unit pass with its coverage, alone: it keeps both cores busy.
 * - The server tests again on PostgreSQL beside the upload soaks: the soaks' figures are counts
 *   and checksums, not timings, and the 1 GiB one waits a real 60 s for its stalled chunk with the
 *   CPU mostly idle (one after the other they took 79 + 97 s, side by side about 120 s).
 * - The timed soaks, alone: their figures (ping p99, pollers, a restart) must not include another
 *   step's load.
 * - The end-to-end suite, two files at a time, on a PostgreSQL cluster of its own: each file's
 *   server on a copy of the seeded template database (CREATE DATABASE ... TEMPLATE) instead of an
 *   embedded PGlite that takes ~3 s of CPU to open and runs its queries in WebAssembly (with the
 *   variants shared by the files' servers: 484 -> 426 s, 860 -> 742 busy core-seconds). The
 *   embedded database keeps its own pass of every server test (the unit pass) and `npm start`.
 */
const groups = [
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['typecheck', 'npx', ['tsc', '--noEmit']],
    ['build', 'npm', ['run', 'build', '--silent']],
  ],
  [
    [
      'unit, property, marble, server and package tests (with domain coverage)',
      'npx',
      ['vitest', 'run', '--coverage'],
    ],
  ],
  [
    [
      'server integration tests on PostgreSQL',
      'node',
      ['scripts/with-postgres.mjs', 'npx', 'vitest', 'run', 'tests/server'],
    ],
    [
      'upload soak tests: a 1 GiB upload through faults (issue 25), 200 MiB through HAProxy and two processes (issue 23)',
      'npx',
      ['vitest', 'run', '--config', 'tests/soak/uploads.config.ts'],
    ],
  ],
  [
    [
      'timed soak tests: ping under engine load, 200 pollers, a PostgreSQL restart (issue 9); two processes behind HAProxy (issue 23)',
      'npx',
      ['vitest', 'run', '--config', 'tests/soak/vitest.config.ts'],
    ],
  ],
  [
    [
      'end-to-end tests in Chromium (the servers on PostgreSQL)',
      'node',
      ['scripts/with-postgres.mjs', 'npx', 'vitest', 'run', '--config', 'tests/e2e/vitest.config.ts'],
    ],
  ],
];

/** Runs one step with its output captured; resolves with its result once it ends. */
const runCaptured = ([name, cmd, args], env) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(out));
      resolve({ name, ok: code === 0, seconds });
    });
  });

ensurePackage(
  'chromium',
  () => existsSync(chrome),
  `the browser tests; looked for ${chrome}`,
  process.env.CHROME_PATH ? '\n(or set CHROME_PATH to a Chromium binary)' : '',
);
ensurePackage('postgresql', hasPostgres, 'the PostgreSQL pass of the server tests and the soak tests');
ensurePackage('haproxy', hasHaproxy, 'the load balancer of the scale-out soak test');
const env = { ...process.env, CHROME_PATH: chrome };

/** Runs one step alone, its output as it comes. */
const runInline = ([name, cmd, args]) => {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  return { name, ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
};

const results = [];
for (const group of groups) {
  const ran =
    group.length === 1
      ? [runInline(group[0])]
      : await Promise.all(group.map((step) => runCaptured(step, env)));
  results.push(...ran);
  if (!ran.every((r) => r.ok)) break;
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.seconds.padStart(6)} s  ${r.name}`);
const steps = groups.flat().length;
const failed = results.some((r) => !r.ok) || results.length < steps;
process.exit(failed ? 1 : 0);
