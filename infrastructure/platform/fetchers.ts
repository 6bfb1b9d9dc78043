/** Plain GETs over a `fetch` function: byte ranges for chunked downloads. */
import { Observable } from 'rxjs';
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
