import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studio } from '../../../domain/index.js';

const solid = (w: number, h: number, rgb: [number, number, number], alpha = 255) => {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) px.set([...rgb, alpha], i * 4);
  return px;
};

describe('colour extraction (spec §9 "samples at most 300 px, 5 clusters, up to 20 iterations")', () => {
  it('samples a large image on a grid of at most 300 px on its long side', () => {
    expect(studio.samplingSize(1200, 600)).toEqual({ width: 300, height: 150 });
    expect(studio.samplingSize(200, 100)).toEqual({ width: 200, height: 100 });
    const p = studio.extractPalette(solid(900, 450, [10, 20, 30]), 900, 450);
    expect(p.sampled).toBe(300 * 150);
  });

  it('a one-colour image is that colour, whole', () => {
    const p = studio.extractPalette(solid(10, 10, [255, 128, 0]), 10, 10);
    expect(p.colours).toEqual([{ hex: '#ff8000', rgb: [255, 128, 0], share: 1 }]);
  });

  it('finds the colours of a two-colour image with their shares, largest first', () => {
    const px = solid(10, 10, [0, 0, 255]);
    for (let i = 0; i < 30; i++) px.set([255, 0, 0, 255], i * 4);
    const p = studio.extractPalette(px, 10, 10);
    expect(p.colours.map((c) => [c.hex, c.share])).toEqual([
      ['#0000ff', 0.7],
      ['#ff0000', 0.3],
    ]);
  });

  it('leaves transparent pixels out, and an image with none opaque has no colours', () => {
    expect(studio.extractPalette(solid(4, 4, [1, 2, 3], 0), 4, 4).colours).toEqual([]);
    expect(studio.extractPalette(new Uint8Array(0), 0, 0).colours).toEqual([]);
  });

  it('property: at most 5 colours, shares add up to 1, valid hex, at most 20 iterations, deterministic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4 * 24 * 24, maxLength: 4 * 24 * 24 }),
        (w, h, bytes) => {
          const px = Uint8Array.from(bytes.slice(0, w * h * 4));
          const p = studio.extractPalette(px, w, h);
          expect(p.colours.length).toBeLessThanOrEqual(studio.PALETTE_CLUSTERS);
          expect(p.iterations).toBeLessThanOrEqual(studio.PALETTE_MAX_ITERATIONS);
          for (const c of p.colours) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
          const total = p.colours.reduce((n, c) => n + c.share, 0);
          if (p.colours.length > 0) expect(total).toBeCloseTo(1, 9);
          for (let i = 1; i < p.colours.length; i++)
            expect(p.colours[i - 1]!.share).toBeGreaterThanOrEqual(p.colours[i]!.share);
          expect(studio.extractPalette(px, w, h)).toEqual(p);
        },
      ),
      { numRuns: 60 },
    );
  });
});
