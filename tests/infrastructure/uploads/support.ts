/** Helpers of the upload epic tests: a store over the fake upload server, and event streams. */
import { Subject, type SchedulerLike } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import { session, type DomainEvent } from '../../../domain/index.js';
import { makeStore, type AppStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeUploadServer, type FakeUploadServerOptions } from '../../support/fakes/uploads';
import type { UploadsDeps } from '../../../infrastructure/uploads/deps';
import type { Api } from '../../../infrastructure/store/dependencies';

export const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

export const signedIn = session.userInfoSet({
  user: {
    id: 'u1',
    accountName: 'u1',
    name: 'U',
    email: 'u1@atelier.test',
    avatar: '',
    status: 1,
    role: 'user',
  },
});

/** A store whose upload capabilities are the fake server's (or `uploads` when given), and `api` calls answered. */
export const uploadStore = (
  scheduler: SchedulerLike,
  options: FakeUploadServerOptions = {},
  uploads?: (server: ReturnType<typeof fakeUploadServer>) => UploadsDeps,
  api: Partial<Api> = {},
) => {
  const server = fakeUploadServer(scheduler, options);
  const { deps, navigations } = makeFakeDeps(scheduler, api, {
    uploads: uploads ? uploads(server) : server.deps,
  });
  const store = makeStore({ dependencies: deps });
  return { store, server, navigations, events$: eventStream(store) };
};

/** The recorded events as they are recorded, in virtual time. */
export const eventStream = (store: AppStore) => {
  const out = new Subject<DomainEvent>();
  let seen = 0;
  store.subscribe(() => {
    const events = store.recorder.events();
    while (seen < events.length) out.next(events[seen++]!);
  });
  return out;
};

/**
 * A marble with the given values at the given frames; values at one frame become a group.
 * A group `(ab)` takes as many frames as it has characters, as the marble syntax says.
 */
export const timeline = (entries: readonly (readonly [number, string])[]): string => {
  const byTime = new Map<number, string[]>();
  for (const [t, v] of entries) byTime.set(t, [...(byTime.get(t) ?? []), v]);
  let out = '';
  let cursor = 0;
  for (const t of [...byTime.keys()].sort((a, b) => a - b)) {
    const values = byTime.get(t)!;
    const gap = t - cursor;
    if (gap < 0) throw new Error(`frame ${t} falls inside the previous group`);
    if (gap > 0) out += `${out === '' ? '' : ' '}${gap}ms `;
    const token = values.length === 1 ? values[0]! : `(${values.join('')})`;
    out += token;
    cursor = t + token.length;
  }
  return out;
};

export const typesOf = (store: AppStore, prefix = 'uploads/') =>
  store.recorder
    .events()
    .map((e) => e.type)
    .filter((t) => t.startsWith(prefix));
