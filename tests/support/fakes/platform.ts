/**
 * Test doubles of the platform capabilities. `fakePlatformDeps(scheduler)` is the quiet default
 * every store test gets (calls never answer, no dialogs, no push support, empty storage).
 * `makeFakePlatform(scheduler, overrides)` also hands back the recorders: calls with their
 * virtual time, local storage, the cookie document, IndexedDB, saved files, opened links and
 * replaced queries.
 */
import { EMPTY, Subject, type Observable, type SchedulerLike } from 'rxjs';
import type { editor } from '../../../domain/index.js';
import type { PlatformApi } from '../../../infrastructure/platform/api';
import { makeCookieAdapter, memoryCookieDocument } from '../../../infrastructure/platform/cookies';
import type {
  DownloadCapabilities,
  PlatformDeps,
  PushCapabilities,
} from '../../../infrastructure/platform/deps';
import { memoryKeyValueStore } from '../../../infrastructure/platform/indexedDb';
import { memoryLocalStore } from '../../../infrastructure/platform/storage';

export interface PlatformCall {
  readonly at: number;
  readonly name: keyof PlatformApi;
  readonly body: unknown;
}

export interface FakePlatformOptions {
  readonly api?: Partial<PlatformApi>;
  readonly storage?: Readonly<Record<string, string>>;
  readonly cookies?: Readonly<Record<string, string>>;
  readonly kv?: Readonly<Record<string, unknown>>;
  readonly findDialog?: (name: string) => boolean;
  readonly fetchRange?: DownloadCapabilities['fetchRange'];
  readonly push?: Partial<PushCapabilities>;
}

const never = (): Observable<never> => EMPTY;

export const makeFakePlatform = (scheduler: SchedulerLike, options: FakePlatformOptions = {}) => {
  const calls: PlatformCall[] = [];
  const calls$ = new Subject<PlatformCall>();
  const base: PlatformApi = {
    subscriptionList: never,
    calculateList: never,
    sensitiveCheck: never,
    downloadUrl: never,
    editorCreate: never,
    editorDetail: never,
    editorSave: never,
    editorList: never,
    editorRename: never,
    editorDuplicate: never,
    editorDelete: never,
    pushConfig: never,
    pushToken: never,
  };
  const api = Object.fromEntries(
    (Object.keys(base) as (keyof PlatformApi)[]).map((name) => [
      name,
      (body?: unknown) => {
        const call = { at: scheduler.now(), name, body };
        calls.push(call);
        calls$.next(call);
        return ((options.api?.[name] ?? base[name]) as (b: unknown) => unknown)(body);
      },
    ]),
  ) as unknown as PlatformApi;
  const storage = memoryLocalStore(options.storage);
  const cookieDoc = memoryCookieDocument(() => scheduler.now(), options.cookies);
  const kv = memoryKeyValueStore(options.kv);
  const saved: { name: string; size: number; contentType: string; bytes: Uint8Array }[] = [];
  const opened: string[] = [];
  const queries: editor.RouteQuery[] = [];
  const themes: string[] = [];
  const push: PushCapabilities = {
    supported: () => false,
    permission: () => 'default',
    requestPermission: never,
    register: never,
    messages$: EMPTY,
    ...options.push,
  };
  const deps: PlatformDeps = {
    api,
    storage,
    cookies: makeCookieAdapter(cookieDoc, { secure: true }),
    kv,
    findDialog: options.findDialog ?? (() => false),
    download: {
      fetchRange: options.fetchRange ?? never,
      save: (name, parts, contentType) => {
        const size = parts.reduce((n, p) => n + p.length, 0);
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const p of parts) {
          bytes.set(p, at);
          at += p.length;
        }
        saved.push({ name, size, contentType, bytes });
      },
    },
    push,
    openExternal: (url) => void opened.push(url),
    replaceQuery: (query) => void queries.push(query),
    applyTheme: (theme) => void themes.push(theme),
  };
  return { deps, calls, calls$, storage, cookieDoc, kv, saved, opened, queries, themes };
};

export const fakePlatformDeps = (scheduler: SchedulerLike): PlatformDeps => makeFakePlatform(scheduler).deps;
