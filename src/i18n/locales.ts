import { en, type Messages } from './messages/en';
import { ja } from './messages/ja';
import { zhCN } from './messages/zh-CN';

export const LOCALES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
  { code: 'zh-CN', label: '简体中文' },
] as const;
export type Locale = (typeof LOCALES)[number]['code'];

const catalogues: Record<Locale, Partial<Messages>> = { en, ja, 'zh-CN': zhCN };

export const isLocale = (s: string | null | undefined): s is Locale => LOCALES.some((l) => l.code === s);

/** A locale's messages over the English catalogue: every missing key falls back to English. */
export const messagesFor = (locale: Locale): Messages => ({ ...en, ...catalogues[locale] });

/** The browser's preferred supported language, English by default. */
export const pickLocale = (stored: string | null, preferred: readonly string[]): Locale => {
  if (isLocale(stored)) return stored;
  for (const p of preferred) {
    if (isLocale(p)) return p;
    if (p.toLowerCase().startsWith('zh')) return 'zh-CN';
    if (p.toLowerCase().startsWith('ja')) return 'ja';
  }
  return 'en';
};
