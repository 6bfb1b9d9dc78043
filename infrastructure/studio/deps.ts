/**
 * Capabilities the studio epics need, injected: the studio calls and a pixel reader for colour
 * extraction (an image drawn on a canvas at the size the domain asks for). Browser versions are in browser.ts.
 */
import type { Observable } from 'rxjs';
import type { GifSheets } from '../editor/deps';
import type { StudioToolsApi } from './api';

export interface Pixels {
  readonly data: ArrayLike<number>;
  readonly width: number;
  readonly height: number;
}

export interface StudioDeps {
  readonly api: StudioToolsApi;
  /**
   * The RGBA pixels of the image at `url`, drawn at most `maxSide` pixels on its long side. Errors
   * when the image cannot be loaded or read.
   */
  readonly readPixels: (url: string, maxSide: number) => Observable<Pixels>;
  /**
   * The frames of a GIF as one sheet image, with their timing (the video editor's preview of GIF
   * clips), and the letting go of what the sheets hold.
   */
  readonly gifSheets: GifSheets;
}
