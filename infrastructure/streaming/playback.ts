/**
 * Playback of the streamed audio (spec §4 audio stream; Web Audio through the injected output):
 * each chunk's samples are queued as they arrive, from the moment the WAV header has been read;
 * pause and resume act on the output (the stream keeps arriving while paused, and a finished
 * stream can still be paused while it plays); the end of the stream lets the queued samples play
 * out, then playback is recorded as ended. A new stream, a stop (also once the stream is over and
 * its last samples still play) or an error closes the output.
 *
 * It is part of the streaming module (the stream and its sound go together): the studio's song
 * and audio pages and the chat's voice replies all play what arrives as it arrives.
 */
import { EMPTY, Observable, filter, merge, mergeMap, of, switchMap, take, takeUntil } from 'rxjs';
import { audio, studio } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { pauseAudioStream, resumeAudioStream, stopAudioStream } from './commands';
import type { AudioSink } from './deps';

export const audioPlaybackOutputEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(audio.streamStarted.match),
    switchMap(
      ({ payload: { streamId } }) =>
        new Observable<Action>((subscriber) => {
          let sink: AudioSink | null = null;
          let format: audio.WavFormat | null = null;
          let head = new Uint8Array(0);
          /** Bytes of the file received so far (where the next chunk starts). */
          let offset = 0;
          /** A byte of a sample cut in two by a chunk boundary. */
          let carry: number | null = null;
          let playing = false;
          const ofThis = (a: Action) =>
            (a.payload as { streamId?: string } | undefined)?.streamId === streamId;

          const feed = (bytes: Uint8Array) => {
            const at = offset;
            offset += bytes.length;
            if (format === null) {
              const joined = new Uint8Array(head.length + bytes.length);
              joined.set(head);
              joined.set(bytes, head.length);
              head = joined;
              format = audio.parseWavHeader(head);
              if (format === null) return;
              sink = deps.streaming.audioOut.open(format.sampleRate);
              bytes = head.subarray(format.dataOffset);
              head = new Uint8Array(0);
            } else if (at < format.dataOffset) bytes = bytes.subarray(format.dataOffset - at);
            let data = bytes;
            if (carry !== null) {
              const withCarry = new Uint8Array(bytes.length + 1);
              withCarry[0] = carry;
              withCarry.set(bytes, 1);
              data = withCarry;
              carry = null;
            }
            const frame = 2 * format.channels;
            const whole = data.length - (data.length % frame);
            if (whole < data.length) carry = data[whole] ?? null;
            sink?.play(audio.pcm16ToFloats(data.subarray(0, whole), format.channels));
            if (!playing && sink !== null) {
              playing = true;
              subscriber.next(studio.playbackChanged({ streamId, status: 'playing' }));
            }
          };

          const events = merge(
            action$.pipe(
              filter(audio.chunkReceived.match),
              filter((a) => a.payload.streamId === streamId),
              mergeMap((a) => {
                const bytes = audio.decodeBase64(a.payload.audioData);
                if (bytes !== null) feed(bytes);
                return EMPTY;
              }),
            ),
            action$.pipe(
              filter(pauseAudioStream.match),
              mergeMap(() => {
                if (sink === null) return EMPTY;
                sink.pause();
                return of(studio.playbackChanged({ streamId, status: 'paused' }));
              }),
            ),
            action$.pipe(
              filter(resumeAudioStream.match),
              mergeMap(() => {
                if (sink === null) return EMPTY;
                sink.resume();
                return of(studio.playbackChanged({ streamId, status: 'playing' }));
              }),
            ),
            action$.pipe(
              filter(audio.streamEnded.match),
              filter((a) => a.payload.streamId === streamId),
              take(1),
              mergeMap(() => {
                // Nothing was playable (no WAV header arrived): there is no playback to end.
                if (sink === null) return EMPTY;
                const ended$ = sink.ended$.pipe(
                  take(1),
                  mergeMap(() => of(studio.playbackChanged({ streamId, status: 'ended' }))),
                );
                sink.finish();
                return ended$;
              }),
            ),
          ).pipe(
            takeUntil(
              merge(
                action$.pipe(filter(audio.streamFailed.match), filter(ofThis)),
                action$.pipe(filter(stopAudioStream.match)),
              ),
            ),
          );
          const sub = events.subscribe({
            next: (a) => subscriber.next(a),
            error: (e: unknown) => subscriber.error(e),
            complete: () => subscriber.complete(),
          });
          return () => {
            sub.unsubscribe();
            sink?.close();
          };
        }),
    ),
  );
