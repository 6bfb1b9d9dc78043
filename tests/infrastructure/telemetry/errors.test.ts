import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../infrastructure/http/client';
import { reportApiFailure } from '../../../infrastructure/notices/commands';
import { reportClientError } from '../../../infrastructure/telemetry/commands';
import { apiExceptionOf } from '../../../infrastructure/telemetry/errors';
import { newScheduler, setup } from './harness';

const down = E.left({ kind: 'network' as const, path: '/api/v1/log/error/report', message: 'offline' });
const stored = E.right({ stored: 1, duplicates: 0 });

describe('log error report (spec §7 "log error report", §8 error-report types)', () => {
  it('sends one report with a client id, the page and the time', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, {
        api: { errorReport: () => cold('10ms r|', { r: stored as never }) },
      });
      cold('42ms x').subscribe(() =>
        store.dispatch(
          reportClientError({
            type: 'image_error',
            message: 'cover failed',
            detail: { url: '/blobs/a.png' },
          }),
        ),
      );
      flush();
      expect(fake.calls.filter((c) => c.name === 'errorReport').map((c) => c.body)).toEqual([
        {
          id: expect.any(String),
          type: 'image_error',
          message: 'cover failed',
          page_location: 'http://atelier.test/',
          at: 42,
          detail: { url: '/blobs/a.png' },
        },
      ]);
    });
  });

  it('retries a failed report twice, 5 s apart, with the same id, then gives up; a 10400 is not retried', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers = [
        down,
        down,
        down,
        E.left({ kind: 'api' as const, path: '/x', code: 10400, msg: 'bad' }),
      ];
      let i = 0;
      const { store, fake } = setup(scheduler, {
        api: { errorReport: () => cold('10ms r|', { r: answers[i++]! as never }) },
      });
      store.dispatch(reportClientError({ type: 'page_error', message: 'boom' }));
      cold('60000ms x').subscribe(() =>
        store.dispatch(reportClientError({ type: 'page_error', message: 'bad' })),
      );
      flush();
      const calls = fake.calls.filter((c) => c.name === 'errorReport');
      expect(calls.map((c) => c.at)).toEqual([0, 5010, 10_020, 60_000]);
      expect(new Set(calls.slice(0, 3).map((c) => (c.body as { id: string }).id)).size).toBe(1);
    });
  });

  it('reports undecodable answers and HTTP 5xx as api_exception, and nothing for the rest', () => {
    const failures: ApiFailure[] = [
      { kind: 'decode', path: '/api/v1/x', errors: ['bad field'] },
      { kind: 'http', path: '/api/v1/y', status: 502 },
      { kind: 'http', path: '/api/v1/z', status: 404 },
      { kind: 'api', path: '/api/v1/z', code: 70002, msg: 'queue full' },
      { kind: 'network', path: '/api/v1/z', message: 'offline' },
    ];
    expect(failures.map((f) => apiExceptionOf(f)?.message ?? null)).toEqual([
      'undecodable answer from /api/v1/x',
      'HTTP 502 from /api/v1/y',
      null,
      null,
      null,
    ]);
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, {
        api: { errorReport: () => cold('r|', { r: stored as never }) },
      });
      for (const failure of failures) store.dispatch(reportApiFailure({ failure }));
      flush();
      expect(
        fake.calls
          .filter((c) => c.name === 'errorReport')
          .map((c) => [(c.body as { type: string }).type, (c.body as { detail: object }).detail]),
      ).toEqual([
        ['api_exception', { path: '/api/v1/x', errors: 'bad field' }],
        ['api_exception', { path: '/api/v1/y', status: 502 }],
      ]);
    });
  });
});
