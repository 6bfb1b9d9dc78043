/**
 * Per-route translation files (spec §2, §9 "translation fallback en"): the manifest says which
 * locales each route has; `routing.translationFileFor` picks the locale's file or English. A file
 * that fails to load falls back to English too, and a route with no files has no messages (the
 * app's built-in catalogue still applies). Manifest and files are fetched once and shared.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { Observable, catchError, defer, map, of, shareReplay, switchMap } from 'rxjs';
import { routing } from '../../domain/index.js';
import {
  I18N_MANIFEST_PATH,
  TranslationFile,
  TranslationManifest,
  translationPath,
} from '../contract/platform';

export interface TranslationLoader {
  readonly load: (route: string, locale: string) => Observable<TranslationFile>;
}

/** A plain GET of a JSON document; errors on network failures and non-2xx answers. */
export type GetJson = (path: string) => Observable<unknown>;

const decodeOr = <A, O>(codec: t.Type<A, O, unknown>, json: unknown): A => {
  const result = codec.decode(json);
  if (E.isLeft(result)) throw new Error(`${codec.name} did not decode`);
  return result.right;
};

export const makeTranslationLoader = (getJson: GetJson): TranslationLoader => {
  const empty: TranslationManifest = { routes: {} };
  const manifest$ = defer(() => getJson(I18N_MANIFEST_PATH)).pipe(
    map((json) => decodeOr(TranslationManifest, json)),
    catchError(() => of(empty)),
    shareReplay(1),
  );
  const files = new Map<string, Observable<TranslationFile>>();
  const file = (path: string): Observable<TranslationFile> => {
    let cached = files.get(path);
    if (cached === undefined) {
      cached = defer(() => getJson(translationPath(path))).pipe(
        map((json) => decodeOr(TranslationFile, json)),
        catchError((err: unknown) => {
          files.delete(path); // a failed load may be tried again later
          throw err;
        }),
        shareReplay(1),
      );
      files.set(path, cached);
    }
    return cached;
  };
  return {
    load: (route, locale) =>
      manifest$.pipe(
        switchMap((m) => {
          const available = m.routes[route] ?? [];
          if (available.length === 0) return of<TranslationFile>({});
          const chosen = routing.translationFileFor(route, locale, available);
          const english = routing.translationFileFor(route, routing.DEFAULT_LOCALE, available);
          const fallback$ = available.includes(routing.DEFAULT_LOCALE)
            ? file(english).pipe(catchError(() => of<TranslationFile>({})))
            : of<TranslationFile>({});
          return chosen === english ? fallback$ : file(chosen).pipe(catchError(() => fallback$));
        }),
      ),
  };
};
