/**
 * Log error report (spec §7, §8 error-report types: not webp, image error, api exception, upload
 * exception, page error). A `telemetry/reportError` command sends one report with a client id, so
 * a retry is stored once; a failed send is retried twice, 5 s apart, then given up (an error
 * report is not worth a queue that outlives the page). Failed calls of the API (undecodable
 * answers and HTTP 5xx, never our own reports, which do not go through `api/reportFailure`)
 * are reported as `api_exception`.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  catchError,
  defer,
  filter,
  ignoreElements,
  map,
  mergeMap,
  retry,
  take,
  throwError,
  timer,
} from 'rxjs';
import type { ErrorReportRequest } from '../contract/telemetry';
import type { ApiFailure } from '../http/client';
import type { AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { MALFORMED_CODE } from './channels';
import { reportClientError } from './commands';

export const ERROR_REPORT_RETRIES = 2;
export const ERROR_REPORT_RETRY_MS = 5000;

const clip = (s: string, max: number): string => (s.length <= max ? s : s.slice(0, max));

/** The api-exception report of a failed call, or null when the failure is not the API's fault. */
export const apiExceptionOf = (
  failure: ApiFailure,
): { readonly message: string; readonly detail: Record<string, string | number> } | null => {
  switch (failure.kind) {
    case 'decode':
      return {
        message: `undecodable answer from ${failure.path}`,
        detail: { path: failure.path, errors: clip(failure.errors.join('; '), 900) },
      };
    case 'http':
      return failure.status >= 500
        ? {
            message: `HTTP ${failure.status} from ${failure.path}`,
            detail: { path: failure.path, status: failure.status },
          }
        : null;
    case 'api':
    case 'network':
      return null;
  }
};

export const errorReportEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter((a) => reportClientError.match(a) || reportApiFailure.match(a)),
    map((a) => {
      if (reportClientError.match(a))
        return { type: a.payload.type, message: a.payload.message, detail: a.payload.detail ?? {} };
      const api = reportApiFailure.match(a) ? apiExceptionOf(a.payload.failure) : null;
      return api === null ? null : { type: 'api_exception' as const, ...api };
    }),
    filter((r) => r !== null),
    mergeMap((r) => {
      const body = {
        id: deps.ids(),
        type: r.type,
        message: clip(r.message, 2000),
        page_location: clip(deps.telemetry.page().pageLocation, 2048),
        at: deps.clock.now(),
        detail: r.detail,
      } as ErrorReportRequest;
      return defer(() => deps.telemetry.api.errorReport(body)).pipe(
        take(1),
        // A malformed report (10400) is not sent again; anything else is retried.
        mergeMap((result) =>
          E.isRight(result) || (result.left.kind === 'api' && result.left.code === MALFORMED_CODE)
            ? EMPTY
            : throwError(() => result.left),
        ),
        retry({ count: ERROR_REPORT_RETRIES, delay: () => timer(ERROR_REPORT_RETRY_MS, deps.scheduler) }),
        // Given up after the retries: an error report never raises an error of its own.
        catchError(() => EMPTY),
        ignoreElements(),
      );
    }),
  );
