/**
 * Spec §5 "GIFs are lossy-compressed", through the upload epics with the real compressor (the
 * browser adapter `gifCompressImage` over `compressGifBytes`, run without pauses so that it
 * answers inside virtual time): the domain's quality steps, and the compressed bytes are what
 * the server receives.
 */
import { describe, expect, it } from 'vitest';
import { replay, uploads, type DomainEvent } from '../../../domain/index.js';
import { gifCompressImage } from '../../../infrastructure/uploads/gifAdapter';
import { startUpload } from '../../../infrastructure/uploads/commands';
import type { CompressImage } from '../../../infrastructure/uploads/deps';
import { compressGifBytes } from '../../../infrastructure/uploads/gif';
import { memoryFile } from '../../support/fakes/uploads';
import { noisyAnimation } from './gifFixtures';
import { newScheduler, uploadStore } from './support';

const TARGET = uploads.COMPRESSION_TARGET_BYTES;

/** The real GIF compressor, telling each quality it was asked for and the size it produced. */
const recording = (tried: { q: number; size: number }[]): CompressImage => {
  const real = gifCompressImage(null);
  return (file, q) =>
    real(file, q).then((out) => {
      tried.push({ q, size: out.size });
      return out;
    });
};

const noJpeg: CompressImage = () => {
  throw new Error('a GIF is never re-encoded as JPEG');
};

const noticesOf = (events: readonly DomainEvent[]) =>
  events
    .filter((e) => e.type === 'notices/raised')
    .map((e) => (e.payload as { messageKey: string }).messageKey);

describe('spec §5: a GIF over 2 MB goes through the lossy GIF compressor', () => {
  it('tries 0.9, then 0.1 lower, until the GIF fits 2 MB, and uploads exactly those bytes', () => {
    // 1100×800, 5 frames of heavy grain: about 3.3 MB; 0.9 and 0.8 still give over 2 MB.
    const input = noisyAnimation({ width: 1100, height: 800, frames: 5, grain: 80 });
    expect(input.length).toBeGreaterThan(TARGET);
    const tried: { q: number; size: number }[] = [];
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        compressGif: recording(tried),
        compressImage: noJpeg,
      });
      store.dispatch(
        startUpload({
          field: 'cover',
          file: memoryFile(input, { name: 'loop.gif', type: 'image/gif', lastModified: 5 }),
        }),
      );
      flush();

      // The domain's steps, stopping at the first output that fits.
      expect(tried.length).toBeGreaterThanOrEqual(2);
      expect(tried.map((t) => t.q)).toEqual(uploads.COMPRESSION_QUALITIES.slice(0, tried.length));
      for (const t of tried.slice(0, -1)) expect(t.size).toBeGreaterThan(TARGET);
      const last = tried[tried.length - 1]!;
      expect(last.size).toBeLessThanOrEqual(TARGET);

      // What went up is the compressor's output at that quality, byte for byte, as a GIF.
      const expected = compressGifBytes(input, last.q);
      expect(server.calls.find((c) => c.name === 'preSign')?.body).toMatchObject({
        file_size: expected.length,
        file_name: 'loop.gif',
        content_type: 'image/gif',
      });
      expect(server.puts.map((p) => p.size)).toEqual([expected.length]);
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
      expect(upload.file).toMatchObject({ size: expected.length, mime: 'image/gif', kind: 'image' });
      const stored = server.stored((upload.phase as { fileId: string }).fileId);
      // Buffer.equals: a deep equality over 2 MB element by element takes seconds.
      expect(stored !== null && Buffer.from(stored).equals(expected)).toBe(true);
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });

  it('leaves a GIF of 2 MB or less as it is', () => {
    const input = noisyAnimation({ width: 64, height: 48, frames: 3 });
    const tried: { q: number; size: number }[] = [];
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        compressGif: recording(tried),
        compressImage: noJpeg,
      });
      store.dispatch(
        startUpload({ field: 'cover', file: memoryFile(input, { name: 'a.gif', type: 'image/gif' }) }),
      );
      flush();
      expect(tried).toEqual([]);
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(server.stored((upload.phase as { fileId: string }).fileId)).toEqual(input);
    });
  });

  it('fails with uploadError, before any call, when the bytes named image/gif are not a GIF', () => {
    const tried: { q: number; size: number }[] = [];
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        compressGif: recording(tried),
        compressImage: noJpeg,
      });
      const notGif = new Uint8Array(TARGET + 1).fill(7);
      store.dispatch(
        startUpload({ field: 'cover', file: memoryFile(notGif, { name: 'x.gif', type: 'image/gif' }) }),
      );
      flush();
      expect(tried).toEqual([]);
      expect(server.calls).toEqual([]);
      expect(uploads.selectUploadList(store.getState().uploads)).toEqual([]);
      expect(noticesOf(store.recorder.events())).toEqual(['uploadError']);
    });
  });
});
