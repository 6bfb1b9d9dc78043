/**
 * The one HTTP client of the web client (spec §7). It adds the §7 headers, decodes every
 * response with its io-ts codec, treats `status.code 10000` as success and turns everything
 * else into a typed `ApiFailure` value: it never throws, never calls UI code, and a cancelled
 * request (unsubscribed) never emits. It owns the bearer token (issue 9): the token holder's
 * current token goes out as the §7 `token` header, and a `token` response header replaces it
 * (spec §4), so the token never passes through a domain event or the state. Issue 25: an answer
 * acts on the holder only while it still holds the token its request was sent with, so an answer
 * that arrives after a logout or another sign-in never brings an old session's token back; and an
 * answer saying that session is over (HTTP 401, or a spec §8 session code 20000-20004) drops the
 * token at once, whichever call got it, so no later request presents it again.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import {
  Observable,
  TimeoutError,
  asyncScheduler,
  catchError,
  mergeMap,
  of,
  timeout,
  timer,
  type SchedulerLike,
} from 'rxjs';
import { errors, parseRetryAfter } from '../../domain/index.js';
import { Envelope, ErrorEnvelope, HEADER, SUCCESS_CODE } from '../contract/envelope';
import type { TokenStore } from './tokenStore';

export type ApiFailure =
  | {
      readonly kind: 'api';
      readonly path: string;
      readonly code: number;
      readonly msg: string;
      /** The refusal's `data` when it carries one (e.g. retry_after_s of 20010), still to decode. */
      readonly data?: unknown;
    }
  | {
      readonly kind: 'http';
      readonly path: string;
      readonly status: number;
      /** The wait the answer's Retry-After asks for (429, 503), for retries that honour it. */
      readonly retryAfterMs?: number;
    }
  | { readonly kind: 'network'; readonly path: string; readonly message: string }
  | { readonly kind: 'decode'; readonly path: string; readonly errors: readonly string[] };

export type ApiResult<A> = E.Either<ApiFailure, A>;

/** The spec §8 code of a failure the server answered; 0 for a network, timeout or HTTP failure. */
export const apiCodeOf = (f: ApiFailure): number => (f.kind === 'api' ? f.code : 0);

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** The §7 headers for the next request (device id, language, ...); called once per request. */
  readonly headers: () => Readonly<Record<string, string>>;
  /** Spec §7: 360 s for the main client, 30 s for the plugin client. */
  readonly timeoutMs?: number;
  readonly scheduler?: SchedulerLike;
  /** The bearer token's holder: sent as the `token` header, refreshed from response headers. */
  readonly token?: TokenStore;
}

export interface HttpClient {
  readonly post: <A, O>(path: string, body: unknown, data: t.Type<A, O, unknown>) => Observable<ApiResult<A>>;
}

export const MAIN_TIMEOUT_MS = 360_000;
export const PLUGIN_TIMEOUT_MS = 30_000;

const describeError = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const decodeEnvelope = <A, O>(
  path: string,
  json: unknown,
  data: t.Type<A, O, unknown>,
): ApiResult<A> => {
  const head = ErrorEnvelope.decode(json);
  if (E.isLeft(head)) return E.left({ kind: 'decode', path, errors: PathReporter.report(head) });
  if (head.right.status.code !== SUCCESS_CODE)
    return E.left({
      kind: 'api',
      path,
      code: head.right.status.code,
      msg: head.right.status.msg,
      ...(head.right.data === null || head.right.data === undefined ? {} : { data: head.right.data }),
    });
  const full = Envelope(data).decode(json);
  if (E.isLeft(full)) return E.left({ kind: 'decode', path, errors: PathReporter.report(full) });
  return E.right(full.right.data as A);
};

/** An HTTP failure of `response`, with the wait its Retry-After asks for when it has one. */
const httpFailure = (path: string, response: Response, nowMs: number): ApiFailure => {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  return { kind: 'http', path, status: response.status, ...(retryAfterMs === null ? {} : { retryAfterMs }) };
};

/** HTTP 403 leads to /403 (spec §8); other non-2xx answers without an envelope are HTTP failures. */
const readResponse = async <A, O>(
  path: string,
  response: Response,
  data: t.Type<A, O, unknown>,
  nowMs: number,
): Promise<ApiResult<A>> => {
  if (response.status === 403) return E.left({ kind: 'http', path, status: 403 });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok && !ErrorEnvelope.is(json)) return E.left(httpFailure(path, response, nowMs));
  if (json === undefined) return E.left({ kind: 'decode', path, errors: ['the body is not JSON'] });
  return decodeEnvelope(path, json, data);
};

/** The answer says the session the request presented is over (spec §8 20000-20004, or HTTP 401). */
const endsSession = (status: number, result: ApiResult<unknown>): boolean =>
  status === 401 ||
  (E.isLeft(result) && result.left.kind === 'api' && errors.isSessionExpired(result.left.code));

export const makeHttpClient = (options: HttpClientOptions): HttpClient => {
  const timeoutMs = options.timeoutMs ?? MAIN_TIMEOUT_MS;
  const scheduler = options.scheduler ?? asyncScheduler;

  const post = <A, O>(path: string, body: unknown, data: t.Type<A, O, unknown>): Observable<ApiResult<A>> => {
    const request$ = new Observable<ApiResult<A>>((subscriber) => {
      const controller = new AbortController();
      const token = options.token?.get() ?? null;
      const headers = {
        'content-type': 'application/json',
        ...options.headers(),
        ...(token === null ? {} : { [HEADER.token]: token }),
      };
      options
        .fetch(options.baseUrl + path, {
          method: 'POST',
          headers,
          body: JSON.stringify(body ?? {}),
          credentials: 'include',
          signal: controller.signal,
        })
        .then(async (response) => {
          const result = await readResponse(path, response, data, scheduler.now());
          const holder = options.token;
          // Only the session this request spoke for: a logout or another sign-in since then wins.
          if (holder !== undefined && holder.get() === token) {
            // Spec §4: a token header on a response refreshes the stored token.
            const refreshed = response.headers.get(HEADER.token);
            if (refreshed) holder.set(refreshed);
            else if (token !== null && endsSession(response.status, result)) holder.clear();
          }
          subscriber.next(result);
          subscriber.complete();
        })
        .catch((err: unknown) => {
          // An aborted request was unsubscribed: spec §8 "cancelled requests never resolve".
          if (controller.signal.aborted) return;
          subscriber.next(E.left({ kind: 'network', path, message: describeError(err) }));
          subscriber.complete();
        });
      return () => controller.abort();
    });
    const attempt$ = request$.pipe(
      timeout({ first: timeoutMs, scheduler }),
      catchError((err: unknown) =>
        of<ApiResult<A>>(
          E.left({
            kind: 'network',
            path,
            message: err instanceof TimeoutError ? 'timeout' : describeError(err),
          }),
        ),
      ),
    );
    // Spec §8: a 502 on /api/v1/account/active is retried up to 3 times at 1 s (the domain decides).
    const withRetries = (retriesDone: number): Observable<ApiResult<A>> =>
      attempt$.pipe(
        mergeMap((result) => {
          if (E.isRight(result) || result.left.kind !== 'http') return of(result);
          const decision = errors.accountActiveRetryDecision(
            { path, status: result.left.status },
            retriesDone,
          );
          return decision.retry
            ? timer(decision.delayMs, scheduler).pipe(mergeMap(() => withRetries(retriesDone + 1)))
            : of(result);
        }),
      );
    return withRetries(0);
  };

  return { post };
};
