/**
 * Display and generation helpers of spec §9 as pure functions: compact counts, time-ago units,
 * random ids (randomness injected), the weekly campaign rotation, image sizes, and palette
 * extraction by k-means. Text is never produced here beyond numbers and units; views translate.
 */

// ---- counts --------------------------------------------------------------------------------

/** Spec §9: the largest count shown, 999.9M. */
export const COUNT_CAP = 999_900_000;

const tenthsWithSuffix = (tenths: number, suffix: 'K' | 'M'): string => {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${whole}${tenth === 0 ? '' : `.${tenth}`}${suffix}`;
};

/**
 * Spec §9: K for thousands, M for millions, capped at 999.9M. One decimal, a trailing .0 dropped,
 * and always rounded down, so 999,950 shows 999.9K (never 1000.0K) and a count never shows more
 * than it is. Negative and non-numeric counts show 0; an infinite one shows the cap.
 */
export const formatCount = (n: number): string => {
  if (Number.isNaN(n) || n <= 0) return '0';
  const v = Math.floor(Math.min(n, COUNT_CAP));
  if (v < 1000) return String(v);
  if (v < 1_000_000) return tenthsWithSuffix(Math.floor(v / 100), 'K');
  return tenthsWithSuffix(Math.floor(v / 100_000), 'M');
};

// ---- short text ----------------------------------------------------------------------------

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A person's text for one line: runs of white space (new lines included) become one space, the
 * ends trimmed; over `max` characters as people count them (grapheme clusters, so an emoji or an
 * accented letter is never cut in half) it keeps the first `max - 1` and an ellipsis. A text that
 * is empty or only white space gives null: the view shows its translated placeholder.
 */
export const shortenText = (text: string, max: number): string | null => {
  const line = text.replace(/\s+/gu, ' ').trim();
  if (line === '') return null;
  const limit = Math.max(1, Math.floor(max));
  const parts = Array.from(graphemes.segment(line), (s) => s.segment);
  if (parts.length <= limit) return line;
  return `${parts
    .slice(0, limit - 1)
    .join('')
    .trimEnd()}…`;
};

// ---- time ago ------------------------------------------------------------------------------

export type TimeAgoUnit = 'minutes' | 'hours' | 'days' | 'months' | 'years';

export interface TimeAgo {
  readonly unit: TimeAgoUnit;
  readonly value: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9 time-ago units. Under a minute (and a time in the future, from clock skew) reads as
 * 1 minute; a month is 30 days and a year 365 days, as people read them, not calendar arithmetic.
 */
export const timeAgo = (thenMs: number, nowMs: number): TimeAgo => {
  const diff = Math.max(0, nowMs - thenMs);
  if (diff < HOUR) return { unit: 'minutes', value: Math.max(1, Math.floor(diff / MINUTE)) };
  if (diff < DAY) return { unit: 'hours', value: Math.floor(diff / HOUR) };
  const days = Math.floor(diff / DAY);
  if (days < 30) return { unit: 'days', value: days };
  if (days < 365) return { unit: 'months', value: Math.floor(days / 30) };
  return { unit: 'years', value: Math.floor(days / 365) };
};

// ---- random ids ----------------------------------------------------------------------------

export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const DEFAULT_ID_LENGTH = 12;

/**
 * Spec §9 random id: 12 characters from the 62-character alphanumeric alphabet. `nextInt(n)`
 * should return an integer in [0, n); whatever it returns is folded into range, so the id always
 * has the right length and alphabet.
 */
export const randomId = (nextInt: (n: number) => number, length = DEFAULT_ID_LENGTH): string => {
  const n = ID_ALPHABET.length;
  const count = Number.isFinite(length) ? Math.max(0, Math.floor(length)) : 0;
  let id = '';
  for (let i = 0; i < count; i++) {
    const raw = Math.floor(nextInt(n));
    const index = Number.isFinite(raw) ? ((raw % n) + n) % n : 0;
    id += ID_ALPHABET.charAt(index);
  }
  return id;
};

// ---- campaigns -----------------------------------------------------------------------------

export const CAMPAIGN_TYPES = [
  'aiVideoRush',
  'starryNight',
  'finalCountdown',
  'childrensColor',
  'oceanicArt',
  'summerVideo',
  'midyearFest',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

const WEEK = 7 * DAY;
/** Weeks start at 00:00 UTC on Thursdays from 8 May 2025; the season ends after 1 July 2025 (UTC). */
export const CAMPAIGN_SEASON_START = Date.UTC(2025, 4, 8);
export const CAMPAIGN_SEASON_END = Date.UTC(2025, 6, 2);

export interface ActiveCampaign {
  readonly type: CampaignType;
  readonly startsAt: number;
  readonly endsAt: number;
}

/**
 * Spec §9 weekly campaigns, 8 May to 1 July 2025, in the listed order. Eight weeks do not fit seven
 * campaigns, so the last one (midyearFest) runs from 19 June to the end of 1 July.
 */
export const activeCampaign = (nowMs: number): ActiveCampaign | null => {
  if (!(nowMs >= CAMPAIGN_SEASON_START && nowMs < CAMPAIGN_SEASON_END)) return null;
  const last = CAMPAIGN_TYPES.length - 1;
  const week = Math.min(Math.floor((nowMs - CAMPAIGN_SEASON_START) / WEEK), last);
  const startsAt = CAMPAIGN_SEASON_START + week * WEEK;
  return {
    type: CAMPAIGN_TYPES[week] as CampaignType,
    startsAt,
    endsAt: week === last ? CAMPAIGN_SEASON_END : startsAt + WEEK,
  };
};

// ---- image sizes ---------------------------------------------------------------------------

export const IMAGE_SIZE_MODES = [512, 768, 1024, 1536] as const;
export type ImageSizeMode = (typeof IMAGE_SIZE_MODES)[number];

export const ASPECT_RATIOS = ['1:1', '3:4', '2:3', '9:16', '4:3', '3:2', '16:9', '21:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Generation engines want sides in multiples of 8 (the latent is 1/8 of the image). */
const toMultipleOf8 = (x: number): number => Math.max(8, Math.round(x / 8) * 8);

const parseRatio = (ratio: AspectRatio): readonly [number, number] => {
  const [w, h] = ratio.split(':').map(Number);
  return [w ?? 1, h ?? 1];
};

/** The long side is the mode; the short side follows the ratio, rounded to a multiple of 8. */
export const imageSize = (mode: ImageSizeMode, ratio: AspectRatio): ImageSize => {
  const [w, h] = parseRatio(ratio);
  return w >= h
    ? { width: mode, height: toMultipleOf8((mode * h) / w) }
    : { width: toMultipleOf8((mode * w) / h), height: mode };
};

export const CUSTOM_SIZE_RANGES = {
  standard: { min: 512, max: 1024 },
  large: { min: 768, max: 1536 },
} as const;
export type CustomSizeRange = keyof typeof CUSTOM_SIZE_RANGES;

/** A custom side clamped into its range and rounded to a multiple of 8; nonsense becomes the minimum. */
export const clampCustomSize = (value: number, range: CustomSizeRange): number => {
  const { min, max } = CUSTOM_SIZE_RANGES[range];
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value / 8) * 8));
};

// ---- palette -------------------------------------------------------------------------------

export const PALETTE_MAX_SAMPLES = 300;
export const PALETTE_CLUSTERS = 5;
export const PALETTE_MAX_ITERATIONS = 20;
/** Pixels more transparent than this say nothing about the image's colours. */
const MIN_ALPHA = 128;

export interface PaletteColor {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  /** Share of the sampled pixels in this cluster, 0..1. */
  readonly weight: number;
}

type Rgb = readonly [number, number, number];

const channel = (v: number | undefined): number =>
  v === undefined || !Number.isFinite(v) ? 0 : Math.min(255, Math.max(0, Math.round(v)));

const luma = (c: Rgb): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

const distance2 = (a: Rgb, b: Rgb): number => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** Every step-th pixel, at most 300, opaque ones only: the same pixels for the same image. */
const samplePixels = (pixels: ArrayLike<number>, width: number, height: number): Rgb[] => {
  const total = Math.max(0, Math.min(Math.floor(width) * Math.floor(height), Math.floor(pixels.length / 4)));
  const step = Math.max(1, Math.ceil(total / PALETTE_MAX_SAMPLES));
  const samples: Rgb[] = [];
  for (let i = 0; i < total && samples.length < PALETTE_MAX_SAMPLES; i += step) {
    const o = i * 4;
    if (channel(pixels[o + 3]) < MIN_ALPHA) continue;
    samples.push([channel(pixels[o]), channel(pixels[o + 1]), channel(pixels[o + 2])]);
  }
  return samples;
};

/** Initial centroids spread evenly over the distinct colours ordered by brightness: no randomness. */
const initialCentroids = (samples: readonly Rgb[]): Rgb[] => {
  const distinct = [...new Map(samples.map((c) => [c.join(','), c])).values()].sort(
    (a, b) => luma(a) - luma(b) || a[0] - b[0] || a[1] - b[1] || a[2] - b[2],
  );
  const k = Math.min(PALETTE_CLUSTERS, distinct.length);
  if (k === 1) return [distinct[0] as Rgb];
  return Array.from(
    { length: k },
    (_x, j) => distinct[Math.round((j * (distinct.length - 1)) / (k - 1))] as Rgb,
  );
};

const nearest = (c: Rgb, centroids: readonly Rgb[]): number => {
  let best = 0;
  let bestD = Infinity;
  centroids.forEach((m, i) => {
    const d = distance2(c, m);
    if (d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
};

/**
 * Spec §9 colour extraction: k-means over at most 300 sampled pixels, 5 clusters, at most 20
 * iterations. Deterministic: fixed sampling and initialisation, ties to the lower cluster. Colours
 * come back most common first; an image with fewer distinct colours gives fewer.
 */
export const extractPalette = (
  pixels: Uint8ClampedArray | readonly number[],
  width: number,
  height: number,
): readonly PaletteColor[] => {
  const samples = samplePixels(pixels, width, height);
  if (samples.length === 0) return [];
  let centroids = initialCentroids(samples);
  let assignment = samples.map((c) => nearest(c, centroids));
  for (let iteration = 0; iteration < PALETTE_MAX_ITERATIONS; iteration++) {
    const sums = centroids.map(() => [0, 0, 0, 0]);
    samples.forEach((c, i) => {
      const s = sums[assignment[i] ?? 0] as number[];
      s[0] = (s[0] ?? 0) + c[0];
      s[1] = (s[1] ?? 0) + c[1];
      s[2] = (s[2] ?? 0) + c[2];
      s[3] = (s[3] ?? 0) + 1;
    });
    centroids = centroids.map((m, j) => {
      const [r = 0, g = 0, b = 0, n = 0] = sums[j] ?? [];
      return n === 0 ? m : ([r / n, g / n, b / n] as const);
    });
    const next = samples.map((c) => nearest(c, centroids));
    const settled = next.every((a, i) => a === assignment[i]);
    assignment = next;
    if (settled) break;
  }
  const counts = centroids.map((_m, j) => assignment.filter((a) => a === j).length);
  return centroids
    .map((m, j) => ({ j, count: counts[j] ?? 0, m }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.j - b.j)
    .map(({ m, count }) => ({
      r: channel(m[0]),
      g: channel(m[1]),
      b: channel(m[2]),
      weight: count / samples.length,
    }));
};

export const toHex = (c: { readonly r: number; readonly g: number; readonly b: number }): string =>
  `#${[c.r, c.g, c.b].map((v) => channel(v).toString(16).padStart(2, '0')).join('')}`;

// ---- countdowns ----------------------------------------------------------------------------

/** A countdown as a person reads it: whole days, then hh:mm:ss of the rest of the day. */
export interface CountdownParts {
  /** Whole days left (0 under a day). */
  readonly days: number;
  /** The rest under a day as hh:mm:ss, each part two digits (hours 00 to 23). */
  readonly clock: string;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A countdown over a day reads in days ("6 d 23:54:19", not "167:54:19"): the whole seconds left
 * (rounded down) split into days and an hh:mm:ss under 24 hours. The day unit is the view's to
 * translate. A negative or non-finite duration reads as zero.
 */
export const countdownParts = (ms: number): CountdownParts => {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  return {
    days,
    clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
};
