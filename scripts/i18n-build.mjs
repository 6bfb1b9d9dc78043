/**
 * Builds the interface translations (spec §2: per-route translation files, loaded by route name and
 * locale; English the fallback).
 *
 * 1. `formatjs verify` checks every catalogue against English (no missing key, same placeholders),
 *    then `formatjs compile-folder --ast` compiles src/i18n/messages/<locale>.json to ICU ASTs, so the
 *    page needs no message parser.
 * 2. The ids each part of the client can show are found by walking its imports
 *    (`scripts/i18n-graph.mjs`): `common` is what the entry's static imports show (the shell, dialogs,
 *    notices); `<route>` is what the route module `src/routes/<route>.ts` and everything it loads adds.
 * 3. It writes `<out>/locales/<locale>/<file>.json`, each missing translation filled from English.
 *
 * Usage: node scripts/i18n-build.mjs [outDir=dist/web]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translationFiles } from './i18n-graph.mjs';

const root = process.cwd();
const out = path.resolve(process.argv[2] ?? 'dist/web', 'locales');
const sources = path.join(root, 'src/i18n/messages');
const formatjs = path.join(root, 'node_modules/.bin/formatjs');

const catalogues = readdirSync(sources).filter((f) => f.endsWith('.json'));
execFileSync(
  formatjs,
  [
    'verify',
    '--source-locale',
    'en',
    '--missing-keys',
    '--structural-equality',
    ...catalogues.map((f) => path.join(sources, f)),
  ],
  { stdio: 'inherit' },
);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'atelier-i18n-'));
try {
  execFileSync(formatjs, ['compile-folder', '--ast', '--format', 'simple', sources, tmp], {
    stdio: 'inherit',
  });
  const compiled = Object.fromEntries(
    catalogues.map((f) => [path.basename(f, '.json'), JSON.parse(readFileSync(path.join(tmp, f), 'utf8'))]),
  );
  const english = compiled['en'];
  const files = translationFiles(root, Object.keys(english));
  rmSync(out, { recursive: true, force: true });
  let bytes = 0;
  for (const [locale, messages] of Object.entries(compiled)) {
    mkdirSync(path.join(out, locale), { recursive: true });
    for (const [file, ids] of files) {
      const body = JSON.stringify(Object.fromEntries(ids.map((id) => [id, messages[id] ?? english[id]])));
      bytes += body.length;
      writeFileSync(path.join(out, locale, `${file}.json`), body);
    }
  }
  const common = files.get('common')?.length ?? 0;
  console.log(
    `translations: ${Object.keys(compiled).length} locales × ${files.size} files (common ${common} ids, ` +
      `${Object.keys(english).length} ids in all), ${(bytes / 1024).toFixed(0)} kB`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
