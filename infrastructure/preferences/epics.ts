/**
 * Preferences of this browser: the colour theme (kept under `theme`, applied to the page; the
 * inline script of index.html applies the stored one before the first paint, so a light-theme
 * person sees no dark flash) and the interface language the person chose (local storage and the
 * `lang` cookie of spec §9, which the language guard of spec §2 reads).
 */
import { filter, from, ignoreElements, map, mergeMap, of, take, tap } from 'rxjs';
import {
  EVENT_LOG_CONTENT_TYPE,
  eventLogFileName,
  preferences,
  serializeEventLog,
} from '../../domain/index.js';
import type { AppEpic } from '../epics/types';
import { appStarted } from '../store/commands';
import { chooseTheme, exportEventLog, rememberLanguage } from './commands';

/** The key index.html's inline script reads too. */
export const THEME_STORAGE_KEY = 'theme';
/** The same key the domain's logout whitelist keeps and the route guard reads. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export const restoreThemeEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    map(() =>
      preferences.themeChosen({ theme: preferences.themeOf(platform.storage.get(THEME_STORAGE_KEY)) }),
    ),
  );

export const chooseThemeEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(chooseTheme.match),
    map(({ payload: { theme } }) => {
      platform.storage.set(THEME_STORAGE_KEY, theme);
      platform.applyTheme(theme);
      return preferences.themeChosen({ theme });
    }),
  );

export const rememberLanguageEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(rememberLanguage.match),
    tap(({ payload: { locale } }) => {
      platform.storage.set(LANGUAGE_STORAGE_KEY, locale);
      platform.cookies.set('lang', locale);
    }),
    ignoreElements(),
  );

export const exportEventLogEpic: AppEpic = (action$, _state$, { platform, clock, eventLog, keptLogs }) =>
  action$.pipe(
    filter(exportEventLog.match),
    mergeMap(({ payload }) => {
      const visitId = payload.visitId ?? null;
      if (visitId === null) return of(eventLog?.() ?? null);
      if (keptLogs === undefined) return of(null);
      return from(keptLogs.read(visitId).catch(() => null)).pipe(
        map((log) => (log === null ? null : serializeEventLog(log))),
      );
    }),
    tap((text) => {
      if (text === null) return;
      const at = clock.now();
      platform.download.save(eventLogFileName(at), [new TextEncoder().encode(text)], EVENT_LOG_CONTENT_TYPE);
    }),
    ignoreElements(),
  );

export const preferenceEpics: readonly AppEpic[] = [
  restoreThemeEpic,
  chooseThemeEpic,
  rememberLanguageEpic,
  exportEventLogEpic,
];
