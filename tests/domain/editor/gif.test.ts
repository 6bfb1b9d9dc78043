/**
 * GIF clips in the video editor's preview (spec §3 storyboard items: start, end; §4 the editor's
 * trim): the frame a trimmed GIF clip shows at each moment, with the properties the preview relies
 * on (the material time never goes back and never leaves [start, end]; the frames shown are those
 * the trimmed span covers), and the frame sheet's grid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editor } from '../../../domain/index.js';

/** Four frames of half a second: 0 in [0, .5), 1 in [.5, 1), 2 in [1, 1.5), 3 in [1.5, 2). */
const four: editor.GifTiming = { delaysCs: [50, 50, 50, 50], plays: null };
const once: editor.GifTiming = { ...four, plays: 1 };

describe('a GIF’s own time (frames back to back, each for its delay)', () => {
  it('finds the frame covering an instant; a boundary starts the next frame unless it ends a span', () => {
    expect([0, 0.49, 0.5, 0.99, 1, 1.7].map((s) => editor.gifFrameAt(once, s))).toEqual([0, 0, 1, 1, 2, 3]);
    expect(editor.gifFrameAt(once, 1, 'ending')).toBe(1);
    expect(editor.gifFrameAt(once, 0, 'ending')).toBe(0);
  });

  it('loops when it loops; after its last play (or once) it holds the last frame', () => {
    expect(editor.gifFrameAt(four, 2)).toBe(0);
    expect(editor.gifFrameAt(four, 2, 'ending')).toBe(3);
    expect(editor.gifFrameAt(four, 2.6)).toBe(1);
    expect(editor.gifFrameAt(once, 2.6)).toBe(3);
    const twice: editor.GifTiming = { ...four, plays: 2 };
    expect(editor.gifFrameAt(twice, 2.6)).toBe(1);
    expect(editor.gifFrameAt(twice, 4.1)).toBe(3);
  });

  it('plays a delay of 0 or 1 hundredth as 10, as browsers do; one frame is always frame 0', () => {
    expect(editor.gifFrameMs(0)).toBe(100);
    expect(editor.gifFrameMs(1)).toBe(100);
    expect(editor.gifFrameMs(2)).toBe(20);
    expect(editor.gifDurationSeconds({ delaysCs: [0, 1, 30], plays: null })).toBeCloseTo(0.5);
    expect(editor.gifFrameAt({ delaysCs: [0, 0], plays: 1 }, 0.15)).toBe(1);
    expect(editor.gifFrameAt({ delaysCs: [40], plays: null }, 99)).toBe(0);
  });
});

describe('a trimmed GIF clip (the trim applies to a GIF as to a video)', () => {
  it('starts at the trim start: trimmed to [1, 1.8], it opens on frame 2, moves to 3 at 0.5 s, and stops there', () => {
    const span = { start: 1, end: 1.8 };
    expect(editor.gifClipFrame(four, span, 0)).toBe(2);
    expect(editor.gifClipFrame(four, span, 0.4)).toBe(2);
    expect(editor.gifClipFrame(four, span, 0.5)).toBe(3);
    expect(editor.gifClipFrame(four, span, 0.8)).toBe(3);
    expect(editor.gifClipFrame(four, span, 5)).toBe(3);
    // Untrimmed, the same moments show other frames: the trim is what moved them.
    expect(editor.gifClipFrame(four, { start: 0, end: 2 }, 0)).toBe(0);
  });

  it('a trim end on a frame boundary stops on the frame before it, never the one starting there', () => {
    const span = { start: 0, end: 1 };
    expect(editor.gifClipFrame(once, span, 0.99)).toBe(1);
    expect(editor.gifClipFrame(once, span, 1)).toBe(1);
    expect(editor.gifClipFrame(once, span, 3)).toBe(1);
  });

  it('holds the start before the clip and the end after it', () => {
    const span = { start: 0.7, end: 1.3 };
    expect(editor.trimmedMaterialTime(span, -1)).toBe(0.7);
    expect(editor.trimmedMaterialTime(span, Number.NaN)).toBe(0.7);
    expect(editor.trimmedMaterialTime(span, 0.2)).toBeCloseTo(0.9);
    expect(editor.trimmedMaterialTime(span, 10)).toBe(1.3);
  });

  const timing = fc.record({
    delaysCs: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 12 }),
    plays: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  });
  const span = fc
    .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }))
    .map(([a, b]) => ({ start: a / 1000, end: (a + b) / 1000 }));
  const times = fc.array(fc.double({ min: -5, max: 40, noNaN: true }), { minLength: 2, maxLength: 20 });

  it('property: the material time never decreases as the clip plays and stays within [trimStart, trimEnd]', () => {
    fc.assert(
      fc.property(span, times, (s, ts) => {
        const sorted = [...ts].sort((a, b) => a - b);
        const ms = sorted.map((t) => editor.trimmedMaterialTime(s, t));
        for (let i = 0; i < ms.length; i++) {
          expect(ms[i]!).toBeGreaterThanOrEqual(s.start);
          expect(ms[i]!).toBeLessThanOrEqual(s.end);
          if (i > 0) expect(ms[i]!).toBeGreaterThanOrEqual(ms[i - 1]!);
        }
      }),
    );
  });

  it('property: every frame shown is one the trimmed span covers; for a GIF that plays once, frames only move forward', () => {
    fc.assert(
      fc.property(timing, span, times, (g, s, ts) => {
        const sorted = [...ts].sort((a, b) => a - b);
        const frames = sorted.map((t) => editor.gifClipFrame(g, s, t));
        // The frames the span covers, sampled finely (every millisecond of it, and its end).
        const covered = new Set<number>();
        for (let ms = Math.round(s.start * 1000); ms < Math.round(s.end * 1000); ms++)
          covered.add(editor.gifFrameAt(g, ms / 1000));
        covered.add(editor.gifFrameAt(g, s.end, 'ending'));
        for (const f of frames) expect(covered.has(f)).toBe(true);
        if (g.plays === 1)
          for (let i = 1; i < frames.length; i++) expect(frames[i]!).toBeGreaterThanOrEqual(frames[i - 1]!);
        expect(frames.every((f) => f >= 0 && f < g.delaysCs.length)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('property: at the clip’s start the frame is the one at the trim start, whatever came before it', () => {
    fc.assert(
      fc.property(timing, span, (g, s) => {
        expect(editor.gifClipFrame(g, s, 0)).toBe(editor.gifFrameAt(g, s.start));
      }),
    );
  });
});

describe('the frame sheet the preview draws from', () => {
  it('lays frames out left to right, then top to bottom, in a grid about as wide as tall', () => {
    expect(editor.gifSheetGrid(1)).toEqual({ columns: 1, rows: 1 });
    expect(editor.gifSheetGrid(4)).toEqual({ columns: 2, rows: 2 });
    expect(editor.gifSheetGrid(5)).toEqual({ columns: 3, rows: 2 });
    const sheet = editor.gifSheetGrid(5);
    expect([0, 1, 2, 3, 4].map((f) => editor.gifSheetCell(sheet, f))).toEqual([
      { column: 0, row: 0 },
      { column: 1, row: 0 },
      { column: 2, row: 0 },
      { column: 0, row: 1 },
      { column: 1, row: 1 },
    ]);
  });

  it('places the sheet so that the frame’s cell, inside its gutter, fills the GIF’s own box', () => {
    const sheet: editor.GifSheet = {
      image: 'blob:x',
      columns: 3,
      rows: 2,
      width: 640,
      height: 480,
      frameWidth: 320,
      frameHeight: 240,
      gutter: 2,
      timing: { delaysCs: [10, 10, 10, 10, 10], plays: null },
      decoder: 'script',
    };
    // Frame 4: column 1, row 1. A sheet pixel is 2 GIF pixels; cells are 324 × 244.
    expect(editor.gifSheetPlacement(sheet, 4)).toEqual({
      x: -(324 + 2) * 2,
      y: -(244 + 2) * 2,
      width: 3 * 324 * 2,
      height: 2 * 244 * 2,
    });
    expect(editor.gifSheetPlacement(sheet, 0)).toMatchObject({ x: -4, y: -4 });
  });

  it('property: every frame has a cell of its own inside the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (n) => {
        const grid = editor.gifSheetGrid(n);
        expect(grid.columns * grid.rows).toBeGreaterThanOrEqual(n);
        for (let f = 0; f < n; f += Math.max(1, Math.floor(n / 50))) {
          const { column, row } = editor.gifSheetCell(grid, f);
          expect(column).toBeLessThan(grid.columns);
          expect(row).toBeLessThan(grid.rows);
          expect(row * grid.columns + column).toBe(f);
        }
      }),
    );
  });
});

describe('editor: a GIF clip takes its own length once its frames are known', () => {
  const gifClip = (id: string, url = '/dance.gif') =>
    editor.newStoryboardItem({ id, url, kind: 'image', durationS: null, materialId: id, title: id }, 0);

  it('a clip still as added (3 s, untrimmed) takes one play; a length the person chose stays; other addresses stay', () => {
    const added = gifClip('a');
    const chosen = { ...gifClip('b'), end: 2 };
    const other = gifClip('c', '/other.gif');
    const next = editor.withGifLength([added, chosen, other], '/dance.gif', editor.gifDurationSeconds(four));
    expect(next?.map((c) => [c.id, c.duraction, c.start, c.end])).toEqual([
      ['a', 2, 0, 2],
      ['b', 3, 0, 2],
      ['c', 3, 0, 3],
    ]);
    // Nothing to change: null. A GIF of exactly the image length changes nothing either.
    expect(editor.withGifLength(next ?? [], '/dance.gif', 2)).toBeNull();
    expect(editor.withGifLength([gifClip('d')], '/dance.gif', 3)).toBeNull();
    // Only the clips named, when some are.
    expect(
      editor.withGifLength([gifClip('e'), gifClip('f')], '/dance.gif', 2, new Set(['f']))?.map((c) => c.end),
    ).toEqual([3, 2]);
  });

  it('property: the length is within the image bounds, and applying it twice changes nothing more', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 10_000, noNaN: true }), (seconds) => {
        const once = editor.withGifLength([gifClip('a')], '/dance.gif', seconds) ?? [gifClip('a')];
        const length = once[0]!.duraction;
        expect(length).toBeGreaterThanOrEqual(editor.MIN_CLIP_SECONDS);
        expect(length).toBeLessThanOrEqual(editor.MAX_IMAGE_CLIP_SECONDS);
        expect(once[0]!.end).toBe(length);
        expect(editor.withGifLength(once, '/dance.gif', seconds)).toBeNull();
      }),
    );
  });
});
