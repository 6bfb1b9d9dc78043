/**
 * The browser side of GIF clips in the video editor's preview: a GIF has no clock a page can seek,
 * so its frames are decoded and drawn into one image, a grid of frames the preview shows one cell
 * of at a time, picked by the domain's `editor.gifClipFrame`. Frames are scaled down so that the
 * sheet stays small (a preview needs no more); a GIF whose frames would shrink below a few pixels
 * is refused and the preview falls back to the browser's own playback.
 *
 * The frames are decoded by the browser's WebCodecs `ImageDecoder` where it decodes GIFs (it
 * decodes off the page's thread and gives each frame as shown, with its duration and the loop
 * count); elsewhere, or when it refuses a file, by omggif in the page (composed as browsers show
 * them: ../uploads/gif.ts), a few frames per turn of the event loop. Everything a sheet holds (its
 * blob: image; the decoder and the frame being drawn while it is made) is kept in `GifHoldings`
 * under the GIF's address and let go when the sheet is released, or at once when its making is
 * abandoned.
 */
import { Observable } from 'rxjs';
import { editor } from '../../domain/index.js';
import type { GifSheets } from './deps';
import { makeGifHoldings, type GifHeld, type GifHoldings } from './gifHoldings';

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

/**
 * How many times a GIF plays, from WebCodecs' `repetitionCount` (how often it repeats after the
 * first play: Infinity forever, 0 once): the same count as `gifPlays` of its loop block.
 */
export const playsOfRepetitionCount = (repetitionCount: number): number | null =>
  repetitionCount === Infinity ? null : Math.max(0, Math.floor(Number(repetitionCount) || 0)) + 1;

/** A frame's duration in microseconds (WebCodecs) as a GIF delay in hundredths of a second. */
export const delayCsOfMicroseconds = (duration: number | null): number =>
  duration !== null && Number.isFinite(duration) && duration > 0 ? Math.round(duration / 10_000) : 0;

// ---------------------------------------------------------------------------------------------
// The frames, from one decoder or the other

/** What the sheet needs of a WebCodecs `VideoFrame`. */
export interface VideoFrameLike {
  readonly displayWidth: number;
  readonly displayHeight: number;
  /** Microseconds, or null when the file gives none. */
  readonly duration: number | null;
  close(): void;
}

/** What the sheet needs of a WebCodecs `ImageDecoder` (the browser's, or a test's double). */
export interface ImageDecoderLike<F extends VideoFrameLike> {
  readonly tracks: {
    readonly ready: Promise<unknown>;
    readonly selectedTrack: { readonly frameCount: number; readonly repetitionCount: number } | null;
  };
  readonly completed: Promise<unknown>;
  decode(options: { frameIndex: number; completeFramesOnly?: boolean }): Promise<{ readonly image: F }>;
  close(): void;
}

export interface ImageDecoderClass<F extends VideoFrameLike> {
  new (init: { data: Uint8Array; type: string }): ImageDecoderLike<F>;
  isTypeSupported(type: string): Promise<boolean>;
}

/** One frame as shown, to draw: RGBA pixels (the script's decoder) or an image (the browser's). */
export type GifFrame<F> =
  | { readonly kind: 'pixels'; readonly rgba: Uint8Array; readonly delayCs: number }
  | { readonly kind: 'image'; readonly image: F; readonly delayCs: number };

/** A GIF opened by one decoder: its size, frame count and plays, and its frames one by one. */
export interface GifFrames<F> {
  readonly decoder: editor.GifDecoder;
  readonly width: number;
  readonly height: number;
  readonly frameCount: number;
  readonly plays: number | null;
  /**
   * Every frame in order. A pixels frame's array is reused for the next one, and an image frame
   * is closed when the next one is asked for: draw each before asking for the next.
   */
  readonly frames: () => AsyncGenerator<GifFrame<F>>;
  /** Lets go of the decoder (after the frames, or when they are abandoned). */
  readonly close: () => void;
}

/**
 * Where one making of a sheet keeps what it holds: under the GIF's address in the holdings, and
 * in its own list so that an abandoned making lets go of exactly what it made.
 */
export interface HoldScope {
  readonly hold: (held: GifHeld) => void;
  readonly drop: (held: GifHeld) => void;
  /** The making is abandoned: everything it still holds is let go. */
  readonly abandon: () => void;
  /** The sheet is made: what is still held is the sheet's, released with it. */
  readonly settle: () => void;
}

export const holdScope = (holdings: GifHoldings, address: string): HoldScope => {
  const mine = new Set<GifHeld>();
  return {
    hold: (held) => {
      mine.add(held);
      holdings.hold(address, held);
    },
    drop: (held) => {
      mine.delete(held);
      holdings.drop(address, held);
    },
    abandon: () => {
      for (const held of mine) holdings.drop(address, held);
      mine.clear();
    },
    settle: () => mine.clear(),
  };
};

/** The browser's GIF `ImageDecoder` in `scope` (the page's global), or null where it has none. */
export const gifImageDecoder = async <F extends VideoFrameLike = VideoFrame>(
  scope: object = globalThis,
): Promise<ImageDecoderClass<F> | null> => {
  if (!('ImageDecoder' in scope)) return null;
  const Decoder = (scope as { readonly ImageDecoder: unknown }).ImageDecoder;
  if (typeof Decoder !== 'function') return null;
  const candidate = Decoder as ImageDecoderClass<F>;
  try {
    return (await candidate.isTypeSupported('image/gif')) ? candidate : null;
  } catch {
    return null;
  }
};

/** Opens a GIF with WebCodecs: each frame decoded by the browser (off the page's thread), as shown. */
export const webCodecsGifFrames = async <F extends VideoFrameLike>(
  bytes: Uint8Array,
  Decoder: ImageDecoderClass<F>,
  scope: HoldScope,
): Promise<GifFrames<F>> => {
  const decoder = new Decoder({ data: bytes, type: 'image/gif' });
  const decoderHeld: GifHeld = { kind: 'closable', close: () => decoder.close() };
  scope.hold(decoderHeld);
  const close = () => scope.drop(decoderHeld);
  const holdFrame = (image: F): GifHeld => {
    const held: GifHeld = { kind: 'closable', close: () => image.close() };
    scope.hold(held);
    return held;
  };
  try {
    await decoder.tracks.ready;
    // The whole file is given at once: once it is read, the frame count is the GIF's.
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    if (track === null || !(track.frameCount >= 1)) throw new Error('GIF: no frames');
    const first = (await decoder.decode({ frameIndex: 0 })).image;
    const firstHeld = holdFrame(first);
    return {
      decoder: 'webcodecs',
      width: first.displayWidth,
      height: first.displayHeight,
      frameCount: track.frameCount,
      plays: playsOfRepetitionCount(track.repetitionCount),
      frames: async function* () {
        let current: { image: F; held: GifHeld } | null = { image: first, held: firstHeld };
        try {
          for (let i = 0; i < track.frameCount; i++) {
            if (current === null) {
              const image = (await decoder.decode({ frameIndex: i })).image;
              current = { image, held: holdFrame(image) };
            }
            yield {
              kind: 'image',
              image: current.image,
              delayCs: delayCsOfMicroseconds(current.image.duration),
            };
            scope.drop(current.held);
            current = null;
          }
        } finally {
          if (current !== null) scope.drop(current.held);
        }
      },
      close,
    };
  } catch (err) {
    close();
    throw err;
  }
};

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Opens a GIF with the script's decoder (omggif): frames composed in the page, a few per turn. */
export const scriptGifFrames = async (bytes: Uint8Array): Promise<GifFrames<never>> => {
  // The decoder arrives with the first GIF that needs it, not with the editor.
  const { readGifFrames } = await import('../uploads/gifDecode');
  const gif = readGifFrames(bytes);
  return {
    decoder: 'script',
    width: gif.width,
    height: gif.height,
    frameCount: gif.frameCount,
    plays: gifPlays(gif.loop),
    frames: async function* () {
      let n = 0;
      for (const { rgba, delay } of gif.frames()) {
        yield { kind: 'pixels', rgba, delayCs: delay };
        // A long GIF gives the page a turn now and then.
        if (++n % 16 === 0) await nextTurn();
      }
    },
    close: () => undefined,
  };
};

/**
 * The GIF's frames by the browser's decoder when it has one for GIFs and it reads the file,
 * else by the script's.
 */
export const openGifFrames = async <F extends VideoFrameLike>(
  bytes: Uint8Array,
  Decoder: ImageDecoderClass<F> | null,
  scope: HoldScope,
): Promise<GifFrames<F>> => {
  if (Decoder !== null) {
    try {
      return await webCodecsGifFrames(bytes, Decoder, scope);
    } catch {
      // A file the browser's decoder refuses may still be read by omggif.
    }
  }
  return scriptGifFrames(bytes);
};

// ---------------------------------------------------------------------------------------------
// The sheet, in the browser

class Abandoned extends Error {}

const drawSheet = async (
  gif: GifFrames<VideoFrame>,
  signal: AbortSignal,
): Promise<{ readonly canvas: HTMLCanvasElement; readonly plan: SheetPlan; readonly delaysCs: number[] }> => {
  const plan = planGifSheet(gif.width, gif.height, gif.frameCount);
  if (plan === null) throw new Error('GIF: too many frames for a preview');
  const { frameWidth: fw, frameHeight: fh, gutter: g } = plan;
  const sheet = document.createElement('canvas');
  sheet.width = plan.columns * (fw + 2 * g);
  sheet.height = plan.rows * (fh + 2 * g);
  const sheetCtx = sheet.getContext('2d');
  if (!sheetCtx) throw new Error('no 2d context');
  sheetCtx.imageSmoothingQuality = 'high';
  // The script's frames are pixels: put on a canvas of the GIF's size, then drawn scaled.
  let pixelCanvas: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;
  const pixelsAsImage = (rgba: Uint8Array): HTMLCanvasElement => {
    if (pixelCanvas === null) {
      const canvas = document.createElement('canvas');
      canvas.width = gif.width;
      canvas.height = gif.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      pixelCanvas = { canvas, ctx };
    }
    const size = gif.width * gif.height * 4;
    const pixels = new Uint8ClampedArray(size);
    pixels.set(rgba.subarray(0, size));
    pixelCanvas.ctx.putImageData(new ImageData(pixels, gif.width, gif.height), 0, 0);
    return pixelCanvas.canvas;
  };
  const delaysCs: number[] = [];
  for await (const frame of gif.frames()) {
    if (signal.aborted) throw new Abandoned();
    if (delaysCs.length >= plan.columns * plan.rows) break;
    const { column, row } = editor.gifSheetCell(plan, delaysCs.length);
    const x = column * (fw + 2 * g) + g;
    const y = row * (fh + 2 * g) + g;
    sheetCtx.drawImage(frame.kind === 'image' ? frame.image : pixelsAsImage(frame.rgba), x, y, fw, fh);
    // The gutter repeats the frame's edge: its columns, then its rows (corners included).
    for (let i = 1; i <= g; i++) {
      sheetCtx.drawImage(sheet, x, y, 1, fh, x - i, y, 1, fh);
      sheetCtx.drawImage(sheet, x + fw - 1, y, 1, fh, x + fw - 1 + i, y, 1, fh);
    }
    for (let i = 1; i <= g; i++) {
      sheetCtx.drawImage(sheet, x - g, y, fw + 2 * g, 1, x - g, y - i, fw + 2 * g, 1);
      sheetCtx.drawImage(sheet, x - g, y + fh - 1, fw + 2 * g, 1, x - g, y + fh - 1 + i, fw + 2 * g, 1);
    }
    delaysCs.push(frame.delayCs);
  }
  return { canvas: sheet, plan, delaysCs };
};

const makeSheet = async (url: string, scope: HoldScope, signal: AbortSignal): Promise<editor.GifSheet> => {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`GIF ${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gif = await openGifFrames(bytes, await gifImageDecoder(), scope);
  try {
    const { canvas, plan, delaysCs } = await drawSheet(gif, signal);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob === null) throw new Error('the sheet could not be encoded');
    if (signal.aborted) throw new Abandoned();
    const image = URL.createObjectURL(blob);
    scope.hold({ kind: 'objectUrl', url: image });
    return {
      image,
      columns: plan.columns,
      rows: plan.rows,
      width: gif.width,
      height: gif.height,
      frameWidth: plan.frameWidth,
      frameHeight: plan.frameHeight,
      gutter: plan.gutter,
      timing: { delaysCs, plays: gif.plays },
      decoder: gif.decoder,
    };
  } finally {
    gif.close();
  }
};

/** The browser's GIF sheets, over `holdings` (object URLs revoked with `URL.revokeObjectURL`). */
export const browserGifSheets = (
  holdings: GifHoldings = makeGifHoldings((u) => URL.revokeObjectURL(u)),
): GifSheets => ({
  load: (url) =>
    new Observable<editor.GifSheet>((subscriber) => {
      const controller = new AbortController();
      const scope = holdScope(holdings, url);
      makeSheet(url, scope, controller.signal).then(
        (sheet) => {
          scope.settle();
          subscriber.next(sheet);
          subscriber.complete();
        },
        (err: unknown) => {
          scope.abandon();
          if (!controller.signal.aborted) subscriber.error(err);
        },
      );
      return () => {
        controller.abort();
        scope.abandon();
      };
    }),
  release: (urls) => {
    for (const url of urls) holdings.release(url);
  },
  releaseAll: () => {
    holdings.releaseAll();
  },
});
