/**
 * The capabilities the upload epics use, injected (spec §4, §5, §8, §9). The epics never touch
 * fetch, Blob, canvas or localStorage themselves: the browser builds these in `browser.ts`,
 * tests pass fakes (`tests/support/fakes/uploads.ts`) or Node implementations.
 */
import type { Observable } from 'rxjs';
import type { uploads } from '../../domain/index.js';
import type { UploadsApi } from './api';

/**
 * A file the person picked, as the epics see it. `slice` reads bytes `start` (inclusive) to
 * `end` (exclusive). A browser `File` fits after one small adapter; `PromiseLike` rather than
 * `Promise` so that tests can answer synchronously inside virtual time.
 */
export interface UploadFileHandle {
  readonly name: string;
  readonly size: number;
  /** The MIME type; '' when the platform does not know it. */
  readonly type: string;
  /** Epoch ms; with the name and size, what says "the same file" when an upload is resumed. */
  readonly lastModified: number;
  readonly slice: (start: number, end: number) => PromiseLike<Uint8Array>;
}

/** What a chunk PUT answered. A transport failure (reset, DNS, abort) is an error of the stream. */
export interface PutOutcome {
  readonly status: number;
  /**
   * The store refused the bytes because they do not have the Content-MD5 they were sent with
   * (S3's 400 BadDigest, the reference server's 30004): damaged on the way, worth sending again.
   */
  readonly badDigest?: boolean;
  /** The wait the answer's Retry-After asks for (429, 503): the retry honours it (issue 25). */
  readonly retryAfterMs?: number;
}

/**
 * PUT `bytes` to `url` with their `Content-MD5` (RFC 1864: base64 of their MD5). Emits once and
 * completes when the server answers; errors on transport failure; unsubscribing aborts the
 * request (that is how the 60 s timeout and cancel stop it).
 */
export type PutChunk = (url: string, bytes: Uint8Array, contentMd5: string) => Observable<PutOutcome>;

/** The Content-MD5 of `bytes` (base64 of their MD5, RFC 1864); WebCrypto has no MD5. */
export type ContentMd5Of = (bytes: Uint8Array) => PromiseLike<string>;

/**
 * Re-encodes an image at a JPEG quality (0.1..0.9) or, for GIFs, a lossy level at the same scale.
 * `size`, when given, is the width and height to draw it at (issue 21: an image scaled down to
 * what a task accepts; JPEG only).
 */
export type CompressImage = (
  file: UploadFileHandle,
  quality: number,
  size?: uploads.PixelSize,
) => PromiseLike<UploadFileHandle>;

/** An image's width and height as shown (EXIF orientation applied); null when it does not decode. */
export type MeasureImage = (file: UploadFileHandle) => PromiseLike<uploads.PixelSize | null>;

/** One file the device keeps for an interrupted upload, without its bytes. */
export interface KeptFileInfo {
  readonly key: string;
  readonly bytes: number;
  /** When it was kept (epoch ms). */
  readonly keptAt: number;
}

/**
 * Issue 13: the picked files of running uploads, kept on the device (IndexedDB in the browser,
 * `keptFiles.ts`) under their upload's key (the server's file id), so that an upload a reload
 * interrupted goes on by itself. Every operation may fail (quota, private mode): a failure only
 * costs that the file must be picked again.
 */
export interface KeptFileStore {
  readonly put: (key: string, file: UploadFileHandle, keptAt: number) => PromiseLike<void>;
  /** The kept file, with the name, type, size and date it was picked with; null when it is gone. */
  readonly get: (key: string) => PromiseLike<UploadFileHandle | null>;
  readonly remove: (keys: readonly string[]) => PromiseLike<void>;
  readonly list: () => PromiseLike<readonly KeptFileInfo[]>;
}

import type { KeyValueStorage } from '../platform/storage';

export type { KeyValueStorage };

export interface UploadsDeps {
  /** The upload calls of spec §7, typed and decoded. */
  readonly api: UploadsApi;
  readonly putChunk: PutChunk;
  /** Each chunk's Content-MD5, sent with it so that the store refuses it damaged (browser: hash-wasm). */
  readonly contentMd5: ContentMd5Of;
  /** JPEG re-encoding (which also drops EXIF, spec §5). */
  readonly compressImage: CompressImage;
  /** Reads an image's size, to scale a task input down to its limit before it goes up (issue 21). */
  readonly measureImage: MeasureImage;
  /**
   * The lossy GIF path (spec §5 "GIFs are lossy-compressed"): in the browser, `gifCompressImage`
   * over ./gif.ts (same frames, delays, loop and transparency; fewer colours and changed pixels
   * as the quality falls). Null where there is no GIF encoder: a GIF then goes up as it is,
   * within the 30 MB image limit, keeping its frames.
   */
  readonly compressGif: CompressImage | null;
  /** Guest uploads (spec §3 "kept locally") and resumable upload records. */
  readonly storage: KeyValueStorage;
  /** The picked files of running uploads, so that one a reload interrupted continues by itself. */
  readonly keptFiles: KeptFileStore;
  /**
   * Where the pre-signed URLs (relative to the API origin) are sent: `primary` first, then
   * `alternate` once a chunk has used up its retries (spec §8 "retry through an alternate host").
   */
  readonly hosts: { readonly primary: string; readonly alternate: string };
  /** Asks the server for smaller chunks than its default (slow links, tests); null: the default. */
  readonly chunkBytes: number | null;
  /** Chunk PUTs in flight at once for one upload. */
  readonly parallelChunks: number;
}
