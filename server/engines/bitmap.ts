/**
 * RGBA bitmaps for the simulated engines: decode (PNG through pngjs, baseline JPEG through
 * ./jpeg), encode to PNG, resample (nearest, bilinear, bicubic Catmull-Rom, separable), and
 * the small helpers the pixel engines share. Pixels are straight (not premultiplied) RGBA.
 */
import { PNG } from 'pngjs';
import { bilinear } from './interpolate';
import { decodeJpeg, JpegError } from './jpeg';

export interface Bitmap {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes, row-major RGBA. */
  readonly data: Uint8ClampedArray;
}

/** Thrown for inputs an engine cannot read; the task runner turns it into a failed task. */
export class EngineError extends Error {}

/**
 * The largest side any engine writes (an upscale beyond it is refused up front): 4x of a
 * 768 px render, 2x of the largest custom size (1536). The engines run in a small pool of
 * worker threads (./pool.ts), so this also bounds how long one render holds one of them.
 */
export const MAX_OUTPUT_SIDE = 3072;
/** The largest input an engine decodes. */
export const MAX_INPUT_PIXELS = 2048 * 2048;

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

const isPng = (bytes: Uint8Array) =>
  bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Width and height without decoding pixels (PNG IHDR, JPEG SOFn), or null. */
export const probeImage = (
  bytes: Buffer,
): { width: number; height: number; format: 'png' | 'jpeg' } | null => {
  if (isPng(bytes) && bytes.length >= 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), format: 'png' };
  if (isJpeg(bytes)) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      const len = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), format: 'jpeg' };
      i += 2 + len;
    }
  }
  return null;
};

export const decodeImage = (bytes: Buffer): Bitmap => {
  const probe = probeImage(bytes);
  if (probe === null) throw new EngineError('the input is not a PNG or JPEG image');
  if (probe.width * probe.height > MAX_INPUT_PIXELS || probe.width === 0 || probe.height === 0)
    throw new EngineError(
      `the input is ${probe.width}x${probe.height}; at most ${MAX_INPUT_PIXELS} pixels are read`,
    );
  if (probe.format === 'jpeg') {
    try {
      return decodeJpeg(bytes);
    } catch (err) {
      if (err instanceof JpegError || err instanceof RangeError)
        throw new EngineError(`the JPEG does not decode: ${err.message}`);
      throw err;
    }
  }
  try {
    const png = PNG.sync.read(bytes);
    return {
      width: png.width,
      height: png.height,
      data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    };
  } catch (err) {
    throw new EngineError(`the PNG does not decode: ${err instanceof Error ? err.message : String(err)}`);
  }
};

export const encodePng = (b: Bitmap): Buffer => {
  const png = new PNG({ width: b.width, height: b.height });
  png.data.set(b.data);
  return PNG.sync.write(png);
};

export const fromPng = (png: Buffer): Bitmap => decodeImage(png);

export type ResampleMethod = 'nearest' | 'bilinear' | 'bicubic';

/** Keys' cubic convolution kernel with a = -0.5 (Catmull-Rom). */
const cubic = (x: number): number => {
  const a = -0.5;
  const t = Math.abs(x);
  if (t <= 1) return (a + 2) * t * t * t - (a + 3) * t * t + 1;
  if (t < 2) return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a;
  return 0;
};

interface Taps {
  readonly index: Int32Array;
  readonly weight: Float32Array;
  readonly n: number;
}

/** Source indices and weights for each output position along one axis (pixel centres aligned). */
const tapsFor = (src: number, dst: number, method: ResampleMethod): Taps => {
  const n = method === 'nearest' ? 1 : method === 'bilinear' ? 2 : 4;
  const index = new Int32Array(dst * n);
  const weight = new Float32Array(dst * n);
  const scale = src / dst;
  for (let o = 0; o < dst; o++) {
    const x = (o + 0.5) * scale - 0.5;
    if (method === 'nearest') {
      index[o] = Math.min(src - 1, Math.max(0, Math.round(x)));
      weight[o] = 1;
      continue;
    }
    const base = Math.floor(x) - (n === 4 ? 1 : 0);
    let sum = 0;
    for (let k = 0; k < n; k++) {
      const at = base + k;
      const w = n === 2 ? 1 - Math.abs(x - at) : cubic(x - at);
      index[o * n + k] = Math.min(src - 1, Math.max(0, at));
      weight[o * n + k] = w;
      sum += w;
    }
    for (let k = 0; k < n; k++) weight[o * n + k]! /= sum;
  }
  return { index, weight, n };
};

/**
 * Resamples to width x height, separably (rows, then columns) in floating point, so a 4x
 * bicubic upscale costs 8 taps per output pixel instead of 16.
 */
export const resample = (b: Bitmap, width: number, height: number, method: ResampleMethod): Bitmap => {
  const tx = tapsFor(b.width, width, method);
  const ty = tapsFor(b.height, height, method);
  const mid = new Float32Array(width * b.height * 4);
  for (let y = 0; y < b.height; y++) {
    const row = y * b.width * 4;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      let a = 0;
      for (let k = 0; k < tx.n; k++) {
        const i = row + tx.index[x * tx.n + k]! * 4;
        const w = tx.weight[x * tx.n + k]!;
        r += b.data[i]! * w;
        g += b.data[i + 1]! * w;
        bl += b.data[i + 2]! * w;
        a += b.data[i + 3]! * w;
      }
      const o = (y * width + x) * 4;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = bl;
      mid[o + 3] = a;
    }
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      let a = 0;
      for (let k = 0; k < ty.n; k++) {
        const i = (ty.index[y * ty.n + k]! * width + x) * 4;
        const w = ty.weight[y * ty.n + k]!;
        r += mid[i]! * w;
        g += mid[i + 1]! * w;
        bl += mid[i + 2]! * w;
        a += mid[i + 3]! * w;
      }
      const o = (y * width + x) * 4;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = bl;
      out[o + 3] = a;
    }
  }
  return { width, height, data: out };
};

/** Bilinear sample of a bitmap's four channels at a fractional position (clamped at the edges), into `out`. */
export const sampleBilinear = (b: Bitmap, x: number, y: number, out: Float32Array): void => {
  for (let c = 0; c < 4; c++) out[c] = bilinear(b.data, b.width, b.height, x, y, 4, c);
};

/** Fits the image inside `maxSide` (never enlarges), keeping the aspect ratio. */
export const fitWithin = (b: Bitmap, maxSide: number): Bitmap => {
  const long = Math.max(b.width, b.height);
  if (long <= maxSide) return b;
  const k = maxSide / long;
  return resample(b, Math.max(1, Math.round(b.width * k)), Math.max(1, Math.round(b.height * k)), 'bilinear');
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
