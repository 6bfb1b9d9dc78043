/**
 * Resuming a cut SSE audio stream (audioEpics.ts): a connection that brought a new chunk is resumed
 * at once with `Last-Event-ID`; one that brought none is a failure, and the n-th failure in a row
 * waits 250 ms x 2^(n-1) before the next attempt. After STREAM_RESUME_RETRIES failures in a row the
 * stream ends in error: a stream that cannot be had is never retried forever.
 */
export const STREAM_RESUME_RETRIES = 3;
export const STREAM_RESUME_BASE_MS = 250;

/** The wait before resuming, after `failures` connections in a row that brought no chunk. */
export const streamResumeDelay = (failures: number): number =>
  failures <= 0 ? 0 : STREAM_RESUME_BASE_MS * Math.pow(2, Math.floor(failures) - 1);
