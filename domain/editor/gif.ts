/**
 * GIF clips of the video editor (spec §3 storyboard items with start and end; a video work is an
 * animated GIF): which frame the preview shows at a moment of a trimmed clip. A GIF has no
 * seekable clock of its own in the browser, so the preview draws the frame this rule picks,
 * and a trim changes what plays exactly as it does for a video: `t` seconds into the clip shows
 * the GIF at `start + t` of its own time, and never anything past `end`.
 *
 * A GIF's own time is its frames back to back, each for its delay (hundredths of a second;
 * browsers play a delay of 0 or 1 as 10), repeated as many times as it plays (forever, or
 * `plays` times; after the last play its last frame stays).
 */

/** What a GIF's frames say about time. */
export interface GifTiming {
  /** Each frame's delay in hundredths of a second, as the file gives it. */
  readonly delaysCs: readonly number[];
  /** How many times it plays: null forever, else at least 1. */
  readonly plays: number | null;
}

/** Browsers' floor for GIF delays: 0 or 1 hundredth plays as 10 (Chromium, Firefox, Safari). */
export const GIF_MIN_DELAY_CS = 2;
export const GIF_DEFAULT_DELAY_CS = 10;

/** Milliseconds a frame shows. */
export const gifFrameMs = (delayCs: number): number =>
  (Number.isFinite(delayCs) && delayCs >= GIF_MIN_DELAY_CS ? Math.round(delayCs) : GIF_DEFAULT_DELAY_CS) * 10;

/** One play of the GIF, in seconds. */
export const gifDurationSeconds = (timing: GifTiming): number =>
  timing.delaysCs.reduce((sum, d) => sum + gifFrameMs(d), 0) / 1000;

/** Which frame an instant exactly on a boundary belongs to: the one starting there, or the one ending there. */
export type FrameSide = 'starting' | 'ending';

/**
 * The frame shown `seconds` into the GIF's own time (0 before it starts). On a boundary between
 * two frames, `side` says which: 'starting' (as the GIF plays on) or 'ending' (the last instant of
 * a span that stops there).
 */
export const gifFrameAt = (timing: GifTiming, seconds: number, side: FrameSide = 'starting'): number => {
  const n = timing.delaysCs.length;
  if (n <= 1) return 0;
  const total = timing.delaysCs.reduce((sum, d) => sum + gifFrameMs(d), 0);
  const plays = timing.plays === null ? Infinity : Math.max(1, Math.floor(timing.plays));
  // Microsecond rounding: trims are in milliseconds, and 0.7 * 1000 is not 700 in floating point.
  let ms = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1e6) / 1e3) : 0;
  if (ms >= total * plays) return n - 1;
  const endingOnBoundary = side === 'ending' && ms > 0;
  ms %= total;
  // An instant that ends a span on a loop boundary is the last frame of the play before.
  if (endingOnBoundary && ms === 0) return n - 1;
  let startsAt = 0;
  for (let i = 0; i < n; i++) {
    const endsAt = startsAt + gifFrameMs(timing.delaysCs[i]!);
    if (ms < endsAt || (endingOnBoundary && ms === endsAt)) return i;
    startsAt = endsAt;
  }
  return n - 1;
};

/** The part of a storyboard item a trim sets: seconds of its material. */
export interface TrimmedSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The moment of the material a trimmed clip shows `t` seconds into it: `start + t`, held at
 * `start` before the clip and at `end` once it is over. Never decreases as `t` grows, and
 * always lies within [start, end].
 */
export const trimmedMaterialTime = (span: TrimmedSpan, t: number): number => {
  const start = Math.min(span.start, span.end);
  const end = Math.max(span.start, span.end);
  if (!Number.isFinite(t) || t <= 0) return start;
  return Math.min(end, start + t);
};

/**
 * The frame of a GIF clip trimmed to `span`, `t` seconds into the clip: the GIF at
 * `trimmedMaterialTime`, and at the clip's end the frame that shows up to `end` (never the one
 * that starts there).
 */
export const gifClipFrame = (timing: GifTiming, span: TrimmedSpan, t: number): number => {
  const m = trimmedMaterialTime(span, t);
  const end = Math.max(span.start, span.end);
  return gifFrameAt(timing, m, m >= end && end > Math.min(span.start, span.end) ? 'ending' : 'starting');
};

/** Whether a clip's material is a GIF (its address says so): its preview is drawn frame by frame. */
export const isGifUrl = (url: string): boolean => /\.gif(?:[?#]|$)/i.test(url);

/**
 * Which decoder read a GIF's frames: the browser's own (WebCodecs `ImageDecoder`, which decodes
 * off the page's thread) or the script's (omggif, on the page's thread in slices), used where the
 * browser has no GIF `ImageDecoder`.
 */
export type GifDecoder = 'webcodecs' | 'script';

/**
 * A GIF's frames as the preview draws them: one image holding every frame as shown (composed),
 * left to right then top to bottom in a grid of `columns` × `rows` cells. A cell is the frame
 * (`frameWidth` × `frameHeight` pixels of the sheet) with a `gutter` around it that repeats the
 * frame's edge pixels, so that a scaled frame never blends in its neighbour's edge.
 */
export interface GifSheet {
  /** The address of the image of frames (a blob: address in the browser). */
  readonly image: string;
  readonly columns: number;
  readonly rows: number;
  /** The GIF's own size: the preview shows a frame at this aspect ratio. */
  readonly width: number;
  readonly height: number;
  /** A frame's size in the sheet (the GIF scaled down to keep the sheet small). */
  readonly frameWidth: number;
  readonly frameHeight: number;
  readonly gutter: number;
  readonly timing: GifTiming;
  /** Which decoder read the frames. */
  readonly decoder: GifDecoder;
}

/**
 * Where to put the whole sheet so that frame `frame` fills the box (0, 0, width, height) of the
 * GIF's own size: the sheet's position and size in those units (the box clips the rest).
 */
export const gifSheetPlacement = (
  sheet: GifSheet,
  frame: number,
): { readonly x: number; readonly y: number; readonly width: number; readonly height: number } => {
  const { column, row } = gifSheetCell(sheet, frame);
  const sx = sheet.width / Math.max(1, sheet.frameWidth);
  const sy = sheet.height / Math.max(1, sheet.frameHeight);
  const cellWidth = sheet.frameWidth + 2 * sheet.gutter;
  const cellHeight = sheet.frameHeight + 2 * sheet.gutter;
  return {
    x: -(column * cellWidth + sheet.gutter) * sx,
    y: -(row * cellHeight + sheet.gutter) * sy,
    width: sheet.columns * cellWidth * sx,
    height: sheet.rows * cellHeight * sy,
  };
};

/** Where frame `frame` sits in the sheet: its column and row. */
export const gifSheetCell = (
  sheet: Pick<GifSheet, 'columns' | 'rows'>,
  frame: number,
): { readonly column: number; readonly row: number } => {
  const columns = Math.max(1, Math.floor(sheet.columns));
  const last = columns * Math.max(1, Math.floor(sheet.rows)) - 1;
  const i = Math.min(last, Math.max(0, Math.floor(Number.isFinite(frame) ? frame : 0)));
  return { column: i % columns, row: Math.floor(i / columns) };
};

/** A grid for `frames` frames: about as many columns as rows. */
export const gifSheetGrid = (frames: number): { readonly columns: number; readonly rows: number } => {
  const n = Math.max(1, Math.floor(frames));
  const columns = Math.ceil(Math.sqrt(n));
  return { columns, rows: Math.ceil(n / columns) };
};
