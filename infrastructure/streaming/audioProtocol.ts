/**
 * What the SSE audio stream means for the audio context, as pure functions: a response that is not
 * an event stream is a refused request (its envelope goes through the error map); `start`,
 * `chunk` and `end` become domain events; a chunk that is malformed, duplicate or out of order
 * ends the stream in error with the domain's reason (audio.acceptChunk), and so does an `end` whose
 * total disagrees with the chunks received. Nothing here throws: bad input is a failed stream.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { Observable, Subject } from 'rxjs';
import { audio } from '../../domain/index.js';
import {
  AUDIO_STREAM_CONTENT_TYPE,
  AUDIO_STREAM_EVENT,
  AudioStreamChunk,
  AudioStreamEnd,
  AudioStreamError,
  AudioStreamStart,
} from '../contract/streaming';
import type { Action } from '../epics/types';
import { decodeEnvelope, type ApiFailure } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { StreamPart } from './deps';
import { parseSse, type SseMessage } from './sse';

/** Reason keys this area adds beside the domain's malformed and out-of-order chunk keys. */
export const AUDIO_STREAM_INTERRUPTED = 'errors.audioStreamInterrupted';
export const AUDIO_STREAM_FAILED = 'errors.audioStreamFailed';
export const AUDIO_REQUEST_REFUSED = 'errors.audioRequestRefused';
export const AUDIO_REQUEST_INVALID = 'errors.audioRequestInvalid';
/** A stop asked for by the person; an incomplete stream, but nothing to show as an error. */
export const AUDIO_STREAM_STOPPED = 'audio.streamStopped';

export type AudioFrame =
  | { readonly kind: 'message'; readonly message: SseMessage }
  | { readonly kind: 'refused'; readonly failure: ApiFailure };

const isEventStream = (contentType: string): boolean =>
  contentType.split(';')[0]?.trim().toLowerCase() === AUDIO_STREAM_CONTENT_TYPE;

const joinBytes = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The failure a non-stream answer stands for: its envelope's code, else its HTTP status. */
export const refusalOf = (path: string, status: number, body: Uint8Array): ApiFailure => {
  if (status === 403) return { kind: 'http', path, status };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return status >= 200 && status < 300
      ? { kind: 'decode', path, errors: ['expected an event stream'] }
      : { kind: 'http', path, status };
  }
  const result = decodeEnvelope(path, json, t.unknown);
  return E.isLeft(result) ? result.left : { kind: 'decode', path, errors: ['expected an event stream'] };
};

/** Streaming parts to frames: SSE messages of an event stream, or one refusal for anything else. */
export const readAudioResponse =
  (path: string) =>
  (parts$: Observable<StreamPart>): Observable<AudioFrame> =>
    new Observable<AudioFrame>((subscriber) => {
      const sseBytes = new Subject<Uint8Array>();
      const messages = parseSse(sseBytes).subscribe({
        next: (message) => subscriber.next({ kind: 'message', message }),
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
      let mode: 'head' | 'sse' | 'other' = 'head';
      let status = 0;
      const other: Uint8Array[] = [];
      const parts = parts$.subscribe({
        next: (part) => {
          if (part.kind === 'response') {
            status = part.status;
            mode = part.status === 200 && isEventStream(part.contentType) ? 'sse' : 'other';
          } else if (mode === 'sse') sseBytes.next(part.bytes);
          else other.push(part.bytes);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => {
          if (mode === 'sse') {
            sseBytes.complete();
            return;
          }
          // No answer at all is a cut connection, not a refusal.
          if (mode === 'head') {
            subscriber.complete();
            return;
          }
          subscriber.next({ kind: 'refused', failure: refusalOf(path, status, joinBytes(other)) });
          subscriber.complete();
        },
      });
      return () => {
        parts.unsubscribe();
        messages.unsubscribe();
      };
    });

export interface AudioTracker {
  readonly streamId: string;
  readonly started: boolean;
  /** The chunk count `start` announced. */
  readonly expected: number | null;
  readonly received: readonly string[];
}

export interface AudioStep {
  readonly tracker: AudioTracker;
  readonly actions: readonly Action[];
  /** True once the stream is over or failed: nothing after it is read. */
  readonly done: boolean;
}

export const initialTracker = (streamId: string): AudioTracker => ({
  streamId,
  started: false,
  expected: null,
  received: [],
});

const decodeData = <A, O>(codec: t.Type<A, O, unknown>, data: string): A | null => {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const result = codec.decode(json);
  return E.isRight(result) ? result.right : null;
};

const failed = (tracker: AudioTracker, reasonKey: string, before: readonly Action[] = []): AudioStep => ({
  tracker,
  actions: [...before, audio.streamFailed({ streamId: tracker.streamId, reasonKey })],
  done: true,
});

const continuing = (tracker: AudioTracker, actions: readonly Action[] = []): AudioStep => ({
  tracker,
  actions,
  done: false,
});

/** One SSE message of the audio stream, read against what was received so far. */
export const stepAudioStream = (tracker: AudioTracker, message: SseMessage, path: string): AudioStep => {
  const { streamId } = tracker;
  switch (message.event) {
    case AUDIO_STREAM_EVENT.start: {
      const start = decodeData(AudioStreamStart, message.data);
      if (start === null || start.stream_id !== streamId || tracker.started)
        return failed(tracker, audio.AUDIO_CHUNK_MALFORMED);
      return continuing({ ...tracker, started: true, expected: start.chunks });
    }
    case AUDIO_STREAM_EVENT.chunk: {
      const chunk = decodeData(AudioStreamChunk, message.data);
      if (chunk === null || chunk.stream_id !== streamId) return failed(tracker, audio.AUDIO_CHUNK_MALFORMED);
      if (!tracker.started) return failed(tracker, audio.AUDIO_CHUNK_OUT_OF_ORDER);
      const verdict = audio.acceptChunk(tracker.received, chunk.index, chunk.audioData);
      if (verdict.kind === 'reject') return failed(tracker, verdict.reasonKey);
      const next = { ...tracker, received: [...tracker.received, chunk.audioData] };
      return continuing(next, [
        audio.chunkReceived({ streamId, index: chunk.index, audioData: chunk.audioData }),
      ]);
    }
    case AUDIO_STREAM_EVENT.end: {
      const end = decodeData(AudioStreamEnd, message.data);
      if (end === null || end.stream_id !== streamId || !tracker.started)
        return failed(tracker, audio.AUDIO_CHUNK_MALFORMED);
      // A total the chunks do not add up to means a chunk went missing.
      if (
        end.total !== tracker.received.length ||
        (tracker.expected !== null && tracker.expected !== end.total)
      )
        return failed(tracker, audio.AUDIO_CHUNK_OUT_OF_ORDER);
      return { tracker, actions: [audio.streamEnded({ streamId })], done: true };
    }
    case AUDIO_STREAM_EVENT.error: {
      const error = decodeData(AudioStreamError, message.data);
      const report =
        error === null
          ? []
          : [reportApiFailure({ failure: { kind: 'api', path, code: error.code, msg: error.msg } })];
      return failed(tracker, AUDIO_STREAM_FAILED, report);
    }
    default:
      // Comments, keep-alives and events of a newer server are not ours to judge.
      return continuing(tracker);
  }
};
