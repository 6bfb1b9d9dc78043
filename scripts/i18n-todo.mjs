/**
 * Translation work list. `node scripts/i18n-todo.mjs <locale>` prints, as JSON, the English
 * messages the locale's catalogue lacks; `node scripts/i18n-todo.mjs <locale> --merge <file.json>`
 * adds a file of translated messages to src/i18n/messages/<locale>.json (keys sorted). Check the
 * result with `npx formatjs verify --source-locale en --missing-keys --structural-equality src/i18n/messages/*.json`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [locale, flag, input] = process.argv.slice(2);
if (!locale) throw new Error('usage: i18n-todo.mjs <locale> [--merge file.json]');
const dir = path.resolve('src/i18n/messages');
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const english = read(path.join(dir, 'en.json'));
const target = path.join(dir, `${locale}.json`);
const current = read(target);
if (flag === '--merge') {
  const added = read(path.resolve(input));
  const unknown = Object.keys(added).filter((k) => !(k in english));
  if (unknown.length > 0) console.warn(`ignored, not in English: ${unknown.join(', ')}`);
  const merged = { ...current, ...Object.fromEntries(Object.entries(added).filter(([k]) => k in english)) };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  writeFileSync(target, JSON.stringify(sorted, null, 2) + '\n');
  console.log(`${locale}: ${Object.keys(sorted).length}/${Object.keys(english).length} messages`);
} else {
  const todo = Object.fromEntries(Object.entries(english).filter(([k]) => !(k in current)));
  process.stdout.write(JSON.stringify(todo, null, 2) + '\n');
}
