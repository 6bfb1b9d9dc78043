/**
 * The browser's streaming capabilities: the studio calls on the shared HTTP client, fetch streams
 * for SSE with the spec §7 headers, and socket.io-client (loaded on first use) at /im/v1 on the page's
 * own origin (the T cookie travels with the handshake; the token, when its holder has one, goes in `auth`).
 */
import { filter, from, fromEvent, map, share, switchMap } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeStudioApi } from './api';
import type { StreamingDeps } from './deps';
import { makeFetchStream } from './fetchStream';
import { socketIoChatConnector } from './socketAdapter';

/** `headers` are the spec §7 headers the HTTP client sends too (one builder, in bootstrap). */
export const browserStreamingDeps = (
  http: HttpClient,
  headers: () => Record<string, string>,
): StreamingDeps => ({
  api: makeStudioApi(http),
  fetchStream: makeFetchStream({ baseUrl: '', fetch: (input, init) => window.fetch(input, init), headers }),
  // socket.io-client is loaded with the first chat, not with the page.
  connectChat: (args) =>
    from(import('socket.io-client')).pipe(
      switchMap(({ io }) => socketIoChatConnector(io, window.location.origin)(args)),
    ),
  pageShown: fromEvent(document, 'visibilitychange').pipe(
    filter(() => document.visibilityState === 'visible'),
    map(() => undefined),
    share(),
  ),
});
