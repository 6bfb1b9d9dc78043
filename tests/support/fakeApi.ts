/**
 * A scripted fake of the typed API for epic tests: every call is recorded with the virtual
 * time it was made at, and answers with a cold observable so latency is part of the marble.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, Observable, Subject, of, type SchedulerLike } from 'rxjs';
import type { Api } from '../../infrastructure/store/dependencies';
import type { ApiResult } from '../../infrastructure/http/client';
import { memoryTokenStore } from '../../infrastructure/http/tokenStore';
import type { Dependencies } from '../../infrastructure/store/dependencies';
import { fakeDetailsDeps } from './fakes/details';
import { fakeBillingDeps } from './fakes/billing';
import { fakePlatformDeps } from './fakes/platform';
import { fakeSocialDeps } from './fakes/social';
import { conversationDeps } from './fakes/streaming';
import { fakeStudioDeps } from './fakes/studio';
import { fakeTasksDeps } from './fakes/tasks';
import { fakeTelemetryDeps } from './fakes/telemetry';
import { fakeUploadsDeps } from './fakes/uploads';

export interface Call {
  readonly at: number;
  readonly name: keyof Api;
  readonly body: unknown;
}

const never = <A>(): Observable<ApiResult<A>> => EMPTY;

export const makeFakeDeps = (
  scheduler: SchedulerLike,
  overrides: Partial<Api>,
  areas: Partial<
    Pick<
      Dependencies,
      | 'tasks'
      | 'uploads'
      | 'streaming'
      | 'chat'
      | 'characters'
      | 'studio'
      | 'telemetry'
      | 'platform'
      | 'details'
      | 'billing'
      | 'social'
    >
  > = {},
) => {
  const calls$ = new Subject<Call>();
  const calls: Call[] = [];
  const record = <K extends keyof Api>(name: K, impl: Api[K]): Api[K] =>
    ((...args: unknown[]) => {
      // The request body is the last argument (feedPage takes its path first).
      const call = { at: scheduler.now(), name, body: args[args.length - 1] };
      calls.push(call);
      calls$.next(call);
      return (impl as (...a: unknown[]) => unknown)(...args);
    }) as Api[K];
  const base: Api = {
    createTask: never,
    batchProgress: never,
    paymentInfo: () => of(E.right(null)),
    login: never,
    logout: () => of(E.right(null)),
    accountInfo: never,
    feedPage: never,
    reportItem: never,
    register: never,
    forgotPassword: never,
    resetPassword: never,
    settings: never,
    updateSettings: never,
    showSexy: never,
    setLanguage: never,
  };
  const api = Object.fromEntries(
    (Object.keys(base) as (keyof Api)[]).map((k) => [k, record(k, (overrides[k] ?? base[k]) as never)]),
  ) as unknown as Api;
  let n = 0;
  const navigations: string[] = [];
  const conversation = conversationDeps();
  const deps: Dependencies = {
    api,
    clock: { now: () => scheduler.now() },
    scheduler,
    ids: () => `id${++n}`,
    token: memoryTokenStore(),
    navigate: (to) => navigations.push(to),
    currentPath: () => navigations[navigations.length - 1] ?? '/',
    tasks: areas.tasks ?? fakeTasksDeps(),
    uploads: areas.uploads ?? fakeUploadsDeps(scheduler),
    streaming: areas.streaming ?? conversation.streaming,
    chat: areas.chat ?? conversation.chat,
    characters: areas.characters ?? conversation.characters,
    studio: areas.studio ?? fakeStudioDeps(),
    telemetry: areas.telemetry ?? fakeTelemetryDeps(scheduler),
    platform: areas.platform ?? fakePlatformDeps(scheduler),
    details: areas.details ?? fakeDetailsDeps(),
    billing: areas.billing ?? fakeBillingDeps(),
    social: areas.social ?? fakeSocialDeps(scheduler),
  };
  return { deps, calls, calls$, navigations };
};

/** A marble string with one `x` at each given virtual time (1 frame per character). */
export const marbleAt = (times: readonly number[], char = 'x'): string => {
  let out = '';
  let cursor = 0;
  for (const t of times) {
    const gap = t - cursor;
    if (gap < 0) throw new Error('times must increase');
    if (gap > 0) out += `${out === '' ? '' : ' '}${gap}ms `;
    out += char;
    cursor = t + 1;
  }
  return out;
};
