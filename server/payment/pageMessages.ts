/**
 * The interface's translations (src/i18n/messages/<locale>.json) for the few pages the server writes
 * itself (the simulated provider's checkout): one catalogue read per locale, on first use. A
 * message's `{name}` placeholders take `values`; a missing message falls back to English.
 */
import { readFileSync } from 'node:fs';
import { routing } from '../../domain/index.js';

type Catalogue = Readonly<Record<string, string>>;

const catalogues = new Map<routing.Locale, Catalogue>();

const catalogueOf = (locale: routing.Locale): Catalogue => {
  const known = catalogues.get(locale);
  if (known !== undefined) return known;
  const file = new URL(`../../src/i18n/messages/${locale}.json`, import.meta.url);
  const read = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  catalogues.set(locale, read);
  return read;
};

export type Translate = (id: string, values?: Readonly<Record<string, string>>) => string;

export interface ServerMessages {
  readonly locale: routing.Locale;
  readonly dir: 'ltr' | 'rtl';
  readonly t: Translate;
}

/** The messages of the locale a request asks for (any tag `routing.resolveLocale` reads; English else). */
export const messagesFor = (asked: string | null | undefined): ServerMessages => {
  const locale = routing.resolveLocale(asked);
  const own = catalogueOf(locale);
  const english = catalogueOf(routing.DEFAULT_LOCALE);
  return {
    locale,
    dir: routing.textDirection(locale),
    t: (id, values = {}) =>
      (own[id] ?? english[id] ?? id).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
  };
};
