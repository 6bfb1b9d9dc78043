/**
 * GIF clips in the video editor's preview, below the view: the frames read one by one with their
 * delays and loop count (WebCodecs' ImageDecoder where the browser has one for GIFs, else omggif,
 * composed as browsers show them), the sheet's plan (frames scaled down to keep the sheet small),
 * the epic that decodes a GIF once per address, and the letting go of what the sheets hold (a
 * clip removed, the project closed, sign-out).
 */
import { Observable, of, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { editor, replay, session, studio } from '../../../domain/index.js';
import { changeStoryboards, closeEditor, loadGifSheet } from '../../../infrastructure/editor/commands';
import { makeGifHoldings, type GifHeld } from '../../../infrastructure/editor/gifHoldings';
import {
  delayCsOfMicroseconds,
  gifImageDecoder,
  gifPlays,
  holdScope,
  openGifFrames,
  planGifSheet,
  playsOfRepetitionCount,
  SHEET_FRAME_MAX_SIDE,
  SHEET_MAX_PIXELS,
  type ImageDecoderClass,
  type VideoFrameLike,
} from '../../../infrastructure/editor/gifSheet';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { readGifFrames } from '../../../infrastructure/uploads/gif';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeGifSheets, fakeStudioDeps } from '../../support/fakes/studio';
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
  decoder: 'webcodecs',
};

/** A project open in the editor whose clips show these GIFs, one clip each. */
const projectWith = (urls: readonly string[]) =>
  editor.projectOpened({
    project: { workspace_id: 'w', canvas: { aspect_ratio: '16:9' }, id: 'p', title: null },
    audios: [],
    storyboards: urls.map((url, i) =>
      editor.newStoryboardItem(
        { id: `c${i}`, url, kind: 'image', durationS: null, materialId: `m${i}`, title: url },
        i,
      ),
    ),
  });

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
            gifSheets: fakeGifSheets((url) => {
              asked.push(url);
              return cold('20ms s|', { s: sheet });
            }),
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(projectWith(['/a.gif', '/b.gif']));
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
            gifSheets: fakeGifSheets(() => {
              asks += 1;
              return asks > 5 ? of(sheet) : throwError(() => new Error('not a GIF'));
            }),
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
        { studio: fakeStudioDeps({ gifSheets: fakeGifSheets(() => cold('5ms s|', { s: sheet })) }) },
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

describe('what the sheets hold is let go (release bookkeeping)', () => {
  const holdingsRevoking = () => {
    const revoked: string[] = [];
    return { revoked, holdings: makeGifHoldings((u) => revoked.push(u)) };
  };
  const closable = (log: string[], name: string): GifHeld => ({
    kind: 'closable',
    close: () => log.push(name),
  });

  it('releases by address: object URLs revoked, decoders and frames closed, each once', () => {
    const { revoked, holdings } = holdingsRevoking();
    const closed: string[] = [];
    holdings.hold('/a.gif', { kind: 'objectUrl', url: 'blob:a' });
    holdings.hold('/a.gif', closable(closed, 'frame-a'));
    holdings.hold('/b.gif', { kind: 'objectUrl', url: 'blob:b' });
    expect([holdings.count(), holdings.count('/a.gif')]).toEqual([3, 2]);
    expect(holdings.release('/a.gif')).toBe(2);
    expect(revoked).toEqual(['blob:a']);
    expect(closed).toEqual(['frame-a']);
    expect(holdings.release('/a.gif')).toBe(0);
    expect(revoked).toEqual(['blob:a']);
    expect(holdings.count()).toBe(1);
  });

  it('releases everything at sign-out, and a thing that cannot be closed twice does not stop the rest', () => {
    const { revoked, holdings } = holdingsRevoking();
    holdings.hold('/a.gif', {
      kind: 'closable',
      close: () => {
        throw new Error('InvalidStateError: already closed');
      },
    });
    holdings.hold('/a.gif', { kind: 'objectUrl', url: 'blob:a' });
    holdings.hold('/b.gif', { kind: 'objectUrl', url: 'blob:b' });
    expect(holdings.releaseAll()).toBe(3);
    expect(revoked.sort()).toEqual(['blob:a', 'blob:b']);
    expect(holdings.count()).toBe(0);
    expect(holdings.releaseAll()).toBe(0);
  });

  it('a frame dropped once drawn is let go at once and not again with its sheet', () => {
    const { holdings } = holdingsRevoking();
    const closed: string[] = [];
    const frame = closable(closed, 'frame');
    holdings.hold('/a.gif', frame);
    holdings.drop('/a.gif', frame);
    holdings.drop('/a.gif', frame);
    expect(closed).toEqual(['frame']);
    expect(holdings.release('/a.gif')).toBe(0);
    expect(closed).toEqual(['frame']);
  });

  it('an abandoned making lets go of what it made, and only that; a finished one leaves its sheet held', () => {
    const { revoked, holdings } = holdingsRevoking();
    holdings.hold('/a.gif', { kind: 'objectUrl', url: 'blob:old' });
    const abandoned = holdScope(holdings, '/a.gif');
    abandoned.hold({ kind: 'objectUrl', url: 'blob:half-made' });
    abandoned.abandon();
    expect(revoked).toEqual(['blob:half-made']);
    const made = holdScope(holdings, '/b.gif');
    made.hold({ kind: 'objectUrl', url: 'blob:b' });
    made.settle();
    made.abandon();
    expect(revoked).toEqual(['blob:half-made']);
    expect(holdings.count()).toBe(2);
  });
});

/** A WebCodecs ImageDecoder double: frames of the given durations (µs), each recording its close. */
const fakeImageDecoder = (
  durations: readonly (number | null)[],
  repetitionCount: number,
  supported = true,
) => {
  const log: string[] = [];
  class FakeFrame implements VideoFrameLike {
    readonly displayWidth = 8;
    readonly displayHeight = 6;
    constructor(
      readonly index: number,
      readonly duration: number | null,
    ) {}
    close() {
      log.push(`close ${this.index}`);
    }
  }
  class FakeDecoder {
    static isTypeSupported = (type: string) => Promise.resolve(supported && type === 'image/gif');
    readonly tracks = {
      ready: Promise.resolve(),
      selectedTrack: { frameCount: durations.length, repetitionCount },
    };
    readonly completed = Promise.resolve();
    constructor(init: { data: Uint8Array; type: string }) {
      log.push(`open ${init.type} ${init.data.length}`);
    }
    decode({ frameIndex }: { frameIndex: number }) {
      log.push(`decode ${frameIndex}`);
      return Promise.resolve({ image: new FakeFrame(frameIndex, durations[frameIndex] ?? null) });
    }
    close() {
      log.push('close decoder');
    }
  }
  return { log, Decoder: FakeDecoder as ImageDecoderClass<FakeFrame> };
};

describe('decoding the frames: WebCodecs where the browser has it, omggif otherwise', () => {
  it('finds the browser’s GIF decoder only where it exists and says it decodes GIFs', async () => {
    expect(await gifImageDecoder({})).toBeNull();
    expect(await gifImageDecoder({ ImageDecoder: 'not a class' })).toBeNull();
    expect(await gifImageDecoder({ ImageDecoder: fakeImageDecoder([], 0, false).Decoder })).toBeNull();
    const throwing = { isTypeSupported: () => Promise.reject(new Error('no')) };
    expect(await gifImageDecoder({ ImageDecoder: Object.assign(() => undefined, throwing) })).toBeNull();
    const { Decoder } = fakeImageDecoder([], 0);
    expect(await gifImageDecoder({ ImageDecoder: Decoder })).toBe(Decoder);
  });

  it('with WebCodecs: each frame as the browser gives it, its duration as the GIF delay, closed once drawn; the decoder closed after', async () => {
    const { log, Decoder } = fakeImageDecoder([500_000, 200_000, null, 1_200_000], 0);
    const holdings = makeGifHoldings(() => undefined);
    const scope = holdScope(holdings, '/a.gif');
    const gif = await openGifFrames(new Uint8Array(10), Decoder, scope);
    expect([gif.decoder, gif.width, gif.height, gif.frameCount, gif.plays]).toEqual([
      'webcodecs',
      8,
      6,
      4,
      1,
    ]);
    const seen: string[] = [];
    for await (const f of gif.frames()) {
      if (f.kind !== 'image') throw new Error('a WebCodecs frame is an image');
      // The frame being drawn is held (a sign-out now would close it); the one before is closed.
      seen.push(`${f.image.index}:${f.delayCs}:${holdings.count('/a.gif')}`);
      expect(log).not.toContain(`close ${f.image.index}`);
    }
    gif.close();
    expect(seen).toEqual(['0:50:2', '1:20:2', '2:0:2', '3:120:2']);
    expect(log).toEqual([
      'open image/gif 10',
      'decode 0',
      'close 0',
      'decode 1',
      'close 1',
      'decode 2',
      'close 2',
      'decode 3',
      'close 3',
      'close decoder',
    ]);
    expect(holdings.count()).toBe(0);
  });

  it('plays as the loop block says: repetitionCount Infinity forever, n repeats n + 1 plays', async () => {
    expect(playsOfRepetitionCount(Infinity)).toBeNull();
    expect(playsOfRepetitionCount(0)).toBe(1);
    expect(playsOfRepetitionCount(2)).toBe(3);
    expect(delayCsOfMicroseconds(100_000)).toBe(10);
    expect(delayCsOfMicroseconds(null)).toBe(0);
    const { Decoder } = fakeImageDecoder([100_000], Infinity);
    const gif = await openGifFrames(
      new Uint8Array(1),
      Decoder,
      holdScope(
        makeGifHoldings(() => undefined),
        'x',
      ),
    );
    expect(gif.plays).toBeNull();
  });

  it('a drawing abandoned half-way closes the frame it held, and the abandoned making lets go of the decoder', async () => {
    const { log, Decoder } = fakeImageDecoder([100_000, 100_000, 100_000], 0);
    const holdings = makeGifHoldings(() => undefined);
    const scope = holdScope(holdings, '/a.gif');
    const gif = await openGifFrames(new Uint8Array(1), Decoder, scope);
    for await (const f of gif.frames()) {
      if (f.kind === 'image' && f.image.index === 1) break;
    }
    expect(log.slice(-1)).toEqual(['close 1']);
    expect(holdings.count('/a.gif')).toBe(1);
    scope.abandon();
    expect(log.slice(-1)).toEqual(['close decoder']);
    expect(holdings.count()).toBe(0);
  });

  it('without a browser decoder, or when it refuses the file, omggif reads the same frames and delays', async () => {
    const bytes = fourColours([50, 20, 0, 120], 2);
    const refusing = class {
      static isTypeSupported = () => Promise.resolve(true);
      constructor() {
        throw new Error('EncodingError');
      }
    } as unknown as ImageDecoderClass<VideoFrameLike>;
    for (const Decoder of [null, refusing]) {
      const holdings = makeGifHoldings(() => undefined);
      const gif = await openGifFrames(bytes, Decoder, holdScope(holdings, '/a.gif'));
      expect([gif.decoder, gif.width, gif.height, gif.frameCount, gif.plays]).toEqual(['script', 8, 6, 4, 3]);
      const seen: [number, number[]][] = [];
      for await (const f of gif.frames()) {
        if (f.kind !== 'pixels') throw new Error('an omggif frame is pixels');
        seen.push([f.delayCs, [...f.rgba.subarray(0, 4)]]);
      }
      expect(seen).toEqual([
        [50, [255, 0, 0, 255]],
        [20, [0, 255, 0, 255]],
        [0, [0, 0, 255, 255]],
        [120, [255, 255, 0, 255]],
      ]);
      expect(holdings.count()).toBe(0);
    }
  });
});

describe('the editor lets a sheet go once no clip of the open project shows it', () => {
  const sheetFor = (url: string): editor.GifSheet => ({ ...sheet, image: `blob:${url}` });

  it('a clip removed, then the project closed: each sheet released once, and gone from the state', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const gifs = fakeGifSheets((url) => cold('5ms s|', { s: sheetFor(url) }));
      const { deps } = makeFakeDeps(scheduler, {}, { studio: fakeStudioDeps({ gifSheets: gifs }) });
      const store = makeStore({ dependencies: deps });
      store.dispatch(projectWith(['/a.gif', '/b.gif']));
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      store.dispatch(loadGifSheet({ url: '/b.gif' }));
      flush();
      expect(gifs.released).toEqual([]);
      const s = store.getState().editor;
      if (s.status !== 'open') throw new Error('closed');
      store.dispatch(changeStoryboards({ storyboards: s.storyboards.filter((c) => c.url !== '/a.gif') }));
      expect(gifs.released).toEqual(['/a.gif']);
      expect(studio.selectGifSheet(store.getState().studio, '/a.gif')).toBeNull();
      expect(studio.selectGifSheet(store.getState().studio, '/b.gif')?.status).toBe('ready');
      store.dispatch(closeEditor({}));
      expect(gifs.released).toEqual(['/a.gif', '/b.gif']);
      expect(store.getState().studio.gifs).toEqual({});
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });

  it('a sheet arriving for a clip removed while it was decoded is let go at once', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const gifs = fakeGifSheets((url) => cold('20ms s|', { s: sheetFor(url) }));
      const { deps } = makeFakeDeps(scheduler, {}, { studio: fakeStudioDeps({ gifSheets: gifs }) });
      const store = makeStore({ dependencies: deps });
      store.dispatch(projectWith(['/a.gif']));
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      cold('5ms x').subscribe(() => store.dispatch(changeStoryboards({ storyboards: [] })));
      flush();
      expect(gifs.released).toEqual(['/a.gif']);
      expect(store.getState().studio.gifs).toEqual({});
    });
  });

  it('at sign-out every sheet is released, and a decoding under way is abandoned (nothing arrives after)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const abandoned: string[] = [];
      const gifs = fakeGifSheets(
        (url) =>
          new Observable<editor.GifSheet>((subscriber) => {
            let finished = false;
            const made = cold(url === '/a.gif' ? '5ms s|' : '50ms s|', { s: sheetFor(url) }).subscribe({
              next: (s) => subscriber.next(s),
              complete: () => {
                finished = true;
                subscriber.complete();
              },
            });
            return () => {
              if (!finished) abandoned.push(url);
              made.unsubscribe();
            };
          }),
      );
      const { deps } = makeFakeDeps(scheduler, {}, { studio: fakeStudioDeps({ gifSheets: gifs }) });
      const store = makeStore({ dependencies: deps });
      store.dispatch(projectWith(['/a.gif', '/b.gif']));
      store.dispatch(loadGifSheet({ url: '/a.gif' }));
      store.dispatch(loadGifSheet({ url: '/b.gif' }));
      cold('10ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      expect(gifs.releasedAll).toBe(1);
      expect(abandoned).toEqual(['/b.gif']);
      expect(store.getState().studio.gifs).toEqual({});
    });
  });
});
