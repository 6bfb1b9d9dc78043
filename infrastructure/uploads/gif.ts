/**
 * Spec §5 "GIFs are lossy-compressed": a GIF is decoded, its colours reduced, and re-encoded,
 * keeping its size, its frames, each frame's delay, its loop count and its transparency. The
 * upload pipeline asks for quality 0.9, then 0.1 lower each time, until the result fits 2 MB
 * (domain/uploads/rules.ts), so every quality of that scale maps to a level here:
 *
 * - colours: a palette of `gifPaletteSize(q)` entries (the transparent slot included), 256 at
 *   0.9 halving every 0.2 down to 16 at 0.1, chosen by median cut over the colours of every
 *   opaque pixel of every frame (counted exactly up to 32 768 colours, in 15-bit cells past
 *   that; each cut where it leaves the least squared error), then refined by a few k-means
 *   rounds. A GIF with no more colours than the palette keeps them exactly. One palette
 *   serves all frames (the global table), so a pixel that does not change keeps its index.
 * - a little ordered (4×4 Bayer) dithering, fixed to the pixel's position, so a still area maps
 *   to the same indices in every frame and smooth gradients do not band as hard.
 * - frame differencing: a frame is written as the rectangle of pixels that changed since the
 *   previous frame as shown, unchanged pixels inside it drawn as the transparent index (long
 *   runs compress well). A pixel keeps the colour already shown when that colour is at most
 *   `gifTemporalThreshold(q)` farther from its true colour than its own palette colour (0 at
 *   0.9, 32 at 0.1; lossy: grain and flicker stop costing bytes, and each pixel's error stays
 *   within that margin of the quantisation error, with no drift from frame to frame).
 *
 * Frames are composed as a browser shows them: omggif draws a frame over the canvas
 * (transparent pixels leave it as it was) and the previous frame's disposal is applied first
 * (2: its rectangle cleared to transparent, as browsers do; 3: the canvas restored to what it
 * was before that frame). The output never relies on disposal 3: a frame uses 1 (keep), or 2
 * on the full canvas when the next frame makes opaque pixels transparent again.
 *
 * Pure and synchronous; `compressGifSteps` yields once per frame so that a caller may give the
 * event loop a turn on big GIFs. Memory stays at a few canvases plus the output: frames are
 * decoded twice (once to count colours, once to encode) rather than kept.
 */
import { GifWriter } from 'omggif';
import { composedFrames, openGif } from './gifDecode';
import { ColourCounts, NearestColour, meanNeighbourDistance, quantise } from './gifPalette';

export { GIF_MAX_CANVAS_PIXELS, GifError, decodeGif, readGifFrames } from './gifDecode';
export type { DecodedGif, GifErrorReason, GifFrameReader } from './gifDecode';
export { quantise, type ColourPoints } from './gifPalette';

// ---------------------------------------------------------------------------------------------
// Levels

/** The domain's qualities are tenths from 0.9 down to 0.1; anything else is clamped to them. */
const tenthsOf = (quality: number): number =>
  Number.isFinite(quality) ? Math.min(9, Math.max(1, Math.round(quality * 10))) : 1;

/** Palette entries at a quality, the transparent slot included: 256, 181, 128, … 23, 16. */
export const gifPaletteSize = (quality: number): number =>
  Math.round(16 * 2 ** ((tenthsOf(quality) - 1) / 2));

/**
 * How much farther (RGB distance) from a pixel's true colour the colour already shown by the
 * previous frame may be than its own nearest palette colour, and still be kept: 0 at 0.9 (kept
 * only when it is as good), then 4 more each step, 32 at 0.1.
 */
export const gifTemporalThreshold = (quality: number): number => (9 - tenthsOf(quality)) * 4;

/**
 * The ordered dither's full swing, a share of the mean distance from each palette colour to its
 * nearest other one: enough to break bands on gradients, too little to add visible grain.
 */
const DITHER_SHARE = 0.5;
/** Pixels this close (squared RGB distance) to their nearest palette colour are not dithered. */
const EXACT_DISTANCE2 = 12;

const BAYER_4X4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5] as const;

// ---------------------------------------------------------------------------------------------
// Encoding

/** The output buffer, grown before each frame to hold that frame's worst case. */
class Output {
  private buf: Uint8Array;
  readonly writer: GifWriter;

  constructor(
    initial: number,
    width: number,
    height: number,
    palette: readonly number[],
    loop: number | null,
    transparent: number,
  ) {
    this.buf = new Uint8Array(Math.max(4096, initial));
    this.writer = new GifWriter(this.buf, width, height, {
      palette,
      ...(loop === null ? {} : { loop }),
      // Disposal 2 restores the background: name the transparent slot, as browsers assume
      // (omggif refuses an explicit 0, which is the default anyway).
      ...(transparent > 0 ? { background: transparent } : {}),
    });
  }

  /** Room for a frame of `pixels` indices: LZW codes are at most 12 bits, plus block headers. */
  reserve(pixels: number): void {
    const need = this.writer.getOutputBufferPosition() + pixels * 2 + 1024;
    if (need <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(need, this.buf.length * 2));
    grown.set(this.buf.subarray(0, this.writer.getOutputBufferPosition()));
    this.buf = grown;
    this.writer.setOutputBuffer(grown);
  }

  finish(): Uint8Array {
    this.reserve(0);
    const end = this.writer.end();
    return this.buf.slice(0, end);
  }
}

interface Pending {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  delay: number;
}

/**
 * The compression as steps: yields once after each frame of each pass, returns the GIF.
 * Throws `GifError` for bytes that are not a GIF or do not decode.
 */
export function* compressGifSteps(bytes: Uint8Array, quality: number): Generator<void, Uint8Array, void> {
  const gif = openGif(bytes);
  const { width: w, height: h } = gif;
  const n = w * h;

  // Pass 1: the colours of every frame as shown.
  const counts = new ColourCounts();
  for (const { rgba } of composedFrames(gif)) {
    counts.add(rgba);
    yield;
  }

  // One slot is kept for transparency: transparent pixels, and unchanged pixels of later frames.
  const hasT = counts.transparent || gif.frames > 1;
  const colours = quantise(counts.points(), gifPaletteSize(quality) - (hasT ? 1 : 0));
  const count = colours.length / 3;
  const T = hasT ? count : -1;
  let tableSize = 2;
  while (tableSize < count + (hasT ? 1 : 0)) tableSize *= 2;
  const palette = Array.from({ length: tableSize }, (_x, i) =>
    i < count
      ? ((colours[i * 3] ?? 0) << 16) | ((colours[i * 3 + 1] ?? 0) << 8) | (colours[i * 3 + 2] ?? 0)
      : 0,
  );

  const nearest = new NearestColour(colours);
  const swing = DITHER_SHARE * meanNeighbourDistance(colours);
  const dither = BAYER_4X4.map((v) => Math.round(((v + 0.5) / 16 - 0.5) * swing));
  const threshold = gifTemporalThreshold(quality);

  const out = new Output(Math.min(bytes.length + 1024, 64 * 1024 * 1024), w, h, palette, gif.loop, T);
  const want = new Uint8Array(n);
  const shown = new Uint8Array(n).fill(hasT ? T : 0);
  const delta = new Uint8Array(n);
  let pending: Pending | null = null;

  const flush = (frame: Pending, clearAfter: boolean): void => {
    const full = clearAfter || T < 0;
    const x0 = full ? 0 : frame.x0;
    const y0 = full ? 0 : frame.y0;
    const rw = (full ? w : frame.x1) - x0;
    const rh = (full ? h : frame.y1) - y0;
    const rect = new Uint8Array(rw * rh);
    for (let y = 0; y < rh; y++) rect.set(delta.subarray((y0 + y) * w + x0, (y0 + y) * w + x0 + rw), y * rw);
    out.reserve(rw * rh);
    out.writer.addFrame(x0, y0, rw, rh, rect, {
      delay: frame.delay,
      disposal: clearAfter ? 2 : 1,
      transparent: hasT ? T : null,
    });
  };

  // Pass 2: map every frame to the palette, keep what is shown, write what changed.
  let index = 0;
  for (const { rgba, info } of composedFrames(gif)) {
    for (let y = 0, p = 0; y < h; y++) {
      const row = (y & 3) << 2;
      for (let x = 0; x < w; x++, p++) {
        const o = p * 4;
        if ((rgba[o + 3] ?? 0) < 128) {
          want[p] = T;
          continue;
        }
        const r = rgba[o] ?? 0;
        const g = rgba[o + 1] ?? 0;
        const b = rgba[o + 2] ?? 0;
        const plain = nearest.find(r, g, b);
        // A colour the palette holds (nearly) exactly is not dithered.
        const pr = r - (colours[plain * 3] ?? 0);
        const pg = g - (colours[plain * 3 + 1] ?? 0);
        const pb = b - (colours[plain * 3 + 2] ?? 0);
        if (pr * pr + pg * pg + pb * pb <= EXACT_DISTANCE2) {
          want[p] = plain;
          continue;
        }
        const d = dither[row | (x & 3)] ?? 0;
        want[p] = nearest.find(
          Math.min(255, Math.max(0, r + d)),
          Math.min(255, Math.max(0, g + d)),
          Math.min(255, Math.max(0, b + d)),
        );
      }
    }

    // What is shown is nearly as close to the true colour: keep it (lossy). Opaque turning
    // transparent: clear the canvas first.
    let clear = false;
    if (index > 0) {
      for (let p = 0; p < n; p++) {
        const a = want[p] ?? 0;
        const s = shown[p] ?? 0;
        if (a === s) continue;
        if (a === T) {
          clear = true;
          continue;
        }
        if (s === T) continue;
        const o = p * 4;
        const r = rgba[o] ?? 0;
        const g = rgba[o + 1] ?? 0;
        const b = rgba[o + 2] ?? 0;
        const sr = r - (colours[s * 3] ?? 0);
        const sg = g - (colours[s * 3 + 1] ?? 0);
        const sb = b - (colours[s * 3 + 2] ?? 0);
        const ar = r - (colours[a * 3] ?? 0);
        const ag = g - (colours[a * 3 + 1] ?? 0);
        const ab = b - (colours[a * 3 + 2] ?? 0);
        if (Math.sqrt(sr * sr + sg * sg + sb * sb) <= Math.sqrt(ar * ar + ag * ag + ab * ab) + threshold)
          want[p] = s;
      }
    }
    if (pending !== null) flush(pending, clear);
    if (clear) shown.fill(T);

    const frame: Pending = { x0: w, y0: h, x1: 0, y1: 0, delay: info.delay };
    for (let y = 0, p = 0; y < h; y++) {
      for (let x = 0; x < w; x++, p++) {
        const a = want[p] ?? 0;
        if (T >= 0 && a === shown[p]) {
          delta[p] = T;
          continue;
        }
        delta[p] = a;
        if (x < frame.x0) frame.x0 = x;
        if (x >= frame.x1) frame.x1 = x + 1;
        if (y < frame.y0) frame.y0 = y;
        if (y >= frame.y1) frame.y1 = y + 1;
      }
    }
    if (frame.x1 === 0) {
      // Nothing changed: one transparent pixel keeps the frame and its delay.
      frame.x0 = 0;
      frame.y0 = 0;
      frame.x1 = 1;
      frame.y1 = 1;
    }
    shown.set(want);
    pending = frame;
    index++;
    yield;
  }
  if (pending !== null) flush(pending, false);
  return out.finish();
}

/**
 * Spec §5: the GIF re-encoded lossily at `quality` (0.9 … 0.1, the JPEG scale): same size,
 * frames, delays, loop count and transparency; fewer colours and fewer changed pixels as the
 * quality falls. Throws `GifError` for bytes that are not a GIF or do not decode.
 */
export const compressGifBytes = (bytes: Uint8Array, quality: number): Uint8Array => {
  const steps = compressGifSteps(bytes, quality);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};
