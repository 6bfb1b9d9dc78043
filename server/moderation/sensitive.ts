/**
 * The sensitive-word check of spec §5/§7 over a small built-in list (demo data: the real list is
 * not shown). Texts are compared after Unicode NFKC folding and lower-casing with invisible
 * characters removed, so full-width letters and zero-width joins do not slip through. Latin
 * words match whole words only (no "Scunthorpe" false positives); CJK words match anywhere,
 * since those scripts do not separate words with spaces.
 */
import type { SensitiveCheckRequest, SensitiveCheckResponse } from '../../infrastructure/contract/platform';

export const SENSITIVE_WORDS: readonly string[] = [
  'badword',
  'scamlink',
  'free coins hack',
  'kill yourself',
  '诈骗',
  '赌博',
  '詐欺',
  '違法薬物',
];

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

export const normalizeText = (text: string): string =>
  text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isLatin = (word: string): boolean => /^[\x20-\x7e]+$/.test(word);

const matcherOf = (word: string): RegExp => {
  const w = normalizeText(word).split(/\s+/).map(escape).join('\\s+');
  return isLatin(word) ? new RegExp(`(?<![\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, 'u') : new RegExp(w, 'u');
};

const MATCHERS: readonly RegExp[] = SENSITIVE_WORDS.map(matcherOf);

export const containsSensitiveWord = (text: string): boolean => {
  const n = normalizeText(text);
  return MATCHERS.some((m) => m.test(n));
};

export const checkSensitive = (request: SensitiveCheckRequest): SensitiveCheckResponse => {
  const categories: string[] = [];
  for (const item of request.items)
    for (const { text, category } of item.texts)
      if (!categories.includes(category) && containsSensitiveWord(text)) categories.push(category);
  return { has_sensitive_word: categories.length > 0, sensitive_categories: categories };
};
