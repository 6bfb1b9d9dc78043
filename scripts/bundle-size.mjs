#!/usr/bin/env node
// Prints what a first visit downloads: the entry script and every chunk index.html preloads with it,
// gzipped (level 9), and the number of JavaScript chunks. Run by `npm run build` after vite.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const web = 'dist/web';
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
console.log(`first visit (entry + ${preloads.length} preloaded chunks): ${kb(initial)} gzipped`);
console.log(`${chunks} JavaScript chunks`);
