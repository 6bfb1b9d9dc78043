import type { routing } from '../../domain/index.js';
import { en, type Messages } from './messages/en';
import { ja } from './messages/ja';
import { zhCN } from './messages/zh-CN';

/** The interface languages with a catalogue of their own; every other supported locale reads English. */
export const LOCALES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
  { code: 'zh-CN', label: '简体中文' },
] as const;
export type CatalogueLocale = (typeof LOCALES)[number]['code'];

const catalogues: Record<CatalogueLocale, Partial<Messages>> = { en, ja, 'zh-CN': zhCN };

export const hasCatalogue = (s: string | null | undefined): s is CatalogueLocale =>
  LOCALES.some((l) => s === l.code);

/** A locale's messages over the English catalogue: every missing key, or a missing catalogue, falls back to English. */
export const messagesFor = (locale: routing.Locale): Messages => ({
  ...en,
  ...(hasCatalogue(locale) ? catalogues[locale] : {}),
});
