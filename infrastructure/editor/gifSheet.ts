/**
 * The browser side of GIF clips in the video editor's preview: a GIF has no clock a page can seek,
 * so its frames are decoded (omggif, composed as browsers show them: ../uploads/gif.ts) and drawn
 * into one image, a grid of frames the preview shows one cell of at a time, picked by the
 * domain's `editor.gifClipFrame`. Frames are scaled down so that the sheet stays small (a preview
 * needs no more); a GIF whose frames would shrink below a few pixels is refused and the preview
 * falls back to the browser's own playback.
 */
import { defer, type Observable } from 'rxjs';
import { editor } from '../../domain/index.js';

/** A frame's long side in the sheet, at most. */
export const SHEET_FRAME_MAX_SIDE = 480;
/** The sheet's pixels, at most (about 32 MB of RGBA while it is drawn). */
export const SHEET_MAX_PIXELS = 2048 * 4096;
/** Frames smaller than this on their long side are not worth a sheet. */
export const SHEET_FRAME_MIN_SIDE = 24;

/** Pixels around each frame repeating its edge (bilinear scaling reads a pixel past the edge). */
export const SHEET_GUTTER = 2;

export interface SheetPlan {
  readonly columns: number;
  readonly rows: number;
  readonly frameWidth: number;
  readonly frameHeight: number;
  readonly gutter: number;
}

/** The grid and the frame size of the sheet of a `width` × `height` GIF of `frames` frames, or null. */
export const planGifSheet = (width: number, height: number, frames: number): SheetPlan | null => {
  if (!(width >= 1) || !(height >= 1) || !(frames >= 1)) return null;
  const long = Math.max(width, height);
  const grid = editor.gifSheetGrid(frames);
  const cells = grid.columns * grid.rows;
  const g = SHEET_GUTTER;
  let scale = Math.min(
    1,
    SHEET_FRAME_MAX_SIDE / long,
    Math.sqrt(SHEET_MAX_PIXELS / (cells * width * height)),
  );
  const sizeAt = (k: number) => ({
    frameWidth: Math.max(1, Math.floor(width * k)),
    frameHeight: Math.max(1, Math.floor(height * k)),
  });
  let size = sizeAt(scale);
  // The gutters need room too: smaller frames until the whole sheet fits.
  while (cells * (size.frameWidth + 2 * g) * (size.frameHeight + 2 * g) > SHEET_MAX_PIXELS && scale > 0) {
    scale *= 0.95;
    size = sizeAt(scale);
  }
  const { frameWidth, frameHeight } = size;
  if (Math.max(frameWidth, frameHeight) < Math.min(SHEET_FRAME_MIN_SIDE, long)) return null;
  return { ...grid, frameWidth, frameHeight, gutter: g };
};

/** How many times a GIF plays, from its NETSCAPE2.0 loop count (browsers play it count + 1 times). */
export const gifPlays = (loop: number | null): number | null =>
  loop === null ? 1 : loop === 0 ? null : loop + 1;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Fetches the GIF at `url` and draws its frames into a sheet (a blob: image). Errors when the file
 * cannot be had, is not a GIF, or has too many frames for a sheet.
 */
export const browserGifSheet = (url: string): Observable<editor.GifSheet> =>
  defer(async () => {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`GIF ${url}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The decoder arrives with the first GIF clip, not with the editor.
    const { readGifFrames } = await import('../uploads/gif');
    const gif = readGifFrames(bytes);
    const plan = planGifSheet(gif.width, gif.height, gif.frameCount);
    if (plan === null) throw new Error(`GIF ${url}: too many frames for a preview`);
    const frame = document.createElement('canvas');
    frame.width = gif.width;
    frame.height = gif.height;
    const { frameWidth: fw, frameHeight: fh, gutter: g } = plan;
    const sheet = document.createElement('canvas');
    sheet.width = plan.columns * (fw + 2 * g);
    sheet.height = plan.rows * (fh + 2 * g);
    const frameCtx = frame.getContext('2d');
    const sheetCtx = sheet.getContext('2d');
    if (!frameCtx || !sheetCtx) throw new Error('no 2d context');
    sheetCtx.imageSmoothingQuality = 'high';
    const delaysCs: number[] = [];
    const size = gif.width * gif.height * 4;
    for (const { rgba, delay } of gif.frames()) {
      const pixels = new Uint8ClampedArray(size);
      pixels.set(rgba.subarray(0, size));
      frameCtx.putImageData(new ImageData(pixels, gif.width, gif.height), 0, 0);
      const { column, row } = editor.gifSheetCell(plan, delaysCs.length);
      const x = column * (fw + 2 * g) + g;
      const y = row * (fh + 2 * g) + g;
      sheetCtx.drawImage(frame, x, y, fw, fh);
      // The gutter repeats the frame's edge: its columns, then its rows (corners included).
      for (let i = 1; i <= g; i++) {
        sheetCtx.drawImage(sheet, x, y, 1, fh, x - i, y, 1, fh);
        sheetCtx.drawImage(sheet, x + fw - 1, y, 1, fh, x + fw - 1 + i, y, 1, fh);
      }
      for (let i = 1; i <= g; i++) {
        sheetCtx.drawImage(sheet, x - g, y, fw + 2 * g, 1, x - g, y - i, fw + 2 * g, 1);
        sheetCtx.drawImage(sheet, x - g, y + fh - 1, fw + 2 * g, 1, x - g, y + fh - 1 + i, fw + 2 * g, 1);
      }
      delaysCs.push(delay);
      // A long GIF gives the page a turn now and then.
      if (delaysCs.length % 16 === 0) await nextTurn();
    }
    const blob = await new Promise<Blob | null>((resolve) => sheet.toBlob(resolve, 'image/png'));
    if (blob === null) throw new Error('the sheet could not be encoded');
    return {
      image: URL.createObjectURL(blob),
      columns: plan.columns,
      rows: plan.rows,
      width: gif.width,
      height: gif.height,
      frameWidth: fw,
      frameHeight: fh,
      gutter: g,
      timing: { delaysCs, plays: gifPlays(gif.loop) },
    };
  });
