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
