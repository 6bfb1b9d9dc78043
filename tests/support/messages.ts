/**
 * The interface messages for tests, read from the catalogue sources (src/i18n/messages/<locale>.json):
 * a locale's messages over English, as the build's per-route files are (scripts/i18n-build.mjs).
 */
import type { routing } from '../../domain/index.js';

const sources = import.meta.glob<Record<string, string>>('../../src/i18n/messages/*.json', {
  eager: true,
  import: 'default',
});

/** The catalogue of one locale as written (no English filled in); empty when it has none. */
export const catalogueOf = (locale: string): Readonly<Record<string, string>> =>
  sources[`../../src/i18n/messages/${locale}.json`] ?? {};

export const english = catalogueOf('en');

export const messagesFor = (locale: routing.Locale): Record<string, string> => ({
  ...english,
  ...catalogueOf(locale),
});
