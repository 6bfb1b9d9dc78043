/** The editor's ports in the browser (deps.ts). */
import { from, mergeMap } from 'rxjs';
import type { GifSheets } from './deps';

/**
 * The GIF sheets, their code (gifSheet.ts) loaded with the first GIF clip (issue 22: not
 * in the first visit). Before that nothing is held, so a release has nothing to let go of.
 */
export const lazyGifSheets = (): GifSheets => {
  let sheets: GifSheets | null = null;
  const loaded = () => import('./gifSheet').then((m) => (sheets ??= m.browserGifSheets()));
  return {
    load: (url) => from(loaded()).pipe(mergeMap((s) => s.load(url))),
    release: (urls) => sheets?.release(urls),
    releaseAll: () => sheets?.releaseAll(),
  };
};
