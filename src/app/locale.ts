import { createContext, useContext } from 'react';
import type { Locale } from '../i18n/locales';

export const LocaleContext = createContext<{ locale: Locale; changeLocale: (l: Locale) => void }>({
  locale: 'en',
  changeLocale: () => undefined,
});

export const useLocale = () => useContext(LocaleContext);
