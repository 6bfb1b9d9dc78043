/** The editor's ports: what its GIF clips need of the browser (an adapter in browser.ts). */
import type { Observable } from 'rxjs';
import type { editor } from '../../domain/index.js';

/** The editor's GIF sheets: made from a GIF's address, and let go by address or all at once. */
export interface GifSheets {
  /**
   * Fetches the GIF at `url` and draws its frames into a sheet (a blob: image). Errors when the
   * file cannot be had, is not a GIF, or has too many frames for a sheet. Unsubscribed before it
   * answers, it lets go of everything it made.
   */
  readonly load: (url: string) => Observable<editor.GifSheet>;
  /** Lets go of what the sheets of these GIFs hold (their images are revoked). */
  readonly release: (urls: readonly string[]) => void;
  /** Lets go of what every sheet holds (sign-out). */
  readonly releaseAll: () => void;
}
