import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as format from '../../../domain/format/index.js';

const valueOf = (s: string): number => {
  const m = /^(\d+(?:\.\d)?)([KM]?)$/.exec(s);
  if (!m) throw new Error(`not a count: ${s}`);
  return Number(m[1]) * (m[2] === 'K' ? 1e3 : m[2] === 'M' ? 1e6 : 1);
};

describe('counts (spec §9 "K for thousands, M for millions, cap 999.9M")', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1050, '1K'],
    [1100, '1.1K'],
    [12_345, '12.3K'],
    [999_950, '999.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [999_899_999, '999.8M'],
    [999_900_000, '999.9M'],
    [5e12, '999.9M'],
    [Infinity, '999.9M'],
    [-4, '0'],
    [Number.NaN, '0'],
    [12.9, '12'],
  ])('formats %d as %s', (n, s) => {
    expect(format.formatCount(n)).toBe(s);
  });
  it('property: never more than 5 characters before the suffix, never above the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e13, noNaN: true }), (n) => {
        const s = format.formatCount(n);
        expect(s).toMatch(/^(\d{1,3}|\d{1,3}(\.\d)?[KM])$/);
        expect(s.replace(/[KM]$/, '').length).toBeLessThanOrEqual(5);
        expect(valueOf(s)).toBeLessThanOrEqual(format.COUNT_CAP);
        expect(valueOf(s)).toBeLessThanOrEqual(Math.max(0, n));
      }),
    );
  });
  it('property: monotonic non-decreasing in n', () => {
    fc.assert(
      fc.property(fc.nat(2_000_000_000), fc.nat(2_000_000_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(valueOf(format.formatCount(lo))).toBeLessThanOrEqual(valueOf(format.formatCount(hi)));
      }),
    );
  });
});

describe('time ago (spec §9 "minutes, hours, days (also months, years)")', () => {
  const now = Date.UTC(2026, 0, 1);
  const min = 60_000;
  it.each([
    [0, 'minutes', 1],
    [-5 * min, 'minutes', 1],
    [59 * min, 'minutes', 59],
    [60 * min, 'hours', 1],
    [23 * 60 * min, 'hours', 23],
    [24 * 60 * min, 'days', 1],
    [29 * 1440 * min, 'days', 29],
    [30 * 1440 * min, 'months', 1],
    [364 * 1440 * min, 'months', 12],
    [365 * 1440 * min, 'years', 1],
    [800 * 1440 * min, 'years', 2],
  ] as const)('%d ms ago is %s %d', (ago, unit, value) => {
    expect(format.timeAgo(now - ago, now)).toEqual({ unit, value });
  });
  it('property: the value is at least 1 and does not decrease as time passes within a unit', () => {
    fc.assert(
      fc.property(fc.nat(10 * 365 * 1440 * min), fc.nat(1440 * min), (ago, more) => {
        const a = format.timeAgo(now - ago, now);
        const b = format.timeAgo(now - ago - more, now);
        expect(a.value).toBeGreaterThanOrEqual(1);
        if (a.unit === b.unit) expect(b.value).toBeGreaterThanOrEqual(a.value);
      }),
    );
  });
});

describe('random id (spec §9 "default length 12 (62-character alphanumeric)")', () => {
  it('draws each character from the injected source', () => {
    let i = 0;
    expect(format.randomId(() => i++)).toBe('ABCDEFGHIJKL');
    expect(format.randomId(() => 61, 3)).toBe('999');
    expect(format.randomId(() => 0, 0)).toBe('');
    expect(format.randomId(() => 0, -3)).toBe('');
    expect(format.randomId(() => 0, Number.NaN)).toBe('');
    expect(format.ID_ALPHABET).toHaveLength(62);
  });
  it('property: for any nextInt, the id has the length and the alphabet', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer(), fc.double()), { minLength: 1 }),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        (values, length) => {
          let k = 0;
          const id = format.randomId(() => values[k++ % values.length] ?? 0, length);
          expect(id).toHaveLength(length ?? 12);
          expect(id).toMatch(/^[A-Za-z0-9]*$/);
        },
      ),
    );
  });
});

describe('campaigns (spec §9 "weekly, 8 May to 1 July 2025")', () => {
  const day = (m: number, d: number, h = 0) => Date.UTC(2025, m - 1, d, h);
  it('rotates the seven types weekly from Thursday 8 May 00:00 UTC', () => {
    expect(format.activeCampaign(day(5, 7, 23))).toBeNull();
    expect(format.activeCampaign(day(5, 8))).toEqual({
      type: 'aiVideoRush',
      startsAt: day(5, 8),
      endsAt: day(5, 15),
    });
    expect(format.activeCampaign(day(5, 14, 23))?.type).toBe('aiVideoRush');
    expect(format.activeCampaign(day(5, 15))?.type).toBe('starryNight');
    expect(format.activeCampaign(day(5, 22))?.type).toBe('finalCountdown');
    expect(format.activeCampaign(day(5, 29))?.type).toBe('childrensColor');
    expect(format.activeCampaign(day(6, 5))?.type).toBe('oceanicArt');
    expect(format.activeCampaign(day(6, 12))?.type).toBe('summerVideo');
    expect(format.activeCampaign(day(6, 19))).toEqual({
      type: 'midyearFest',
      startsAt: day(6, 19),
      endsAt: day(7, 2),
    });
    expect(format.activeCampaign(day(7, 1, 23))?.type).toBe('midyearFest');
    expect(format.activeCampaign(day(7, 2))).toBeNull();
  });
  it('property: inside the season exactly one campaign is active and it contains now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: format.CAMPAIGN_SEASON_START, max: format.CAMPAIGN_SEASON_END - 1 }),
        (now) => {
          const c = format.activeCampaign(now);
          expect(c).not.toBeNull();
          expect(c!.startsAt).toBeLessThanOrEqual(now);
          expect(now).toBeLessThan(c!.endsAt);
        },
      ),
    );
  });
});

describe('image sizes (spec §9 "square modes 512/768/1024/1536 with aspect ratios ...", "Custom ranges 512-1024 and 768-1536")', () => {
  it('keeps the long side at the mode', () => {
    expect(format.imageSize(1024, '1:1')).toEqual({ width: 1024, height: 1024 });
    expect(format.imageSize(1024, '16:9')).toEqual({ width: 1024, height: 576 });
    expect(format.imageSize(1024, '9:16')).toEqual({ width: 576, height: 1024 });
    expect(format.imageSize(768, '3:4')).toEqual({ width: 576, height: 768 });
    expect(format.imageSize(512, '21:9')).toEqual({ width: 512, height: 216 });
    expect(format.imageSize(1536, '3:2')).toEqual({ width: 1536, height: 1024 });
  });
  it('property: multiples of 8, long side = mode, ratio kept within rounding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...format.IMAGE_SIZE_MODES),
        fc.constantFrom(...format.ASPECT_RATIOS),
        (mode, ratio) => {
          const { width, height } = format.imageSize(mode, ratio);
          const [rw, rh] = ratio.split(':').map(Number) as [number, number];
          expect(width % 8).toBe(0);
          expect(height % 8).toBe(0);
          expect(Math.max(width, height)).toBe(mode);
          const exactShort = (mode * Math.min(rw, rh)) / Math.max(rw, rh);
          expect(Math.abs(Math.min(width, height) - exactShort)).toBeLessThanOrEqual(4);
          expect(width >= height).toBe(rw >= rh);
        },
      ),
    );
  });
  it('clamps custom sizes into their range, in multiples of 8', () => {
    expect(format.clampCustomSize(100, 'standard')).toBe(512);
    expect(format.clampCustomSize(5000, 'standard')).toBe(1024);
    expect(format.clampCustomSize(700, 'large')).toBe(768);
    expect(format.clampCustomSize(1000, 'large')).toBe(1000);
    expect(format.clampCustomSize(1001, 'large')).toBe(1000);
    expect(format.clampCustomSize(Number.NaN, 'large')).toBe(768);
  });
  it('property: a clamped custom size is in range and a multiple of 8', () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom<format.CustomSizeRange>('standard', 'large'), (v, r) => {
        const s = format.clampCustomSize(v, r);
        expect(s).toBeGreaterThanOrEqual(format.CUSTOM_SIZE_RANGES[r].min);
        expect(s).toBeLessThanOrEqual(format.CUSTOM_SIZE_RANGES[r].max);
        expect(s % 8).toBe(0);
      }),
    );
  });
});

describe('palette (spec §9 "colour extraction samples at most 300 px, 5 clusters, up to 20 iterations")', () => {
  const image = (colors: readonly (readonly [number, number, number])[], counts: readonly number[]) =>
    colors.flatMap((c, i) => Array.from({ length: counts[i] ?? 0 }, () => [...c, 255])).flat();
  it('finds the colours of a two-colour image, most common first', () => {
    const px = image(
      [
        [255, 0, 0],
        [0, 0, 255],
      ],
      [300, 100],
    );
    expect(format.extractPalette(px, 20, 20)).toEqual([
      { r: 255, g: 0, b: 0, weight: 0.75 },
      { r: 0, g: 0, b: 255, weight: 0.25 },
    ]);
    expect(format.toHex({ r: 255, g: 8, b: 0 })).toBe('#ff0800');
  });
  it('returns at most 5 colours for a many-coloured image and skips transparent pixels', () => {
    const px = Array.from({ length: 64 * 64 }, (_x, i) => [
      i % 256,
      (i * 7) % 256,
      (i * 13) % 256,
      255,
    ]).flat();
    expect(format.extractPalette(new Uint8ClampedArray(px), 64, 64)).toHaveLength(5);
    expect(format.extractPalette([0, 0, 0, 0, 9, 9, 9, 10], 2, 1)).toEqual([]);
    expect(format.extractPalette([], 0, 0)).toEqual([]);
    expect(format.extractPalette([10, 20, 30, 255], 1, 1)).toEqual([{ r: 10, g: 20, b: 30, weight: 1 }]);
  });
  it('clamps out-of-range channels of a plain number array', () => {
    expect(format.extractPalette([300, -5, 12.4, 255], 1, 1)).toEqual([{ r: 255, g: 0, b: 12, weight: 1 }]);
  });
  const pixelsArb = fc
    .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }))
    .chain(([w, h]) =>
      fc.tuple(fc.constant(w), fc.constant(h), fc.uint8Array({ minLength: w * h * 4, maxLength: w * h * 4 })),
    );
  it('property: at most 5 colours, each channel an integer in 0..255, weights summing to 1, deterministic', () => {
    fc.assert(
      fc.property(pixelsArb, ([w, h, bytes]) => {
        const px = new Uint8ClampedArray(bytes);
        const palette = format.extractPalette(px, w, h);
        expect(palette.length).toBeLessThanOrEqual(5);
        for (const c of palette)
          for (const v of [c.r, c.g, c.b]) expect(Number.isInteger(v) && v >= 0 && v <= 255).toBe(true);
        if (palette.length > 0) expect(palette.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 9);
        expect(format.extractPalette(Array.from(px), w, h)).toEqual(palette);
      }),
      { numRuns: 150 },
    );
  });
});

describe('format: countdown parts (issue 21: a countdown over a day reads in days, "6 d 23:54:19")', () => {
  const SEC = 1000;
  it('splits whole days off and keeps the rest as hh:mm:ss under 24 hours', () => {
    expect(format.countdownParts((167 * 3600 + 54 * 60 + 19) * SEC)).toEqual({ days: 6, clock: '23:54:19' });
    expect(format.countdownParts(86_400 * SEC)).toEqual({ days: 1, clock: '00:00:00' });
    expect(format.countdownParts(86_400 * SEC - 1)).toEqual({ days: 0, clock: '23:59:59' });
    expect(format.countdownParts(61_500)).toEqual({ days: 0, clock: '00:01:01' });
    expect(format.countdownParts(-5)).toEqual({ days: 0, clock: '00:00:00' });
    expect(format.countdownParts(Number.NaN)).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('property: the days part is the whole days left, the clock always three two-digit parts, and the two add up to the whole seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (ms) => {
        const { days, clock } = format.countdownParts(ms);
        const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(clock);
        expect(m).not.toBeNull();
        const [h, mi, s] = [Number(m![1]), Number(m![2]), Number(m![3])];
        expect(h).toBeLessThan(24);
        expect(mi).toBeLessThan(60);
        expect(s).toBeLessThan(60);
        expect(days).toBe(Math.floor(ms / 86_400_000));
        expect(days * 86_400 + h * 3600 + mi * 60 + s).toBe(Math.floor(ms / 1000));
      }),
    );
  });
});
