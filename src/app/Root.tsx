import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { storeLanguage } from '../../infrastructure/adapters/device';
import type { Navigator } from '../../infrastructure/app/bootstrap';
import type { AppStore } from '../../infrastructure/store/makeStore';
import { messagesFor, type Locale } from '../i18n/locales';
import { CreatePage } from '../pages/CreatePage';
import { ExplorePage } from '../pages/ExplorePage';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AppShell } from './AppShell';
import { LocaleContext } from './locale';

/** Lets epics leave the page through the router instead of a full reload. */
const NavigatorBridge = ({ navigator }: { navigator: Navigator }) => {
  const navigate = useNavigate();
  useEffect(() => navigator.attach((to) => void navigate(to)), [navigator, navigate]);
  return null;
};

interface RootProps {
  readonly store: AppStore;
  readonly navigator: Navigator;
  readonly initialLocale: Locale;
  readonly onLocaleChange: (locale: Locale) => void;
}

export const Root = ({ store, navigator, initialLocale, onLocaleChange }: RootProps) => {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const changeLocale = (next: Locale) => {
    storeLanguage(window.localStorage, next);
    onLocaleChange(next);
    setLocale(next);
  };
  return (
    <Provider store={store}>
      <IntlProvider locale={locale} defaultLocale="en" messages={messagesFor(locale)}>
        <LocaleContext.Provider value={{ locale, changeLocale }}>
          <BrowserRouter>
            <NavigatorBridge navigator={navigator} />
            <Routes>
              <Route element={<AppShell />}>
                <Route index element={<CreatePage />} />
                <Route path="create" element={<CreatePage />} />
                <Route path="explore" element={<ExplorePage />} />
                <Route path="explore/:tab" element={<ExplorePage />} />
                <Route path="login" element={<LoginPage />} />
                <Route path="403" element={<ForbiddenPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </LocaleContext.Provider>
      </IntlProvider>
    </Provider>
  );
};
