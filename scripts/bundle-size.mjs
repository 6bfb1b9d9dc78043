#!/usr/bin/env node
// Prints what a first visit downloads: the entry script and every chunk index.html preloads with it,
// gzipped (level 9), and the number of JavaScript chunks; fails the build above the ceiling.
// Run by `npm run build` after vite (so by `npm test` too).
//
// Issue 22's goal is 180 kB. The build fails above CEILING_KB, the first visit as it stands plus a
// little room: lower it as the first visit shrinks, until it is the goal.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 180;
const CEILING_KB = 261;

const web = process.argv[2] ?? 'dist/web';
const html = readFileSync(join(web, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/?([^"]+\.js)"/.exec(html)?.[1];
const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(web, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
if (!entry) {
  console.error('bundle-size: no entry script in dist/web/index.html');
  process.exit(1);
}
const entrySize = gz(entry);
const initial = [entry, ...preloads].reduce((sum, f) => sum + gz(f), 0);
const chunks = readdirSync(join(web, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(`entry ${entry}: ${kb(entrySize)} gzipped`);
const against =
  initial <= GOAL_KB * 1000
    ? `within the ${GOAL_KB} kB goal`
    : `goal ${GOAL_KB} kB: ${kb(initial - GOAL_KB * 1000)} over; the build fails above ${CEILING_KB} kB`;
console.log(`first visit (entry + ${preloads.length} preloaded chunks): ${kb(initial)} gzipped (${against})`);
console.log(`${chunks} JavaScript chunks`);
if (initial > CEILING_KB * 1000) {
  console.error(
    `bundle-size: the first visit is ${kb(initial)} gzipped, above the ${CEILING_KB} kB ceiling: ` +
      'move what the first screen does not need behind a dynamic import (README, Performance)',
  );
  process.exit(1);
}
