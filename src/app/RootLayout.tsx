import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { routing } from '../../domain/index.js';
import { DirectionProvider } from '../ui';
import { TitleOverrideContext } from '../i18n/title';
import type { Catalogue } from '../../infrastructure/i18n/catalogue';
import { LocaleContext, localizeHref, type LocaleValue } from '../i18n/locale';
import type { RouteHandle } from './router';
import { Shell } from './shell/Shell';

const localeOfPath = (pathname: string): routing.Locale =>
  routing.splitLocalePath(pathname).locale ?? routing.DEFAULT_LOCALE;

/**
 * The page's title: a status page's own (404, 403, error), else the deepest route's; then the product's name.
 * And its meta description: the deepest route's, else the site's.
 */
const DocumentTitle = ({ override }: { readonly override: string | null }) => {
  const intl = useIntl();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleId)
    ?.handle as RouteHandle | undefined;
  const app = intl.formatMessage({ id: 'app.name' });
  const titleId = override ?? handle?.titleId;
  const title = titleId ? `${intl.formatMessage({ id: titleId })} · ${app}` : app;
  // Issue 22: every page describes itself to search engines, in its own language.
  const description = intl.formatMessage({ id: handle?.descriptionId ?? 'meta.description.default' });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
  return null;
};

/** The interface language and direction follow the address (spec §2): `/ja/explore` is Japanese. */
export const LocaleProviders = ({
  catalogue,
  children,
}: {
  readonly catalogue: Catalogue;
  readonly children: React.ReactNode;
}) => {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = routing.textDirection(locale);
  }, [locale]);
  // The route loaders have loaded this locale's files before the address renders (src/app/router.tsx).
  const snapshot = useCallback(() => catalogue.messages(locale), [catalogue, locale]);
  const messages = useSyncExternalStore(catalogue.subscribe, snapshot, snapshot);
  const value = useMemo<LocaleValue>(() => ({ locale, to: (bare) => localizeHref(locale, bare) }), [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      <LocaleContext.Provider value={value}>
        {/* No TooltipProvider here: the shell shows no tooltip, and its Radix parts would be in the first visit (issue 22). */}
        <DirectionProvider dir={routing.textDirection(locale)}>{children}</DirectionProvider>
      </LocaleContext.Provider>
    </IntlProvider>
  );
};

export const RootLayout = ({ catalogue }: { readonly catalogue: Catalogue }) => {
  const [override, setOverride] = useState<string | null>(null);
  return (
    <LocaleProviders catalogue={catalogue}>
      <TitleOverrideContext.Provider value={setOverride}>
        <DocumentTitle override={override} />
        <Shell>
          <Outlet />
        </Shell>
        {/* A new page starts at its top; going back finds a page where it was left (the square's place). */}
        <ScrollRestoration />
      </TitleOverrideContext.Provider>
    </LocaleProviders>
  );
};

/**
 * React Router's fallback while the first page's loader runs, should the router render before then
 * (src/main.tsx waits for the loaders, so the page's HTML normally holds this place): the header
 * band and the brand, drawn by the real header's rules (Shell.module.css names these global twins),
 * turned to the page's language and direction by index.html's boot script. index.html's `#root`
 * holds the same markup, so the page paints it before any script has run (issue 22: the first paint
 * waited for the scripts); React replaces it with this on its first render.
 */
export const ShellFallback = () => (
  <div className="boot" aria-busy="true">
    <div className="boot-header">
      <span className="boot-menu" />
      <span className="boot-brand">
        <span className="boot-mark" aria-hidden="true">
          A
        </span>
        <span className="boot-name">Atelier</span>
      </span>
    </div>
  </div>
);
