import { useEffect, useMemo, useRef } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { BrowserRouter, Outlet, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { routing } from '../../domain/index.js';
import { storeLanguage } from '../../infrastructure/adapters/device';
import type { Navigator } from '../../infrastructure/app/bootstrap';
import {
  carryOut,
  guardNavigation,
  openLoginDialog,
  type RouteGuardEnv,
} from '../../infrastructure/platform/routeGuard';
import { useAppDispatch } from '../../infrastructure/store/hooks';
import type { AppStore } from '../../infrastructure/store/makeStore';
import { messagesFor } from '../i18n/locales';
import { NotFoundPage } from '../pages/StatusPage';
import { AppShell } from './AppShell';
import { LocaleContext, localizeHref, type LocaleValue } from './locale';
import { NOT_FOUND, PAGES, pageOf } from './routes';

/** Lets epics leave the page through the router (in the current locale) instead of a full reload. */
const NavigatorBridge = ({ navigator, locale }: { navigator: Navigator; locale: routing.Locale }) => {
  const navigate = useNavigate();
  useEffect(
    () => navigator.attach((to) => void navigate(localizeHref(locale, to))),
    [navigator, navigate, locale],
  );
  return null;
};

/**
 * Spec §2 route guards on every navigation inside the app; the page load itself was guarded
 * before the first render (main.tsx), which `initialHref` names so that it is not done twice.
 */
const RouteGuard = ({ env, initialHref }: { env: RouteGuardEnv; initialHref: string }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const last = useRef(initialHref);
  useEffect(() => {
    const href = location.pathname + location.search;
    if (href === last.current) return;
    last.current = href;
    carryOut(guardNavigation(env, location, pageOf(location.pathname).meta), location, {
      go: (to, { replace }) => void navigate(to, { replace }),
      openLogin: (variant) => dispatch(openLoginDialog(variant)),
    });
  }, [location, env, navigate, dispatch]);
  return null;
};

/** `/:lang/...` is a locale prefix only for a supported locale other than English. */
const LocaleGate = () => {
  const { lang } = useParams();
  return routing.splitLocalePath(`/${lang ?? ''}`).locale === null ? <NotFoundPage /> : <Outlet />;
};

const pageRoutes = () =>
  [...PAGES, NOT_FOUND].map((p) =>
    p.path === '' ? (
      <Route key="index" index element={p.element} />
    ) : (
      <Route key={p.path} path={p.path} element={p.element} />
    ),
  );

interface AppProps {
  readonly navigator: Navigator;
  readonly routeGuard: RouteGuardEnv;
  readonly initialHref: string;
  readonly onLocaleChange: (locale: routing.Locale) => void;
}

/** The interface language is the address's (spec §2): `/ja/explore` is Japanese, `/explore` English. */
const LocalizedApp = ({ navigator, routeGuard, initialHref, onLocaleChange }: AppProps) => {
  const location = useLocation();
  const navigate = useNavigate();
  const { locale: prefix, rest } = routing.splitLocalePath(location.pathname);
  const locale = prefix ?? routing.DEFAULT_LOCALE;
  useEffect(() => {
    document.documentElement.lang = locale;
    onLocaleChange(locale);
  }, [locale, onLocaleChange]);
  const value = useMemo<LocaleValue>(
    () => ({
      locale,
      to: (barePath) => localizeHref(locale, barePath),
      changeLocale: (next) => {
        storeLanguage(window.localStorage, next);
        void navigate(localizeHref(next, rest + location.search + location.hash));
      },
    }),
    [locale, rest, location.search, location.hash, navigate],
  );
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messagesFor(locale)}>
      <LocaleContext.Provider value={value}>
        <NavigatorBridge navigator={navigator} locale={locale} />
        <RouteGuard env={routeGuard} initialHref={initialHref} />
        <Routes>
          <Route element={<AppShell />}>
            {pageRoutes()}
            <Route path=":lang" element={<LocaleGate />}>
              {pageRoutes()}
            </Route>
          </Route>
        </Routes>
      </LocaleContext.Provider>
    </IntlProvider>
  );
};

export const Root = ({ store, ...app }: AppProps & { readonly store: AppStore }) => (
  <Provider store={store}>
    <BrowserRouter>
      <LocalizedApp {...app} />
    </BrowserRouter>
  </Provider>
);
