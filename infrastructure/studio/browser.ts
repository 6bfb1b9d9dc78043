/**
 * The browser's studio capabilities: the calls on the shared HTTP client, Web Audio playback of the
 * streamed samples (an AudioContext per stream, each piece scheduled right after the previous one,
 * pause and resume as the context's suspend and resume), a canvas that reads an image's pixels, and
 * the GIF clips' frame sheets (../editor/gifSheet.ts).
 */
import { Observable, Subject } from 'rxjs';
import { browserGifSheet } from '../editor/gifSheet';
import type { HttpClient } from '../http/client';
import { makeStudioToolsApi } from './api';
import type { AudioOutput, AudioSink, Pixels, StudioDeps } from './deps';

const webAudioOutput = (): AudioOutput => ({
  open: (sampleRate) => {
    const context = new AudioContext();
    // The page was clicked to start the stream: a context made a moment later may still start suspended.
    void context.resume();
    const ended$ = new Subject<void>();
    let at = 0;
    let finished = false;
    let pending = 0;
    let closed = false;
    const maybeEnd = () => {
      if (finished && pending === 0 && !closed) {
        ended$.next();
        ended$.complete();
      }
    };
    const sink: AudioSink = {
      play: (samples) => {
        if (closed || samples.length === 0) return;
        const buffer = context.createBuffer(1, samples.length, sampleRate);
        buffer.copyToChannel(new Float32Array(samples), 0);
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(context.destination);
        at = Math.max(at, context.currentTime + 0.05);
        source.start(at);
        at += buffer.duration;
        pending += 1;
        source.onended = () => {
          pending -= 1;
          maybeEnd();
        };
      },
      pause: () => void context.suspend(),
      resume: () => void context.resume(),
      finish: () => {
        finished = true;
        maybeEnd();
      },
      close: () => {
        closed = true;
        ended$.complete();
        void context.close();
      },
      ended$: ended$.asObservable(),
    };
    return sink;
  },
});

const readPixels = (url: string, maxSide: number): Observable<Pixels> =>
  new Observable<Pixels>((subscriber) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      try {
        const long = Math.max(image.naturalWidth, image.naturalHeight, 1);
        const scale = Math.min(1, maxSide / long);
        const width = Math.max(1, Math.round(image.naturalWidth * scale));
        const height = Math.max(1, Math.round(image.naturalHeight * scale));
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(image, 0, 0, width, height);
        subscriber.next({ data: ctx.getImageData(0, 0, width, height).data, width, height });
        subscriber.complete();
      } catch (err) {
        subscriber.error(err);
      }
    };
    image.onerror = () => subscriber.error(new Error(`could not load ${url}`));
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  });

export const browserStudioDeps = (http: HttpClient): StudioDeps => ({
  api: makeStudioToolsApi(http),
  audioOut: webAudioOutput(),
  readPixels,
  gifSheet: browserGifSheet,
});
