/**
 * Colour extraction of a result (spec §9 "colour extraction samples at most 300 px, 5 clusters, up
 * to 20 iterations"): the image is sampled on a grid of at most 300 x 300 points, its opaque
 * pixels are clustered by k-means in RGB (5 clusters, at most 20 iterations, stopping early once no
 * pixel changes cluster), and the clusters come back as colours with their share of the pixels,
 * largest first. Deterministic: the initial centres are the luminance quantiles, no randomness.
 */

export const PALETTE_SAMPLE_MAX_SIDE = 300;
export const PALETTE_CLUSTERS = 5;
export const PALETTE_MAX_ITERATIONS = 20;
/** Pixels less opaque than this are not part of the picture (a cut-out's background). */
const MIN_ALPHA = 128;

export interface PaletteColour {
  /** `#rrggbb`, lower case. */
  readonly hex: string;
  readonly rgb: readonly [number, number, number];
  /** Fraction of the sampled opaque pixels, 0..1. */
  readonly share: number;
}

export interface Palette {
  readonly colours: readonly PaletteColour[];
  /** Iterations k-means ran (at most PALETTE_MAX_ITERATIONS). */
  readonly iterations: number;
  /** Pixels sampled (at most 300 x 300). */
  readonly sampled: number;
}

/** The grid a `width` x `height` image is sampled on: its size, scaled so the long side is <= 300. */
export const samplingSize = (
  width: number,
  height: number,
): { readonly width: number; readonly height: number } => {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  const long = Math.max(w, h);
  if (long <= PALETTE_SAMPLE_MAX_SIDE) return { width: w, height: h };
  const scale = PALETTE_SAMPLE_MAX_SIDE / long;
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
};

const hexOf = (rgb: readonly number[]): string =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const luminance = (r: number, g: number, b: number): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * The palette of an RGBA image (`pixels` row-major, 4 bytes per pixel, `width * height * 4` long).
 * An image with no opaque pixel (or no pixels) has an empty palette.
 */
export const extractPalette = (
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  clusters = PALETTE_CLUSTERS,
  maxIterations = PALETTE_MAX_ITERATIONS,
): Palette => {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  const grid = samplingSize(w, h);
  const k = Math.max(1, Math.floor(clusters));
  const rounds = Math.max(1, Math.min(PALETTE_MAX_ITERATIONS, Math.floor(maxIterations)));
  // ---- sample: the nearest pixel of each grid point
  const points: number[] = [];
  for (let gy = 0; gy < grid.height; gy++) {
    const y = Math.min(h - 1, Math.floor(((gy + 0.5) * h) / grid.height));
    for (let gx = 0; gx < grid.width; gx++) {
      const x = Math.min(w - 1, Math.floor(((gx + 0.5) * w) / grid.width));
      const at = (y * w + x) * 4;
      if (at + 3 >= pixels.length) continue;
      if ((pixels[at + 3] ?? 0) < MIN_ALPHA) continue;
      points.push(pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0);
    }
  }
  const n = points.length / 3;
  const sampled = grid.width * grid.height;
  if (n === 0) return { colours: [], iterations: 0, sampled };
  // ---- initial centres: luminance quantiles of the sample
  const byLuma = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) =>
      luminance(points[a * 3]!, points[a * 3 + 1]!, points[a * 3 + 2]!) -
        luminance(points[b * 3]!, points[b * 3 + 1]!, points[b * 3 + 2]!) || a - b,
  );
  const centres: number[][] = Array.from({ length: k }, (_, c) => {
    const i = byLuma[Math.min(n - 1, Math.floor(((c + 0.5) * n) / k))]!;
    return [points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!];
  });
  // ---- k-means
  const assignment = new Int32Array(n).fill(-1);
  let iterations = 0;
  for (let round = 0; round < rounds; round++) {
    iterations = round + 1;
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const r = points[i * 3]!;
      const g = points[i * 3 + 1]!;
      const b = points[i * 3 + 2]!;
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < k; c++) {
        const centre = centres[c]!;
        const d = (r - centre[0]!) ** 2 + (g - centre[1]!) ** 2 + (b - centre[2]!) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        changed++;
      }
    }
    const sums = Array.from({ length: k }, () => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const s = sums[assignment[i]!]!;
      s[0]! += points[i * 3]!;
      s[1]! += points[i * 3 + 1]!;
      s[2]! += points[i * 3 + 2]!;
      s[3]! += 1;
    }
    sums.forEach((s, c) => {
      if (s[3]! > 0) centres[c] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
    if (changed === 0) break;
  }
  // ---- clusters to colours, largest first; identical colours merged
  const counts = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) counts[assignment[i]!]! += 1;
  const merged = new Map<string, { rgb: [number, number, number]; count: number }>();
  centres.forEach((centre, c) => {
    if (counts[c]! === 0) return;
    const rgb: [number, number, number] = [
      Math.round(centre[0]!),
      Math.round(centre[1]!),
      Math.round(centre[2]!),
    ];
    const hex = hexOf(rgb);
    const known = merged.get(hex);
    if (known) known.count += counts[c]!;
    else merged.set(hex, { rgb, count: counts[c]! });
  });
  const colours = [...merged.entries()]
    .map(([hex, { rgb, count }]) => ({ hex, rgb, share: count / n }))
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
  return { colours, iterations, sampled };
};
