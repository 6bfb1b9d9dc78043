/**
 * The browser's real platform capabilities: localStorage, document.cookie, IndexedDB, the dialog
 * registry the views fill, fetch with Range and an <a download> click, the service worker and
 * push manager, window.open, history.replaceState.
 */
import { EMPTY, Observable, defer, from, fromEvent, map, share } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makePlatformApi } from './api';
import { makeCookieAdapter } from './cookies';
import type { PlatformDeps, PushCapabilities, PushPermission, PushRegistration } from './deps';
import { makeDialogRegistry } from './dialogRegistry';
import { makeFetchRange } from './fetchers';
import { indexedDbStore, memoryKeyValueStore } from './indexedDb';
import { browserLocalStore } from './storage';

/** The one registry of mounted dialogs: a dialog view calls `register(name)` on mount. */
export const dialogRegistry = makeDialogRegistry();

const saveFile = (fileName: string, parts: readonly Uint8Array[], contentType: string): void => {
  const blob = new Blob(
    parts.map((p) => new Uint8Array(p)),
    { type: contentType },
  );
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
};

const base64UrlToBytes = (s: string): Uint8Array<ArrayBuffer> => {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

const toRegistration = (reg: ServiceWorkerRegistration): PushRegistration => ({
  activated: () =>
    new Observable<void>((subscriber) => {
      const done = () => {
        subscriber.next();
        subscriber.complete();
      };
      if (reg.active !== null) {
        done();
        return;
      }
      const worker = reg.installing ?? reg.waiting;
      if (worker === null) {
        void navigator.serviceWorker.ready.then(done);
        return;
      }
      const onChange = () => {
        if (worker.state === 'activated') done();
      };
      worker.addEventListener('statechange', onChange);
      return () => worker.removeEventListener('statechange', onChange);
    }),
  subscribe: (key) =>
    defer(() =>
      from(
        reg.pushManager.getSubscription().then(
          (s) =>
            s ??
            reg.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: base64UrlToBytes(key),
            }),
        ),
      ),
    ).pipe(map((s) => JSON.stringify(s.toJSON()))),
});

const browserPush = (): PushCapabilities => {
  const supported = () =>
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof Notification !== 'undefined' &&
    'PushManager' in window;
  return {
    supported,
    permission: () => Notification.permission as PushPermission,
    requestPermission: () =>
      defer(() => from(Notification.requestPermission())).pipe(map((p) => p as PushPermission)),
    register: (url) =>
      defer(() => from(navigator.serviceWorker.register(url, { scope: '/' }))).pipe(map(toRegistration)),
    messages$: supported()
      ? fromEvent<MessageEvent>(navigator.serviceWorker, 'message').pipe(
          map((e) => e.data as unknown),
          share(),
        )
      : EMPTY,
  };
};

export const browserPlatformDeps = (http: HttpClient): PlatformDeps => ({
  api: makePlatformApi(http),
  storage: browserLocalStore(window.localStorage),
  cookies: makeCookieAdapter(document, { secure: window.location.protocol === 'https:' }),
  // Without IndexedDB (some private modes) the task list lives for the page only.
  kv: typeof indexedDB === 'undefined' ? memoryKeyValueStore() : indexedDbStore(indexedDB),
  findDialog: dialogRegistry.has,
  download: { fetchRange: makeFetchRange((input, init) => window.fetch(input, init)), save: saveFile },
  push: browserPush(),
  openExternal: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
  replaceQuery: (query) => {
    const url = new URL(window.location.href);
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === null || v === undefined) continue;
      for (const value of typeof v === 'string' ? [v] : v) params.append(k, value);
    }
    url.search = params.toString();
    window.history.replaceState(window.history.state, '', url);
  },
  applyTheme: (theme) => {
    document.documentElement.dataset['theme'] = theme;
  },
});
