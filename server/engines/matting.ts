/**
 * Background removal by colour-distance flood fill from the border: every border pixel seeds
 * the background; the fill spreads to a neighbour whose colour is close both to the pixel it
 * comes from (a local step, so smooth gradients are followed) and to the seed it started at
 * (a bound, so the fill does not creep through a soft edge into the subject). The result is
 * an RGBA image whose background is transparent, with a one-pixel feathered edge.
 */
import { cloneBitmap, type Bitmap } from './bitmap';

export interface MattingOptions {
  /** Largest colour distance between neighbours that the fill crosses. */
  readonly step?: number;
  /** Largest colour distance from the seed colour. */
  readonly bound?: number;
}

const dist = (d: Uint8ClampedArray, i: number, j: number): number => {
  const r = d[i]! - d[j]!;
  const g = d[i + 1]! - d[j + 1]!;
  const b = d[i + 2]! - d[j + 2]!;
  return Math.sqrt(r * r + g * g + b * b);
};

export interface Matte {
  readonly image: Bitmap;
  /** 1 for background, per pixel. */
  readonly background: Uint8Array;
}

/** Foreground islands smaller than `minSize` pixels (noise the fill went around) become background. */
const dropSpecks = (bg: Uint8Array, width: number, height: number, minSize: number): void => {
  const seen = new Uint8Array(bg.length);
  const stack: number[] = [];
  const island: number[] = [];
  for (let start = 0; start < bg.length; start++) {
    if (bg[start] || seen[start]) continue;
    island.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const p = stack.pop()!;
      island.push(p);
      const x = p % width;
      const y = (p - x) / width;
      const near = [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ];
      for (const q of near)
        if (q >= 0 && !bg[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
    }
    if (island.length < minSize) for (const p of island) bg[p] = 1;
  }
};

export const removeBackground = (src: Bitmap, options: MattingOptions = {}): Matte => {
  const step = options.step ?? 14;
  const bound = options.bound ?? 32;
  const { width, height, data } = src;
  const n = width * height;
  const bg = new Uint8Array(n);
  const seedOf = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const push = (p: number, seed: number) => {
    if (bg[p]) return;
    bg[p] = 1;
    seedOf[p] = seed;
    queue[tail++] = p;
  };
  for (let x = 0; x < width; x++) {
    push(x, x);
    push((height - 1) * width + x, (height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width, y * width);
    push(y * width + width - 1, y * width + width - 1);
  }
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    const y = (p - x) / width;
    const seed = seedOf[p]!;
    const visit = (q: number) => {
      if (bg[q]) return;
      if (dist(data, q * 4, p * 4) <= step && dist(data, q * 4, seed * 4) <= bound) push(q, seed);
    };
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (y > 0) visit(p - width);
    if (y < height - 1) visit(p + width);
  }
  dropSpecks(bg, width, height, Math.max(16, Math.floor(n * 0.002)));
  const out = cloneBitmap(src);
  for (let p = 0; p < n; p++) {
    if (bg[p]) {
      out.data[p * 4 + 3] = 0;
      continue;
    }
    // Feather: a subject pixel touching the background keeps part of its opacity.
    const x = p % width;
    const y = (p - x) / width;
    let touching = 0;
    if (x > 0 && bg[p - 1]) touching++;
    if (x < width - 1 && bg[p + 1]) touching++;
    if (y > 0 && bg[p - width]) touching++;
    if (y < height - 1 && bg[p + width]) touching++;
    out.data[p * 4 + 3] = Math.round((src.data[p * 4 + 3]! * (4 - touching * 0.6)) / 4);
  }
  return { image: out, background: bg };
};
