/**
 * One-off migration: merges the old TypeScript catalogues (src/i18n/messages/{en,ja,zh-CN}.ts)
 * into the JSON sources (src/i18n/messages/<locale>.json). A key in the TS file wins.
 * Run: npx tsx scripts/i18n-import-ts.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve('src/i18n/messages');
const sources: [string, string, string][] = [
  ['en', 'en.ts', 'en'],
  ['ja', 'ja.ts', 'ja'],
  ['zh-CN', 'zh-CN.ts', 'zhCN'],
];
for (const [locale, file, exportName] of sources) {
  const ts = path.join(dir, file);
  if (!existsSync(ts)) continue;
  const mod = (await import(pathToFileURL(ts).href)) as Record<string, Record<string, string>>;
  const fromTs = mod[exportName] ?? {};
  const jsonFile = path.join(dir, `${locale}.json`);
  const current = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, string>)
    : {};
  const merged = { ...current, ...fromTs };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(jsonFile, JSON.stringify(sorted, null, 2) + '\n');
  console.log(
    `${locale}: ${Object.keys(fromTs).length} keys from ${file}, ${Object.keys(sorted).length} in ${locale}.json`,
  );
}
