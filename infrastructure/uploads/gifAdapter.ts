/**
 * The browser's GIF compression (spec §5 "GIFs are lossy-compressed"): the script encoder of
 * ./gif run in time slices. Its own module, so that the web client loads it with the first GIF.
 */
import type { CompressImage } from './deps';
import { compressGifSteps } from './gif';
import { bytesHandle, failed, settled } from './handles';

/**
 * Whether the GIF compression gives the event loop a turn before its next frame: null to carry
 * on at once, else what to wait for.
 */
export type GifPause = () => PromiseLike<void> | null;

/** Runs the compression's steps, waiting wherever `pause` says; errors become a rejection. */
const runSteps = <A>(steps: Generator<void, A, void>, pause: GifPause | null): PromiseLike<A> => {
  const run = (): PromiseLike<A> => {
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) return settled(step.value);
        const wait = pause === null ? null : pause();
        if (wait !== null) return wait.then(run);
      }
    } catch (err) {
      return failed<A>(err);
    }
  };
  return run();
};

/**
 * A turn for the event loop (a macrotask) once `sliceMs` of work have passed since the last
 * one, so that a big GIF does not freeze the page for the whole compression.
 */
export const timeSlicedPause = (sliceMs = 50, now: () => number = () => performance.now()): GifPause => {
  let since = now();
  return () =>
    now() - since < sliceMs
      ? null
      : new Promise<void>((resolve) =>
          setTimeout(() => {
            since = now();
            resolve();
          }, 0),
        );
};

/**
 * Spec §5 "GIFs are lossy-compressed": the GIF's bytes re-encoded by `compressGifSteps` at the
 * pipeline's quality, as a handle with the same name and modification time, type image/gif.
 * `pauses` makes one pause per compression (null: run at once, synchronously when the file's
 * bytes are; tests use that inside virtual time). A `GifError` (not a GIF, corrupt, too large)
 * rejects, and the pipeline reports uploadError.
 */
export const gifCompressImage =
  (pauses: (() => GifPause) | null = null): CompressImage =>
  (file, quality) =>
    file
      .slice(0, file.size)
      .then((bytes) => runSteps(compressGifSteps(bytes, quality), pauses === null ? null : pauses()))
      .then((out) =>
        bytesHandle({ name: file.name, type: 'image/gif', lastModified: file.lastModified }, out),
      );
