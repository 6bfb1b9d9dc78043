/**
 * Issue 21: the pixel limits of a task input as one domain rule. The server refuses an input over
 * 2048 × 2048 pixels (by area) or over the largest side an engine writes; the client scales an
 * image meant as a task input to both first (`fitTaskInput`), keeping its aspect ratio.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as up from '../../../domain/uploads/index.js';

const arbSize = fc.record({
  width: fc.integer({ min: 1, max: 20_000 }),
  height: fc.integer({ min: 1, max: 20_000 }),
});
const arbLimit = fc.record({
  maxPixels: fc.integer({ min: 1, max: 50_000_000 }),
  maxSide: fc.integer({ min: 1, max: 10_000 }),
});
const within = (s: up.PixelSize, l: up.PixelLimit) =>
  s.width * s.height <= l.maxPixels && Math.max(s.width, s.height) <= l.maxSide;

describe('uploads.fitTaskInput: a phone photo scaled to what a task accepts (issue 21)', () => {
  it('the limits are 2048 × 2048 pixels by area and 3072 on a side', () => {
    expect(up.MAX_INPUT_PIXELS).toBe(2048 * 2048);
    expect(up.TASK_INPUT_LIMIT).toEqual({ maxPixels: 2048 * 2048, maxSide: 3072 });
  });

  it('scales a 3000 × 2000 photo to the largest 3:2 size within 2048 × 2048 pixels', () => {
    const fitted = up.fitTaskInput({ width: 3000, height: 2000 });
    expect(fitted).toEqual({ width: 2508, height: 1672 });
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(up.MAX_INPUT_PIXELS);
    // One pixel more on each side would be over: this is the largest that fits.
    expect((fitted.width + 1) * (fitted.height + 1)).toBeGreaterThan(up.MAX_INPUT_PIXELS);
    expect(fitted.width / fitted.height).toBeCloseTo(1.5, 2);
  });

  it('a portrait photo, a panorama and a square', () => {
    expect(up.fitTaskInput({ width: 3024, height: 4032 })).toEqual({ width: 1773, height: 2364 });
    expect(up.fitTaskInput({ width: 8000, height: 1000 })).toEqual({ width: 3072, height: 384 });
    expect(up.fitTaskInput({ width: 4096, height: 4096 })).toEqual({ width: 2048, height: 2048 });
  });

  it('leaves an image within the limit as it is, never scaling it up', () => {
    expect(up.fitTaskInput({ width: 2048, height: 2048 })).toEqual({ width: 2048, height: 2048 });
    expect(up.fitTaskInput({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(up.fitTaskInput({ width: 3072, height: 1365 })).toEqual({ width: 3072, height: 1365 });
  });

  it('leaves sizes it cannot scale unchanged (zero, negative, not a number)', () => {
    for (const size of [
      { width: 0, height: 10 },
      { width: -5, height: 10 },
      { width: Number.NaN, height: 10 },
      { width: Number.POSITIVE_INFINITY, height: 10 },
    ])
      expect(up.fitTaskInput(size)).toBe(size);
  });

  it('agrees with the server check: fitsPixelLimit is the area rule', () => {
    expect(up.fitsPixelLimit({ width: 3000, height: 2000 })).toBe(false);
    expect(up.fitsPixelLimit({ width: 4096, height: 1024 })).toBe(true);
    expect(up.fitsPixelLimit({ width: 2049, height: 2048 })).toBe(false);
  });

  it('property: the result is within the limit, never larger than the input on either side, and keeps the ratio within rounding', () => {
    fc.assert(
      fc.property(arbSize, arbLimit, (size, limit) => {
        const out = up.fitWithin(size, limit);
        expect(out.width).toBeLessThanOrEqual(size.width);
        expect(out.height).toBeLessThanOrEqual(size.height);
        expect(out.width).toBeGreaterThanOrEqual(1);
        expect(out.height).toBeGreaterThanOrEqual(1);
        if (within(size, limit)) {
          expect(out).toEqual(size);
          return;
        }
        // A limit below one pixel per side cannot be met; anything else is.
        if (limit.maxPixels >= 1 && limit.maxSide >= 1) expect(within(out, limit)).toBe(true);
        // The ratio: each side is the exact scaled side, rounded down, within two pixels
        // (unless a side had to stay at its one pixel).
        const scale = Math.min(
          1,
          Math.sqrt(limit.maxPixels / (size.width * size.height)),
          limit.maxSide / Math.max(size.width, size.height),
        );
        const exactW = size.width * scale;
        const exactH = size.height * scale;
        if (exactW >= 2 && exactH >= 2) {
          expect(Math.abs(out.width - exactW)).toBeLessThanOrEqual(2);
          expect(Math.abs(out.height - exactH)).toBeLessThanOrEqual(2);
        }
      }),
    );
  });

  it('property: fitting is idempotent', () => {
    fc.assert(
      fc.property(arbSize, arbLimit, (size, limit) => {
        const once = up.fitWithin(size, limit);
        expect(up.fitWithin(once, limit)).toEqual(once);
      }),
    );
  });
});
