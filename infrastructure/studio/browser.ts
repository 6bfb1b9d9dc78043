/**
 * The browser's studio capabilities: the calls on the shared HTTP client, a canvas that reads an
 * image's pixels, and the GIF clips' frame sheets (the editor's, ../editor/browser.ts).
 */
import { Observable } from 'rxjs';
import { lazyGifSheets } from '../editor/browser';
import type { HttpClient } from '../http/client';
import { makeStudioToolsApi } from './api';
import type { Pixels, StudioDeps } from './deps';

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
  readPixels,
  gifSheets: lazyGifSheets(),
});
