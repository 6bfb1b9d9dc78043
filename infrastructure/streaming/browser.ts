/**
 * The browser's streaming capabilities: fetch streams for SSE with the spec §7 headers and Web
 * Audio playback of the streamed samples (an AudioContext per stream, each piece scheduled right
 * after the previous one, pause and resume as the context's suspend and resume).
 */
import { Subject } from 'rxjs';
import type { AudioOutput, AudioSink, StreamingDeps } from './deps';
import { makeFetchStream } from './fetchStream';

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

/** `headers` are the spec §7 headers the HTTP client sends too (one builder, in bootstrap). */
export const browserStreamingDeps = (headers: () => Record<string, string>): StreamingDeps => ({
  audioOut: webAudioOutput(),
  fetchStream: makeFetchStream({ baseUrl: '', fetch: (input, init) => window.fetch(input, init), headers }),
});
