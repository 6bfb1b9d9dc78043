import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contexts, routing, support, tasks } from '../domain/index.js';
import { LOCALES } from '../src/i18n/locales';
import { localizeHref } from '../src/i18n/locale';
import { createCatalogue, type CompiledMessages } from '../infrastructure/i18n/catalogue';
import { catalogueOf, english } from './support/messages';
// @ts-expect-error: a plain ES module of the build, without types
import { translationFiles } from '../scripts/i18n-graph.mjs';

const run = promisify(execFile);
const formatjs = path.resolve('node_modules/.bin/formatjs');
const sources = path.resolve('src/i18n/messages');

describe('translations (spec §2: sixteen languages, every string translated, English the fallback)', () => {
  it('offers exactly the sixteen interface languages, each with a catalogue of its own', async () => {
    expect(LOCALES.map((l) => l.code).sort()).toEqual([...routing.SUPPORTED_LOCALES].sort());
    const files = (await readdir(sources)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    expect(files.sort()).toEqual([...routing.SUPPORTED_LOCALES].sort());
  });

  it('fails when a locale misses a key English has, has an extra key, or a placeholder differs (formatjs verify)', async () => {
    const catalogues = routing.SUPPORTED_LOCALES.map((l) => path.join(sources, `${l}.json`));
    const verify = (files: string[]) =>
      run(formatjs, [
        'verify',
        '--source-locale',
        'en',
        '--missing-keys',
        '--extra-keys',
        '--structural-equality',
        ...files,
      ]);
    await expect(verify(catalogues)).resolves.toBeDefined();
    // The check can fail: a catalogue with a missing key and a changed placeholder is refused.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'i18n-verify-'));
    try {
      const broken = { ...catalogueOf('ja') };
      delete broken['app.name'];
      broken['tasks.eta'] = '{minutes}';
      const { writeFile, copyFile } = await import('node:fs/promises');
      await copyFile(path.join(sources, 'en.json'), path.join(dir, 'en.json'));
      await writeFile(path.join(dir, 'ja.json'), JSON.stringify(broken));
      const failure = await verify([path.join(dir, 'en.json'), path.join(dir, 'ja.json')]).catch(
        (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
      );
      expect(failure).toMatch(/app\.name/);
      expect(failure).toMatch(/tasks\.eta/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('translates rather than copies: most of every catalogue differs from English', () => {
    for (const locale of routing.SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const catalogue = catalogueOf(locale);
      const same = Object.keys(english).filter((k) => catalogue[k] === english[k]);
      expect(same.length / Object.keys(english).length, locale).toBeLessThan(0.1);
    }
  });

  it('writes site paths in the address locale (spec §2: English has no prefix), query and fragment kept', () => {
    expect(localizeHref('en', '/explore')).toBe('/explore');
    expect(localizeHref('ja', '/explore/model')).toBe('/ja/explore/model');
    expect(localizeHref('ja', '/')).toBe('/ja');
    expect(localizeHref('zh-CN', '/?openLoginDialog=1#x')).toBe('/zh-CN?openLoginDialog=1#x');
    expect(localizeHref('ar', '/403')).toBe('/ar/403');
    // Already localized: left alone.
    expect(localizeHref('ja', '/zh-CN/create')).toBe('/zh-CN/create');
  });

  it('names every area of the event log a person previews before reporting a problem (issue 24: no code name on screen)', () => {
    const keys = Object.keys(contexts).map(support.areaMessageKey);
    expect(keys.length).toBeGreaterThanOrEqual(30);
    expect(keys.filter((k) => !(k in english))).toEqual([]);
  });

  it('labels every task domain type of spec §3 (0..25) and the unknown fallback', () => {
    const keys = [...tasks.TASK_DOMAIN_TYPES.map((t) => t.labelKey), tasks.domainTypeInfo(99).labelKey];
    expect(keys).toHaveLength(27);
    expect(keys.filter((k) => !(k in english))).toEqual([]);
  });
});

describe('per-route translation files (spec §2: loaded by route name and locale, fallback en)', () => {
  let files: Map<string, string[]>;
  beforeAll(() => {
    files = translationFiles(process.cwd(), Object.keys(english)) as Map<string, string[]>;
  });

  it('has a common file and one file per route module, none sharing an id with common', async () => {
    const routes = (await readdir('src/routes')).filter((f) => !['index.ts', 'types.ts'].includes(f));
    expect([...files.keys()].sort()).toEqual(['common', ...routes.map((f) => f.slice(0, -3))].sort());
    const common = new Set(files.get('common'));
    for (const [name, ids] of files)
      if (name !== 'common')
        expect(
          ids.filter((id) => common.has(id)),
          name,
        ).toEqual([]);
    // The shell's own texts are common; a screen's are its route's.
    expect(files.get('common')).toEqual(
      expect.arrayContaining(['nav.create', 'header.language', 'app.name']),
    );
  });

  it('every message id written in the client exists in English (no raw key on screen)', async () => {
    const ids = new Set(Object.keys(english));
    const missing: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (/\.tsx?$/.test(entry.name)) {
          const source = await readFile(file, 'utf8');
          // Message ids have a dot or an underscore (`nav.create`, `HttpErrorCode_20001`); HTML ids do not.
          for (const m of source.matchAll(
            /\b(?:id|Id|titleId|labelId|messageKey)\s*[:=]\s*\{?\s*['"]([\w-]+[._][\w.-]+)['"]/g,
          ))
            if (!ids.has(m[1]!)) missing.push(`${path.relative('.', file)}: ${m[1]}`);
        }
      }
    };
    await walk('src');
    expect(missing).toEqual([]);
  });
});

describe('the catalogue of loaded messages', () => {
  const compiled = (text: string): CompiledMessages[string] =>
    [{ type: 0, value: text }] as CompiledMessages[string];
  const served: Record<string, CompiledMessages> = {
    '/locales/en/common.json': { 'app.name': compiled('Atelier') },
    '/locales/en/explore.json': { 'feed.sort.hot': compiled('Hot') },
    '/locales/ja/common.json': { 'app.name': compiled('アトリエ') },
  };
  let asked: string[] = [];
  const fetcher = (url: string) => {
    asked.push(url);
    const file = served[url];
    return file ? Promise.resolve(file) : Promise.reject(new Error(`404 ${url}`));
  };
  afterAll(() => {
    asked = [];
  });

  it('loads common and the route file once each, and falls back to English for a file the locale lacks', async () => {
    const catalogue = createCatalogue(fetcher);
    let changes = 0;
    catalogue.subscribe(() => (changes += 1));
    await catalogue.load('ja', 'explore');
    await catalogue.load('ja', 'explore');
    expect(asked).toEqual([
      '/locales/ja/common.json',
      '/locales/ja/explore.json',
      '/locales/en/explore.json',
    ]);
    expect(catalogue.messages('ja')['app.name']).toEqual(compiled('アトリエ'));
    expect(catalogue.messages('ja')['feed.sort.hot']).toEqual(compiled('Hot'));
    expect(changes).toBe(2);
    // A stable snapshot between loads (useSyncExternalStore needs it).
    expect(catalogue.messages('ja')).toBe(catalogue.messages('ja'));
  });

  it('a file that failed is asked for again on the next load', async () => {
    asked = [];
    const catalogue = createCatalogue(fetcher);
    await expect(catalogue.load('en', 'nowhere')).rejects.toThrow(/404/);
    await expect(catalogue.load('en', 'nowhere')).rejects.toThrow(/404/);
    expect(asked.filter((u) => u === '/locales/en/nowhere.json')).toHaveLength(2);
  });
});
