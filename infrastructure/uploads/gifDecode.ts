/**
 * GIF decoding for the lossy compression (gif.ts) and the editor's frame sheet: the blocks
 * parsed by omggif, each frame's own graphic control applied, and frames composed as a browser
 * shows them (disposal 2 and 3 included). Throws `GifError` for bytes that are not a GIF, that do
 * not parse, or whose canvas is over `GIF_MAX_CANVAS_PIXELS`.
 */
import { GifReader, type GifFrameInfo } from 'omggif';

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
// Decoding

export interface OpenGif {
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

export const openGif = (bytes: Uint8Array): OpenGif => {
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
export function* composedFrames(
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
