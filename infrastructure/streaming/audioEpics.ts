/**
 * Audio stream epics (spec §4 "start, chunks in order, end"; §8 "audio stream error sets status
 * error"). A start command names a new stream (`aud_` + a random id, sent as stream_id), records
 * `streamStarted` and opens the SSE request; each frame goes through the pure audio protocol. The
 * stream ends at the first terminal event (ended or failed), which also aborts the request. A
 * new start abandons the running stream (switchMap aborts it; the new id supersedes it in state);
 * a stop aborts it and records `streamFailed` with `audio.streamStopped`.
 *
 * A body that ends or a connection that breaks before `end` is resumed: the same request again,
 * with `Last-Event-ID` naming the last whole chunk (none yet: the stream starts over, `start`
 * included), so the chunks go on from the next one, none twice and none missed. A connection that
 * brought a chunk is resumed at once; one that brought none is a failure, retried after the delays
 * of backoff.ts, and after STREAM_RESUME_RETRIES failures in a row the stream records
 * `errors.audioStreamInterrupted`. A refusal or an `error` event ends the stream at once: only cuts
 * are retried.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  EMPTY,
  catchError,
  concat,
  concatMap,
  defer,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  take,
  takeWhile,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import { audio } from '../../domain/index.js';
import {
  AUDIO_TTS_STREAM_PATH,
  SONG_PREVIEW_STREAM_PATH,
  SongPreviewRequest,
  TtsStreamRequest,
} from '../contract/streaming';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { STREAM_RESUME_RETRIES, streamResumeDelay } from './backoff';
import {
  AUDIO_REQUEST_INVALID,
  AUDIO_REQUEST_REFUSED,
  AUDIO_STREAM_INTERRUPTED,
  AUDIO_STREAM_STOPPED,
  initialTracker,
  readAudioResponse,
  stepAudioStream,
  type AudioStep,
} from './audioProtocol';
import {
  pauseAudioStream,
  resumeAudioStream,
  startAudioStream,
  stopAudioStream,
  type AudioStreamSource,
} from './commands';

/** The request of a source, checked with the same codec the server uses. */
export const audioRequestOf = (
  source: AudioStreamSource,
  streamId: string,
): { readonly path: string; readonly body: E.Either<t.Errors, unknown> } => {
  if (source.kind === 'tts') {
    const body = {
      text: source.text,
      stream_id: streamId,
      ...(source.voice === undefined ? {} : { voice: source.voice }),
      ...(source.timbreId === undefined ? {} : { timbre_id: source.timbreId }),
      ...(source.emotion === undefined ? {} : { emotion: source.emotion }),
      ...(source.lang === undefined ? {} : { lang: source.lang }),
    };
    return {
      path: AUDIO_TTS_STREAM_PATH,
      body: E.map(TtsStreamRequest.encode)(TtsStreamRequest.decode(body)),
    };
  }
  const body = {
    style: source.style,
    emotion: source.emotion,
    instrument: source.instrument,
    stream_id: streamId,
    ...(source.voice === undefined ? {} : { voice: source.voice }),
    ...(source.seed === undefined ? {} : { seed: source.seed }),
  };
  return {
    path: SONG_PREVIEW_STREAM_PATH,
    body: E.map(SongPreviewRequest.encode)(SongPreviewRequest.decode(body)),
  };
};

const isTerminal = (a: Action): boolean => audio.streamEnded.match(a) || audio.streamFailed.match(a);

export const audioStreamEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(startAudioStream.match),
    switchMap(({ payload }) => {
      const streamId = `aud_${deps.ids()}`;
      const started = audio.streamStarted({ streamId });
      const request = audioRequestOf(payload.source, streamId);
      if (E.isLeft(request.body))
        return from<Action[]>([started, audio.streamFailed({ streamId, reasonKey: AUDIO_REQUEST_INVALID })]);
      const { path } = request;
      const body = request.body.right;
      let tracker = initialTracker(streamId);
      const interrupted = audio.streamFailed({ streamId, reasonKey: AUDIO_STREAM_INTERRUPTED });
      /** One connection; `failures`: the connections just before it, in a row, that brought no chunk. */
      const connect = (failures: number): Observable<Action> =>
        defer(() => {
          const had = tracker.received.length;
          // Without a whole chunk the stream starts over, and its `start` comes again.
          if (had === 0) tracker = initialTracker(streamId);
          let over = false;
          const read$ = deps.streaming
            .fetchStream({
              path,
              body,
              token: deps.token.get(),
              ...(had === 0 ? {} : { lastEventId: String(had - 1) }),
            })
            .pipe(
              readAudioResponse(path),
              map((frame): AudioStep => {
                if (frame.kind === 'refused')
                  return {
                    tracker,
                    actions: [
                      reportApiFailure({ failure: frame.failure }),
                      audio.streamFailed({ streamId, reasonKey: AUDIO_REQUEST_REFUSED }),
                    ],
                    done: true,
                  };
                const step = stepAudioStream(tracker, frame.message, path);
                tracker = step.tracker;
                return step;
              }),
              takeWhile((step) => !step.done, true),
              tap((step) => {
                over = step.done;
              }),
              concatMap((step) => from(step.actions)),
              // A broken connection is a cut, as a body that ends before a terminal event is.
              catchError(() => EMPTY),
            );
          return concat(
            read$,
            defer(() => {
              if (over) return EMPTY;
              const inRow = tracker.received.length > had ? 0 : failures + 1;
              if (inRow > STREAM_RESUME_RETRIES) return of(interrupted);
              return inRow === 0
                ? connect(0)
                : timer(streamResumeDelay(inRow), deps.scheduler).pipe(mergeMap(() => connect(inRow)));
            }),
          );
        });
      const run$ = connect(0);
      const stopped$ = action$.pipe(
        filter(stopAudioStream.match),
        take(1),
        map(() => audio.streamFailed({ streamId, reasonKey: AUDIO_STREAM_STOPPED })),
      );
      return concat(of(started), merge(run$, stopped$).pipe(takeWhile((a) => !isTerminal(a), true)));
    }),
  );

/** Pausing and resuming playback of the current stream (chunks keep arriving while paused). */
export const audioPlaybackEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => pauseAudioStream.match(a) || resumeAudioStream.match(a)),
    mergeMap((a) => {
      const s = state$.value.audio;
      if (pauseAudioStream.match(a) && s.status === 'start')
        return of(audio.streamPaused({ streamId: s.streamId }));
      if (resumeAudioStream.match(a) && s.status === 'paused')
        return of(audio.streamResumed({ streamId: s.streamId }));
      return EMPTY;
    }),
  );

export const audioEpics = [audioStreamEpic, audioPlaybackEpic] as const;
