/**
 * Per-route translation files (spec §2): JSON under server/platform/i18n/{route}/{locale}.json,
 * read once at start. The manifest lists the locales each route has, so a client picks the file
 * with `translationFileFor` (English fallback) without probing for missing ones.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/Either';
import { TranslationFile, type TranslationManifest } from '../../infrastructure/contract/platform';

export const I18N_DIR = fileURLToPath(new URL('./i18n', import.meta.url));

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALE_FILE = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.json$/;

export interface TranslationCatalogue {
  readonly manifest: TranslationManifest;
  /** The file's JSON text, or null when the route has no file for the locale. */
  readonly file: (route: string, locale: string) => string | null;
}

/** Loads and validates every file; a malformed one fails the start rather than a page later. */
export const loadTranslations = (dir: string = I18N_DIR): TranslationCatalogue => {
  const files = new Map<string, string>();
  const routes: Record<string, string[]> = {};
  for (const route of readdirSync(dir).sort()) {
    if (!NAME.test(route) || !statSync(path.join(dir, route)).isDirectory()) continue;
    const locales: string[] = [];
    for (const name of readdirSync(path.join(dir, route)).sort()) {
      const locale = LOCALE_FILE.exec(name)?.[1];
      if (locale === undefined) continue;
      const text = readFileSync(path.join(dir, route, name), 'utf8');
      if (E.isLeft(TranslationFile.decode(JSON.parse(text))))
        throw new Error(`${route}/${name} is not a flat string map`);
      files.set(`${route}/${locale}`, JSON.stringify(JSON.parse(text)));
      locales.push(locale);
    }
    if (locales.length > 0) routes[route] = locales;
  }
  return { manifest: { routes }, file: (route, locale) => files.get(`${route}/${locale}`) ?? null };
};
