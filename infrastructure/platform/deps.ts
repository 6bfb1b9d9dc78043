/**
 * Capabilities the platform epics need, injected: the area's typed calls, local storage,
 * cookies, IndexedDB, the dialog registry, byte-range fetches and file saving, the service
 * worker and push, link opening and the route query. Browser versions are in browser.ts, test
 * doubles in tests/support/fakes/platform.ts.
 */
import type { Observable } from 'rxjs';
import type { editor, preferences } from '../../domain/index.js';
import type { PlatformApi } from './api';
import type { CookieAdapter } from './cookies';
import type { KeyValueStore } from './indexedDb';
import type { LocalStore } from './storage';

/** One answer to a byte-range GET. Network failures error the Observable instead. */
export interface RangeResponse {
  readonly status: number;
  readonly bytes: Uint8Array;
  /** The Content-Range header, e.g. `bytes 0-10485759/31457280`, or null. */
  readonly contentRange: string | null;
  readonly contentType: string | null;
}

export interface DownloadCapabilities {
  /** GET `url` with `Range: bytes=start-end` (end inclusive). */
  readonly fetchRange: (url: string, start: number, end: number) => Observable<RangeResponse>;
  /** Hands the assembled file to the person (an <a download> click in the browser). */
  readonly save: (fileName: string, parts: readonly Uint8Array[], contentType: string) => void;
}

export type PushPermission = 'granted' | 'denied' | 'default';

/** A registered service worker. */
export interface PushRegistration {
  /** Completes once the worker is active (the epic bounds the wait, spec §9: 10 s). */
  readonly activated: () => Observable<void>;
  /** The push subscription for the server's VAPID key, serialised as the token the server stores. */
  readonly subscribe: (applicationServerKey: string) => Observable<string>;
}

export interface PushCapabilities {
  readonly supported: () => boolean;
  readonly permission: () => PushPermission;
  readonly requestPermission: () => Observable<PushPermission>;
  readonly register: (scriptUrl: string) => Observable<PushRegistration>;
  /** Messages the service worker posts to this page. */
  readonly messages$: Observable<unknown>;
}

export interface PlatformDeps {
  readonly api: PlatformApi;
  readonly storage: LocalStore;
  readonly cookies: CookieAdapter;
  /** IndexedDB (the persisted task list). */
  readonly kv: KeyValueStore;
  /** Spec §8 dialog manager: true once a dialog of that name is mounted and can be opened. */
  readonly findDialog: (name: string) => boolean;
  readonly download: DownloadCapabilities;
  readonly push: PushCapabilities;
  /** Opens a link to another site in a new tab (our own paths go through `navigate`). */
  readonly openExternal: (url: string) => void;
  /** Replaces the current route's query in place (no new history entry). */
  readonly replaceQuery: (query: editor.RouteQuery) => void;
  /** Shows the page in a colour theme. */
  readonly applyTheme: (theme: preferences.Theme) => void;
}
