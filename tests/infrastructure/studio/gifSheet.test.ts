/**
 * GIF clips in the video editor's preview, below the view: the frames read one by one with their
 * delays and loop count (omggif, composed as browsers show them), the sheet's plan (frames scaled
 * down to keep the sheet small), and the epic that decodes a GIF once per address.
 */
import { of, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { editor, studio } from '../../../domain/index.js';
import { changeStoryboards, loadGifSheet } from '../../../infrastructure/editor/commands';
import {
  gifPlays,
  planGifSheet,
  SHEET_FRAME_MAX_SIDE,
  SHEET_MAX_PIXELS,
} from '../../../infrastructure/editor/gifSheet';
import { makeStore } from '../../../infrastructure/store/makeStore';
import { readGifFrames } from '../../../infrastructure/uploads/gif';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeStudioDeps } from '../../support/fakes/studio';
import { writeGif } from '../uploads/gifFixtures';

const COLOURS = [0xff0000, 0x00ff00, 0x0000ff, 0xffff00];

/** Four 8×6 frames of one colour each (red, green, blue, yellow), with the given delays. */
const fourColours = (delays: readonly number[], loop?: number) =>
  writeGif(
    8,
    6,
    COLOURS.map((_, i) => ({
      x: 0,
      y: 0,
      width: 8,
      height: 6,
      indices: new Array<number>(48).fill(i),
      options: { delay: delays[i] ?? 10 },
    })),
    { palette: COLOURS, ...(loop === undefined ? {} : { loop }) },
  );

describe('reading a GIF’s frames for the preview', () => {
  it('gives each frame as shown, with its own delay, and the loop count', () => {
    const gif = readGifFrames(fourColours([50, 20, 0, 120], 0));
    expect([gif.width, gif.height, gif.frameCount, gif.loop]).toEqual([8, 6, 4, 0]);
    const seen: { delay: number; first: number[] }[] = [];
    // The RGBA array is reused from frame to frame: each is read before the next is asked for.
    for (const { rgba, delay } of gif.frames()) seen.push({ delay, first: [...rgba.subarray(0, 4)] });
    expect(seen).toEqual([
      { delay: 50, first: [255, 0, 0, 255] },
      { delay: 20, first: [0, 255, 0, 255] },
      { delay: 0, first: [0, 0, 255, 255] },
      { delay: 120, first: [255, 255, 0, 255] },
    ]);
    expect(readGifFrames(fourColours([10, 10, 10, 10])).loop).toBeNull();
  });

  it('plays as browsers do: no loop block once, loop 0 forever, loop n n + 1 times', () => {
    expect(gifPlays(null)).toBe(1);
    expect(gifPlays(0)).toBeNull();
    expect(gifPlays(2)).toBe(3);
  });
});

describe('the sheet’s plan', () => {
  it('keeps a small GIF as it is, and scales a big or long one down within the limits', () => {
    expect(planGifSheet(8, 6, 4)).toEqual({ columns: 2, rows: 2, frameWidth: 8, frameHeight: 6, gutter: 2 });
    const big = planGifSheet(1920, 1080, 1)!;
    expect(big.frameWidth).toBe(SHEET_FRAME_MAX_SIDE);
    expect(big.frameHeight).toBe(270);
    for (const [w, h, n] of [
      [640, 480, 300],
      [512, 512, 64],
      [1000, 100, 900],
      [200, 200, 5000],
    ] as const) {
      const plan = planGifSheet(w, h, n)!;
      expect(plan.columns * plan.rows).toBeGreaterThanOrEqual(n);
      expect(plan.columns * plan.frameWidth * plan.rows * plan.frameHeight).toBeLessThanOrEqual(
        SHEET_MAX_PIXELS,
      );
      expect(Math.max(plan.frameWidth, plan.frameHeight)).toBeLessThanOrEqual(SHEET_FRAME_MAX_SIDE);
    }
  });

  it('refuses a GIF whose frames would shrink to a few pixels (the preview then plays it as the browser does)', () => {
    expect(planGifSheet(1000, 1000, 100_000)).toBeNull();
    expect(planGifSheet(0, 10, 1)).toBeNull();
  });
});

/** A decoded sheet: four half-second frames, looping. */
const sheet: editor.GifSheet = {
  image: 'blob:sheet',
  columns: 2,
  rows: 2,
  width: 8,
  height: 6,
  frameWidth: 8,
  frameHeight: 6,
  gutter: 2,
  timing: { delaysCs: [50, 50, 50, 50], plays: null },
};

describe('decoding a GIF clip once per address', () => {
  it('decodes on the first ask, shares one decoding between asks at once, and never decodes it again', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const asked: string[] = [];
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          studio: fakeStudioDeps({
            gifSheet: (url) => {
              asked.push(url);
              return cold('20ms s|', { s: sheet });
            },
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      store.dispatch(loadGifSheet({ url: '/b.gif' }));
      flush();
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      flush();
      expect(asked).toEqual(['/a.gif', '/b.gif']);
      expect(studio.selectGifSheet(store.getState().studio, '/a.gif')).toEqual({ status: 'ready', sheet });
    });
  });

  it('remembers a GIF that cannot be decoded (the preview falls back) and does not ask again', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      let asks = 0;
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          studio: fakeStudioDeps({
            gifSheet: () => {
              asks += 1;
              return asks > 5 ? of(sheet) : throwError(() => new Error('not a GIF'));
            },
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadGifSheet({ url: '/broken.gif' }));
      flush();
      store.dispatch(loadGifSheet({ url: '/broken.gif' }));
      flush();
      expect(asks).toBe(1);
      expect(studio.selectGifSheet(store.getState().studio, '/broken.gif')).toEqual({ status: 'failed' });
    });
  });
});

describe('a GIF clip takes its own length once its frames are known (below the view)', () => {
  const clip = (id: string) =>
    editor.newStoryboardItem(
      { id, url: '/a.gif', kind: 'image', durationS: null, materialId: id, title: id },
      0,
    );

  it('when the frames arrive, and at once for the same GIF added again later', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        { studio: fakeStudioDeps({ gifSheet: () => cold('5ms s|', { s: sheet }) }) },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(
        editor.projectOpened({
          project: { workspace_id: 'w', canvas: { aspect_ratio: '16:9' }, id: 'p', title: null },
          audios: [],
          storyboards: [clip('a')],
        }),
      );
      const ends = () => {
        const s = store.getState().editor;
        return s.status === 'open' ? s.storyboards.map((c) => [c.id, c.end]) : [];
      };
      expect(ends()).toEqual([['a', 3]]);
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      flush();
      expect(ends()).toEqual([['a', 2]]);
      const s = store.getState().editor;
      if (s.status !== 'open') throw new Error('closed');
      store.dispatch(changeStoryboards({ storyboards: [...s.storyboards, { ...clip('b'), index: 1 }] }));
      expect(ends()).toEqual([
        ['a', 2],
        ['b', 2],
      ]);
    });
  });
});
