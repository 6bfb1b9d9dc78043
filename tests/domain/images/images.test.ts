import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as images from '../../../domain/images/index.js';

/** The widths a browser can pick from a srcset string, in order. */
const widthsOf = (srcSet: string): number[] =>
  srcSet.split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));

describe('the variant ladder (issue 22 "width-bounded variants, for example 160, 320, 640, 1280 px wide")', () => {
  it.each([
    [80, undefined, [160]],
    [160, undefined, [160, 320]],
    [300, undefined, [160, 320, 640]],
    [640, undefined, [160, 320, 640, 1280]],
    [2000, undefined, [160, 320, 640, 1280]],
    [300, 512, [160, 320, 640]],
    [300, 200, [160, 320]],
    [300, 100, [160]],
    [0, undefined, [160]],
    [Number.NaN, undefined, [160]],
  ])('an image shown %s px wide (original %s px) offers %j', (css, intrinsic, expected) => {
    expect(images.ladderFor(css, intrinsic)).toEqual(expected);
  });

  it('is a prefix of the ladder, ascending, that covers the shown width at 2x and offers at most one width past it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4000, noNaN: true }),
        fc.option(fc.integer({ min: 1, max: 8000 }), { nil: undefined }),
        (css, intrinsic) => {
          const ladder = images.ladderFor(css, intrinsic);
          expect(ladder).toEqual(images.VARIANT_WIDTHS.slice(0, ladder.length));
          const need = Math.min(css * images.MAX_DENSITY, intrinsic ?? Infinity);
          const largest = ladder[ladder.length - 1]!;
          // Covers the need when the ladder can; never a width past the first that does.
          if (need <= 1280) expect(largest).toBeGreaterThanOrEqual(need);
          else expect(largest).toBe(1280);
          expect(ladder.filter((w) => w >= need).length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('is monotonic: a wider image never offers fewer widths', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4000, noNaN: true }),
        fc.double({ min: 0, max: 4000, noNaN: true }),
        (a, d) => {
          expect(images.ladderFor(a + d).length).toBeGreaterThanOrEqual(images.ladderFor(a).length);
        },
      ),
    );
  });
});

describe('variant addresses', () => {
  it('are built from a same-site /blobs/ image address, its version query kept', () => {
    expect(images.variantUrl('/blobs/community/covers/a1.png', 320, 'avif')).toBe(
      '/img/320/avif/community/covers/a1.png',
    );
    expect(images.variantUrl('/blobs/studio/characters/c.png?v=3', 640, 'webp')).toBe(
      '/img/640/webp/studio/characters/c.png?v=3',
    );
    expect(images.variantUrl('/blobs/u/x.JPEG#top', 160, 'webp')).toBe('/img/160/webp/u/x.JPEG');
    expect(images.variantUrl('/blobs/a.png?v=a,b c', 160, 'webp')).toBe('/img/160/webp/a.png?v=a%2Cb%20c');
  });

  it.each([
    'https://elsewhere.example/blobs/a.png',
    '//elsewhere.example/blobs/a.png',
    'data:image/png;base64,AAAA',
    'blob:http://localhost/123',
    '/blobs/community/media/a.wav',
    '/blobs/../secret.png',
    '/blobs/a//b.png',
    '/blobs/.hidden.png',
    '/assets/logo.png',
  ])('%s has none: the original is shown as it is', (url) => {
    expect(images.originalOf(url)).toBeNull();
    const picture = images.pictureOf(url, 300);
    expect(picture).toEqual({ src: url, sources: [], sizes: '300px' });
  });

  it('the hashed address names the content hash, width and format', () => {
    expect(images.hashedVariantPath('ab12', 640, 'avif')).toBe('/img/v/ab12/640.avif');
  });

  it('only ladder widths and the two formats are variants', () => {
    fc.assert(
      fc.property(fc.integer(), (w) => {
        expect(images.isVariantWidth(w)).toBe((images.VARIANT_WIDTHS as readonly number[]).includes(w));
      }),
    );
    expect(images.isVariantFormat('avif')).toBe(true);
    expect(images.isVariantFormat('png')).toBe(false);
  });
});

describe('the picture of an original (srcset, sizes, fallback)', () => {
  it('offers AVIF then WebP over the ladder, the original as the fallback', () => {
    const p = images.pictureOf('/blobs/community/covers/a1.png', 300, 768);
    expect(p.src).toBe('/blobs/community/covers/a1.png');
    expect(p.sizes).toBe('300px');
    expect(p.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(p.sources[0]!.srcSet).toBe(
      '/img/160/avif/community/covers/a1.png 160w, /img/320/avif/community/covers/a1.png 320w, /img/640/avif/community/covers/a1.png 640w',
    );
  });

  it('takes a sizes string where the shown width depends on the window', () => {
    const p = images.pictureOf('/blobs/a.png', 760, 768, '(max-width: 899.98px) 100vw, 60vw');
    expect(p.sizes).toBe('(max-width: 899.98px) 100vw, 60vw');
    expect(p.sources[1]!.srcSet.split(', ')).toHaveLength(4);
  });

  it('shows an animation as it is: a GIF has no sources (its variants would be its first frame)', () => {
    expect(images.hasVariants('/blobs/community/media/vid-002.gif')).toBe(false);
    expect(images.hasVariants('/blobs/tasks/t1/out.GIF?v=2')).toBe(false);
    expect(images.pictureOf('/blobs/community/media/vid-002.gif', 400, 512)).toEqual({
      src: '/blobs/community/media/vid-002.gif',
      sources: [],
      sizes: '400px',
    });
    expect(images.hasVariants('/blobs/community/covers/vid-002.png')).toBe(true);
    expect(images.hasVariants('blob:http://localhost/4f1c')).toBe(false);
    // The server still makes a still of one when asked (a key it accepts).
    expect(images.isVariantSourceKey('community/media/vid-002.gif')).toBe(true);
  });

  it('whatever the shown width, a browser choosing for that width at 1x or 2x gets at most twice its need', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 2000 }),
        fc.constantFrom(1, 2),
        fc.constantFrom(...images.VARIANT_FORMATS),
        (css, dpr, format) => {
          const p = images.pictureOf('/blobs/x/y.png', css);
          const source = p.sources.find((s) => s.type === images.VARIANT_MIME[format])!;
          const widths = widthsOf(source.srcSet);
          // The browser takes the smallest candidate at least css * dpr wide, else the largest.
          const chosen = widths.find((w) => w >= css * dpr) ?? widths[widths.length - 1]!;
          expect(chosen).toBeLessThanOrEqual(2 * css * dpr);
        },
      ),
    );
  });
});

describe('what a candidate claims (the server never enlarges)', () => {
  it('a small original: the one candidate claims its own width, so the browser reads its true size', () => {
    const p = images.pictureOf('/blobs/uploads/u/ref.png', 56, 64);
    expect(p.sources.map((s) => s.srcSet)).toEqual([
      '/img/160/avif/uploads/u/ref.png 64w',
      '/img/160/webp/uploads/u/ref.png 64w',
    ]);
  });

  it('no candidate claims more than the original has, and widths stay ascending and distinct', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 4000 }), (css, own) => {
        const set = images.pictureOf('/blobs/a/b.png', css, own).sources[0]!.srcSet;
        const claimed = set.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));
        expect(Math.max(...claimed)).toBeLessThanOrEqual(own);
        expect(claimed).toEqual([...new Set(claimed)].sort((a, b) => a - b));
      }),
    );
  });
});

describe('assumedSources (spec §4 "Webp support is assumed by default")', () => {
  it('keeps only the WebP set of a picture, and nothing for an address with no variants', () => {
    const set = images.pictureOf('/blobs/community/covers/a.png', 300);
    expect(images.assumedSources(set.sources).map((s) => s.type)).toEqual(['image/webp']);
    expect(images.assumedSources(images.pictureOf('https://elsewhere.test/a.png', 300).sources)).toEqual([]);
  });
  it('gives an avatar (or its frame) the WebP set for its side alone, none without an address', () => {
    expect(images.assumedSourcesOf('/blobs/community/avatars/u1.png', 24)).toEqual([
      { type: 'image/webp', srcSet: '/img/160/webp/community/avatars/u1.png 160w' },
    ]);
    expect(images.assumedSourcesOf('/blobs/ornaments/orn-aurora-ring.png', 96)).toEqual([
      {
        type: 'image/webp',
        srcSet:
          '/img/160/webp/ornaments/orn-aurora-ring.png 160w, /img/320/webp/ornaments/orn-aurora-ring.png 320w',
      },
    ]);
    expect(images.assumedSourcesOf(null, 24)).toEqual([]);
    expect(images.assumedSourcesOf(undefined, 24)).toEqual([]);
    expect(images.assumedSourcesOf('', 24)).toEqual([]);
    expect(images.assumedSourcesOf('https://cdn.example/a.png', 24)).toEqual([]);
  });
});

describe('sizes for a picture that spans the window on narrow screens', () => {
  it('says 100vw below the breakpoint and the wide width (px or a window length) above it', () => {
    expect(images.columnSizes(480, 300)).toBe('(max-width: 479.98px) 100vw, 300px');
    expect(images.columnSizes(900, '60vw')).toBe('(max-width: 899.98px) 100vw, 60vw');
  });

  it('columnPictureOf: its ladder reaches the wider of the two at 2x, capped by the original', () => {
    const p = images.columnPictureOf('/blobs/studio/characters/chr_muse.png?v=1', 480, 300);
    expect(p.sizes).toBe('(max-width: 479.98px) 100vw, 300px');
    expect(widthsOf(p.sources[0]!.srcSet)).toEqual([160, 320, 640, 1280]);
    // The 640 variant of a 512 px original is 512 px wide (never enlarged), and says so.
    const capped = images.columnPictureOf('/blobs/a.png', 400, 200, 512).sources[1]!.srcSet;
    expect(widthsOf(capped)).toEqual([160, 320, 512]);
    expect(capped).toContain('/img/640/webp/a.png 512w');
  });

  it('whatever the window, a browser choosing by these sizes at 1x or 2x gets at most twice the width shown', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 320, max: 1000 }),
        fc.integer({ min: 100, max: 760 }),
        fc.integer({ min: 320, max: 2560 }),
        fc.constantFrom(1, 2),
        (narrow, wide, windowWidth, dpr) => {
          const p = images.columnPictureOf('/blobs/x/y.png', narrow, wide);
          // Below the breakpoint the picture spans the window; from there on it is `wide` px.
          const shown = windowWidth < narrow ? windowWidth : wide;
          const widths = widthsOf(p.sources[1]!.srcSet);
          const chosen = widths.find((w) => w >= shown * dpr) ?? widths[widths.length - 1]!;
          expect(chosen).toBeLessThanOrEqual(2 * shown * dpr);
        },
      ),
    );
  });
});
