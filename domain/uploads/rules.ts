/**
 * The upload rules of spec §4, §5, §8 and §9 as pure functions: the limits, chunk planning,
 * the JPEG compression plan, validation with the spec's message keys, the meaning of a confirm
 * status, the retry budgets, resumability and the guest-upload rules. Epics ask these
 * functions what to do; they never carry the numbers themselves.
 */
import type { ChunkProgress, Upload } from './state.js';
import { honourRetryAfter } from '../kernel/retryAfter.js';

// ---------------------------------------------------------------------------------------------
// Limits (spec §9 "Upload limits")

/**
 * The spec writes GiB and MiB for the file and chunk limits and plain MB for the others. We take
 * it literally: MiB/GiB are binary, MB is decimal (the stricter reading of "30 MB").
 */
export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;
export const MB = 1_000_000;

/** Spec §5: the default max size; a larger file is rejected. */
export const MAX_FILE_BYTES = 1 * GIB;
/** Spec §5: a file over one chunk is uploaded in slices. */
export const CHUNK_BYTES = 20 * MIB;
/** Spec §9: the chunk size of the guest-upload path (and of audio "in one place", spec §5). */
export const GUEST_CHUNK_BYTES = 5 * MB;
export const MAX_AUDIO_BYTES = 100 * MB;
export const MAX_IMAGE_MB = 30;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * MB;
export const COMPRESSION_TARGET_BYTES = 2 * MB;

/** Spec §5 and §9 timeouts. */
export const CHUNK_TIMEOUT_MS = 60_000;
export const IMAGE_UPLOAD_TIMEOUT_MS = 300_000;

/** Spec §8: a failed chunk is retried after 3 s, up to 3 times. */
export const CHUNK_RETRY_LIMIT = 3;
export const CHUNK_RETRY_DELAY_MS = 3000;
/** Spec §8: the alternate-host reload count (default 3). */
export const ALTERNATE_HOST_RELOADS = 3;

/** Spec §7: the upload config call's default category. */
export const DEFAULT_UPLOAD_CATEGORY = 9;

/** Spec §8: code 20000 in an upload reason queues guest files; 30010 is an audio upload failure. */
export const GUEST_QUEUE_CODE = 20000;
export const AUDIO_UPLOAD_FAILURE_CODE = 30010;

/** The message keys spec §5 and §8 name for uploads. Views translate them. */
export const uploadMessageKeys = {
  uploadError: 'uploadError',
  audioUploadError: 'audioUploadError',
  uploadVideoError: 'uploadVideoError',
  uploadAudioError: 'uploadAudioError',
  imageTooLarge: 'UploadImageExceedCustomMB',
  fileTooLarge: 'HttpErrorCode_30003',
} as const;

export type UploadMessageKey = (typeof uploadMessageKeys)[keyof typeof uploadMessageKeys];

// ---------------------------------------------------------------------------------------------
// Kinds and chunk planning

export type UploadKind = 'image' | 'video' | 'audio' | 'file';

export const uploadKindOf = (mime: string): UploadKind => {
  const top = mime.trim().toLowerCase().split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'file';
};

/** One slice of a file: bytes `start` (inclusive) to `end` (exclusive). */
export interface ChunkSlice {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

const wholeBytes = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The chunk size to use. The server's `chunk_size` may be missing or nonsense (0, negative,
 * NaN); then the path's default applies rather than a division by zero.
 */
export const effectiveChunkBytes = (
  serverChunkSize: number | null | undefined,
  path: 'standard' | 'guest' = 'standard',
): number => {
  const fromServer = wholeBytes(serverChunkSize ?? 0);
  if (fromServer >= 1) return fromServer;
  return path === 'guest' ? GUEST_CHUNK_BYTES : CHUNK_BYTES;
};

/**
 * Spec §5: slices that cover the file exactly, in order, without overlap; ceil(size / chunk) of
 * them, each at most one chunk. A file not above one chunk is one slice. An empty file is one
 * empty slice `{0, 0, 0}` so that it still goes through one PUT and the confirm call like any
 * other file, instead of an upload with nothing to send and nothing to confirm.
 */
export const planChunks = (size: number, chunkSize: number): readonly ChunkSlice[] => {
  const total = wholeBytes(size);
  const chunk = effectiveChunkBytes(chunkSize);
  if (total <= chunk) return [{ index: 0, start: 0, end: total }];
  const count = Math.ceil(total / chunk);
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: index * chunk,
    end: Math.min(total, (index + 1) * chunk),
  }));
};

/** Spec §4 "audio is uploaded direct or chunked": chunked only when the file exceeds one chunk. */
export const uploadMode = (size: number, chunkSize: number): 'direct' | 'chunked' =>
  wholeBytes(size) > effectiveChunkBytes(chunkSize) ? 'chunked' : 'direct';

// ---------------------------------------------------------------------------------------------
// Compression (spec §5 "Images")

export type CompressionKind = 'jpegQuality' | 'gifLossy' | 'none';

/**
 * GIFs keep their frames through a lossy GIF pass; other raster images are re-encoded as JPEG
 * (which is also what strips the EXIF segment). SVG is text and is not re-encoded.
 */
export const compressionKind = (mime: string): CompressionKind => {
  const m = mime.trim().toLowerCase();
  if (m === 'image/gif') return 'gifLossy';
  if (m === 'image/svg+xml' || !m.startsWith('image/')) return 'none';
  return 'jpegQuality';
};

export const needsCompression = (size: number): boolean => size > COMPRESSION_TARGET_BYTES;

/** Qualities are counted in tenths so that repeated subtraction of 0.1 never drifts. */
const FIRST_QUALITY_TENTHS = 9;
const LAST_QUALITY_TENTHS = 1;
export const FIRST_COMPRESSION_QUALITY = FIRST_QUALITY_TENTHS / 10;

/** 0.9, 0.8, ... 0.1: every quality the plan may try, in order. */
export const COMPRESSION_QUALITIES: readonly number[] = Array.from(
  { length: FIRST_QUALITY_TENTHS - LAST_QUALITY_TENTHS + 1 },
  (_, i) => (FIRST_QUALITY_TENTHS - i) / 10,
);

export type CompressionStep =
  | { readonly kind: 'done'; readonly quality: number }
  | { readonly kind: 'tryQuality'; readonly quality: number }
  | { readonly kind: 'failed'; readonly messageKey: 'uploadError' };

/**
 * Spec §5: after encoding at `previousQuality` gave `producedBytes`, either that result is small
 * enough, or the next quality is 0.1 lower, or (below 0.1) compression failed with uploadError.
 */
export const nextCompressionStep = (previousQuality: number, producedBytes: number): CompressionStep => {
  const tenths = Math.min(FIRST_QUALITY_TENTHS, Math.round(previousQuality * 10));
  if (!Number.isFinite(tenths) || tenths < LAST_QUALITY_TENTHS)
    return { kind: 'failed', messageKey: 'uploadError' };
  if (producedBytes <= COMPRESSION_TARGET_BYTES) return { kind: 'done', quality: tenths / 10 };
  const next = tenths - 1;
  return next < LAST_QUALITY_TENTHS
    ? { kind: 'failed', messageKey: 'uploadError' }
    : { kind: 'tryQuality', quality: next / 10 };
};

/**
 * The same plan over a list of produced sizes: `producedSizes[i]` is the size at
 * `COMPRESSION_QUALITIES[i]`. Stops at the first size that fits; asks for the next quality
 * when the list runs out first.
 */
export const planCompression = (producedSizes: readonly number[]): CompressionStep => {
  let step: CompressionStep = { kind: 'tryQuality', quality: FIRST_COMPRESSION_QUALITY };
  for (const bytes of producedSizes) {
    if (step.kind !== 'tryQuality') break;
    step = nextCompressionStep(step.quality, bytes);
  }
  return step;
};

// ---------------------------------------------------------------------------------------------
// The pixel limits of task inputs (issue 21)

/**
 * The engines read an input image of at most 2048 × 2048 pixels, by its area (a 4096 × 1024
 * panorama is as many pixels as a 2048 × 2048 square); the server refuses a larger input with
 * `INPUT_TOO_LARGE_CODE`. No engine writes a picture over `MAX_OUTPUT_SIDE` on a side, so an
 * input the task keeps the size of (every tool but the upscalers) is at most that on its longest
 * side (`OUTPUT_TOO_LARGE_CODE` otherwise). The client scales an image meant as a task input to
 * both before it goes up (`fitTaskInput`).
 */
export const INPUT_LIMIT_SIDE = 2048;
export const MAX_INPUT_PIXELS = INPUT_LIMIT_SIDE * INPUT_LIMIT_SIDE;
/** The largest side any engine writes: 4x of a 768 px render, 2x of the largest custom size (1536). */
export const MAX_OUTPUT_SIDE = 3072;

/** Spec §8 upload family: an input image over `MAX_INPUT_PIXELS` (the server's refusal of a task input). */
export const INPUT_TOO_LARGE_CODE = 30043;
/** Spec §8 upload family: an input file that is not an image the engines read (PNG, JPEG, WebP, AVIF, GIF). */
export const INPUT_NOT_IMAGE_CODE = 30044;
/** Spec §8 upload family: the picture a task would make is over `MAX_OUTPUT_SIDE` on a side (input × scale). */
export const OUTPUT_TOO_LARGE_CODE = 30045;

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export interface PixelLimit {
  /** Width × height at most. */
  readonly maxPixels: number;
  /** The longest side at most. */
  readonly maxSide: number;
}

/** What a task input may be: the engines' pixels, and a side no engine writes past. */
export const TASK_INPUT_LIMIT: PixelLimit = { maxPixels: MAX_INPUT_PIXELS, maxSide: MAX_OUTPUT_SIDE };

/** Whether an image of this size is within the engines' input pixels (the server's rule: width × height). */
export const fitsPixelLimit = (size: PixelSize, maxPixels: number = MAX_INPUT_PIXELS): boolean =>
  size.width * size.height <= maxPixels;

const within = (w: number, h: number, limit: PixelLimit): boolean =>
  w * h <= limit.maxPixels && Math.max(w, h) <= limit.maxSide;

/**
 * The largest size of the same aspect ratio within `limit`: an image already within it is left
 * as it is (never scaled up); a larger one is scaled by one factor on both sides, each rounded
 * down to whole pixels (at least 1), then its longer side stepped down while floating point kept
 * it over. The ratio is kept within the rounding (a pixel or two per side). Sizes or limits that
 * are not positive finite numbers leave the size unchanged (nothing can be scaled).
 */
export const fitWithin = (size: PixelSize, limit: PixelLimit): PixelSize => {
  const { width, height } = size;
  const usable = (n: number) => Number.isFinite(n) && n > 0;
  if (![width, height, limit.maxPixels, limit.maxSide].every(usable)) return size;
  if (within(width, height, limit)) return size;
  const scale = Math.min(
    1,
    Math.sqrt(limit.maxPixels / (width * height)),
    limit.maxSide / Math.max(width, height),
  );
  let w = Math.max(1, Math.floor(width * scale));
  let h = Math.max(1, Math.floor(height * scale));
  while (!within(w, h, limit) && (w > 1 || h > 1)) {
    if ((w >= h && w > 1) || h === 1) w -= 1;
    else h -= 1;
  }
  return { width: w, height: h };
};

/** Issue 21: the size an image meant as a task input is scaled to before it goes up. */
export const fitTaskInput = (size: PixelSize): PixelSize => fitWithin(size, TASK_INPUT_LIMIT);

// ---------------------------------------------------------------------------------------------
// Validation (spec §5)

export interface FileToUpload {
  readonly size: number;
  readonly kind: UploadKind;
  readonly mime: string;
}

export type UploadValidation =
  | { readonly kind: 'accepted' }
  | {
      readonly kind: 'rejected';
      /** Shown together, in order (spec §5: "the video upload error text plus the text of code 30003"). */
      readonly messageKeys: readonly UploadMessageKey[];
      readonly values: Readonly<Record<string, number>>;
    };

const rejected = (
  messageKeys: readonly UploadMessageKey[],
  values: Readonly<Record<string, number>> = {},
): UploadValidation => ({ kind: 'rejected', messageKeys, values });

/**
 * Spec §5. The kind-specific limits come first: an image of 2 GiB is told about the 30 MB image
 * limit, which is the one it can act on. A size that is not a non-negative number is a broken
 * file handle and is rejected with the generic uploadError.
 */
export const validateUpload = (file: FileToUpload): UploadValidation => {
  if (!(Number.isFinite(file.size) && file.size >= 0)) return rejected(['uploadError']);
  if (file.kind === 'image' && file.size > MAX_IMAGE_BYTES)
    return rejected(['UploadImageExceedCustomMB'], { mb: MAX_IMAGE_MB });
  if (file.kind === 'audio' && file.size > MAX_AUDIO_BYTES)
    return rejected(['uploadAudioError', 'HttpErrorCode_30003']);
  if (file.size > MAX_FILE_BYTES) return rejected(['uploadVideoError', 'HttpErrorCode_30003']);
  return { kind: 'accepted' };
};

// ---------------------------------------------------------------------------------------------
// Confirm, retries and failures (spec §4, §8)

export type ConfirmOutcome = { readonly kind: 'done' } | { readonly kind: 'failed'; readonly status: number };

/** Spec §4/§5: confirm status 0 is done; 403, 406 and every other status are failures. */
export const interpretConfirm = (status: number): ConfirmOutcome =>
  status === 0 ? { kind: 'done' } : { kind: 'failed', status };

/**
 * Spec §8 "5xx … worth retrying": a chunk check the server could not answer (its own failure,
 * status code 500–599, e.g. the blob store it asks failed for a moment) is a failure of that
 * chunk, retried like a lost PUT; any other refusal (a bad signature, no such upload) ends the
 * upload, since sending the chunk again cannot change it.
 */
export const isServerFault = (code: number): boolean => code >= 500 && code <= 599;

export type RetryDecision = { readonly retry: true; readonly delayMs: number } | { readonly retry: false };

/**
 * Spec §8: `failedAttempts` is how many times this chunk has failed so far, the one just seen
 * included. The first three failures are retried after 3 s, or after the server's Retry-After
 * when it asked for longer (`serverDelayMs`, issue 25); the fourth is final.
 */
export const chunkRetryDecision = (
  failedAttempts: number,
  serverDelayMs: number | null = null,
): RetryDecision =>
  failedAttempts <= CHUNK_RETRY_LIMIT
    ? { retry: true, delayMs: honourRetryAfter(CHUNK_RETRY_DELAY_MS, serverDelayMs) }
    : { retry: false };

export type HostReloadDecision =
  | { readonly reload: true; readonly reloadNumber: number }
  | { readonly reload: false; readonly messageKey: 'uploadError' };

/** Spec §8: `reloadsDone` reloads through the alternate host so far; at most three, then uploadError. */
export const alternateHostDecision = (reloadsDone: number): HostReloadDecision =>
  reloadsDone < ALTERNATE_HOST_RELOADS
    ? { reload: true, reloadNumber: Math.max(0, Math.floor(reloadsDone)) + 1 }
    : { reload: false, messageKey: 'uploadError' };

/** Spec §8: code 30010 shows audioUploadError; any other upload failure shows uploadError. */
export const uploadFailureMessageKey = (code: number | null): 'audioUploadError' | 'uploadError' =>
  code === AUDIO_UPLOAD_FAILURE_CODE ? 'audioUploadError' : 'uploadError';

/**
 * The name a kept guest upload shows under when the list kept none: the last segment of its
 * URL (the file name the server stored it under), else 'image'.
 */
export const nameOfUploadUrl = (url: string): string => {
  const last = (url.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it is.
  }
  return name.trim() === '' ? 'image' : name;
};

/** Spec §8: code 20000 (not signed in) in an upload reason means the files are kept as guest files. */
export const queuesGuestFiles = (code: number | null): boolean => code === GUEST_QUEUE_CODE;

// ---------------------------------------------------------------------------------------------
// Resuming and failing over (decisions over one upload's state)

/**
 * Where a resumed or reloaded upload starts again: the first chunk the server has not
 * confirmed, or null when there is none (nothing signed yet, everything confirmed, or finished).
 */
export const firstUnconfirmedChunk = (upload: Upload): ChunkProgress | null =>
  upload.phase.status === 'pending'
    ? (upload.phase.chunks.find((c) => c.status !== 'confirmed') ?? null)
    : null;

export type ChunkFailureStep =
  | { readonly kind: 'retryChunk'; readonly index: number; readonly delayMs: number }
  | { readonly kind: 'reloadHost'; readonly reloadNumber: number }
  | { readonly kind: 'giveUp'; readonly messageKey: 'uploadError' }
  | { readonly kind: 'ignore' };

/**
 * What follows a recorded chunk failure (spec §8): the chunk is retried after 3 s (or the
 * server's longer Retry-After, `serverDelayMs`) while its budget lasts; then the upload is sent
 * again through the alternate host, at most three times; then it ends with uploadError. A
 * failure of an upload that is no longer pending asks for nothing.
 */
export const nextStepAfterChunkFailure = (
  upload: Upload,
  index: number,
  serverDelayMs: number | null = null,
): ChunkFailureStep => {
  if (upload.phase.status !== 'pending') return { kind: 'ignore' };
  const chunk = upload.phase.chunks[index];
  if (!chunk || chunk.status === 'confirmed') return { kind: 'ignore' };
  const retry = chunkRetryDecision(chunk.failures, serverDelayMs);
  if (retry.retry) return { kind: 'retryChunk', index, delayMs: retry.delayMs };
  const reload = alternateHostDecision(upload.phase.hostReloads);
  return reload.reload
    ? { kind: 'reloadHost', reloadNumber: reload.reloadNumber }
    : { kind: 'giveUp', messageKey: reload.messageKey };
};
