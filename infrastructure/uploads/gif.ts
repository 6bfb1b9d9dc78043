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
import { GifReader, GifWriter, type GifFrameInfo } from 'omggif';

export type GifErrorReason =
  /** The bytes do not start with a GIF87a/GIF89a header. */
  | 'notGif'
  /** The header is a GIF's but the blocks do not parse (truncated, unknown blocks, bad sizes). */
  | 'corrupt'
  /** The canvas is larger than `GIF_MAX_CANVAS_PIXELS`. */
  | 'tooLarge';

/** Why a GIF could not be compressed (the upload pipeline reports it as uploadError). */
export class GifError extends Error {
  constructor(
    readonly reason: GifErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'GifError';
  }
}

/** The largest canvas decoded (width × height): 4 bytes a pixel, a few canvases at once. */
export const GIF_MAX_CANVAS_PIXELS = 4096 * 4096;

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

/** How many k-means rounds refine the median-cut palette. */
const KMEANS_ROUNDS = 4;

// ---------------------------------------------------------------------------------------------
// Decoding

interface OpenGif {
  readonly reader: GifReader;
  /** The logical screen, which is the output's size. */
  readonly width: number;
  readonly height: number;
  /** The decoding canvas: the logical screen grown to hold frames that reach past it. */
  readonly canvasWidth: number;
  readonly canvasHeight: number;
  readonly frames: number;
  readonly loop: number | null;
}

const isGifHeader = (b: Uint8Array): boolean =>
  b.length >= 13 &&
  b[0] === 0x47 &&
  b[1] === 0x49 &&
  b[2] === 0x46 &&
  b[3] === 0x38 &&
  (b[4] === 0x37 || b[4] === 0x39) &&
  b[5] === 0x61;

const parse = (bytes: Uint8Array): GifReader => {
  try {
    return new GifReader(bytes);
  } catch (err) {
    throw new GifError(
      'corrupt',
      `the GIF does not parse: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
};

interface GraphicControl {
  readonly delay: number;
  readonly transparent: number | null;
  readonly disposal: number;
}

/**
 * The Graphic Control Extension of each image, or null where an image has none. The GIF spec
 * applies a GCE to the next image only, but omggif 1.0.10 keeps its delay, transparency and
 * disposal for every later image too; this walk of the block structure tells them apart.
 */
const graphicControls = (b: Uint8Array): (GraphicControl | null)[] => {
  const out: (GraphicControl | null)[] = [];
  const screenFlags = b[10] ?? 0;
  let p = 13 + (screenFlags & 0x80 ? 3 * (1 << ((screenFlags & 7) + 1)) : 0);
  const skipSubBlocks = () => {
    while (p < b.length) {
      const size = b[p++] ?? 0;
      if (size === 0) return;
      p += size;
    }
  };
  let pending: GraphicControl | null = null;
  while (p < b.length) {
    const tag = b[p++];
    if (tag === 0x21) {
      const label = b[p++];
      if (label === 0xf9 && b[p] === 4) {
        const flags = b[p + 1] ?? 0;
        pending = {
          delay: (b[p + 2] ?? 0) | ((b[p + 3] ?? 0) << 8),
          transparent: flags & 1 ? (b[p + 4] ?? 0) : null,
          disposal: (flags >> 2) & 7,
        };
        p += 5;
      }
      skipSubBlocks();
    } else if (tag === 0x2c) {
      const flags = b[p + 8] ?? 0;
      p += 9 + (flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0) + 1;
      skipSubBlocks();
      out.push(pending);
      pending = null;
    } else break;
  }
  return out;
};

type MutableFrameInfo = { -readonly [K in keyof GifFrameInfo]: GifFrameInfo[K] };

/** Gives every frame its own GCE's values (or none), where omggif carried an earlier one over. */
const applyOwnControls = (reader: GifReader, bytes: Uint8Array): void => {
  const controls = graphicControls(bytes);
  if (controls.length !== reader.numFrames()) return;
  controls.forEach((c, i) => {
    // frameInfo hands out omggif's own record, which decodeAndBlitFrameRGBA reads too.
    const info = reader.frameInfo(i) as MutableFrameInfo;
    info.delay = c?.delay ?? 0;
    info.transparent_index = c?.transparent ?? null;
    info.disposal = c?.disposal ?? 0;
  });
};

/** LZW minimum code sizes omggif decodes safely (a larger one can make its decoder spin). */
const MAX_LZW_MIN_CODE_SIZE = 11;

const openGif = (bytes: Uint8Array): OpenGif => {
  if (!isGifHeader(bytes)) throw new GifError('notGif', 'the bytes are not a GIF');
  let reader = parse(bytes);
  const { width, height } = reader;
  if (width === 0 || height === 0) throw new GifError('corrupt', 'the GIF has an empty logical screen');
  const frames = reader.numFrames();
  let right = width;
  let bottom = height;
  for (let i = 0; i < frames; i++) {
    const f = reader.frameInfo(i);
    if (f.width === 0 || f.height === 0) throw new GifError('corrupt', `frame ${i} is empty`);
    if ((bytes[f.data_offset] ?? 255) > MAX_LZW_MIN_CODE_SIZE)
      throw new GifError('corrupt', `frame ${i} has an invalid LZW code size`);
    right = Math.max(right, f.x + f.width);
    bottom = Math.max(bottom, f.y + f.height);
  }
  if (right > 0xffff || bottom > 0xffff) throw new GifError('corrupt', 'a frame lies outside any canvas');
  if (right * bottom > GIF_MAX_CANVAS_PIXELS)
    throw new GifError('tooLarge', `a ${right}×${bottom} canvas is over ${GIF_MAX_CANVAS_PIXELS} pixels`);
  if (right !== width || bottom !== height) {
    // omggif draws into a canvas of the logical screen's width; a frame reaching past it would
    // wrap into the next rows. Decode on a canvas that holds every frame, then crop.
    const grown = bytes.slice();
    grown[6] = right & 0xff;
    grown[7] = right >> 8;
    grown[8] = bottom & 0xff;
    grown[9] = bottom >> 8;
    reader = parse(grown);
  }
  applyOwnControls(reader, bytes);
  return {
    reader,
    width,
    height,
    canvasWidth: right,
    canvasHeight: bottom,
    frames,
    loop: reader.loopCount(),
  };
};

/**
 * Every frame as shown, RGBA over the logical screen (alpha 0 or 255). The array yielded is
 * reused for the next frame: copy it to keep it.
 */
function* composedFrames(
  gif: OpenGif,
): Generator<{ readonly rgba: Uint8Array; readonly info: GifFrameInfo }> {
  const { reader, width, height, canvasWidth: cw, canvasHeight: ch } = gif;
  const canvas = new Uint8Array(cw * ch * 4);
  const out = cw === width && ch === height ? canvas : new Uint8Array(width * height * 4);
  let saved: Uint8Array | null = null;
  let previous: GifFrameInfo | null = null;
  for (let i = 0; i < gif.frames; i++) {
    if (previous !== null) {
      if (previous.disposal === 2) {
        for (let y = previous.y; y < previous.y + previous.height; y++)
          canvas.fill(0, (y * cw + previous.x) * 4, (y * cw + previous.x + previous.width) * 4);
      } else if (previous.disposal === 3 && saved !== null) {
        canvas.set(saved);
      }
    }
    const info = reader.frameInfo(i);
    if (info.disposal === 3) {
      saved ??= new Uint8Array(canvas.length);
      saved.set(canvas);
    }
    try {
      reader.decodeAndBlitFrameRGBA(i, canvas);
    } catch (err) {
      throw new GifError(
        'corrupt',
        `frame ${i} does not decode: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    previous = info;
    if (out !== canvas)
      for (let y = 0; y < height; y++)
        out.set(canvas.subarray(y * cw * 4, (y * cw + width) * 4), y * width * 4);
    yield { rgba: out, info };
  }
}

export interface DecodedGif {
  readonly width: number;
  readonly height: number;
  /** The NETSCAPE2.0 loop count (0: forever), or null when the GIF plays once. */
  readonly loop: number | null;
  /** Entries of the global colour table (0 when there is none). */
  readonly globalPaletteSize: number;
  readonly frames: readonly {
    /** Hundredths of a second. */
    readonly delay: number;
    /** The frame as shown, RGBA over the logical screen. */
    readonly rgba: Uint8Array;
  }[];
}

/** A GIF opened for reading its frames one by one (the video editor's preview draws them). */
export interface GifFrameReader {
  readonly width: number;
  readonly height: number;
  readonly frameCount: number;
  /** The NETSCAPE2.0 loop count (0: forever), or null when the GIF plays once. */
  readonly loop: number | null;
  /**
   * Every frame as shown with its delay (hundredths of a second). The RGBA array is reused for
   * the next frame: copy or draw it before asking for the next one.
   */
  readonly frames: () => Generator<{ readonly rgba: Uint8Array; readonly delay: number }>;
}

/** Opens a GIF (GifError when it is not one, is corrupt or too large) without decoding its frames yet. */
export const readGifFrames = (bytes: Uint8Array): GifFrameReader => {
  const gif = openGif(bytes);
  return {
    width: gif.width,
    height: gif.height,
    frameCount: gif.frames,
    loop: gif.loop,
    frames: function* () {
      for (const { rgba, info } of composedFrames(gif)) yield { rgba, delay: info.delay };
    },
  };
};

/** Decodes and composes every frame (tests, diagnostics; holds all frames in memory). */
export const decodeGif = (bytes: Uint8Array): DecodedGif => {
  const gif = openGif(bytes);
  const flags = bytes[10] ?? 0;
  const frames: { delay: number; rgba: Uint8Array }[] = [];
  for (const { rgba, info } of composedFrames(gif)) frames.push({ delay: info.delay, rgba: rgba.slice() });
  return {
    width: gif.width,
    height: gif.height,
    loop: gif.loop,
    globalPaletteSize: flags & 0x80 ? 2 << (flags & 7) : 0,
    frames,
  };
};

// ---------------------------------------------------------------------------------------------
// The quantiser: median cut over the image's colours, refined by k-means

/** The colours to quantise as weighted points: a colour (3 numbers) and its pixel count. */
export interface ColourPoints {
  readonly n: number;
  readonly c: Float64Array;
  readonly w: Float64Array;
}

/**
 * Exact colours are counted while there are at most this many (GIF frames hold 256 colours
 * each, so most animations stay well under it); past it, counts go to 15-bit cells, whose
 * mean colours stand for them.
 */
const EXACT_COLOURS = 1 << 15;
const EXACT_SLOTS = EXACT_COLOURS * 2;
const CELLS = 1 << 15;

/** How many opaque pixels of every frame have each colour; and whether any pixel is transparent. */
class ColourCounts {
  transparent = false;
  private keys: Int32Array | null = new Int32Array(EXACT_SLOTS).fill(-1);
  private counts = new Float64Array(EXACT_SLOTS);
  private distinct = 0;
  private cells: { readonly weight: Float64Array; readonly sum: Float64Array } | null = null;

  add(rgba: Uint8Array): void {
    let lastKey = -1;
    let lastSlot = -1;
    for (let o = 0; o < rgba.length; o += 4) {
      if ((rgba[o + 3] ?? 0) < 128) {
        this.transparent = true;
        continue;
      }
      const r = rgba[o] ?? 0;
      const g = rgba[o + 1] ?? 0;
      const b = rgba[o + 2] ?? 0;
      const keys = this.keys;
      if (keys === null) {
        this.addToCell(r, g, b, 1);
        continue;
      }
      const key = (r << 16) | (g << 8) | b;
      if (key === lastKey) {
        this.counts[lastSlot] = (this.counts[lastSlot] ?? 0) + 1;
        continue;
      }
      let slot = Math.imul(key, 0x9e3779b1) >>> 16;
      while ((keys[slot] ?? -1) !== -1 && keys[slot] !== key) slot = (slot + 1) & (EXACT_SLOTS - 1);
      if (keys[slot] === -1) {
        if (this.distinct === EXACT_COLOURS) {
          this.spill();
          this.addToCell(r, g, b, 1);
          lastKey = -1;
          continue;
        }
        keys[slot] = key;
        this.distinct++;
      }
      this.counts[slot] = (this.counts[slot] ?? 0) + 1;
      lastKey = key;
      lastSlot = slot;
    }
  }

  private addToCell(r: number, g: number, b: number, n: number): void {
    this.cells ??= { weight: new Float64Array(CELLS), sum: new Float64Array(CELLS * 3) };
    const { weight, sum } = this.cells;
    const cell = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    weight[cell] = (weight[cell] ?? 0) + n;
    sum[cell * 3] = (sum[cell * 3] ?? 0) + r * n;
    sum[cell * 3 + 1] = (sum[cell * 3 + 1] ?? 0) + g * n;
    sum[cell * 3 + 2] = (sum[cell * 3 + 2] ?? 0) + b * n;
  }

  /** Too many colours: what was counted exactly goes to the cells. */
  private spill(): void {
    const keys = this.keys;
    if (keys === null) return;
    for (let slot = 0; slot < EXACT_SLOTS; slot++) {
      const key = keys[slot] ?? -1;
      if (key >= 0) this.addToCell(key >> 16, (key >> 8) & 0xff, key & 0xff, this.counts[slot] ?? 0);
    }
    this.keys = null;
  }

  points(): ColourPoints {
    const keys = this.keys;
    if (keys !== null) {
      const c = new Float64Array(this.distinct * 3);
      const w = new Float64Array(this.distinct);
      let j = 0;
      for (let slot = 0; slot < EXACT_SLOTS; slot++) {
        const key = keys[slot] ?? -1;
        if (key < 0) continue;
        c[j * 3] = key >> 16;
        c[j * 3 + 1] = (key >> 8) & 0xff;
        c[j * 3 + 2] = key & 0xff;
        w[j] = this.counts[slot] ?? 0;
        j++;
      }
      return { n: this.distinct, c, w };
    }
    const cells = this.cells;
    if (cells === null) return { n: 0, c: new Float64Array(0), w: new Float64Array(0) };
    let n = 0;
    for (let i = 0; i < CELLS; i++) if ((cells.weight[i] ?? 0) > 0) n++;
    const c = new Float64Array(n * 3);
    const w = new Float64Array(n);
    let j = 0;
    for (let i = 0; i < CELLS; i++) {
      const wi = cells.weight[i] ?? 0;
      if (wi === 0) continue;
      w[j] = wi;
      for (let k = 0; k < 3; k++) c[j * 3 + k] = (cells.sum[i * 3 + k] ?? 0) / wi;
      j++;
    }
    return { n, c, w };
  }
}

interface Box {
  readonly start: number;
  readonly end: number;
  /** Weighted squared error around the box's mean: how much a split could gain. */
  readonly sse: number;
}

const boxOf = (p: ColourPoints, order: Int32Array, start: number, end: number): Box => {
  let W = 0;
  let q = 0;
  const s = [0, 0, 0];
  for (let i = start; i < end; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    W += w;
    for (let k = 0; k < 3; k++) {
      const v = p.c[j * 3 + k] ?? 0;
      s[k] = (s[k] ?? 0) + w * v;
      q += w * v * v;
    }
  }
  const sse = W > 0 ? q - ((s[0] ?? 0) ** 2 + (s[1] ?? 0) ** 2 + (s[2] ?? 0) ** 2) / W : 0;
  return { start, end, sse: Math.max(0, sse) };
};

/** Splits a box of at least two points along its widest channel where the two halves' error is least. */
const split = (p: ColourPoints, order: Int32Array, box: Box): [Box, Box] => {
  const { start, end } = box;
  let W = 0;
  const s = [0, 0, 0];
  const q = [0, 0, 0];
  for (let i = start; i < end; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    W += w;
    for (let k = 0; k < 3; k++) {
      const v = p.c[j * 3 + k] ?? 0;
      s[k] = (s[k] ?? 0) + w * v;
      q[k] = (q[k] ?? 0) + w * v * v;
    }
  }
  let axis = 0;
  let widest = -1;
  for (let k = 0; k < 3; k++) {
    const variance = (q[k] ?? 0) - (s[k] ?? 0) ** 2 / W;
    if (variance > widest) {
      widest = variance;
      axis = k;
    }
  }
  order.subarray(start, end).sort((a, b) => (p.c[a * 3 + axis] ?? 0) - (p.c[b * 3 + axis] ?? 0));
  // Error of a set = Σw|c|² − |Σwc|²/W; the total Σw|c|² is the same for every cut.
  let lw = 0;
  const ls = [0, 0, 0];
  let cut = start + 1;
  let best = Infinity;
  for (let i = start; i < end - 1; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    lw += w;
    for (let k = 0; k < 3; k++) ls[k] = (ls[k] ?? 0) + w * (p.c[j * 3 + k] ?? 0);
    const rw = W - lw;
    let left = 0;
    let rightPart = 0;
    for (let k = 0; k < 3; k++) {
      left += (ls[k] ?? 0) ** 2;
      rightPart += ((s[k] ?? 0) - (ls[k] ?? 0)) ** 2;
    }
    const cost = -(left / lw + rightPart / rw);
    if (cost < best) {
      best = cost;
      cut = i + 1;
    }
  }
  return [boxOf(p, order, start, cut), boxOf(p, order, cut, end)];
};

/**
 * Up to `k` colours (3 numbers each, 0..255) for the weighted points: the points themselves when
 * there are no more than `k`, else median cut (each cut where the two halves' squared error is
 * least, along the widest channel of the box with the most error) refined by k-means.
 */
export const quantise = (p: ColourPoints, k: number): Uint8Array => {
  if (p.n === 0 || k <= 0) return new Uint8Array(0);
  let centres: Float64Array;
  if (p.n <= k) {
    centres = p.c.slice();
  } else {
    const order = Int32Array.from({ length: p.n }, (_x, i) => i);
    const boxes: Box[] = [boxOf(p, order, 0, p.n)];
    while (boxes.length < k) {
      let pick = -1;
      for (let i = 0; i < boxes.length; i++) {
        const b = boxes[i];
        if (b && b.end - b.start >= 2 && b.sse > 0 && (pick < 0 || b.sse > (boxes[pick]?.sse ?? 0))) pick = i;
      }
      const chosen = boxes[pick];
      if (!chosen) break;
      const [a, b] = split(p, order, chosen);
      boxes.splice(pick, 1, a, b);
    }
    centres = new Float64Array(boxes.length * 3);
    boxes.forEach((b, bi) => {
      let W = 0;
      const s = [0, 0, 0];
      for (let i = b.start; i < b.end; i++) {
        const j = order[i] ?? 0;
        const w = p.w[j] ?? 0;
        W += w;
        for (let c = 0; c < 3; c++) s[c] = (s[c] ?? 0) + w * (p.c[j * 3 + c] ?? 0);
      }
      for (let c = 0; c < 3; c++) centres[bi * 3 + c] = (s[c] ?? 0) / W;
    });
    centres = kMeans(p, centres);
  }
  return Uint8Array.from(centres, (v) => Math.min(255, Math.max(0, Math.round(v))));
};

/** Lloyd rounds over the weighted points, starting from the median-cut centres. */
const kMeans = (p: ColourPoints, start: Float64Array): Float64Array => {
  const k = start.length / 3;
  const centres = start.slice();
  const sums = new Float64Array(k * 4);
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    sums.fill(0);
    for (let j = 0; j < p.n; j++) {
      const r = p.c[j * 3] ?? 0;
      const g = p.c[j * 3 + 1] ?? 0;
      const b = p.c[j * 3 + 2] ?? 0;
      let best = 0;
      let bestD = Infinity;
      for (let i = 0; i < k; i++) {
        const dr = r - (centres[i * 3] ?? 0);
        const dg = g - (centres[i * 3 + 1] ?? 0);
        const db = b - (centres[i * 3 + 2] ?? 0);
        const d = dr * dr + dg * dg + db * db;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      const w = p.w[j] ?? 0;
      sums[best * 4] = (sums[best * 4] ?? 0) + w * r;
      sums[best * 4 + 1] = (sums[best * 4 + 1] ?? 0) + w * g;
      sums[best * 4 + 2] = (sums[best * 4 + 2] ?? 0) + w * b;
      sums[best * 4 + 3] = (sums[best * 4 + 3] ?? 0) + w;
    }
    for (let i = 0; i < k; i++) {
      const w = sums[i * 4 + 3] ?? 0;
      if (w > 0) for (let c = 0; c < 3; c++) centres[i * 3 + c] = (sums[i * 4 + c] ?? 0) / w;
    }
  }
  return centres;
};

/**
 * Nearest palette colour: a colour of the palette is its own entry; any other is looked up once
 * per 18-bit cell (the cell's centre decides) and cached.
 */
class NearestColour {
  private readonly cache = new Int16Array(1 << 18).fill(-1);
  private readonly exactKeys = new Int32Array(1024).fill(-1);
  private readonly exactIndex = new Int16Array(1024);

  constructor(private readonly palette: Uint8Array) {
    for (let i = 0; i * 3 < palette.length; i++) {
      const key =
        ((palette[i * 3] ?? 0) << 16) | ((palette[i * 3 + 1] ?? 0) << 8) | (palette[i * 3 + 2] ?? 0);
      let slot = NearestColour.slotOf(key);
      while ((this.exactKeys[slot] ?? -1) !== -1 && this.exactKeys[slot] !== key) slot = (slot + 1) & 1023;
      if (this.exactKeys[slot] === key) continue;
      this.exactKeys[slot] = key;
      this.exactIndex[slot] = i;
    }
  }

  private static slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> 22;
  }

  find(r: number, g: number, b: number): number {
    const exact = (r << 16) | (g << 8) | b;
    for (let slot = NearestColour.slotOf(exact); ; slot = (slot + 1) & 1023) {
      const key = this.exactKeys[slot] ?? -1;
      if (key === exact) return this.exactIndex[slot] ?? 0;
      if (key === -1) break;
    }
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    const hit = this.cache[key] ?? -1;
    if (hit >= 0) return hit;
    const cr = (r & 0xfc) + 2;
    const cg = (g & 0xfc) + 2;
    const cb = (b & 0xfc) + 2;
    const pal = this.palette;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i * 3 < pal.length; i++) {
      const dr = cr - (pal[i * 3] ?? 0);
      const dg = cg - (pal[i * 3 + 1] ?? 0);
      const db = cb - (pal[i * 3 + 2] ?? 0);
      const d = dr * dr + dg * dg + db * db;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    this.cache[key] = best;
    return best;
  }
}

/** Mean distance from each palette colour to its nearest neighbour (0 for fewer than two). */
const meanNeighbourDistance = (colours: Uint8Array): number => {
  const k = colours.length / 3;
  if (k < 2) return 0;
  let total = 0;
  for (let i = 0; i < k; i++) {
    let best = Infinity;
    for (let j = 0; j < k; j++) {
      if (j === i) continue;
      const dr = (colours[i * 3] ?? 0) - (colours[j * 3] ?? 0);
      const dg = (colours[i * 3 + 1] ?? 0) - (colours[j * 3 + 1] ?? 0);
      const db = (colours[i * 3 + 2] ?? 0) - (colours[j * 3 + 2] ?? 0);
      best = Math.min(best, dr * dr + dg * dg + db * db);
    }
    total += Math.sqrt(best);
  }
  return total / k;
};

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
