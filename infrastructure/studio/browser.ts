/**
 * The browser's studio capabilities: the calls on the shared HTTP client, a canvas that reads an
 * image's pixels, and the GIF clips' frame sheets (../editor/gifSheet.ts, loaded with the first
 * sheet asked for: a first visit that edits no video does not download it, issue 22).
 */
import { Observable, defer, map, mergeMap, shareReplay } from 'rxjs';
import type { GifSheets } from '../editor/gifSheet';
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

/** The GIF sheets, their module loaded once, with the first load; nothing is held before that. */
const lazyGifSheets = (): GifSheets => {
  let sheets: GifSheets | null = null;
  const sheets$ = defer(() => import('../editor/gifSheet')).pipe(
    map((m) => (sheets ??= m.browserGifSheets())),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  return {
    load: (url) => sheets$.pipe(mergeMap((s) => s.load(url))),
    release: (urls) => sheets?.release(urls),
    releaseAll: () => sheets?.releaseAll(),
  };
};

export const browserStudioDeps = (http: HttpClient): StudioDeps => ({
  api: makeStudioToolsApi(http),
  readPixels,
  gifSheets: lazyGifSheets(),
});
