import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RETRY_AFTER_CAP_MS,
  replayWith,
  stamp,
  type DomainEvent,
  type UnstampedEvent,
} from '../../../domain/index.js';
import * as up from '../../../domain/uploads/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(up.uploadsContext);
const { MIB, MB, GIB } = up;

const file = (size: number, kind: up.UploadKind = 'video', mime = 'video/mp4') => ({
  name: 'clip.mp4',
  size,
  mime,
  kind,
});
const started = (id = 'u1', size = 50, field = 'cover', guest = false) =>
  up.uploadStarted({ id, field, file: file(size), guest });
const signed = (id = 'u1', chunkSize = 20, fileId = 'f1') =>
  up.uploadSigned({
    id,
    fileId,
    preSigns: ['https://blob/1', 'https://blob/2', 'https://blob/3'],
    chunkSize,
  });
const confirmedChunk = (index: number, id = 'u1') => up.chunkConfirmed({ id, index });
const failedChunk = (index: number, id = 'u1') => up.chunkFailed({ id, index });
const done = (id = 'u1') => up.uploadConfirmed({ id, url: '/blobs/clip.mp4', width: 1920, height: 1080 });

const fold = (events: readonly UnstampedEvent[]): up.UploadsState => {
  const evolve = up.uploadsContext.evolve as (s: up.UploadsState, e: DomainEvent) => up.UploadsState;
  return events.reduce((s, e, i) => evolve(s, stamp(e, i + 1, 1000 * (i + 1))), up.initialUploadsState);
};

describe('uploads: chunk planning (spec §5 "a file over one chunk (20 MiB default) is uploaded in slices")', () => {
  it('splits a 50-byte file in 20-byte chunks into three slices, the last one short', () => {
    expect(up.planChunks(50, 20)).toEqual([
      { index: 0, start: 0, end: 20 },
      { index: 1, start: 20, end: 40 },
      { index: 2, start: 40, end: 50 },
    ]);
  });
  it('a file not above one chunk is one slice, exactly one chunk included', () => {
    expect(up.planChunks(20, 20)).toEqual([{ index: 0, start: 0, end: 20 }]);
    expect(up.planChunks(7, 20)).toEqual([{ index: 0, start: 0, end: 7 }]);
  });
  it('an empty file is one empty slice, so it is still sent once and confirmed', () => {
    expect(up.planChunks(0, 20)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });
  it('a missing or nonsense chunk size from the server falls back to the 20 MiB default', () => {
    expect(up.planChunks(45 * MIB, 0)).toHaveLength(3);
    expect(up.planChunks(45 * MIB, Number.NaN)).toHaveLength(3);
    expect(up.effectiveChunkBytes(undefined)).toBe(20 * MIB);
    expect(up.effectiveChunkBytes(null, 'guest')).toBe(5 * MB);
    expect(up.effectiveChunkBytes(1024, 'guest')).toBe(1024);
  });
  it('a negative or non-finite size plans one empty slice', () => {
    expect(up.planChunks(-5, 20)).toEqual([{ index: 0, start: 0, end: 0 }]);
    expect(up.planChunks(Number.POSITIVE_INFINITY, 20)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });
  it('audio is uploaded direct up to one chunk and chunked above (spec §4 "direct or chunked")', () => {
    expect(up.uploadMode(20 * MIB, 20 * MIB)).toBe('direct');
    expect(up.uploadMode(20 * MIB + 1, 20 * MIB)).toBe('chunked');
    expect(up.uploadMode(6 * MB, up.GUEST_CHUNK_BYTES)).toBe('chunked');
  });

  it('property: for any size >= 1 and chunk >= 1 the slices are contiguous, in order, cover [0, size) and number ceil(size/chunk)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10_000_000 })
          .chain((size) =>
            fc.tuple(fc.constant(size), fc.integer({ min: Math.ceil(size / 2000), max: size + 100 })),
          ),
        ([size, chunk]) => {
          const plan = up.planChunks(size, chunk);
          expect(plan).toHaveLength(Math.ceil(size / chunk));
          let cursor = 0;
          plan.forEach((slice, i) => {
            expect(slice.index).toBe(i);
            expect(slice.start).toBe(cursor);
            expect(slice.end).toBeGreaterThan(slice.start);
            expect(slice.end - slice.start).toBeLessThanOrEqual(chunk);
            cursor = slice.end;
          });
          expect(cursor).toBe(size);
        },
      ),
    );
  });
});

describe('uploads: limits (spec §9 "Upload limits")', () => {
  it('names every limit of the spec', () => {
    expect(up.MAX_FILE_BYTES).toBe(GIB);
    expect(GIB).toBe(1024 ** 3);
    expect(up.CHUNK_BYTES).toBe(20 * 1024 * 1024);
    expect(up.GUEST_CHUNK_BYTES).toBe(5_000_000);
    expect(up.MAX_AUDIO_BYTES).toBe(100_000_000);
    expect(up.MAX_IMAGE_BYTES).toBe(30_000_000);
    expect(up.COMPRESSION_TARGET_BYTES).toBe(2_000_000);
    expect(up.CHUNK_TIMEOUT_MS).toBe(60_000);
    expect(up.IMAGE_UPLOAD_TIMEOUT_MS).toBe(300_000);
    expect(up.CHUNK_RETRY_LIMIT).toBe(3);
    expect(up.ALTERNATE_HOST_RELOADS).toBe(3);
    expect(up.DEFAULT_UPLOAD_CATEGORY).toBe(9);
  });
  it('classifies files by their MIME type', () => {
    expect(up.uploadKindOf('image/png')).toBe('image');
    expect(up.uploadKindOf(' Audio/MPEG ')).toBe('audio');
    expect(up.uploadKindOf('video/webm')).toBe('video');
    expect(up.uploadKindOf('application/pdf')).toBe('file');
  });
});

describe('uploads: validation (spec §5 "a file over the max size is rejected with the video upload error text plus the text of code 30003")', () => {
  it('accepts a file at the max size and rejects one byte more', () => {
    expect(up.validateUpload(file(GIB))).toEqual({ kind: 'accepted' });
    expect(up.validateUpload(file(GIB + 1))).toEqual({
      kind: 'rejected',
      messageKeys: ['uploadVideoError', 'HttpErrorCode_30003'],
      values: {},
    });
    expect(up.validateUpload(file(GIB + 1, 'file', 'application/zip'))).toMatchObject({
      messageKeys: ['uploadVideoError', 'HttpErrorCode_30003'],
    });
  });
  it('spec §5 "Images over 30 MB are rejected with UploadImageExceedCustomMB (number 30)"', () => {
    expect(up.validateUpload(file(30 * MB, 'image', 'image/jpeg'))).toEqual({ kind: 'accepted' });
    expect(up.validateUpload(file(30 * MB + 1, 'image', 'image/jpeg'))).toEqual({
      kind: 'rejected',
      messageKeys: ['UploadImageExceedCustomMB'],
      values: { mb: 30 },
    });
    expect(up.validateUpload(file(2 * GIB, 'image', 'image/jpeg'))).toMatchObject({
      messageKeys: ['UploadImageExceedCustomMB'],
    });
  });
  it('spec §5 "Audio over 100 MB is rejected with uploadAudioError plus HttpErrorCode_30003"', () => {
    expect(up.validateUpload(file(100 * MB, 'audio', 'audio/wav'))).toEqual({ kind: 'accepted' });
    expect(up.validateUpload(file(100 * MB + 1, 'audio', 'audio/wav'))).toEqual({
      kind: 'rejected',
      messageKeys: ['uploadAudioError', 'HttpErrorCode_30003'],
      values: {},
    });
  });
  it('an empty file is accepted; a broken size is rejected with uploadError', () => {
    expect(up.validateUpload(file(0))).toEqual({ kind: 'accepted' });
    expect(up.validateUpload(file(-1))).toMatchObject({ kind: 'rejected', messageKeys: ['uploadError'] });
    expect(up.validateUpload(file(Number.NaN))).toMatchObject({
      kind: 'rejected',
      messageKeys: ['uploadError'],
    });
  });
  it('property: a file is accepted exactly when it is within its kind limit and the max size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<up.UploadKind>('image', 'video', 'audio', 'file'),
        fc.integer({ min: 0, max: 2 * GIB }),
        (kind, size) => {
          const limit = kind === 'image' ? up.MAX_IMAGE_BYTES : kind === 'audio' ? up.MAX_AUDIO_BYTES : GIB;
          expect(up.validateUpload({ kind, size, mime: '' }).kind).toBe(
            size <= limit ? 'accepted' : 'rejected',
          );
        },
      ),
    );
  });
});

describe('uploads: compression (spec §5 "lowering JPEG quality from 0.9 in steps of 0.1, failing below 0.1 with uploadError")', () => {
  it('lists the qualities 0.9 down to 0.1 exactly', () => {
    expect(up.COMPRESSION_QUALITIES).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
    expect(up.FIRST_COMPRESSION_QUALITY).toBe(0.9);
  });
  it('stops at the first quality whose output fits the 2 MB target', () => {
    expect(up.nextCompressionStep(0.9, 2 * MB)).toEqual({ kind: 'done', quality: 0.9 });
    expect(up.nextCompressionStep(0.9, 2 * MB + 1)).toEqual({ kind: 'tryQuality', quality: 0.8 });
    expect(up.nextCompressionStep(0.30000000000000004, 3 * MB)).toEqual({ kind: 'tryQuality', quality: 0.2 });
  });
  it('fails with uploadError when 0.1 is still too big, or when asked below 0.1', () => {
    expect(up.nextCompressionStep(0.1, 3 * MB)).toEqual({ kind: 'failed', messageKey: 'uploadError' });
    expect(up.nextCompressionStep(0, 1)).toEqual({ kind: 'failed', messageKey: 'uploadError' });
    expect(up.nextCompressionStep(Number.NaN, 1)).toEqual({ kind: 'failed', messageKey: 'uploadError' });
  });
  it('plans over a list of produced sizes', () => {
    expect(up.planCompression([])).toEqual({ kind: 'tryQuality', quality: 0.9 });
    expect(up.planCompression([5 * MB, 3 * MB, MB, 10])).toEqual({ kind: 'done', quality: 0.7 });
    expect(up.planCompression([5 * MB, 3 * MB])).toEqual({ kind: 'tryQuality', quality: 0.7 });
    expect(up.planCompression(Array(9).fill(3 * MB))).toEqual({ kind: 'failed', messageKey: 'uploadError' });
  });
  it('only files above the target are compressed', () => {
    expect(up.needsCompression(2 * MB)).toBe(false);
    expect(up.needsCompression(2 * MB + 1)).toBe(true);
  });
  it('spec §5 "GIFs are lossy-compressed"; other images are re-encoded as JPEG; the rest is left alone', () => {
    expect(up.compressionKind('image/gif')).toBe('gifLossy');
    expect(up.compressionKind('IMAGE/GIF')).toBe('gifLossy');
    expect(up.compressionKind('image/png')).toBe('jpegQuality');
    expect(up.compressionKind('image/jpeg')).toBe('jpegQuality');
    expect(up.compressionKind('image/svg+xml')).toBe('none');
    expect(up.compressionKind('video/mp4')).toBe('none');
  });
  it('property: the plan tries strictly lower qualities from 0.9, never below 0.1, and picks the first size that fits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 * MB }), { minLength: 9, maxLength: 12 }),
        (sizes) => {
          const tried: number[] = [];
          let step: up.CompressionStep = { kind: 'tryQuality', quality: up.FIRST_COMPRESSION_QUALITY };
          for (const bytes of sizes) {
            if (step.kind !== 'tryQuality') break;
            tried.push(step.quality);
            step = up.nextCompressionStep(step.quality, bytes);
          }
          expect(tried).toEqual(up.COMPRESSION_QUALITIES.slice(0, tried.length));
          const firstFit = sizes.slice(0, 9).findIndex((b) => b <= up.COMPRESSION_TARGET_BYTES);
          expect(step).toEqual(
            firstFit < 0
              ? { kind: 'failed', messageKey: 'uploadError' }
              : { kind: 'done', quality: up.COMPRESSION_QUALITIES[firstFit] },
          );
          expect(up.planCompression(sizes)).toEqual(step);
        },
      ),
    );
  });
});

describe('uploads: confirm (spec §4 "Confirm status 0 means done. 403 and 406 are failures")', () => {
  it('0 is done; 403, 406 and any other status fail', () => {
    expect(up.interpretConfirm(0)).toEqual({ kind: 'done' });
    expect(up.interpretConfirm(403)).toEqual({ kind: 'failed', status: 403 });
    expect(up.interpretConfirm(406)).toEqual({ kind: 'failed', status: 406 });
    expect(up.interpretConfirm(1)).toEqual({ kind: 'failed', status: 1 });
  });
});

describe('uploads: retry budgets (spec §8 "a chunk failure retries after 3 s, up to 3 times"; "alternate host up to the reload count (default 3)")', () => {
  it('retries the first three failures of a chunk after 3 s and gives up at the fourth', () => {
    expect([1, 2, 3].map((n) => up.chunkRetryDecision(n))).toEqual(
      Array(3).fill({ retry: true, delayMs: 3000 }),
    );
    expect(up.chunkRetryDecision(4)).toEqual({ retry: false });
  });
  it("waits the server's Retry-After instead of 3 s when it asks for longer, up to the cap, within the same budget (issue 25)", () => {
    expect(up.chunkRetryDecision(1, 7000)).toEqual({ retry: true, delayMs: 7000 });
    expect(up.chunkRetryDecision(1, 1000)).toEqual({ retry: true, delayMs: 3000 });
    expect(up.chunkRetryDecision(1, 3_600_000)).toEqual({ retry: true, delayMs: RETRY_AFTER_CAP_MS });
    expect(up.chunkRetryDecision(4, 7000)).toEqual({ retry: false });
    const upload = fold([started(), signed(), failedChunk(1)]).byId['u1']!;
    expect(up.nextStepAfterChunkFailure(upload, 1, 7000)).toEqual({
      kind: 'retryChunk',
      index: 1,
      delayMs: 7000,
    });
  });
  it('reloads through the alternate host three times, then reports uploadError', () => {
    expect([0, 1, 2].map(up.alternateHostDecision)).toEqual([
      { reload: true, reloadNumber: 1 },
      { reload: true, reloadNumber: 2 },
      { reload: true, reloadNumber: 3 },
    ]);
    expect(up.alternateHostDecision(3)).toEqual({ reload: false, messageKey: 'uploadError' });
  });
  it('property: a chunk that always fails is retried exactly 3 times and a host reloaded exactly 3 times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (extra) => {
        let retries = 0;
        for (let failures = 1; failures <= 4 + extra; failures++) {
          const d = up.chunkRetryDecision(failures);
          if (!d.retry) break;
          expect(d.delayMs).toBe(up.CHUNK_RETRY_DELAY_MS);
          retries++;
        }
        expect(retries).toBe(up.CHUNK_RETRY_LIMIT);
        let reloads = 0;
        while (up.alternateHostDecision(reloads).reload && reloads < 100 + extra) reloads++;
        expect(reloads).toBe(up.ALTERNATE_HOST_RELOADS);
      }),
    );
  });
  it('property: no decision ever grants more than the budget', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), (n) => {
        if (up.chunkRetryDecision(n).retry) expect(n).toBeLessThanOrEqual(up.CHUNK_RETRY_LIMIT);
        const r = up.alternateHostDecision(n);
        if (r.reload) expect(r.reloadNumber).toBeLessThanOrEqual(up.ALTERNATE_HOST_RELOADS);
      }),
    );
  });

  it('after a chunk failure: retry the chunk, then reload the host, then give up with uploadError', () => {
    let events: UnstampedEvent[] = [started(), signed()];
    const steps: up.ChunkFailureStep['kind'][] = [];
    for (let i = 0; i < 20; i++) {
      events = [...events, failedChunk(1)];
      const upload = fold(events).byId['u1']!;
      const step = up.nextStepAfterChunkFailure(upload, 1);
      steps.push(step.kind);
      if (step.kind === 'reloadHost') events = [...events, up.hostReloaded({ id: 'u1' })];
      if (step.kind === 'giveUp') break;
    }
    const cycle = ['retryChunk', 'retryChunk', 'retryChunk', 'reloadHost'];
    expect(steps).toEqual([...cycle, ...cycle, ...cycle, 'retryChunk', 'retryChunk', 'retryChunk', 'giveUp']);
  });
  it('a failure of a finished upload or of a confirmed chunk asks for nothing', () => {
    const s = fold([started(), signed(), confirmedChunk(0)]);
    expect(up.nextStepAfterChunkFailure(s.byId['u1']!, 0)).toEqual({ kind: 'ignore' });
    expect(up.nextStepAfterChunkFailure(s.byId['u1']!, 9)).toEqual({ kind: 'ignore' });
    expect(up.nextStepAfterChunkFailure(fold([started()]).byId['u1']!, 0)).toEqual({ kind: 'ignore' });
  });
});

describe('uploads: failure messages (spec §8 "Code 30010 shows audioUploadError. Code 20000 in an upload reason queues guest files")', () => {
  it('30010 is audioUploadError, anything else uploadError', () => {
    expect(up.uploadFailureMessageKey(30010)).toBe('audioUploadError');
    expect(up.uploadFailureMessageKey(30001)).toBe('uploadError');
    expect(up.uploadFailureMessageKey(null)).toBe('uploadError');
  });
  it('20000 queues guest files', () => {
    expect(up.queuesGuestFiles(20000)).toBe(true);
    expect(up.queuesGuestFiles(20001)).toBe(false);
    expect(up.queuesGuestFiles(null)).toBe(false);
  });
  it('names the message keys of spec §5 and §8', () => {
    expect(Object.values(up.uploadMessageKeys).sort()).toEqual(
      [
        'HttpErrorCode_30003',
        'UploadImageExceedCustomMB',
        'audioUploadError',
        'uploadAudioError',
        'uploadError',
        'uploadVideoError',
      ].sort(),
    );
  });
});

describe('uploads: status machine (spec §4 "Upload: status init, pending, complete, fail, error")', () => {
  it('given nothing, when an upload starts, then it is init in its field', () => {
    const { state, violation } = given().when(started());
    expect(violation).toBeNull();
    expect(state.byId['u1']).toMatchObject({
      field: 'cover',
      phase: { status: 'init' },
      startedAt: expect.any(Number),
    });
    expect(up.selectRunningUpload(state, 'cover')?.id).toBe('u1');
    expect(up.selectCanStartUpload(state, 'cover')).toBe(false);
    expect(up.selectCanStartUpload(state, 'avatar')).toBe(true);
  });

  it('given a started upload, when it is signed, then it is pending with its chunk plan', () => {
    const { state } = given(started('u1', 50)).when(signed('u1', 20));
    const phase = state.byId['u1']?.phase;
    expect(phase?.status).toBe('pending');
    if (phase?.status !== 'pending') return;
    expect(phase.fileId).toBe('f1');
    expect(phase.chunks.map((c) => [c.start, c.end, c.status])).toEqual([
      [0, 20, 'waiting'],
      [20, 40, 'waiting'],
      [40, 50, 'waiting'],
    ]);
  });

  it('given a pending upload, when every chunk is sent and confirmed and the file confirmed, then it is complete at 100%', () => {
    const { state, violation } = given(started(), signed()).when(
      up.chunkSent({ id: 'u1', index: 0 }),
      confirmedChunk(0),
      up.chunkSent({ id: 'u1', index: 1 }),
      confirmedChunk(1),
      confirmedChunk(2),
      done(),
    );
    expect(violation).toBeNull();
    expect(state.byId['u1']?.phase).toEqual({
      status: 'complete',
      fileId: 'f1',
      url: '/blobs/clip.mp4',
      width: 1920,
      height: 1080,
    });
    expect(up.selectUploadProgress(state, 'u1')).toBe(1);
    expect(up.selectCanStartUpload(state, 'cover')).toBe(true);
  });

  it('given a pending upload, when the server refuses the confirm (403), then it fails and keeps its progress', () => {
    const { state } = given(started(), signed(), confirmedChunk(0)).when(
      up.uploadFailed({ id: 'u1', code: 403, messageKey: 'uploadError' }),
    );
    expect(state.byId['u1']?.phase).toEqual({
      status: 'fail',
      code: 403,
      messageKey: 'uploadError',
      confirmedBytes: 20,
    });
    expect(up.selectUploadProgress(state, 'u1')).toBe(0.4);
  });

  it('given a started upload, when the transfer breaks, then it is in error', () => {
    const { state } = given(started()).when(up.uploadErrored({ id: 'u1', messageKey: 'uploadError' }));
    expect(state.byId['u1']?.phase).toEqual({
      status: 'error',
      messageKey: 'uploadError',
      confirmedBytes: 0,
    });
  });

  it('given a complete upload, then no later event changes it', () => {
    const g = given(started(), signed(), confirmedChunk(0), done());
    const { state, violation } = g.when(
      failedChunk(1),
      up.uploadFailed({ id: 'u1', code: 406, messageKey: 'uploadError' }),
      up.uploadErrored({ id: 'u1', messageKey: 'uploadError' }),
      signed(),
      up.hostReloaded({ id: 'u1' }),
      done(),
    );
    expect(violation).toBeNull();
    expect(state).toBe(g.state);
  });

  it('a confirmation before signing and events about unknown uploads or chunks are ignored', () => {
    const g = given(started());
    expect(g.when(done(), confirmedChunk(0), up.hostReloaded({ id: 'u1' })).state).toBe(g.state);
    const p = given(started(), signed());
    expect(p.when(confirmedChunk(7), confirmedChunk(0, 'nope'), signed('nope'), done('nope')).state).toBe(
      p.state,
    );
  });

  it('a chunk sent twice, or a confirmed chunk that "fails", changes nothing', () => {
    const g = given(started(), signed(), up.chunkSent({ id: 'u1', index: 0 }));
    expect(g.when(up.chunkSent({ id: 'u1', index: 0 })).state).toBe(g.state);
    const c = given(started(), signed(), confirmedChunk(0));
    expect(c.when(failedChunk(0), up.chunkSent({ id: 'u1', index: 0 }), confirmedChunk(0)).state).toBe(
      c.state,
    );
  });

  it('a failed chunk goes back to waiting and counts its failures', () => {
    const { state } = given(started(), signed(), up.chunkSent({ id: 'u1', index: 1 })).when(
      failedChunk(1),
      failedChunk(1),
    );
    const phase = state.byId['u1']?.phase;
    if (phase?.status !== 'pending') throw new Error('expected pending');
    expect(phase.chunks[1]).toMatchObject({ status: 'waiting', failures: 2 });
  });

  it('a host reload counts, sends unconfirmed chunks again and resets their failures, keeping confirmed ones', () => {
    const { state } = given(
      started(),
      signed(),
      confirmedChunk(0),
      failedChunk(1),
      up.chunkSent({ id: 'u1', index: 2 }),
    ).when(up.hostReloaded({ id: 'u1' }));
    const phase = state.byId['u1']?.phase;
    if (phase?.status !== 'pending') throw new Error('expected pending');
    expect(phase.hostReloads).toBe(1);
    expect(phase.chunks.map((c) => [c.status, c.failures])).toEqual([
      ['confirmed', 0],
      ['waiting', 0],
      ['waiting', 0],
    ]);
  });

  it('a finished upload can be dismissed; a running one cannot', () => {
    const running = given(started());
    expect(running.when(up.uploadDismissed({ id: 'u1' })).state).toBe(running.state);
    const { state } = given(started(), up.uploadErrored({ id: 'u1', messageKey: 'uploadError' })).when(
      up.uploadDismissed({ id: 'u1' }),
    );
    expect(state).toEqual(up.initialUploadsState);
    expect(up.selectUploadProgress(state, 'u1')).toBe(0);
  });

  it('lists uploads newest first and finds them by id', () => {
    const { state } = given(started('a', 10, 'cover')).when(started('b', 10, 'avatar'));
    expect(up.selectUploadList(state).map((u) => u.id)).toEqual(['b', 'a']);
    expect(up.selectUploadById(state, 'a')?.field).toBe('cover');
  });
});

describe('uploads: one at a time (spec §5 "A second upload is ignored while one runs")', () => {
  it('given a pending upload in a field, when a second one starts there, then it is ignored', () => {
    const g = given(started('u1'), signed('u1'));
    const { state } = g.when(started('u2'));
    expect(state).toBe(g.state);
    expect(state.byId['u2']).toBeUndefined();
  });
  it('an upload with a known id is not started again, and another field may upload meanwhile', () => {
    const g = given(started('u1'), up.uploadErrored({ id: 'u1', messageKey: 'uploadError' }));
    expect(g.when(started('u1')).state).toBe(g.state);
    const { state } = given(started('u1')).when(started('u2', 10, 'avatar'));
    expect(up.selectRunningUpload(state, 'avatar')?.id).toBe('u2');
  });
  it('once the first is finished, a new upload starts in the field', () => {
    const { state } = given(started('u1'), up.uploadErrored({ id: 'u1', messageKey: 'uploadError' })).when(
      started('u2'),
    );
    expect(up.selectRunningUpload(state, 'cover')?.id).toBe('u2');
  });
  it('property: a second start while one is running never changes the running upload', () => {
    fc.assert(
      fc.property(
        fc.array(arbEvent, { maxLength: 30 }),
        fc.string({ minLength: 1, maxLength: 4 }),
        (events, id) => {
          const s = fold(events);
          const running = up.selectRunningUpload(s, 'cover');
          fc.pre(running !== undefined);
          const second = up.uploadStarted({ id: `new-${id}`, field: 'cover', file: file(33), guest: false });
          const after = up.evolveUploads(s, stamp(second, events.length + 1, 0) as up.UploadEvent);
          expect(after).toBe(s);
        },
      ),
    );
  });
});

describe('uploads: resuming (spec §4 "each PUT and verified, then the file is confirmed")', () => {
  it('resumes at the first chunk the server has not confirmed', () => {
    const s = fold([started(), signed(), confirmedChunk(0), confirmedChunk(2)]);
    expect(up.firstUnconfirmedChunk(s.byId['u1']!)).toMatchObject({ index: 1, start: 20, end: 40 });
    expect(up.selectResumePoint(s, 'u1')?.index).toBe(1);
  });
  it('has nothing to resume before signing, when all are confirmed, or for an unknown upload', () => {
    expect(up.selectResumePoint(fold([started()]), 'u1')).toBeNull();
    const all = fold([started(), signed(), confirmedChunk(0), confirmedChunk(1), confirmedChunk(2)]);
    expect(up.selectResumePoint(all, 'u1')).toBeNull();
    expect(up.selectResumePoint(all, 'zz')).toBeNull();
  });
});

describe('uploads: progress (confirmed bytes / size)', () => {
  it('counts only confirmed chunks', () => {
    const s = fold([
      started('u1', 50),
      signed('u1', 20),
      up.chunkSent({ id: 'u1', index: 0 }),
      confirmedChunk(2),
    ]);
    expect(up.selectUploadProgress(s, 'u1')).toBe(0.2);
    expect(up.selectUploadProgress(fold([started('u1', 0)]), 'u1')).toBe(0);
    expect(up.selectUploadProgress(s, 'unknown')).toBe(0);
  });
  it('property: progress never goes backwards and stays within 0..1 over any event sequence', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 60 }), (events) => {
        let s = up.initialUploadsState;
        const last: Record<string, number> = {};
        events.forEach((e, i) => {
          s = up.evolveUploads(s, stamp(e, i + 1, i) as up.UploadEvent);
          for (const u of up.selectUploadList(s)) {
            const p = up.selectUploadProgress(s, u.id);
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1);
            expect(up.confirmedBytesOf(u)).toBeLessThanOrEqual(u.file.size);
            if (last[u.id] !== undefined && u.file.size > 0) expect(p).toBeGreaterThanOrEqual(last[u.id]!);
            last[u.id] = p;
          }
          for (const id of Object.keys(last)) if (!s.byId[id]) delete last[id];
        });
      }),
    );
  });
});

describe('uploads: guests (spec §4 "guest uploads are kept locally and saved to the personal account after login")', () => {
  const img = (url: string) => ({ url, width: 512, height: 768, category: 9 });
  it('keeps guest uploads per field, in order, without duplicates', () => {
    const { state } = given().when(
      up.guestUploadKept({ field: 'reference', upload: img('/a.png') }),
      up.guestUploadKept({ field: 'face', upload: img('/b.png') }),
      up.guestUploadKept({ field: 'reference', upload: img('/c.png') }),
      up.guestUploadKept({ field: 'reference', upload: img('/a.png') }),
    );
    expect(up.selectGuestUploads(state, 'reference').map((u) => u.url)).toEqual(['/a.png', '/c.png']);
    expect(up.selectGuestUploads(state, 'missing')).toEqual([]);
    expect(up.selectGuestUploadsToSave(state)).toEqual([
      { field: 'reference', ...img('/a.png') },
      { field: 'reference', ...img('/c.png') },
      { field: 'face', ...img('/b.png') },
    ]);
  });
  it('after the save call, exactly the saved uploads leave the list (one kept meanwhile stays)', () => {
    const g = given(
      up.guestUploadKept({ field: 'reference', upload: img('/a.png') }),
      up.guestUploadKept({ field: 'face', upload: img('/b.png') }),
      up.guestUploadKept({ field: 'reference', upload: img('/late.png') }),
    );
    const { state } = g.when(
      up.guestUploadsSaved({
        items: [
          { field: 'reference', url: '/a.png' },
          { field: 'face', url: '/b.png' },
        ],
      }),
    );
    expect(up.selectGuestUploadsToSave(state).map((u) => u.url)).toEqual(['/late.png']);
    expect(state.guestKept.map((g) => g.field)).toEqual(['reference']);
  });
  it('a save that matches nothing changes nothing', () => {
    const g = given(up.guestUploadKept({ field: 'reference', upload: img('/a.png') }));
    expect(g.when(up.guestUploadsSaved({ items: [{ field: 'face', url: '/a.png' }] })).state).toBe(g.state);
  });
});

// ---------------------------------------------------------------------------------------------
// Random event sequences

const ids = ['u1', 'u2', 'u3'];
const arbId = fc.constantFrom(...ids);
const arbField = fc.constantFrom('cover', 'avatar');
const arbEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc
    .record({ id: arbId, field: arbField, size: fc.integer({ min: 0, max: 90 }), guest: fc.boolean() })
    .map((r) => up.uploadStarted({ id: r.id, field: r.field, file: file(r.size), guest: r.guest })),
  fc
    .record({ id: arbId, chunk: fc.integer({ min: -1, max: 40 }) })
    .map((r) => up.uploadSigned({ id: r.id, fileId: `f-${r.id}`, preSigns: [], chunkSize: r.chunk })),
  fc.record({ id: arbId, index: fc.integer({ min: 0, max: 6 }) }).map((r) => up.chunkSent(r)),
  fc.record({ id: arbId, index: fc.integer({ min: 0, max: 6 }) }).map((r) => up.chunkConfirmed(r)),
  fc.record({ id: arbId, index: fc.integer({ min: 0, max: 6 }) }).map((r) => up.chunkFailed(r)),
  arbId.map((id) => up.hostReloaded({ id })),
  arbId.map((id) => up.uploadConfirmed({ id, url: `/blobs/${id}`, width: null, height: null })),
  fc
    .record({ id: arbId, code: fc.constantFrom(403, 406, 20000, 30010) })
    .map((r) => up.uploadFailed({ ...r, messageKey: up.uploadFailureMessageKey(r.code) })),
  arbId.map((id) => up.uploadErrored({ id, messageKey: 'uploadError' })),
  arbId.map((id) => up.uploadDismissed({ id })),
  fc
    .record({ field: arbField, url: fc.constantFrom('/a', '/b', '/c') })
    .map((r) =>
      up.guestUploadKept({ field: r.field, upload: { url: r.url, width: 1, height: 1, category: 9 } }),
    ),
  fc
    .array(fc.record({ field: arbField, url: fc.constantFrom('/a', '/b', '/c') }), { maxLength: 3 })
    .map((items) => up.guestUploadsSaved({ items })),
);

describe('uploads: laws over random event sequences', () => {
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 60 }), fc.integer({ min: 0, max: 60 }), (events, cut) => {
        const stamped = events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
        const k = Math.min(cut, stamped.length);
        const whole = replayWith(
          up.uploadsContext.evolve as never,
          [],
          up.initialUploadsState,
          stamped,
        ).state;
        const first = replayWith(
          up.uploadsContext.evolve as never,
          [],
          up.initialUploadsState,
          stamped.slice(0, k),
        ).state;
        const rest = replayWith(up.uploadsContext.evolve as never, [], first, stamped.slice(k)).state;
        let stepwise = up.initialUploadsState;
        for (const e of stamped) stepwise = up.evolveUploads(stepwise, e as up.UploadEvent);
        expect(rest).toEqual(whole);
        expect(stepwise).toEqual(whole);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 80 }), (events) => {
        const stamped = events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
        const result = replayWith(
          up.uploadsContext.evolve as never,
          up.uploadsContext.invariants,
          up.initialUploadsState,
          stamped,
        );
        expect(result.violation).toBeNull();
      }),
    );
  });

  it('property: the status machine never leaves a terminal state', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 60 }), (events) => {
        let s = up.initialUploadsState;
        const terminal = new Map<string, up.UploadPhase>();
        events.forEach((e, i) => {
          s = up.evolveUploads(s, stamp(e, i + 1, i) as up.UploadEvent);
          for (const [id, phase] of terminal) {
            const now = s.byId[id];
            if (now === undefined) terminal.delete(id);
            else expect(now.phase).toBe(phase);
          }
          for (const u of up.selectUploadList(s)) if (up.isTerminal(u.phase)) terminal.set(u.id, u.phase);
        });
      }),
    );
  });

  it('the context is wired like every other: name, event types and invariants', () => {
    expect(up.uploadsContext.name).toBe('uploads');
    expect(new Set(up.uploadsContext.eventTypes).size).toBe(up.uploadEventTypes.length);
    expect(up.uploadsContext.eventTypes.every((t) => t.startsWith('uploads/'))).toBe(true);
    expect(up.uploadsContext.invariants.map((i) => i.name)).toEqual([
      'oneRunningUploadPerField',
      'terminalIsFinal',
      'confirmedBytesMonotonic',
      'chunksCoverFile',
      'uploadOrderMatches',
    ]);
  });
});

describe('uploads: the invariants catch a corrupted state', () => {
  const s = fold([started('u1', 50), signed('u1', 20), confirmedChunk(0)]);
  const u1 = s.byId['u1']!;
  const ev = stamp(done(), 99, 0);
  const withU = (u: up.Upload, extra: Partial<up.UploadsState> = {}): up.UploadsState => ({
    ...s,
    byId: { ...s.byId, [u.id]: u },
    order: s.order.includes(u.id) ? s.order : [u.id, ...s.order],
    ...extra,
  });
  it('two running uploads in one field', () => {
    const twin = { ...u1, id: 'u9' };
    expect(up.oneRunningUploadPerField.check(s, withU(twin), ev)).toBe('field cover has two running uploads');
  });
  it('a terminal upload that moved', () => {
    const failed = fold([started(), up.uploadErrored({ id: 'u1', messageKey: 'uploadError' })]);
    const moved = { ...failed, byId: { u1: { ...failed.byId['u1']!, phase: { status: 'init' as const } } } };
    expect(up.terminalIsFinal.check(failed, moved, ev)).toBe(
      'upload u1 left its terminal status error for init',
    );
  });
  it('confirmed bytes that go backwards or past the size', () => {
    if (u1.phase.status !== 'pending') throw new Error('expected pending');
    const back = {
      ...u1,
      phase: { ...u1.phase, chunks: u1.phase.chunks.map((c) => ({ ...c, status: 'waiting' as const })) },
    };
    expect(up.confirmedBytesMonotonic.check(s, withU(back), ev)).toBe(
      'upload u1 confirmed bytes went back from 20 to 0',
    );
    const over = { ...u1, file: { ...u1.file, size: 10 } };
    expect(up.confirmedBytesMonotonic.check(s, withU(over), ev)).toBe(
      'upload u1 has 20 confirmed bytes of 10',
    );
  });
  it('chunks with a gap or not reaching the end of the file', () => {
    if (u1.phase.status !== 'pending') throw new Error('expected pending');
    const gap = { ...u1, phase: { ...u1.phase, chunks: u1.phase.chunks.filter((c) => c.index !== 1) } };
    expect(up.chunksCoverFile.check(s, withU(gap), ev)).toBe('upload u1 chunk 1 does not follow byte 20');
    const short = { ...u1, phase: { ...u1.phase, chunks: u1.phase.chunks.slice(0, 2) } };
    expect(up.chunksCoverFile.check(s, withU(short), ev)).toBe('upload u1 chunks end at 40, not 50');
  });
  it('an order that disagrees with the table', () => {
    expect(up.uploadOrderMatches.check(s, { ...s, order: [] }, ev)).toBe(
      'upload order and upload table disagree',
    );
    expect(up.uploadOrderMatches.check(s, { ...s, order: ['u1', 'u1'] }, ev)).toBe(
      'upload order and upload table disagree',
    );
  });
});

describe('uploads: given/when helper sees the context invariants', () => {
  it('reports no violation for a whole happy path including guest keeping', () => {
    const events: UnstampedEvent[] = [
      started('g1', 10, 'reference', true),
      signed('g1', 5),
      confirmedChunk(0, 'g1'),
      confirmedChunk(1, 'g1'),
      done('g1'),
      up.guestUploadKept({
        field: 'reference',
        upload: { url: '/blobs/clip.mp4', width: 1920, height: 1080, category: 9 },
      }),
    ];
    expect(given().when(...events).violation).toBeNull();
  });
});

describe('uploads.nameOfUploadUrl: the name a kept guest upload shows after a reload (issue 21)', () => {
  it('is the stored file name, decoded; else "image"', () => {
    expect(up.nameOfUploadUrl('/blobs/uploads/abc/my%20photo.jpg?sig=1')).toBe('my photo.jpg');
    expect(up.nameOfUploadUrl('https://cdn.example/x/ref.png#top')).toBe('ref.png');
    expect(up.nameOfUploadUrl('/blobs/uploads/abc/100%.png')).toBe('100%.png');
    expect(up.nameOfUploadUrl('/blobs/uploads/abc/')).toBe('image');
    expect(up.nameOfUploadUrl('')).toBe('image');
  });
});
