/**
 * Shared setup of the telemetry epic tests: a store over the fake dependencies with the fake
 * telemetry capabilities, and helpers to read what was uploaded.
 */
import * as E from 'fp-ts/Either';
import { expect } from 'vitest';
import { TestScheduler } from 'rxjs/testing';
import type { ApiResult } from '../../../infrastructure/http/client';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import {
  makeFakeTelemetry,
  type FakeTelemetryOptions,
  type TelemetryCall,
} from '../../support/fakes/telemetry';

export const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

export const setup = (scheduler: TestScheduler, options: FakeTelemetryOptions = {}) => {
  const fake = makeFakeTelemetry(scheduler, options);
  const { deps } = makeFakeDeps(scheduler, {}, { telemetry: fake.deps });
  const store = makeStore({ dependencies: deps });
  return { store, fake, deps };
};

export const OK: ApiResult<{ stored: number; duplicates: number }> = E.right({ stored: 1, duplicates: 0 });
export const DOWN: ApiResult<{ stored: number; duplicates: number }> = E.left({
  kind: 'http',
  path: '/x',
  status: 503,
});

/** The ids each upload of `name` carried, with the virtual time it was made at. */
export const uploads = (calls: readonly TelemetryCall[], name: TelemetryCall['name']) =>
  calls
    .filter((c) => c.name === name)
    .map((c) => ({ at: c.at, ids: ((c.body as { items: { id: string }[] }).items ?? []).map((i) => i.id) }));

export const eventTypes = (store: ReturnType<typeof setup>['store']) =>
  store.recorder.events().map((e) => e.type);
