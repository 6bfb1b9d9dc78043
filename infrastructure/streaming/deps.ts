/**
 * Capabilities the audio streaming epics need, injected: a streaming POST for the SSE audio stream
 * and an audio output that plays its samples as they arrive (the chat's socket and calls are the
 * chat's, chat/deps.ts; the characters' calls are theirs, characters/deps.ts).
 * Browser implementations are in browser.ts; tests pass fakes driven by a TestScheduler.
 */
import type { Observable } from 'rxjs';

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
  /**
   * POSTs `body` and streams the answer. Errors when the connection fails or is cut; completes
   * when the body ends; unsubscribing aborts the request.
   */
  readonly fetchStream: (req: StreamRequest) => Observable<StreamPart>;
  /** Plays streamed samples as they arrive (Web Audio in the browser): the songs, speech and voice replies. */
  readonly audioOut: AudioOutput;
}
