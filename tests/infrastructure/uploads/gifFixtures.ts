/**
 * GIFs built in the tests with omggif's writer: a "realistic" animation (a noisy gradient with a
 * moving disc, 256 colours, one frame with a transparent hole, different delays) and small
 * random GIFs for the properties.
 */
import { GifWriter, type GifFrameOptions } from 'omggif';

/** A seeded xorshift32 stream of numbers in [0, 1). */
export const seeded = (seed: number): (() => number) => {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
};

export interface FixtureFrame {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Palette indices, width × height. */
  readonly indices: ArrayLike<number>;
  readonly options: GifFrameOptions;
}

/** Writes a GIF (the buffer sized for the worst case, then cut to the output). */
export const writeGif = (
  width: number,
  height: number,
  frames: readonly FixtureFrame[],
  options: { palette?: readonly number[]; loop?: number },
): Uint8Array => {
  const pixels = frames.reduce((s, f) => s + f.width * f.height, 0);
  const buf = new Uint8Array(2048 + frames.length * 1024 + pixels * 2);
  const writer = new GifWriter(buf, width, height, options);
  for (const f of frames) writer.addFrame(f.x, f.y, f.width, f.height, f.indices, f.options);
  return buf.slice(0, writer.end());
};

export const rgbOf = (c: number): readonly [number, number, number] => [
  (c >> 16) & 255,
  (c >> 8) & 255,
  c & 255,
];

/**
 * A 256-colour palette for truecolour frames by popularity (Heckbert): the mean colours of the
 * 256 fullest cells of a 4-bit-per-channel histogram. Independent of the quantiser under test.
 */
export const popularityPalette = (frames: readonly Uint8Array[], size = 256): number[] => {
  const weight = new Float64Array(4096);
  const sums = new Float64Array(4096 * 3);
  for (const rgb of frames)
    for (let o = 0; o < rgb.length; o += 3) {
      const r = rgb[o] ?? 0;
      const g = rgb[o + 1] ?? 0;
      const b = rgb[o + 2] ?? 0;
      const cell = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      weight[cell] = (weight[cell] ?? 0) + 1;
      sums[cell * 3] = (sums[cell * 3] ?? 0) + r;
      sums[cell * 3 + 1] = (sums[cell * 3 + 1] ?? 0) + g;
      sums[cell * 3 + 2] = (sums[cell * 3 + 2] ?? 0) + b;
    }
  const cells = [...weight.keys()].filter((c) => (weight[c] ?? 0) > 0);
  cells.sort((a, b) => (weight[b] ?? 0) - (weight[a] ?? 0) || a - b);
  const palette = cells.slice(0, size).map((c) => {
    const w = weight[c] ?? 1;
    const [r, g, b] = [0, 1, 2].map((k) => Math.round((sums[c * 3 + k] ?? 0) / w));
    return ((r ?? 0) << 16) | ((g ?? 0) << 8) | (b ?? 0);
  });
  while (palette.length < size) palette.push(0);
  return palette;
};

/** Maps truecolour pixels to their nearest palette entry (cached per 6-bit cell). */
export const mapToPalette = (rgb: Uint8Array, palette: readonly number[]): Uint8Array => {
  const flat = Int32Array.from(palette.flatMap((c) => [...rgbOf(c)]));
  const cache = new Int16Array(1 << 18).fill(-1);
  const out = new Uint8Array(rgb.length / 3);
  for (let p = 0; p < out.length; p++) {
    const r = rgb[p * 3] ?? 0;
    const g = rgb[p * 3 + 1] ?? 0;
    const b = rgb[p * 3 + 2] ?? 0;
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    let best = cache[key] ?? -1;
    if (best < 0) {
      let bestD = Infinity;
      for (let i = 0; i < palette.length; i++) {
        const dr = (flat[i * 3] ?? 0) - r;
        const dg = (flat[i * 3 + 1] ?? 0) - g;
        const db = (flat[i * 3 + 2] ?? 0) - b;
        const d = dr * dr + dg * dg + db * db;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      cache[key] = best;
    }
    out[p] = best;
  }
  return out;
};

export interface AnimationOptions {
  readonly width?: number;
  readonly height?: number;
  readonly frames?: number;
  readonly seed?: number;
  /** Amplitude of the still noise (film grain fixed to the pixel). */
  readonly grain?: number;
  /** Amplitude of the noise that changes every frame. */
  readonly flicker?: number;
}

export const ANIMATION_DELAYS = [10, 20, 30, 40, 50, 60, 70, 80] as const;
/** The frame with the transparent hole; palette index 255 is kept for it. */
export const HOLE_FRAME = 2;

const clampByte = (v: number): number => Math.min(255, Math.max(0, Math.round(v)));

/**
 * A noisy diagonal gradient (still grain plus a little flicker) with a disc moving across it,
 * rendered in truecolour and reduced to one 256-colour palette (by popularity, 255 colours and
 * a transparent slot), written as full frames, each with its own delay and disposal 2 (every
 * frame shown on its own); frame 2 has a transparent hole in its top-left quarter. Loops forever.
 */
export const noisyAnimation = (o: AnimationOptions = {}): Uint8Array => {
  const width = o.width ?? 160;
  const height = o.height ?? 120;
  const count = o.frames ?? 6;
  const random = seeded(o.seed ?? 7);
  const grainAmp = o.grain ?? 24;
  const flickerAmp = o.flicker ?? 10;
  const grain = Float32Array.from({ length: width * height * 3 }, () => (random() - 0.5) * grainAmp);
  const truecolour: Uint8Array[] = [];
  for (let f = 0; f < count; f++) {
    const cx = width * (0.2 + (0.6 * f) / Math.max(1, count - 1));
    const cy = height * 0.5;
    const radius = Math.min(width, height) * 0.18;
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        const inDisc = (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
        const r = inDisc ? 230 : (255 * x) / width;
        const g = inDisc ? 60 + (40 * y) / height : (255 * y) / height;
        const b = inDisc ? 40 : 255 * (0.5 + 0.4 * Math.sin((x + y) / 37));
        rgb[p * 3] = clampByte(r + (grain[p * 3] ?? 0) + (random() - 0.5) * flickerAmp);
        rgb[p * 3 + 1] = clampByte(g + (grain[p * 3 + 1] ?? 0) + (random() - 0.5) * flickerAmp);
        rgb[p * 3 + 2] = clampByte(b + (grain[p * 3 + 2] ?? 0) + (random() - 0.5) * flickerAmp);
      }
    truecolour.push(rgb);
  }
  const palette = [...popularityPalette(truecolour, 255), 0];
  const frames = truecolour.map((rgb, f): FixtureFrame => {
    const indices = mapToPalette(rgb, palette.slice(0, 255));
    if (f === HOLE_FRAME)
      for (let y = 0; y < height / 2; y++)
        for (let x = 0; x < width / 2; x++)
          if ((x - width / 4) ** 2 + (y - height / 4) ** 2 < (height / 5) ** 2) indices[y * width + x] = 255;
    return {
      x: 0,
      y: 0,
      width,
      height,
      indices,
      options: {
        delay: ANIMATION_DELAYS[f % ANIMATION_DELAYS.length] ?? 10,
        disposal: 2,
        transparent: f === HOLE_FRAME ? 255 : null,
      },
    };
  });
  return writeGif(width, height, frames, { palette, loop: 0 });
};
