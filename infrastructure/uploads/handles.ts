/** File handles over bytes already in memory (a stripped JPEG, a re-encoded image). */
import type { UploadFileHandle } from './deps';

/**
 * A value that is already here, as a `PromiseLike` that calls back at once. Bytes in memory
 * need no trip through the microtask queue, and an answer that arrives synchronously keeps
 * the epics' virtual-time tests exact.
 */
export const settled = <A>(value: A): PromiseLike<A> => ({
  then: <R1 = A, R2 = never>(
    onFulfilled?: ((v: A) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): PromiseLike<R1 | R2> => {
    void onRejected;
    if (!onFulfilled) return settled(value as unknown as R1);
    try {
      const next = onFulfilled(value);
      return isThenable(next) ? next : settled(next);
    } catch (err) {
      return failed<R1 | R2>(err);
    }
  },
});

/** The rejected counterpart of `settled`. */
export const failed = <A>(reason: unknown): PromiseLike<A> => ({
  then: <R1 = A, R2 = never>(
    _onFulfilled?: ((v: A) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): PromiseLike<R1 | R2> => {
    if (!onRejected) return failed<R1 | R2>(reason);
    try {
      const next = onRejected(reason);
      return isThenable(next) ? next : settled(next);
    } catch (err) {
      return failed<R1 | R2>(err);
    }
  },
});

const isThenable = <A>(v: A | PromiseLike<A>): v is PromiseLike<A> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

export const bytesHandle = (
  meta: { readonly name: string; readonly type: string; readonly lastModified: number },
  bytes: Uint8Array,
): UploadFileHandle => ({
  ...meta,
  size: bytes.length,
  slice: (start, end) => settled(bytes.subarray(Math.max(0, start), Math.min(bytes.length, end))),
});

/** The Blob behind each handle made from one (a picked File), so the File itself can be kept. */
const blobs = new WeakMap<UploadFileHandle, Blob>();

/** The Blob a handle was made from, or null (bytes in memory, a re-encoded image). */
export const blobOf = (file: UploadFileHandle): Blob | null => blobs.get(file) ?? null;

/** A handle over a Blob (a picked `File`, or one IndexedDB kept) with the name, type and date given. */
export const blobFileHandle = (
  blob: Blob,
  meta: { readonly name: string; readonly type: string; readonly lastModified: number },
): UploadFileHandle => {
  const handle: UploadFileHandle = {
    name: meta.name,
    size: blob.size,
    type: meta.type,
    lastModified: meta.lastModified,
    slice: (start, end) =>
      blob
        .slice(start, end)
        .arrayBuffer()
        .then((b) => new Uint8Array(b)),
  };
  blobs.set(handle, blob);
  return handle;
};
