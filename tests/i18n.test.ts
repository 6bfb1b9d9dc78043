import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/messages/en';
import { ja } from '../src/i18n/messages/ja';
import { zhCN } from '../src/i18n/messages/zh-CN';
import { messagesFor } from '../src/i18n/locales';
import { localizeHref } from '../src/i18n/locale';
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

  it('falls back to English for a key a catalogue lacks, and for a locale without a catalogue', () => {
    expect(messagesFor('ja')['app.name']).toBe(en['app.name']);
    expect(messagesFor('ja')['header.coins']).toBe(ja['header.coins']);
    expect(messagesFor('ko')).toEqual(en);
    expect(messagesFor('zh-TW')).toEqual(en);
  });

  it('writes site paths in the address locale (spec §2: English has no prefix), query and fragment kept', () => {
    expect(localizeHref('en', '/explore')).toBe('/explore');
    expect(localizeHref('ja', '/explore/model')).toBe('/ja/explore/model');
    expect(localizeHref('ja', '/')).toBe('/ja');
    expect(localizeHref('zh-CN', '/?openLoginDialog=1#x')).toBe('/zh-CN?openLoginDialog=1#x');
    expect(localizeHref('ja', '/403')).toBe('/ja/403');
    // Already localized: left alone.
    expect(localizeHref('ja', '/zh-CN/create')).toBe('/zh-CN/create');
  });

  it('labels every task domain type of spec §3 (0..25) and the unknown fallback', () => {
    const keys = [...tasks.TASK_DOMAIN_TYPES.map((t) => t.labelKey), tasks.domainTypeInfo(99).labelKey];
    expect(keys).toHaveLength(27);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
