// Layer rules of DESIGN.md: arrows point down only.
//   src -> infrastructure -> domain;  server -> infrastructure/contract -> domain.
import js from '@eslint/js';
import { existsSync, readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

// The web client's arrows (README "Where a change goes"): routes -> features -> ui; a feature reaches
// another only through its index.ts; views import the store hooks and commands of infrastructure/ only.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const VIEW_INFRASTRUCTURE = [
  './store/hooks.ts',
  ...readdirSync(new URL('./infrastructure', import.meta.url), { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() && existsSync(new URL(`./infrastructure/${d.name}/commands.ts`, import.meta.url)),
    )
    .map((d) => `./${d.name}/commands.ts`),
];
const clientZones = [
  {
    target: './src/ui',
    from: ['./src/features', './src/routes', './src/app', './src/i18n', './domain', './infrastructure'],
    message: 'ui/ primitives know no store, no product word and no other layer',
  },
  {
    target: './src/features',
    from: ['./src/routes', './src/app'],
    message: 'features sit below routes and the app shell',
  },
  {
    target: './src/features',
    from: './infrastructure',
    except: VIEW_INFRASTRUCTURE,
    message: 'views import the store hooks and the commands of infrastructure/ only',
  },
  ...FEATURES.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`, ...FEATURES.filter((g) => g !== f).map((g) => `./${g}/index.ts`)],
    message: 'a feature reaches another only through its index.ts',
  })),
];
// infrastructure/'s inner order (issue 26): the kernel (contract/: the wire; epics/: the epic types, the
// module shape, the guard and the deferred start) sits below every area; app/ (bootstrap, the one
// registry of epics, the all-at-once store of tests) sits above them all and only it gathers areas.
const INFRASTRUCTURE_AREAS = readdirSync(new URL('./infrastructure', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const OPEN_AREAS = ['app', 'contract', 'epics', 'http', 'store', 'platform'];
const AREA_SURFACE = [
  './commands.ts',
  './api.ts',
  './mappers.ts',
  './deps.ts',
  './browser.ts',
  './module.ts',
];
const AREA_PUBLISHED = {
  // The toast every area's epics raise.
  notices: ['./toast.ts'],
  // The GIF decoder the editor's clips share with the uploads' compressor.
  uploads: ['./gifDecode.ts'],
  // The create-with-captcha step of every area that creates a task (studio tools too) and its port.
  tasks: ['./captcha.ts'],
};
const infrastructureZones = [
  {
    target: INFRASTRUCTURE_AREAS.filter((a) => a !== 'app').map((a) => `./infrastructure/${a}`),
    from: './infrastructure/app',
    message: 'only infrastructure/app/ gathers the areas: an area never imports the composition root',
  },
  {
    target: ['./infrastructure/contract', './infrastructure/epics'],
    from: './infrastructure',
    // The epics' dependency type is the one arrow up: a type, the store's set of every area's ports.
    except: ['./contract', './epics', './store/dependencies.ts'],
    message: 'the kernel (contract/, epics/) sits below the areas and imports none of them',
  },
  // An area's inside is its own (issue 26): another area imports only its surface, the files of the
  // same name in every area: commands.ts (what may be asked), api.ts (its calls), mappers.ts (its
  // contract values as the domain holds them), deps.ts (its ports), browser.ts (their browser
  // adapters) and module.ts; plus what an area publishes on purpose (AREA_PUBLISHED). The kernel
  // (contract/, epics/, http/, store/) and platform/ (the browser's ports every area shares) are open.
  ...INFRASTRUCTURE_AREAS.filter((a) => !OPEN_AREAS.includes(a)).map((area) => ({
    target: INFRASTRUCTURE_AREAS.filter((a) => a !== area && a !== 'app').map((a) => `./infrastructure/${a}`),
    from: `./infrastructure/${area}`,
    except: [...AREA_SURFACE, ...(AREA_PUBLISHED[area] ?? [])],
    message: `another area imports only ${area}/'s surface (${[
      ...AREA_SURFACE,
      ...(AREA_PUBLISHED[area] ?? []),
    ]
      .map((f) => f.slice(2))
      .join(', ')}): the rest is its own`,
  })),
];
const group = (names, message) => ({ group: names, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'tests/consumer/dist/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript's ESM style: `./x.js` names the source `./x.ts`.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
    },
  },
  {
    files: ['infrastructure/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: infrastructureZones }] },
  },
  // Issue 26: a function reads top to bottom as named steps. None over 150 lines (blank lines and
  // comments not counted), except the five context reducers below: a switch over their events, one
  // short case each, held under 250.
  {
    files: ['domain/**/*.ts', 'infrastructure/**/*.ts', 'src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['server/seeds/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: [
      'domain/uploads/state.ts',
      'domain/tasks/state.ts',
      'domain/chat/state.ts',
      'domain/social/state.ts',
      'domain/characters/state.ts',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(
          ['**/infrastructure/**', '**/src/**', '**/server/**', '**/tests/**'],
          'domain/ imports only domain/, immer and fp-ts',
        ),
        group(
          [
            'react',
            'react-*',
            'rxjs',
            'rxjs/*',
            'redux',
            'redux-*',
            '@reduxjs/*',
            'io-ts',
            'io-ts/*',
            'socket.io*',
            'eventsource-parser',
            'node:*',
            'fs',
            'path',
            'crypto',
            'http',
            '@formatjs/*',
          ],
          'domain/ imports only domain/, immer and fp-ts',
        ),
      ]),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'fetch',
        'navigator',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'time arrives inside events' },
        { object: 'Math', property: 'random', message: 'randomness is injected' },
      ],
    },
  },
  {
    files: ['infrastructure/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/src/**', '**/server/**', '**/tests/**'], 'infrastructure/ never imports src/ or server/'),
        group(['react', 'react-dom', 'react-dom/*', 'react-router'], 'infrastructure/ holds no views'),
      ]),
    },
  },
  {
    files: ['infrastructure/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(
          [
            '**/src/**',
            '**/server/**',
            '**/tests/**',
            '../http/**',
            '../store/**',
            '../epics/**',
            '../adapters/**',
          ],
          'the contract depends on io-ts, fp-ts and domain/ only',
        ),
        group(
          ['rxjs', 'rxjs/*', 'redux*', '@reduxjs/*', 'react*'],
          'the contract depends on io-ts, fp-ts and domain/ only',
        ),
      ]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/server/**', '**/tests/**'], 'src/ imports domain/ and infrastructure/ only'),
        group(
          ['**/infrastructure/http/**', '**/infrastructure/epics/**'],
          'views dispatch commands; they never call the HTTP client',
        ),
        group(
          ['rxjs', 'rxjs/*', 'socket.io-client', 'io-ts', 'io-ts/*'],
          'I/O belongs in infrastructure/ epics',
        ),
        {
          group: ['react-redux'],
          importNames: ['useSelector', 'useDispatch'],
          message: 'use the typed hooks of infrastructure/store/hooks',
        },
        {
          group: ['reselect', '@reduxjs/toolkit'],
          importNames: ['createSelector'],
          message: 'one memo tool: createSelector of domain/kernel/memo',
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(
          [
            '**/src/**',
            '**/tests/**',
            '**/infrastructure/http/**',
            '**/infrastructure/epics/**',
            '**/infrastructure/store/**',
            '**/infrastructure/adapters/**',
          ],
          'server/ imports domain/ and infrastructure/contract/ only',
        ),
      ]),
    },
  },
  {
    // A vitest worker keeps its modules from one test file to the next (isolate: false, vite.config.ts):
    // a module mocked by one file would stay mocked, or stay real, for the next one.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message: 'test files share their modules (isolate: false): pass a fake as a dependency instead',
        })),
      ],
    },
  },
);
