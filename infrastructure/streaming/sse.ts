/**
 * Server-sent events over a streaming POST: bytes are decoded as UTF-8 (a character split across
 * two reads is kept for the next one) and parsed with eventsource-parser. An event cut off by the
 * end of the body is dropped, as the SSE rules say.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { Observable } from 'rxjs';

export interface SseMessage {
  readonly event: string | null;
  readonly id: string | null;
  readonly data: string;
}

export const parseSse = (bytes$: Observable<Uint8Array>): Observable<SseMessage> =>
  new Observable<SseMessage>((subscriber) => {
    const decoder = new TextDecoder('utf-8');
    const parser = createParser({
      onEvent: (e: EventSourceMessage) =>
        subscriber.next({ event: e.event ?? null, id: e.id ?? null, data: e.data }),
    });
    const subscription = bytes$.subscribe({
      next: (chunk) => parser.feed(decoder.decode(chunk, { stream: true })),
      error: (err: unknown) => subscriber.error(err),
      complete: () => {
        parser.feed(decoder.decode());
        parser.reset();
        subscriber.complete();
      },
    });
    return () => subscription.unsubscribe();
  });
