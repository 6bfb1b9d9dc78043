import { createContext, useContext } from 'react';
import { routing } from '../../domain/index.js';

export interface LocaleValue {
  /** The locale of the address (spec §2: English has no prefix, others `/ja/...`). */
  readonly locale: routing.Locale;
  /** A site path (`/explore`, `/?x=1`) in the current locale. */
  readonly to: (barePath: string) => string;
}

export const LocaleContext = createContext<LocaleValue>({
  locale: routing.DEFAULT_LOCALE,
  to: (barePath) => barePath,
});

export const useLocale = () => useContext(LocaleContext);

/**
 * `href` in `locale`, unless it already carries a locale prefix. The query and fragment are kept.
 */
export const localizeHref = (locale: routing.Locale, href: string): string => {
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? '' : href.slice(cut);
  if (routing.splitLocalePath(path).locale !== null) return href;
  return routing.localizedPath(locale, path === '' ? '/' : path) + rest;
};

/** The same place in another language: the bare path with `next`'s prefix, query and fragment kept. */
export const relocalizeHref = (
  next: routing.Locale,
  pathname: string,
  search: string,
  hash: string,
): string => localizeHref(next, routing.splitLocalePath(pathname).rest + search + hash);
