import * as E from 'fp-ts/Either';
import { defer, delay, filter, map, of, throwError, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { downloadImage } from '../../../infrastructure/downloads/commands';
import type { RangeResponse } from '../../../infrastructure/platform/deps';
import {
  DOWNLOAD_CHUNK_BYTES,
  checkChunk,
  downloadFileName,
  parseContentRange,
  remainingSpans,
} from '../../../infrastructure/downloads/rules';
import { downloadInChunks, withImageLoadRetries } from '../../../infrastructure/downloads/epics';
import { marbleAt } from '../../support/fakeApi';
import { at, newScheduler, platformStore, recordedEvents$ } from './harness';

const MIB = 1024 * 1024;

/**
 * A file served by Range with `latency` ms per answer. The first `failures[start]` requests of a
 * chunk fail: with a 503 after the latency, or (`throwing`) at once as a network error.
 */
const rangeServer = (
  scheduler: TestScheduler,
  file: Uint8Array,
  options: {
    latency?: number;
    failures?: Record<number, number>;
    ignoreRange?: boolean;
    throwing?: boolean;
  } = {},
) => {
  const calls: { at: number; start: number; end: number }[] = [];
  const failures = { ...options.failures };
  const latency = options.latency ?? 5;
  const fetchRange = (_url: string, start: number, end: number): Observable<RangeResponse> =>
    defer(() => {
      calls.push({ at: scheduler.now(), start, end });
      if ((failures[start] ?? 0) > 0) {
        failures[start] = (failures[start] ?? 0) - 1;
        return !options.throwing
          ? of({ status: 503, bytes: new Uint8Array(), contentRange: null, contentType: null }).pipe(
              delay(latency, scheduler),
            )
          : throwError(() => new Error('connection reset'));
      }
      if (options.ignoreRange)
        return of({ status: 200, bytes: file, contentRange: null, contentType: 'image/png' }).pipe(
          delay(latency, scheduler),
        );
      const last = Math.min(end, file.length - 1);
      return of({
        status: 206,
        bytes: file.subarray(start, last + 1),
        contentRange: `bytes ${start}-${last}/${file.length}`,
        contentType: 'image/png',
      }).pipe(delay(latency, scheduler));
    });
  return { fetchRange, calls };
};

const fileOf = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7) % 256);
const resolved =
  (scheduler: TestScheduler, latency = 10) =>
  () =>
    of(E.right({ url: '/download/tasks/picture.png?exp=1&sig=s', expires_at: 1 })).pipe(
      delay(latency, scheduler),
    );

describe('download rules (spec §9 "download chunk max 10 MiB")', () => {
  it('plans the chunks after the first: in order, 10 MiB each, covering the rest exactly', () => {
    expect(remainingSpans(25 * MIB)).toEqual([
      { start: 10 * MIB, end: 20 * MIB - 1 },
      { start: 20 * MIB, end: 25 * MIB - 1 },
    ]);
    expect(remainingSpans(10 * MIB)).toEqual([]);
    expect(remainingSpans(10 * MIB + 1)).toEqual([{ start: 10 * MIB, end: 10 * MIB }]);
  });

  it('accepts exactly the span asked for (clipped to the file), a whole file only for the first request', () => {
    const span = { start: 0, end: 99 };
    expect(checkChunk(span, { status: 206, contentRange: 'bytes 0-99/500', length: 100 }, true)).toEqual({
      kind: 'part',
      total: 500,
    });
    expect(checkChunk(span, { status: 206, contentRange: 'bytes 0-49/50', length: 50 }, true)).toEqual({
      kind: 'part',
      total: 50,
    });
    expect(checkChunk(span, { status: 200, contentRange: null, length: 50 }, true)).toEqual({
      kind: 'whole',
    });
    expect(
      checkChunk({ start: 100, end: 199 }, { status: 200, contentRange: null, length: 500 }, false).kind,
    ).toBe('bad');
    expect(checkChunk(span, { status: 206, contentRange: 'bytes 0-99/500', length: 90 }, true).kind).toBe(
      'bad',
    );
    expect(checkChunk(span, { status: 206, contentRange: 'bytes 10-99/500', length: 90 }, true).kind).toBe(
      'bad',
    );
    expect(checkChunk(span, { status: 403, contentRange: null, length: 0 }, true).kind).toBe('bad');
    expect(parseContentRange('bytes 5-4/10')).toBeNull();
    expect(parseContentRange('bytes 0-9/*')).toBeNull();
  });

  it('names the saved file after the URL unless a name is given', () => {
    expect(downloadFileName('/blobs/tasks/a%20b.png?x=1')).toBe('a b.png');
    expect(downloadFileName('/blobs/tasks/a.png', 'mine.png')).toBe('mine.png');
    expect(downloadFileName('/')).toBe('download');
  });
});

describe('chunked download (spec §8 "chunked download chunks are retried 3 times")', () => {
  it('fetches Range chunks one after another and assembles the file', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const file = fileOf(25);
      const server = rangeServer(scheduler, file);
      let got: Uint8Array | null = null;
      downloadInChunks(server.fetchRange, '/f', scheduler, 10).subscribe(
        (f) => (got = Uint8Array.from(f.parts.flatMap((p) => [...p]))),
      );
      flush();
      expect(server.calls).toEqual([
        { at: 0, start: 0, end: 9 },
        { at: 5, start: 10, end: 19 },
        { at: 10, start: 20, end: 24 },
      ]);
      expect(got).toEqual(file);
    });
  });

  it('retries a failing chunk 3 times, 1000 ms after each failure, then goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = rangeServer(scheduler, fileOf(30), { failures: { 10: 3 } });
      const result = downloadInChunks(server.fetchRange, '/f', scheduler, 10).pipe(
        map((f) => String(f.size)),
      );
      // chunk 2: 5 (503 at 10), 1010 (503 at 1015), 2015 (at 2020), 3020 succeeds at 3025; chunk 3 at 3025, done at 3030.
      expectObservable(result).toBe('3030ms (s|)', { s: '30' });
      scheduler.schedule(
        () => expect(server.calls.map((c) => c.at)).toEqual([0, 5, 1010, 2015, 3020, 3025]),
        4000,
      );
    });
  });

  it('fails the download when a chunk fails a 4th time (network errors count like bad answers)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = rangeServer(scheduler, fileOf(30), { failures: { 20: 4 }, throwing: true });
      // Chunk 3 asked at 10, 1010, 2010, 3010: each fails at once; the 4th failure ends it.
      expectObservable(downloadInChunks(server.fetchRange, '/f', scheduler, 10)).toBe(
        '3010ms #',
        undefined,
        expect.any(Error) as unknown as Error,
      );
      scheduler.schedule(
        () => expect(server.calls.map((c) => c.at)).toEqual([0, 5, 10, 1010, 2010, 3010]),
        4000,
      );
    });
  });

  it('accepts a server that ignores Range and answers the whole file at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const server = rangeServer(scheduler, fileOf(25), { ignoreRange: true });
      expectObservable(
        downloadInChunks(server.fetchRange, '/f', scheduler, 10).pipe(map((f) => f.size)),
      ).toBe('5ms (s|)', { s: 25 });
    });
  });
});

describe('image download (spec §4 "on failure retries once after 2 s, then warns"; §8 img_download_fail)', () => {
  it('resolves the signed URL, downloads 10 MiB chunks and saves the file under its name', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const file = fileOf(21 * MIB);
      const server = rangeServer(scheduler, file);
      const h = platformStore(scheduler, {
        api: { downloadUrl: resolved(scheduler) },
        fetchRange: server.fetchRange,
      });
      h.store.dispatch(downloadImage({ url: '/blobs/tasks/picture.png', scene: 'artwork_card' }));
      flush();
      expect(h.fake.calls.map((c) => [c.at, c.name, c.body])).toEqual([
        [0, 'downloadUrl', { url: '/blobs/tasks/picture.png', scene: 'artwork_card' }],
      ]);
      expect(server.calls.map((c) => [c.at, c.start, c.end])).toEqual([
        [10, 0, DOWNLOAD_CHUNK_BYTES - 1],
        [15, DOWNLOAD_CHUNK_BYTES, 2 * DOWNLOAD_CHUNK_BYTES - 1],
        [20, 2 * DOWNLOAD_CHUNK_BYTES, 21 * MIB - 1],
      ]);
      expect(h.fake.saved).toHaveLength(1);
      expect(h.fake.saved[0]).toMatchObject({
        name: 'picture.png',
        size: file.length,
        contentType: 'image/png',
      });
      expect(Buffer.from(h.fake.saved[0]!.bytes).equals(Buffer.from(file))).toBe(true);
      expect(h.events('notices/raised')).toEqual([]);
    });
  });

  it('a failed attempt is retried once 2000 ms later (a new signed URL); a second failure warns img_download_fail', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      // Every chunk attempt answers 503 after 5 ms: an attempt fails at 10 + 5 + 3 × 1005 = 3030.
      const server = rangeServer(scheduler, fileOf(100), { failures: { 0: 99 } });
      const h = platformStore(scheduler, {
        api: { downloadUrl: resolved(scheduler) },
        fetchRange: server.fetchRange,
      });
      expectObservable(h.fake.calls$.pipe(map(() => 'x')), '^ 20000ms !').toBe(marbleAt([0, 5030]));
      expectObservable(
        recordedEvents$(h.store).pipe(
          filter((e) => e.type === 'notices/raised'),
          map((e) => (e.payload as { messageKey: string; level: string }).messageKey),
        ),
        '^ 20000ms !',
      ).toBe(marbleAt([8060]), { x: 'img_download_fail' });
      at(scheduler, 0, () => h.store.dispatch(downloadImage({ url: '/blobs/a.png', scene: 'card' })));
      flush();
      expect((h.events('notices/raised')[0]?.payload as { level: string }).level).toBe('warning');
      expect(h.fake.saved).toEqual([]);
    });
  });

  it('a resolver failure is retried after 2000 ms too; the retry that works saves the file without a warning', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let n = 0;
      const server = rangeServer(scheduler, fileOf(10));
      const h = platformStore(scheduler, {
        api: {
          downloadUrl: () =>
            n++ === 0
              ? cold('10ms (r|)', { r: E.left({ kind: 'network' as const, path: '/u', message: 'offline' }) })
              : resolved(scheduler)(),
        },
        fetchRange: server.fetchRange,
      });
      h.store.dispatch(downloadImage({ url: '/blobs/a.png', scene: 'card', fileName: 'keep.png' }));
      flush();
      expect(h.fake.calls.map((c) => c.at)).toEqual([0, 2010]);
      expect(server.calls.map((c) => c.at)).toEqual([2020]);
      expect(h.fake.saved.map((f) => f.name)).toEqual(['keep.png']);
      expect(h.events('notices/raised')).toEqual([]);
    });
  });
});

describe('image load retries (spec §8 "image load errors are retried up to 2 times")', () => {
  it('tries an image 3 times in all: two failures then a load succeeds; three failures fail', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      let tries = 0;
      const flaky = () => (++tries <= 2 ? cold('3ms #') : cold('3ms (i|)', { i: 'img' }));
      expectObservable(withImageLoadRetries(flaky)).toBe('9ms (i|)', { i: 'img' });
      let all = 0;
      const broken = () => (all++, cold('3ms #'));
      expectObservable(withImageLoadRetries(broken)).toBe('9ms #');
      scheduler.schedule(() => expect([tries, all]).toEqual([3, 3]), 20);
    });
  });
});
