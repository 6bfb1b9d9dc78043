/**
 * RGBA bitmaps for the simulated engines. Decoding (every format a browser writes: JPEG baseline
 * and progressive, PNG, WebP, AVIF, GIF), resizing, blurring and PNG encoding go through sharp
 * (libvips: the pixel work runs in libvips' own threads, never on the calling JavaScript thread);
 * the rest are the small helpers the simulated effects share. Pixels are straight (not
 * premultiplied) RGBA.
 */
import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS, MAX_OUTPUT_SIDE } from '../../domain/uploads/rules.js';
import { bilinear } from './interpolate';

/**
 * libvips' threads per image, by the engine pool's rule (./pool.ts): one core stays for the event
 * loop (1 thread on 2 cores, 2 from 3 cores up; ENGINE_THREADS overrides). Its threads run at the
 * process's priority, not the pool threads' lower one, so this is what keeps the loop a core.
 */
sharp.concurrency(
  Math.max(1, Number(process.env.ENGINE_THREADS) || Math.min(2, os.availableParallelism() - 1)),
);

export interface Bitmap {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes, row-major RGBA. */
  readonly data: Uint8ClampedArray;
}

/** Thrown for inputs an engine cannot read; the task runner turns it into a failed task. */
export class EngineError extends Error {}

/**
 * The largest side any engine writes (an upscale beyond it is refused up front) and the largest
 * input an engine decodes: the domain's rules (`uploads.TASK_INPUT_LIMIT`), which the client
 * scales its task inputs to. The engines run in a small pool of worker threads (./pool.ts), so
 * these also bound how long one render holds one of them.
 */
export { MAX_INPUT_PIXELS, MAX_OUTPUT_SIDE };

export const createBitmap = (
  width: number,
  height: number,
  fill: readonly [number, number, number, number] = [0, 0, 0, 255],
): Bitmap => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
    data[i + 3] = fill[3];
  }
  return { width, height, data };
};

export const cloneBitmap = (b: Bitmap): Bitmap => ({
  width: b.width,
  height: b.height,
  data: new Uint8ClampedArray(b.data),
});

/** The formats a browser produces, as sharp names them (AVIF is `heif`), that the engines read. */
const READABLE = new Set(['png', 'jpeg', 'webp', 'heif', 'gif']);

export interface ImageProbe {
  readonly width: number;
  readonly height: number;
  readonly format: string;
}

/**
 * Width and height as displayed (EXIF orientation applied) and format, from the headers only
 * (sharp: libvips, off the event loop), or null when the bytes are not an image a browser writes.
 */
export const probeImage = async (bytes: Uint8Array | string): Promise<ImageProbe | null> => {
  try {
    const m = await sharp(bytes).metadata();
    if (!READABLE.has(m.format) || !m.width || !m.height) return null;
    const turned = (m.orientation ?? 1) >= 5;
    return { width: turned ? m.height : m.width, height: turned ? m.width : m.height, format: m.format };
  } catch {
    return null;
  }
};

const rawOf = (b: Bitmap) =>
  sharp(Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength), {
    raw: { width: b.width, height: b.height, channels: 4 },
  });

const bitmapOf = async (img: Sharp): Promise<Bitmap> => {
  const { data, info } = await img
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new EngineError(`the image has ${info.channels} channels`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
};

/**
 * The sharp pipeline of an input image: its first frame, turned upright by its EXIF orientation.
 * Refuses what is not a browser's image format or is larger than MAX_INPUT_PIXELS.
 */
export const openImage = async (bytes: Uint8Array): Promise<Sharp> => {
  const probe = await probeImage(bytes);
  if (probe === null) throw new EngineError('the input is not a PNG, JPEG, WebP, AVIF or GIF image');
  if (probe.width * probe.height > MAX_INPUT_PIXELS)
    throw new EngineError(
      `the input is ${probe.width}x${probe.height}; at most ${MAX_INPUT_PIXELS} pixels are read`,
    );
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
};

/** Decodes an input image (every format a browser writes) to straight RGBA with sharp. */
export const decodeImage = async (bytes: Uint8Array): Promise<Bitmap> => {
  const img = await openImage(bytes);
  try {
    return await bitmapOf(img);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError(`the image does not decode: ${err instanceof Error ? err.message : String(err)}`);
  }
};

/** A PNG of the bitmap (sharp; zlib runs in libvips threads). */
export const encodePng = (b: Bitmap): Promise<Buffer> => rawOf(b).png().toBuffer();

/** Decodes a PNG the engines rendered. */
export const fromPng = (png: Uint8Array): Promise<Bitmap> => bitmapOf(sharp(png));

/** The resampling kernels (sharp's names): `cubic` is Catmull-Rom, `linear` bilinear. */
export type ResampleKernel = 'nearest' | 'linear' | 'cubic' | 'lanczos3';

/** Resizes to exactly width x height (the aspect ratio is not kept) with sharp. */
export const resize = (b: Bitmap, width: number, height: number, kernel: ResampleKernel = 'lanczos3') =>
  b.width === width && b.height === height
    ? Promise.resolve(b)
    : bitmapOf(rawOf(b).resize(width, height, { fit: 'fill', kernel }));

/** A Gaussian blur of the given radius (sigma = radius / 2), alpha included, with sharp. */
export const blur = (b: Bitmap, radius = 3): Promise<Bitmap> =>
  bitmapOf(rawOf(b).blur(Math.max(0.3, radius / 2)));

/** Bilinear sample of a bitmap's four channels at a fractional position (clamped at the edges), into `out`. */
export const sampleBilinear = (b: Bitmap, x: number, y: number, out: Float32Array): void => {
  for (let c = 0; c < 4; c++) out[c] = bilinear(b.data, b.width, b.height, x, y, 4, c);
};

/** Fits the image inside `maxSide` (never enlarges), keeping the aspect ratio. */
export const fitWithin = async (b: Bitmap, maxSide: number): Promise<Bitmap> => {
  const long = Math.max(b.width, b.height);
  if (long <= maxSide) return b;
  const k = maxSide / long;
  return resize(b, Math.max(1, Math.round(b.width * k)), Math.max(1, Math.round(b.height * k)));
};

export const luminance = (r: number, g: number, b: number): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Pastes `src` onto `dst` at (x, y), alpha-blending. */
export const blit = (dst: Bitmap, src: Bitmap, x0: number, y0: number): void => {
  for (let y = 0; y < src.height; y++) {
    const dy = y + y0;
    if (dy < 0 || dy >= dst.height) continue;
    for (let x = 0; x < src.width; x++) {
      const dx = x + x0;
      if (dx < 0 || dx >= dst.width) continue;
      const si = (y * src.width + x) * 4;
      const di = (dy * dst.width + dx) * 4;
      const a = src.data[si + 3]! / 255;
      for (let c = 0; c < 3; c++) dst.data[di + c] = src.data[si + c]! * a + dst.data[di + c]! * (1 - a);
      dst.data[di + 3] = Math.max(dst.data[di + 3]!, src.data[si + 3]!);
    }
  }
};
