import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/messages/en';
import { ja } from '../src/i18n/messages/ja';
import { zhCN } from '../src/i18n/messages/zh-CN';
import { messagesFor, pickLocale } from '../src/i18n/locales';
import { tasks } from '../domain/index.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('translations (every string translated; English is the fallback)', () => {
  it.each([
    ['ja', ja],
    ['zh-CN', zhCN],
  ] as const)('%s translates every English key with the same placeholders', (_name, catalogue) => {
    const missing = Object.keys(en).filter((k) => !(k in catalogue));
    expect(missing).toEqual([]);
    for (const [k, v] of Object.entries(catalogue))
      expect(placeholders(v as string), k).toEqual(placeholders(en[k as keyof typeof en]));
  });

  it('falls back to English for a key a catalogue lacks, and picks English for an unknown language', () => {
    expect(messagesFor('ja')['app.name']).toBe(en['app.name']);
    expect(pickLocale(null, ['fr-FR', 'de'])).toBe('en');
    expect(pickLocale(null, ['zh-TW'])).toBe('zh-CN');
    expect(pickLocale('ja', ['en-US'])).toBe('ja');
  });

  it('labels every task domain type of spec §3 (0..25) and the unknown fallback', () => {
    const keys = [...tasks.TASK_DOMAIN_TYPES.map((t) => t.labelKey), tasks.domainTypeInfo(99).labelKey];
    expect(keys).toHaveLength(27);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
