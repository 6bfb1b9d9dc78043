/**
 * The browser's streaming capabilities: the studio calls on the shared HTTP client, fetch streams
 * for SSE with the spec §7 headers, and socket.io-client (loaded on first use) at /im/v1 on the page's
 * own origin (the T cookie travels with the handshake; the token, when its holder has one, goes in `auth`).
 */
import { Observable, filter, from, fromEvent, map, share, switchMap } from 'rxjs';
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
  playAudio: playAudioBlob,
  pageShown: fromEvent(document, 'visibilitychange').pipe(
    filter(() => document.visibilityState === 'visible'),
    map(() => undefined),
    share(),
  ),
});

/**
 * Plays a WAV blob in an <audio> element kept in the page while it plays (so its state can be
 * seen, e.g. by assistive tools and tests: `audio[data-chat-voice]`). A refused autoplay ends it.
 */
export const playAudioBlob = (blob: Blob): Observable<'playing'> =>
  new Observable<'playing'>((subscriber) => {
    const url = URL.createObjectURL(blob);
    const el = document.createElement('audio');
    el.src = url;
    el.dataset['chatVoice'] = 'playing';
    el.hidden = true;
    document.body.appendChild(el);
    el.addEventListener('playing', () => subscriber.next('playing'));
    el.addEventListener('ended', () => subscriber.complete());
    el.addEventListener('error', () => subscriber.complete());
    el.play().catch(() => {
      el.dataset['chatVoice'] = 'blocked';
      subscriber.complete();
    });
    return () => {
      el.pause();
      el.remove();
      URL.revokeObjectURL(url);
    };
  });
