/**
 * Capabilities the streaming epics need, injected: the studio calls (characters, chat sessions and
 * history), a streaming POST for the SSE audio stream, an audio output that plays its samples as
 * they arrive, and a socket factory for the chat at /im/v1.
 * Browser implementations are in browser.ts; tests pass fakes driven by a TestScheduler.
 */
import type { Observable } from 'rxjs';
import type { StudioApi } from './api';

/** What a streaming POST yields: the response head once, then the body's bytes as they arrive. */
export type StreamPart =
  | { readonly kind: 'response'; readonly status: number; readonly contentType: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

export interface StreamRequest {
  readonly path: string;
  readonly body: unknown;
  /**
   * Sent as the `token` header (spec §7: streaming calls also send the token); null sends none.
   * The epic reads it from the injected token holder at the moment of the call.
   */
  readonly token: string | null;
  /** Sent as `Last-Event-ID` when a cut stream is resumed: the index of the last whole chunk. */
  readonly lastEventId?: string;
}

/** One live socket: `send` emits the server's acknowledgement once (never, if the socket drops). */
export interface ChatConnection {
  readonly send: (event: string, payload: unknown) => Observable<unknown>;
}

export type ChatSignal =
  | { readonly kind: 'connected'; readonly connection: ChatConnection }
  | { readonly kind: 'event'; readonly event: string; readonly payload: unknown };

/** Why a chat socket ended: the observable of `connectChat` errors with one of these. */
export type ChatSocketEnd =
  | { readonly kind: 'closed'; readonly reason: string }
  /** The server refused the handshake (spec §8 code, e.g. 20000 for a guest); not retried. */
  | { readonly kind: 'refused'; readonly code: number; readonly msg: string };

export const isChatSocketEnd = (err: unknown): err is ChatSocketEnd =>
  typeof err === 'object' &&
  err !== null &&
  ((err as ChatSocketEnd).kind === 'closed' || (err as ChatSocketEnd).kind === 'refused');

/** One stream's playback: samples are queued back to back from the moment they arrive. */
export interface AudioSink {
  readonly play: (samples: Float32Array) => void;
  readonly pause: () => void;
  readonly resume: () => void;
  /** No more samples will come: `ended$` emits once the queued ones have played. */
  readonly finish: () => void;
  readonly close: () => void;
  readonly ended$: Observable<void>;
}

export interface AudioOutput {
  readonly open: (sampleRate: number) => AudioSink;
}

export interface StreamingDeps {
  readonly api: StudioApi;
  /**
   * POSTs `body` and streams the answer. Errors when the connection fails or is cut; completes
   * when the body ends; unsubscribing aborts the request.
   */
  readonly fetchStream: (req: StreamRequest) => Observable<StreamPart>;
  /**
   * Opens one socket (no automatic reconnection: the epic decides when to retry). Emits
   * `connected` once the handshake succeeds and `event` for each server event; errors with a
   * `ChatSocketEnd` when the socket closes or is refused; unsubscribing closes it.
   */
  readonly connectChat: (auth: { readonly token: string | null }) => Observable<ChatSignal>;
  /** Plays streamed samples as they arrive (Web Audio in the browser): the songs, speech and voice replies. */
  readonly audioOut: AudioOutput;
  /** Emits each time the page is shown again after being hidden (a tab switched back to). */
  readonly pageShown?: Observable<void>;
}
