/**
 * The interface messages the page has loaded (spec §2: per-route translation files, loaded by
 * route name and locale, English the fallback). The build (`scripts/i18n-build.mjs`) compiles the
 * catalogues with the formatjs CLI to ICU ASTs and writes `/locales/<locale>/common.json` (what the
 * shell shows) and `/locales/<locale>/<route>.json` (what one route's screens add), every missing
 * translation already filled from English. A route's loader awaits its file before the page renders.
 */
import type { MessageFormatElement } from 'react-intl';
import { routing } from '../../domain/index.js';

export type CompiledMessages = Record<string, MessageFormatElement[]>;
type Fetcher = (url: string) => Promise<CompiledMessages>;

const defaultFetcher: Fetcher = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`translations ${url}: HTTP ${response.status}`);
  return (await response.json()) as CompiledMessages;
};

const DEFAULT = routing.DEFAULT_LOCALE;

/** The file the common messages (shell, dialogs, notices) are in. */
export const COMMON_FILE = 'common';

export const createCatalogue = (fetcher: Fetcher = defaultFetcher, base = '/locales') => {
  const loaded = new Map<routing.Locale, CompiledMessages>();
  const pending = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const snapshots = new Map<routing.Locale, CompiledMessages>();

  const load = (locale: routing.Locale, file: string): Promise<void> => {
    const key = `${locale}/${file}`;
    const known = pending.get(key);
    if (known) return known;
    // Spec §2: the fallback is English, for a file that cannot be had in the locale too.
    const started = fetcher(`${base}/${key}.json`)
      .catch((error: unknown) =>
        locale === DEFAULT ? Promise.reject(error) : fetcher(`${base}/${DEFAULT}/${file}.json`),
      )
      .then(
        (messages) => {
          loaded.set(locale, { ...loaded.get(locale), ...messages });
          snapshots.delete(locale);
          listeners.forEach((l) => l());
        },
        (error: unknown) => {
          // A failed file may be asked for again (a later navigation retries it).
          pending.delete(key);
          throw error;
        },
      );
    pending.set(key, started);
    return started;
  };

  return {
    /** The common file and, when given, one route's file of `locale`. */
    load: (locale: routing.Locale, route?: string) =>
      Promise.all([load(locale, COMMON_FILE), ...(route ? [load(locale, route)] : [])]).then(() => undefined),
    /** The messages of `locale` loaded so far (a stable object between loads). */
    messages: (locale: routing.Locale): CompiledMessages => {
      const known = snapshots.get(locale);
      if (known) return known;
      const snapshot = { ...loaded.get(locale) };
      snapshots.set(locale, snapshot);
      return snapshot;
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export type Catalogue = ReturnType<typeof createCatalogue>;
