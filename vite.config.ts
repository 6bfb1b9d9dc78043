/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The screen parts the shell itself draws on every page (the first visit's); the bundle-size budget notices a miss. */
const SHELL_UI_RADIX = 'context|direction|progress|compose-refs|slot|primitive|visually-hidden';
const SHELL_UI_OWN =
  'Picture|Avatar|Badge|Card|Deferred|Direction|ProgressBar|States|cx|VisuallyHidden|Spinner|Button|tokens|index|FieldBase|SelectBase|TabsBase';
const SHELL_UI = new RegExp(
  `node_modules[\\\\/]@radix-ui[\\\\/]react-(${SHELL_UI_RADIX})[\\\\/]|[\\\\/]src[\\\\/]ui[\\\\/](${SHELL_UI_OWN})\\.`,
);
/** Every other screen part: src/ui and the libraries the Radix primitives are made of. */
const UI_LIBRARIES =
  '@radix-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-callback-ref|use-sidecar|@floating-ui|react-style-singleton|get-nonce';
const UI = new RegExp(`node_modules[\\\\/](${UI_LIBRARIES})[\\\\/]|[\\\\/]src[\\\\/]ui[\\\\/]`);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // The page reads messages compiled to ICU ASTs at build time (scripts/i18n-build.mjs), so it ships
  // without the message parser; tests format the catalogue sources and keep it.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
            // React Router 7's package exports name only its development build, whatever the mode
            // (remix-run/react-router#12532, #14102): the build takes the production one beside it,
            // without the development warnings and their checks.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        }
      : {},
  root: 'src',
  publicDir: false,
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Maps are written for our own debugging but not referenced from the scripts; the server does not serve them by default.
    sourcemap: 'hidden',
    // Which files each source became: the server preloads a route's chunks from it (server/routing/routeChunks.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get chunks of their own, so a release of the app keeps them cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 10,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'state',
              priority: 10,
              test: /node_modules[\\/](rxjs|redux|@reduxjs|redux-observable|immer|reselect|io-ts|fp-ts|tslib)[\\/]/,
            },
            // The shared screen parts (src/ui and the Radix primitives under them) in two chunks rather than
            // one per combination of pages using them: a page's first load was ~20 requests (6 at a time
            // over HTTP/1.1), and the router appended a preload link for each (issue 22). What the shell
            // draws on every page is its own chunk, so the first visit does not grow.
            { name: 'shell-ui', priority: 2, test: SHELL_UI },
            { name: 'ui', priority: 1, test: UI },
            // The domain's rules are small modules the first screen mostly needs (its reducers run at
            // start): one chunk, not one preloaded file per module shared with a lazy page.
            { name: 'domain', priority: 10, test: /[\\/]domain[\\/](?!.*node_modules)/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/blobs', '/pay', '/upload', '/uploads', '/download', '/i18n', '/im/v1', '/sw.js'].map((p) => [
        p,
        { target: 'http://localhost:8080', ws: p === '/im/v1' },
      ]),
    ),
  },
  test: {
    root: '.',
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: [
      'tests/e2e/**',
      'tests/soak/**',
      'tests/consumer/**',
      'node_modules/**',
      // The authorisation matrix (6 roles x every route, about a minute) reads no database feature:
      // it runs once, in npm test's PostgreSQL pass of tests/server (DATABASE_URL set), not twice.
      ...(process.env['DATABASE_URL'] ? [] : ['tests/server/authz-matrix.test.ts']),
    ],
    pool: 'threads',
    // A worker keeps its modules from one file to the next: each file re-importing the server, React
    // and PGlite's WebAssembly was a third of the pass (import 93 s of 280 s). The files share no state
    // through them: no vi.mock, fake timers restored, no global or process.env written, and every file
    // stops its server and database in afterAll (tests/support/server.ts).
    isolate: false,
    // sharp loaded by the main thread, so worker threads may come and go (tests/support/sharp-main.ts).
    globalSetup: ['tests/support/sharp-main.ts', 'tests/support/seededGlobal.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    coverage: {
      provider: 'v8',
      include: ['domain/**/*.ts'],
      exclude: ['domain/**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
}));
