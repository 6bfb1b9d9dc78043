/**
 * Capabilities the studio epics need, injected: the studio calls, an audio output that plays
 * samples as they arrive (Web Audio in the browser), and a pixel reader for colour extraction (an
 * image drawn on a canvas at the size the domain asks for). Browser versions are in browser.ts.
 */
import type { Observable } from 'rxjs';
import type { editor } from '../../domain/index.js';
import type { StudioToolsApi } from './api';

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

export interface Pixels {
  readonly data: ArrayLike<number>;
  readonly width: number;
  readonly height: number;
}

export interface StudioDeps {
  readonly api: StudioToolsApi;
  readonly audioOut: AudioOutput;
  /**
   * The RGBA pixels of the image at `url`, drawn at most `maxSide` pixels on its long side. Errors
   * when the image cannot be loaded or read.
   */
  readonly readPixels: (url: string, maxSide: number) => Observable<Pixels>;
  /**
   * The frames of the GIF at `url` as one sheet image, with their timing (the video editor's
   * preview of GIF clips). Errors when the GIF cannot be had or decoded.
   */
  readonly gifSheet: (url: string) => Observable<editor.GifSheet>;
}
