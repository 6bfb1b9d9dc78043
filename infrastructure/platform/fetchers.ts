/** Plain GETs over a `fetch` function: byte ranges for chunked downloads and JSON documents. */
import { Observable, defer, from } from 'rxjs';
import type { RangeResponse } from './deps';

export type PlainFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** One Range GET; unsubscribing aborts it. Non-2xx answers are values (the caller checks them). */
export const makeFetchRange =
  (fetchFn: PlainFetch) =>
  (url: string, start: number, end: number): Observable<RangeResponse> =>
    new Observable<RangeResponse>((subscriber) => {
      const controller = new AbortController();
      fetchFn(url, {
        headers: { range: `bytes=${start}-${end}` },
        credentials: 'same-origin',
        signal: controller.signal,
      })
        .then(async (r) => {
          const bytes = new Uint8Array(await r.arrayBuffer());
          subscriber.next({
            status: r.status,
            bytes,
            contentRange: r.headers.get('content-range'),
            contentType: r.headers.get('content-type'),
          });
          subscriber.complete();
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) subscriber.error(err);
        });
      return () => controller.abort();
    });

/** A JSON document; errors on network failures and non-2xx answers. */
export const makeGetJson =
  (fetchFn: PlainFetch) =>
  (path: string): Observable<unknown> =>
    defer(() =>
      from(
        fetchFn(path, { credentials: 'same-origin' }).then((r) => {
          if (!r.ok) throw new Error(`GET ${path}: HTTP ${r.status}`);
          return r.json() as Promise<unknown>;
        }),
      ),
    );
