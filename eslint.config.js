// Layer rules of DESIGN.md: arrows point down only.
//   src -> infrastructure -> domain;  server -> infrastructure/contract -> domain.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const group = (names, message) => ({ group: names, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'tests/consumer/dist/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
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
);
