/**
 * The browser's real telemetry capabilities: the typed API over the HTTP client, local storage
 * (errors of a full or disabled storage are swallowed: telemetry never breaks the page),
 * `navigator.sendBeacon` with a JSON body, the page's visibility (`visibilitychange`, and
 * `pagehide` as hidden, since some browsers unload without a visibility change), cookies, and
 * the page context of the event envelope.
 */
import { defer, fromEvent, map, merge, of, type Observable } from 'rxjs';
import { deviceId, randomId } from '../platform/device';
import { browserKeyValueStorage } from '../platform/storage';
import { APP_ID } from '../contract/envelope';
import type { HttpClient } from '../http/client';
import { makeTelemetryApi } from './api';
import { browserExposures$ } from './exposureObserver';
import type { KeyValueStorage, TelemetryDeps, Visibility } from './deps';

const BROWSER_ID_KEY = 'atelier.browserId';

const browserIdOf = (storage: KeyValueStorage): string => {
  const existing = storage.getItem(BROWSER_ID_KEY);
  if (existing !== null && /^[A-Za-z0-9_-]{6,64}$/.test(existing)) return existing;
  const fresh = `br_${randomId(16)}`;
  storage.setItem(BROWSER_ID_KEY, fresh);
  return fresh;
};

const visibility$: Observable<Visibility> = defer(() =>
  merge(
    of<Visibility>(document.visibilityState === 'hidden' ? 'hidden' : 'visible'),
    fromEvent(document, 'visibilitychange').pipe(
      map((): Visibility => (document.visibilityState === 'hidden' ? 'hidden' : 'visible')),
    ),
    fromEvent(window, 'pagehide').pipe(map((): Visibility => 'hidden')),
  ),
);

export const browserTelemetryDeps = (http: HttpClient): TelemetryDeps => {
  const storage = browserKeyValueStorage();
  const device = deviceId(window.localStorage);
  const browser = browserIdOf(storage);
  const pageId = randomId();
  return {
    api: makeTelemetryApi(http),
    storage,
    sendBeacon: (path, body) => {
      try {
        return navigator.sendBeacon(path, new Blob([JSON.stringify(body)], { type: 'application/json' }));
      } catch {
        return false;
      }
    },
    visibility$,
    page: () => ({
      pageLocation: window.location.href,
      pageId,
      deviceId: device,
      browserId: browser,
      userAgent: navigator.userAgent,
      appId: APP_ID,
    }),
    exposures$: browserExposures$(document),
    setCookie: (name, value, maxAgeSeconds) => {
      document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
    },
  };
};
