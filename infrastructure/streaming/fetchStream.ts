/**
 * The streaming POST over fetch: emits the response head, then each chunk of the body as the
 * network delivers it; unsubscribing aborts the request; a resumed stream sends `Last-Event-ID`.
 * Works with the browser's fetch and Node's.
 */
import { Observable } from 'rxjs';
import { HEADER } from '../contract/envelope';
import { LAST_EVENT_ID_HEADER } from '../contract/streaming';
import type { FetchLike } from '../http/client';
import type { StreamPart, StreamRequest } from './deps';

export interface FetchStreamOptions {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** The spec §7 headers of every call (device id, app id, platform, request id, ...). */
  readonly headers: () => Readonly<Record<string, string>>;
}

export const makeFetchStream =
  (options: FetchStreamOptions) =>
  (req: StreamRequest): Observable<StreamPart> =>
    new Observable<StreamPart>((subscriber) => {
      const controller = new AbortController();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...options.headers(),
        ...(req.token === null ? {} : { [HEADER.token]: req.token }),
        ...(req.lastEventId === undefined ? {} : { [LAST_EVENT_ID_HEADER]: req.lastEventId }),
      };
      options
        .fetch(options.baseUrl + req.path, {
          method: 'POST',
          headers,
          body: JSON.stringify(req.body ?? {}),
          credentials: 'include',
          signal: controller.signal,
        })
        .then(async (response) => {
          subscriber.next({
            kind: 'response',
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
          });
          const body = response.body;
          if (body === null) {
            subscriber.complete();
            return;
          }
          const reader = body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (subscriber.closed) return;
            subscriber.next({ kind: 'bytes', bytes: value });
          }
          subscriber.complete();
        })
        .catch((err: unknown) => {
          // An aborted request was unsubscribed: nobody is listening any more.
          if (controller.signal.aborted) return;
          subscriber.error(err);
        });
      return () => controller.abort();
    });
