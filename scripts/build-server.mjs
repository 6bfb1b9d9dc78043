#!/usr/bin/env node
// The server as two bundles (esbuild): dist/server/main.mjs (what `npm start` runs) and
// dist/server/jobs.mjs (what each engine worker thread loads). Node then loads two files instead
// of resolving and transforming some 400 TypeScript modules through tsx's loader on every start
// and in every engine thread (a server's start measured 2.8 -> 2.0 core-seconds, an engine
// thread's 0.55 -> 0.12). `npm start` and `npm run serve` run it; `npm run dev` and the tests that
// build a server in-process run the sources through tsx.
//
// Packages stay in node_modules (imported at run time) except fp-ts and io-ts, whose subpath
// imports (`fp-ts/Either`) only resolve through a bundler or CommonJS. Every bundled module keeps
// its own `import.meta.url` (the address of its source file), so what a module reads beside itself
// (the legal pages, the service worker, the engine worker's entry) is found as under tsx; the
// bundle is therefore tied to this checkout, like the rest of dist/.
//
// Usage: node scripts/build-server.mjs [outdir]   (default dist/server)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist/server');

const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const BUNDLED_PACKAGES = new Set(['fp-ts', 'io-ts']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED_PACKAGES.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** Each of our modules' `import.meta.url` stays the address of its source file. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', jobs: 'server/engines/jobs.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // The engine pool hands this bundle to its worker threads (server/engines/pool.ts).
  define: { __ENGINE_JOBS_BUNDLE__: JSON.stringify(pathToFileURL(path.join(outdir, 'jobs.mjs')).href) },
  plugins: [sourceUrls],
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(
  `server bundled in ${Date.now() - started} ms: ${path.relative(root, outdir)}/main.mjs, jobs.mjs`,
);
