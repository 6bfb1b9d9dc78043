/**
 * The browser's streaming capabilities: the studio calls on the shared HTTP client, fetch streams
 * for SSE with the spec §7 headers, and socket.io-client at /im/v1 on the page's own origin (the
 * T cookie travels with the handshake; the token, when the state has one, goes in `auth`).
 */
import { io } from 'socket.io-client';
import { APP_ID, HEADER, PLATFORM } from '../contract/envelope';
import { deviceId, randomId, storedLanguage } from '../adapters/device';
import type { HttpClient } from '../http/client';
import { makeStudioApi } from './api';
import type { StreamingDeps } from './deps';
import { makeFetchStream } from './fetchStream';
import { socketIoChatConnector } from './socketAdapter';

/** The §7 headers, built the way the HTTP client's are (the client does not expose its own). */
const browserHeaders = (): Record<string, string> => ({
  [HEADER.deviceId]: deviceId(window.localStorage),
  [HEADER.appId]: APP_ID,
  [HEADER.platform]: PLATFORM,
  [HEADER.requestId]: randomId(),
  [HEADER.timezone]: Intl.DateTimeFormat().resolvedOptions().timeZone,
  [HEADER.language]: storedLanguage(window.localStorage) ?? window.navigator.language ?? 'en',
});

export const browserStreamingDeps = (http: HttpClient): StreamingDeps => ({
  api: makeStudioApi(http),
  fetchStream: makeFetchStream({ baseUrl: '', fetch: (input, init) => window.fetch(input, init), headers: browserHeaders }),
  connectChat: socketIoChatConnector(io, window.location.origin),
});
