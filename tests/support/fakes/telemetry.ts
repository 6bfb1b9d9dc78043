/**
 * Test doubles of the telemetry capabilities: a scripted API whose every call is recorded with
 * the virtual time it was made at, an in-memory storage, a recording `sendBeacon`, cookies, and
 * a visibility stream the test drives. By default the API never answers and the page never
 * reports its visibility, so other areas' tests see no telemetry traffic and no endless timers.
 */
import { EMPTY, NEVER, Subject, type Observable, type SchedulerLike } from 'rxjs';
import type {
  KeyValueStorage,
  PageContext,
  TelemetryApi,
  TelemetryDeps,
  Visibility,
} from '../../../infrastructure/telemetry/deps';

export interface TelemetryCall {
  readonly at: number;
  readonly name: keyof TelemetryApi;
  readonly body: unknown;
}

export interface Beacon {
  readonly at: number;
  readonly path: string;
  readonly body: unknown;
}

export interface FakeTelemetryOptions {
  readonly api?: Partial<TelemetryApi>;
  /** Shared between "page loads" to test what survives a reload. */
  readonly storage?: Map<string, string>;
  readonly visibility$?: Observable<Visibility>;
  /** What `sendBeacon` answers (true: the browser queued it). */
  readonly beaconAccepts?: (path: string, body: unknown) => boolean;
  readonly page?: Partial<PageContext>;
}

export const FAKE_PAGE: PageContext = {
  pageLocation: 'http://atelier.test/',
  pageId: 'page-1',
  deviceId: 'device-test-1',
  browserId: 'browser-1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  appId: 'atelier-web',
};

const API_NAMES: readonly (keyof TelemetryApi)[] = [
  'ping',
  'abFlags',
  'popupStatus',
  'eventReport',
  'logReport',
  'starTrackInit',
  'starTrackEvents',
  'exposureReport',
  'errorReport',
];

export const mapStorage = (map: Map<string, string>): KeyValueStorage => ({
  getItem: (key) => map.get(key) ?? null,
  setItem: (key, value) => {
    map.set(key, value);
    return true;
  },
  removeItem: (key) => {
    map.delete(key);
  },
});

export const makeFakeTelemetry = (scheduler: SchedulerLike, options: FakeTelemetryOptions = {}) => {
  const calls: TelemetryCall[] = [];
  const calls$ = new Subject<TelemetryCall>();
  const beacons: Beacon[] = [];
  const cookies: Record<string, string> = {};
  const storage = options.storage ?? new Map<string, string>();
  const api = Object.fromEntries(
    API_NAMES.map((name) => [
      name,
      (body: unknown) => {
        const call = { at: scheduler.now(), name, body };
        calls.push(call);
        calls$.next(call);
        const impl = options.api?.[name] as ((b: unknown) => Observable<unknown>) | undefined;
        return impl ? impl(body) : EMPTY;
      },
    ]),
  ) as unknown as TelemetryApi;
  const deps: TelemetryDeps = {
    api,
    storage: mapStorage(storage),
    sendBeacon: (path, body) => {
      beacons.push({ at: scheduler.now(), path, body });
      return options.beaconAccepts ? options.beaconAccepts(path, body) : true;
    },
    visibility$: options.visibility$ ?? NEVER,
    page: () => ({ ...FAKE_PAGE, ...options.page }),
    setCookie: (name, value) => {
      cookies[name] = value;
    },
  };
  return { deps, calls, calls$, beacons, cookies, storage };
};

export const fakeTelemetryDeps = (scheduler: SchedulerLike): TelemetryDeps =>
  makeFakeTelemetry(scheduler).deps;
