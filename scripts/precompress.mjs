#!/usr/bin/env node
// Compresses the built client once, at build time (issue 22 "server time"): every HTML, JavaScript,
// CSS, JSON (translation files), SVG, text and XML file of dist/web gets a brotli (quality 11) and a
// gzip (level 9) sibling, `file.br` and `file.gz`, which the server sends as they are
// (@fastify/static `preCompressed`). A sibling that would not be smaller is not written. Source maps
// are left alone. Run by `npm run build` after vite and the translation files.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );

let files = 0;
let raw = 0;
let br = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = readFileSync(file);
  const variants = [
    [
      '.br',
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ],
    ['.gz', gzipSync(bytes, { level: 9 })],
  ];
  for (const [ext, packed] of variants) {
    // A stale sibling of an earlier build must not outlive a file that no longer compresses.
    if (packed.length >= bytes.length) rmSync(file + ext, { force: true });
    else writeFileSync(file + ext, packed);
  }
  files += 1;
  raw += statSync(file).size;
  br += Math.min(variants[0][1].length, bytes.length);
}
console.log(
  `precompressed ${files} files: ${(raw / 1000).toFixed(0)} kB, ${(br / 1000).toFixed(0)} kB as brotli (with .gz beside)`,
);
