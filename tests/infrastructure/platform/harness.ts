/**
 * One store over the fake core API and the fake platform capabilities, in virtual time, plus
 * small helpers to act at a virtual time and read the recorded events.
 */
import { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import type { DomainEvent } from '../../../domain/index.js';
import type { Api } from '../../../infrastructure/store/dependencies';
import { openTokenStore } from '../../../infrastructure/http/tokenStore';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakePlatform, type FakePlatformOptions } from '../../support/fakes/platform';

export const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/**
 * Other areas' epics also start on `app/start`; a horizon of 1000 s of virtual time keeps a
 * periodic timer of theirs from making `flush()` run forever.
 */
export const HORIZON_MS = 1_000_000;

export const platformStore = (
  scheduler: TestScheduler,
  options: FakePlatformOptions = {},
  api: Partial<Api> = {},
) => {
  scheduler.maxFrames = HORIZON_MS;
  const fake = makeFakePlatform(scheduler, options);
  const core = makeFakeDeps(scheduler, api, { platform: fake.deps });
  // The token holder over the same local storage, opened as bootstrap opens it.
  const token = openTokenStore(fake.deps.storage);
  const store = makeStore({ dependencies: { ...core.deps, token } });
  const events = (type?: string): DomainEvent[] =>
    store.recorder.events().filter((e) => type === undefined || e.type === type) as DomainEvent[];
  return { store, fake, core, events, token };
};

/** Runs `fn` at virtual time `ms` (inside `TestScheduler.run`). */
export const at = (scheduler: TestScheduler, ms: number, fn: () => void): void => {
  scheduler.schedule(fn, ms);
};

/** The recorded events as a stream (each dispatch publishes the events it recorded). */
export const recordedEvents$ = (store: ReturnType<typeof makeStore>) =>
  new Observable<DomainEvent>((subscriber) => {
    let seen = store.recorder.events().length;
    return store.subscribe(() => {
      const all = store.recorder.events();
      for (; seen < all.length; seen++) subscriber.next(all[seen] as DomainEvent);
    });
  });
