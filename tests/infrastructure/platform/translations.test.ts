import { Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { makeTranslationLoader } from '../../../infrastructure/platform/translations';

const files: Record<string, unknown> = {
  '/i18n/manifest.json': {
    routes: { create: ['en', 'ja', 'zh-CN'], editor: ['en', 'ja'], broken: ['en', 'ja'], jaOnly: ['ja'] },
  },
  '/i18n/create/en.json': { 'create.title': 'Create' },
  '/i18n/create/ja.json': { 'create.title': '作成' },
  '/i18n/editor/en.json': { 'editor.saved': 'Saved' },
  '/i18n/broken/en.json': { 'broken.title': 'Broken' },
  '/i18n/broken/ja.json': { 'broken.title': 42 },
  '/i18n/jaOnly/ja.json': { k: 'v' },
};

const loaderOver = (table: Record<string, unknown>) => {
  const requested: string[] = [];
  const getJson = (path: string): Observable<unknown> => {
    requested.push(path);
    return path in table ? of(table[path]) : throwError(() => new Error(`404 ${path}`));
  };
  return { loader: makeTranslationLoader(getJson), requested };
};

const load = (loader: ReturnType<typeof makeTranslationLoader>, route: string, locale: string) => {
  let out: unknown;
  loader.load(route, locale).subscribe((v) => (out = v));
  return out;
};

describe('per-route translation files (spec §2 "loaded by route name and locale. The fallback is en")', () => {
  it("loads the route's file for the locale", () => {
    const { loader } = loaderOver(files);
    expect(load(loader, 'create', 'ja')).toEqual({ 'create.title': '作成' });
  });

  it('falls back to en when the route has no file for the locale, and when the locale file fails to load or decode', () => {
    const { loader } = loaderOver(files);
    expect(load(loader, 'editor', 'zh-CN')).toEqual({ 'editor.saved': 'Saved' });
    expect(load(loader, 'create', 'zh-CN')).toEqual({ 'create.title': 'Create' }); // listed but missing
    expect(load(loader, 'broken', 'ja')).toEqual({ 'broken.title': 'Broken' });
  });

  it('a route without files, or without an en file to fall back to, has no messages; so does an unreadable manifest', () => {
    const { loader } = loaderOver(files);
    expect(load(loader, 'nowhere', 'ja')).toEqual({});
    expect(load(loader, 'jaOnly', 'de')).toEqual({});
    expect(load(loaderOver({}).loader, 'create', 'ja')).toEqual({});
  });

  it('fetches the manifest and each file once', () => {
    const { loader, requested } = loaderOver(files);
    load(loader, 'create', 'ja');
    load(loader, 'create', 'ja');
    load(loader, 'create', 'en');
    expect(requested).toEqual(['/i18n/manifest.json', '/i18n/create/ja.json', '/i18n/create/en.json']);
  });
});
