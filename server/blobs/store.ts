/**
 * Blob storage behind a small interface: files on disk by default (under DATA_DIR/blobs), or an
 * S3-compatible bucket (./s3.ts), picked by `blobStoreOf` (./configured.ts) from the configuration.
 *
 * Every store can put, get, stat, stream and remove a blob. Two calls say where a browser's bytes
 * go: `signedGet` (an address on the store itself, pre-signed, for downloads) and `multipart`
 * (uploads in parts straight into the store). The disk store answers null to both: its blobs are
 * served by the server (`/blobs/...`, `/download/...`) and its upload chunks come through the
 * server's own signed chunk route (server/uploads/service.ts).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The folder of one private resource's files: `<kind>/<id>/<random>`. A blob's address is served
 * to whoever holds it (`/blobs/...`, public and immutable, and so are its image variants), so the
 * part of it that keeps the file private must not follow from the resource's id, which the API
 * names in lists, events, logs and problem reports (issue 25: the authorisation matrix opened
 * another account's task outputs from their task ids alone).
 */
export const privateFolder = (kind: string, id: string): string =>
  `${kind}/${id}/${randomBytes(16).toString('base64url')}`;

/** An inclusive byte range. */
export interface ByteSpan {
  readonly start: number;
  readonly end: number;
}

export interface SignedGetOptions {
  /** The server's clock: the signature is dated by it. */
  readonly now: number;
  readonly expiresAt: number;
  /** The Content-Disposition the store answers with (a download's `attachment; filename=...`). */
  readonly disposition?: string;
  /** The Content-Type the store answers with (default: by the key's extension). */
  readonly contentType?: string;
}

/** One part of a multipart upload, as the store holds it. */
export interface StoredPart {
  /** 1-based, as S3 numbers them (chunk i is part i + 1). */
  readonly partNumber: number;
  readonly size: number;
  readonly etag: string;
}

/**
 * Multipart uploads straight into the store (S3's CreateMultipartUpload, pre-signed UploadPart,
 * ListParts, CompleteMultipartUpload, AbortMultipartUpload): the browser PUTs each part to its
 * pre-signed URL, so no upload byte passes through a server process.
 */
export interface MultipartUploads {
  /** The least size of every part but the last (S3: 5 MiB); chunk sizes are raised to it. */
  readonly minPartBytes: number;
  /** Starts an upload that will become the blob `key`; returns its upload id. */
  start(key: string, contentType: string): Promise<string>;
  /**
   * The pre-signed URL the browser PUTs part `partNumber` to. Its size is signed in (the
   * Content-Length header), so the store refuses a body of any other size with a non-2xx answer;
   * so is `contentMd5` when given (the Content-MD5 header, RFC 1864), so the store refuses bytes
   * that do not have that MD5 (S3: 400 BadDigest) and the PUT must carry that header.
   */
  partUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    size: number,
    at: { readonly now: number; readonly expiresAt: number },
    contentMd5?: string,
  ): Promise<string>;
  /** The upload id and part number a URL of `partUrl` names, or null. */
  partOf(url: string): { readonly uploadId: string; readonly partNumber: number } | null;
  /** The parts the store holds, by part number (none for an upload it no longer knows). */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  complete(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<void>;
  /** Drops the upload and its parts; an upload the store no longer knows is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
}

export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The public path the web client loads the blob from. */
  urlOf(key: string): string;
  /** The blob's size without reading it, or null when there is none. */
  stat(key: string): Promise<{ readonly size: number } | null>;
  /** The blob's bytes as a stream (only `range` when given), or null when there is none. */
  read(key: string, range?: ByteSpan): Promise<Readable | null>;
  /** Deletes the blob; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** A pre-signed GET on the store itself, or null where the server serves the blob (disk). */
  signedGet(key: string, options: SignedGetOptions): Promise<string | null>;
  /** Uploads straight into the store, or null where chunks come through the server (disk). */
  readonly multipart: MultipartUploads | null;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !key.includes('..');

export const diskBlobStore = (root: string): BlobStore => {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe blob key ${key}`);
    return path.join(root, key);
  };
  return {
    // Written beside its place, then renamed over it: a reader never sees half a blob, a crash leaves
    // no torn one, and a blob's file is never written in place (a data directory may share its files
    // with another by hard links, as the tests' copies of the seeded data do).
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      if (!isSafeKey(key)) return null;
      return readFile(fileOf(key)).catch(() => null);
    },
    urlOf: (key) => `/blobs/${key}`,
    stat: async (key) => {
      if (!isSafeKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    read: async (key, range) => {
      if (!isSafeKey(key)) return null;
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    remove: async (key) => {
      if (isSafeKey(key)) await rm(fileOf(key), { force: true });
    },
    signedGet: async () => null,
    multipart: null,
  };
};

export const contentTypeOf = (key: string): string => {
  const ext = path.extname(key).toLowerCase();
  return (
    {
      '.png': 'image/png',
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
      '.webp': 'image/webp',
      '.avif': 'image/avif',
      '.wav': 'audio/wav',
      '.mp4': 'video/mp4',
      '.gif': 'image/gif',
    }[ext] ?? 'application/octet-stream'
  );
};
