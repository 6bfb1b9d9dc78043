/**
 * Uploads on the server (spec §4, §5, §7, §8, §9): sessions with one signed URL per chunk,
 * chunk PUTs streamed to disk, chunk checks, and a confirm that assembles the chunks in order,
 * verifies the total size and the sha256 `hash_val`, checks that an image is an image and
 * audio is audio, and stores the file.
 *
 * Decisions where the spec is silent:
 * - An upload (and each of its signed URLs) lives 2 hours; confirming later answers 30001.
 * - Owners: a signed-in account, or a guest by device id (guests get 5 MB chunks, spec §9).
 *   Another owner's upload is reported as missing (10404).
 * - A chunk PUT may not exceed that chunk's expected size (the last chunk is the remainder):
 *   HTTP 413 with 30003. Re-PUT of a chunk replaces it atomically (write, then rename).
 * - A chunk PUT with a Content-MD5 header (RFC 1864, as S3's UploadPart takes it) is kept only
 *   when its bytes have that MD5: otherwise HTTP 400 with 30004 ("BadDigest", S3's name), and
 *   nothing is kept, so a chunk damaged on the way is sent again rather than stored. A header that
 *   is not base64 of 16 bytes is HTTP 400 with 10400 ("InvalidDigest"). Without it, as before.
 * - Files up to 64 MiB go to the blob store (served under /blobs/); larger ones stay on this
 *   server's disk and are served from GET /uploads/:fileId/:name, so a 1 GiB file is never held
 *   in memory. Chunk parts live on local disk until confirm: several servers behind one database
 *   need sticky upload routing or a shared DATA_DIR, or the S3 store below.
 * - With a store that takes uploads itself (S3, `blobs.multipart`), an upload is a multipart
 *   upload of the blob `uploads/<id>/<name>`: its pre-signed URLs are the store's UploadPart URLs
 *   (the part's size signed in), the browser PUTs every chunk there and no byte of it passes
 *   through a server process; chunk checks ask the store (ListParts); confirm lists the parts,
 *   checks each one's size, completes the upload, then checks what the kind needs from the
 *   stored object: its size; the sha256 `hash_val` when one was given (S3 cannot check a whole
 *   object's SHA-256 of a multipart upload, so the object is read back once as a stream);
 *   an image's header (the image, at most 30 MB); an audio file's first bytes (a ranged GET).
 *   Chunk sizes are raised to the store's least part size (S3: 5 MiB; the guest and audio paths'
 *   5 MB become 5 MiB). Files over 64 MiB stay in the store (storage 'bulk', too large for the
 *   engines) and GET /uploads/:fileId/:name redirects to a pre-signed GET of them. S3 refuses a
 *   Content-MD5 its pre-signed URL did not sign (403, "headers present in the request which were
 *   not signed"), so such uploads answer `sign_chunks`: the client asks chunk/sign for each
 *   part's URL with its digest signed in (`partUrl` with the digest) before its PUT, and the
 *   store refuses bytes that do not have it (400 BadDigest).
 * - Finalisation happens once across server processes: a confirm claims the row
 *   (`UPDATE ... WHERE status = 'pending' AND lease free RETURNING`, a lease of
 *   FINALIZE_LEASE_MS that another process takes over once it lapses, should the claimer die);
 *   a confirm that finds the claim taken waits for the row to settle and answers what the
 *   claimer answered (a failure's code is kept on the row for that). Within one process a second
 *   confirm shares the first one's promise.
 * - Stale parts of abandoned uploads are not swept yet (a periodic job can delete
 *   `uploads/parts/<id>` of rows past `expires_at`, and abort their multipart uploads).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AudioFileConfirmResponse,
  AudioPreConfigRequest,
  ChunkCheckRequest,
  ChunkCheckResponse,
  ChunkPutResponse,
  FileConfirmResponse,
  GuestFieldSaved,
  GuestFieldsResponse,
  GuestFieldsSaveRequest,
  ImageConfirmRequest,
  ImageConfirmResponse,
  UploadConfigRequest,
  UploadConfigResponse,
  UploadPreSignRequest,
  UploadPreSignResponse,
} from '../../infrastructure/contract/uploads';
import {
  AUDIO_CHUNK_BYTES,
  CHUNK_BYTES,
  DEFAULT_UPLOAD_CATEGORY,
  GUEST_CHUNK_BYTES,
  MAX_AUDIO_BYTES,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MIN_CHUNK_BYTES,
  UPLOAD_STATUS_DONE,
  UPLOAD_STATUS_INCOMPLETE,
  UPLOAD_STATUS_NOT_ACCEPTABLE,
  type ChunkSignRequest,
  type ChunkSignResponse,
} from '../../infrastructure/contract/uploads';
import { newId, type Caller } from '../auth';
import type { BlobStore, MultipartUploads, StoredPart } from '../blobs/store';
import type { Database, Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { COMMERCE_CODES } from './codes';
import { probeImage } from '../engines/bitmap';
import { audioInfo, SNIFF_BYTES, type AudioSniff } from './media';
import { chunkUrl, parseChunkUrl, verifyChunk } from './signing';

export const UPLOAD_TTL_MS = 2 * 3600 * 1000;
export const BLOB_INLINE_MAX_BYTES = 64 * 1024 * 1024;
/** The route's body limit: the largest chunk plus room for nothing else (bodies are raw bytes). */
export const CHUNK_BODY_LIMIT = CHUNK_BYTES + 64 * 1024;
/** How long one confirm holds its claim on finalising an upload before another may take it over. */
export const FINALIZE_LEASE_MS = 10 * 60 * 1000;
/** How long a confirm waits for another process's finalisation of the same upload to settle. */
export const CONFIRM_WAIT_MS = 60 * 1000;
const CONFIRM_POLL_MS = 40;
/** How long GET /uploads/:fileId/:name's pre-signed redirect (a file in the store) stays good. */
export const STORED_URL_TTL_MS = 60 * 60 * 1000;
/** Media types a browser may render inline from an upload; anything else downloads. */
export const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+)$/i;

type UploadKind = 'file' | 'image' | 'audio';

interface UploadRow extends Record<string, unknown> {
  file_id: string;
  account_id: string | null;
  device_id: string | null;
  kind: UploadKind;
  file_name: string;
  content_type: string;
  file_size: string | number;
  category: number;
  sub_category: number | null;
  hash_val: string | null;
  chunk_size: number;
  chunk_count: number;
  status: 'pending' | 'complete' | 'failed';
  /** blob: in the blob store; disk: this server's disk; bulk: in the store, too large for the engines. */
  storage: 'blob' | 'disk' | 'bulk' | null;
  blob_key: string | null;
  url: string | null;
  width: number | null;
  height: number | null;
  audio_info: AudioSniff | string | null;
  expires_at: string | number;
  /** The store's multipart upload id; null where chunks come through this server. */
  multipart_id: string | null;
  finalizing_until: string | number | null;
  failure_code: number | null;
}

interface Owner {
  readonly accountId: string | null;
  readonly deviceId: string | null;
}

const ownerOf = (caller: Caller): Owner => {
  if (caller.accountId !== null) return { accountId: caller.accountId, deviceId: caller.deviceId };
  if (caller.deviceId !== null) return { accountId: null, deviceId: caller.deviceId };
  throw new ApiError(CODES.notLoggedIn, 'sign in, or send a device id to upload as a guest');
};

const isOwnedBy = (row: UploadRow, caller: Caller): boolean =>
  caller.accountId !== null
    ? row.account_id === caller.accountId
    : row.account_id === null && row.device_id !== null && row.device_id === caller.deviceId;

const expectedChunkSize = (row: Pick<UploadRow, 'chunk_size' | 'file_size'>, index: number): number =>
  Math.max(0, Math.min(row.chunk_size, Number(row.file_size) - index * row.chunk_size));

const IMAGE_EXT: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** A blob-key-safe file name; images take the extension of their type. */
export const safeFileName = (name: string, contentType: string): string => {
  const cleaned =
    name
      .replace(/[^A-Za-z0-9_.-]/g, '_')
      .replace(/\.{2,}/g, '_')
      .replace(/^[._-]+/, '')
      .slice(-80) || 'file';
  const ext = IMAGE_EXT[contentType.toLowerCase()];
  if (ext === undefined) return cleaned;
  const base = cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image';
  return `${base.slice(0, 70)}.${ext}`;
};

/**
 * Counts and hashes bytes on their way to disk (sha256 for the etag, MD5 for a Content-MD5);
 * fails as soon as more than `limit` pass.
 */
class Meter extends Transform {
  bytes = 0;
  readonly hash = createHash('sha256');
  readonly md5 = createHash('md5');
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(new ApiError(COMMERCE_CODES.tooLarge, `a chunk may not exceed ${this.limit} bytes`, 413));
      return;
    }
    this.hash.update(chunk);
    this.md5.update(chunk);
    done(null, chunk);
  }
}

/** RFC 1864: base64 of the 16 bytes of an MD5 digest. */
const CONTENT_MD5 = /^[A-Za-z0-9+/]{21}[AQgw]==$/;

export interface UploadService {
  config(caller: Caller, req: UploadConfigRequest, now: number): Promise<UploadConfigResponse>;
  preSign(caller: Caller, req: UploadPreSignRequest, now: number): Promise<UploadPreSignResponse>;
  audioPreConfig(caller: Caller, req: AudioPreConfigRequest, now: number): Promise<UploadConfigResponse>;
  putChunk(
    params: {
      fileId: string;
      chunk: string;
      exp: unknown;
      sig: unknown;
      body: unknown;
      contentLength: string | undefined;
      /** The Content-MD5 header, if any. */
      contentMd5: string | undefined;
    },
    now: number,
  ): Promise<ChunkPutResponse>;
  /** The URL to PUT a chunk to with this Content-MD5 (signed in where the store needs it so). */
  signChunk(caller: Caller, req: ChunkSignRequest, now: number): Promise<ChunkSignResponse>;
  checkChunk(caller: Caller, req: ChunkCheckRequest, now: number): Promise<ChunkCheckResponse>;
  confirmFile(caller: Caller, fileId: string, now: number): Promise<FileConfirmResponse>;
  confirmImage(caller: Caller, req: ImageConfirmRequest, now: number): Promise<ImageConfirmResponse>;
  confirmAudio(caller: Caller, fileId: string, now: number): Promise<AudioFileConfirmResponse>;
  saveGuestFields(caller: Caller, req: GuestFieldsSaveRequest, now: number): Promise<GuestFieldsResponse>;
  listGuestFields(caller: Caller): Promise<GuestFieldsResponse>;
  /** A large file for GET /uploads/:fileId/:name (on disk, or a pre-signed GET in the store), or null. */
  openStored(fileId: string, name: string, now: number): Promise<StoredFile | null>;
}

export type StoredFile =
  | {
      readonly kind: 'stream';
      readonly stream: Readable;
      readonly size: number;
      readonly contentType: string;
    }
  | { readonly kind: 'redirect'; readonly url: string };

type Finalized =
  | { readonly status: typeof UPLOAD_STATUS_DONE; readonly row: UploadRow }
  | { readonly status: typeof UPLOAD_STATUS_INCOMPLETE; readonly missing: number[] }
  | { readonly status: typeof UPLOAD_STATUS_NOT_ACCEPTABLE };

export const makeUploadService = (
  db: Database,
  blobs: BlobStore,
  dataDir: string,
  secret: string,
): UploadService => {
  const root = path.join(dataDir, 'uploads');
  const partsDir = (fileId: string) => path.join(root, 'parts', fileId);
  const storedFile = (fileId: string) => path.join(root, 'files', fileId);
  /** This process's confirms in flight: null when another process holds the claim. */
  const inflight = new Map<string, Promise<Finalized | null>>();
  const store: MultipartUploads | null = blobs.multipart;

  const create = async (
    owner: Owner,
    kind: UploadKind,
    f: {
      file_name: string;
      content_type: string;
      file_size: number;
      category: number;
      hash_val: string | null;
    },
    requestedChunk: number,
    now: number,
  ) => {
    const fileId = newId(16);
    // A store's parts but the last are at least its least part size.
    const chunkSize =
      store !== null && f.file_size > requestedChunk
        ? Math.max(requestedChunk, store.minPartBytes)
        : requestedChunk;
    const count = Math.max(1, Math.ceil(f.file_size / chunkSize));
    const expiresAt = now + UPLOAD_TTL_MS;
    const key = `uploads/${fileId}/${safeFileName(f.file_name, f.content_type)}`;
    const url = kind === 'image' ? blobs.urlOf(key) : null;
    const multipartId = store === null ? null : await store.start(key, f.content_type);
    await db.query(
      `INSERT INTO uploads (file_id, account_id, device_id, kind, file_name, content_type, file_size, category, hash_val,
         chunk_size, chunk_count, status, created_at, expires_at, multipart_id, blob_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $14, $15)`,
      [
        fileId,
        owner.accountId,
        owner.deviceId,
        kind,
        f.file_name,
        f.content_type,
        f.file_size,
        f.category,
        f.hash_val?.toLowerCase() ?? null,
        chunkSize,
        count,
        now,
        expiresAt,
        multipartId,
        multipartId === null ? null : key,
      ],
    );
    const sizes = { chunk_size: chunkSize, file_size: f.file_size };
    const preSigns =
      store === null || multipartId === null
        ? Array.from({ length: count }, (_, i) => chunkUrl(secret, fileId, i, expiresAt))
        : await Promise.all(
            Array.from({ length: count }, (_, i) =>
              store.partUrl(key, multipartId, i + 1, expectedChunkSize(sizes, i), { now, expiresAt }),
            ),
          );
    return { fileId, expiresAt, url, chunkSize, preSigns, signChunks: multipartId !== null };
  };

  /** The default chunk of the path, or a smaller one the client asked for. */
  const chunkSizeFor = (requested: number | undefined, fallback: number): number => {
    if (requested === undefined) return fallback;
    if (requested < MIN_CHUNK_BYTES)
      throw new ApiError(CODES.invalidRequest, `chunk_size must be at least ${MIN_CHUNK_BYTES}`);
    return Math.min(requested, fallback);
  };

  const ownRow = async (q: Queryable, caller: Caller, fileId: string, lock = false): Promise<UploadRow> => {
    ownerOf(caller);
    const [row] = await q.query<UploadRow>(
      `SELECT * FROM uploads WHERE file_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [fileId],
    );
    if (!row || !isOwnedBy(row, caller)) throw new ApiError(CODES.notFound, 'no such upload');
    return row;
  };

  const requireKind = (row: UploadRow, kinds: readonly UploadKind[]) => {
    if (!kinds.includes(row.kind))
      throw new ApiError(CODES.invalidRequest, `this is a ${row.kind} upload; confirm it with its own call`);
  };

  /** The upload's store half, for a row that goes straight to the store. */
  const inStore = (row: UploadRow): { mp: MultipartUploads; key: string; uploadId: string } | null => {
    if (row.multipart_id === null) return null;
    if (store === null || row.blob_key === null)
      throw new Error(`upload ${row.file_id} is in a blob store this server is not configured with`);
    return { mp: store, key: row.blob_key, uploadId: row.multipart_id };
  };

  /**
   * Marks a pending upload failed (with why, so that every confirm of it answers the same) and
   * drops what it left: its parts on disk, or its multipart upload and any object it completed.
   */
  const failUpload = async (row: UploadRow, code: number | null) => {
    await db.query(
      `UPDATE uploads SET status = 'failed', failure_code = $2, finalizing_until = NULL WHERE file_id = $1 AND status = 'pending'`,
      [row.file_id, code],
    );
    await rm(partsDir(row.file_id), { recursive: true, force: true });
    const s = inStore(row);
    if (s !== null) {
      await s.mp.abort(s.key, s.uploadId);
      await blobs.remove(s.key);
    }
  };

  /** Assembles in chunk order into one file, hashing as it goes. */
  const assemble = async (row: UploadRow): Promise<{ file: string; size: number; sha256: string }> => {
    const file = path.join(partsDir(row.file_id), `assembled-${newId(6)}`);
    const hash = createHash('sha256');
    const out = await open(file, 'w');
    let size = 0;
    try {
      for (let i = 0; i < row.chunk_count; i++) {
        for await (const piece of createReadStream(
          path.join(partsDir(row.file_id), String(i)),
        ) as AsyncIterable<Buffer>) {
          hash.update(piece);
          size += piece.length;
          await out.write(piece);
        }
      }
    } finally {
      await out.close();
    }
    return { file, size, sha256: hash.digest('hex') };
  };

  const readHead = async (file: string): Promise<Buffer> => {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  };

  const rejected = async (row: UploadRow): Promise<Finalized> => {
    await failUpload(row, UPLOAD_STATUS_NOT_ACCEPTABLE);
    return { status: UPLOAD_STATUS_NOT_ACCEPTABLE };
  };

  const notAudio = async (row: UploadRow): Promise<never> => {
    await failUpload(row, COMMERCE_CODES.audioError);
    throw new ApiError(COMMERCE_CODES.audioError, 'the file is not audio this platform can play');
  };

  const missingOfParts = (row: UploadRow, have: ReadonlySet<number>): number[] =>
    Array.from({ length: row.chunk_count }, (_, i) => i).filter((i) => !have.has(i));

  const markComplete = async (
    row: UploadRow,
    done: {
      storage: 'blob' | 'disk' | 'bulk';
      key: string | null;
      url: string;
      width: number | null;
      height: number | null;
      audio: AudioSniff | null;
    },
    now: number,
  ): Promise<Finalized> => {
    const [updated] = await db.query<UploadRow>(
      `UPDATE uploads SET status = 'complete', storage = $2, blob_key = $3, url = $4, width = $5, height = $6, audio_info = $7,
         completed_at = $8, finalizing_until = NULL
       WHERE file_id = $1 AND status = 'pending' RETURNING *`,
      [
        row.file_id,
        done.storage,
        done.key,
        done.url,
        done.width,
        done.height,
        done.audio === null ? null : JSON.stringify(done.audio),
        now,
      ],
    );
    if (!updated) throw new ApiError(CODES.forbidden, 'the upload changed while it was being confirmed');
    return { status: UPLOAD_STATUS_DONE, row: updated };
  };

  /** Chunks that came through this server: assembled from disk, checked, stored. */
  const finalizeFromDisk = async (row: UploadRow, now: number): Promise<Finalized> => {
    const chunks = await db.query<{ chunk_index: number; size: number }>(
      'SELECT chunk_index, size FROM upload_chunks WHERE file_id = $1 ORDER BY chunk_index',
      [row.file_id],
    );
    const missing = missingOfParts(row, new Set(chunks.map((c) => c.chunk_index)));
    if (missing.length > 0) return { status: UPLOAD_STATUS_INCOMPLETE, missing };
    const assembled = await assemble(row);
    const fileSize = Number(row.file_size);
    if (assembled.size !== fileSize || (row.hash_val !== null && row.hash_val !== assembled.sha256))
      return rejected(row);
    let width: number | null = null;
    let height: number | null = null;
    let audio: AudioSniff | null = null;
    if (row.kind === 'image') {
      // sharp reads the headers of the file (libvips, off the event loop): every format a browser writes.
      const size = await probeImage(assembled.file);
      if (size === null) return rejected(row);
      ({ width, height } = size);
    }
    if (row.kind === 'audio') {
      audio = audioInfo(await readHead(assembled.file), assembled.size);
      if (audio === null) return notAudio(row);
    }
    const name = safeFileName(row.file_name, row.content_type);
    let done: Finalized;
    if (assembled.size <= BLOB_INLINE_MAX_BYTES) {
      const key = `uploads/${row.file_id}/${name}`;
      await blobs.put(key, await readFile(assembled.file));
      done = await markComplete(
        row,
        { storage: 'blob', key, url: blobs.urlOf(key), width, height, audio },
        now,
      );
    } else {
      await mkdir(path.dirname(storedFile(row.file_id)), { recursive: true });
      await rename(assembled.file, storedFile(row.file_id));
      const url = `/uploads/${row.file_id}/${encodeURIComponent(name)}`;
      done = await markComplete(row, { storage: 'disk', key: null, url, width, height, audio }, now);
    }
    await rm(partsDir(row.file_id), { recursive: true, force: true });
    return done;
  };

  /** Parts the browser PUT straight into the store: listed, sized, completed, then checked. */
  const finalizeInStore = async (
    row: UploadRow,
    s: { mp: MultipartUploads; key: string; uploadId: string },
    now: number,
  ): Promise<Finalized> => {
    const fileSize = Number(row.file_size);
    const parts = await s.mp.listParts(s.key, s.uploadId);
    // No parts and the object there: a finalisation whose process died after completing it.
    let stored = parts.length === 0 ? await blobs.stat(s.key) : null;
    if (stored === null) {
      const byNumber = new Map(parts.map((p) => [p.partNumber, p]));
      const missing = missingOfParts(row, new Set(parts.map((p) => p.partNumber - 1)));
      if (missing.length > 0) return { status: UPLOAD_STATUS_INCOMPLETE, missing };
      const ordered: StoredPart[] = [];
      for (let i = 0; i < row.chunk_count; i++) {
        const part = byNumber.get(i + 1);
        if (part === undefined || part.size !== expectedChunkSize(row, i)) return rejected(row);
        ordered.push(part);
      }
      await s.mp.complete(s.key, s.uploadId, ordered);
      stored = await blobs.stat(s.key);
    }
    if (stored === null || stored.size !== fileSize) return rejected(row);
    if (row.hash_val !== null) {
      const whole = await blobs.read(s.key);
      if (whole === null) return rejected(row);
      const hash = createHash('sha256');
      for await (const piece of whole as AsyncIterable<Buffer>) hash.update(piece);
      if (hash.digest('hex') !== row.hash_val) return rejected(row);
    }
    let width: number | null = null;
    let height: number | null = null;
    let audio: AudioSniff | null = null;
    if (row.kind === 'image') {
      const bytes = await blobs.get(s.key);
      const size = bytes === null ? null : await probeImage(bytes);
      if (size === null) return rejected(row);
      ({ width, height } = size);
    }
    if (row.kind === 'audio') {
      const head =
        fileSize === 0
          ? null
          : await blobs.read(s.key, { start: 0, end: Math.min(SNIFF_BYTES, fileSize) - 1 });
      audio = head === null ? null : audioInfo(await collect(head), fileSize);
      if (audio === null) return notAudio(row);
    }
    const name = safeFileName(row.file_name, row.content_type);
    const small = fileSize <= BLOB_INLINE_MAX_BYTES;
    return markComplete(
      row,
      {
        storage: small ? 'blob' : 'bulk',
        key: s.key,
        url: small ? blobs.urlOf(s.key) : `/uploads/${row.file_id}/${encodeURIComponent(name)}`,
        width,
        height,
        audio,
      },
      now,
    );
  };

  /** Takes the row's finalisation lease: the claimed row, or null when another confirm holds it. */
  const claim = async (fileId: string, now: number): Promise<UploadRow | null> => {
    const [row] = await db.query<UploadRow>(
      `UPDATE uploads SET finalizing_until = $2
       WHERE file_id = $1 AND status = 'pending' AND (finalizing_until IS NULL OR finalizing_until <= $3)
       RETURNING *`,
      [fileId, now + FINALIZE_LEASE_MS, now],
    );
    return row ?? null;
  };

  /** Finalises a claimed row; an upload left pending (missing chunks, an error) is let go. */
  const finalizeClaimed = async (row: UploadRow, now: number): Promise<Finalized> => {
    const release = () =>
      db.query(`UPDATE uploads SET finalizing_until = NULL WHERE file_id = $1 AND status = 'pending'`, [
        row.file_id,
      ]);
    try {
      const s = inStore(row);
      const outcome = s === null ? await finalizeFromDisk(row, now) : await finalizeInStore(row, s, now);
      if (outcome.status === UPLOAD_STATUS_INCOMPLETE) await release();
      return outcome;
    } catch (err) {
      await release();
      throw err;
    }
  };

  /** What a failed upload's confirm answers, the same for every confirm of it. */
  const failedAnswer = (row: UploadRow): Finalized => {
    if (row.failure_code === COMMERCE_CODES.audioError)
      throw new ApiError(COMMERCE_CODES.audioError, 'the file is not audio this platform can play');
    return { status: UPLOAD_STATUS_NOT_ACCEPTABLE };
  };

  /**
   * The shared confirm steps: ownership, kind, a finished or failed upload, expiry; then the one
   * finalisation, here or (waited for) in another confirm on this or another process.
   */
  const confirm = async (
    caller: Caller,
    fileId: string,
    kinds: readonly UploadKind[],
    now: number,
  ): Promise<Finalized> => {
    let row = await ownRow(db, caller, fileId);
    requireKind(row, kinds);
    const waitUntil = Date.now() + CONFIRM_WAIT_MS;
    for (;;) {
      if (row.status === 'complete') return { status: UPLOAD_STATUS_DONE, row };
      if (now >= Number(row.expires_at)) {
        await failUpload(row, null);
        throw new ApiError(COMMERCE_CODES.uploadTimeout, 'the upload expired; start it again');
      }
      if (row.status === 'failed') return failedAnswer(row);
      let job = inflight.get(fileId);
      if (job === undefined) {
        job = claim(fileId, now)
          .then((claimed) => (claimed === null ? null : finalizeClaimed(claimed, now)))
          .finally(() => inflight.delete(fileId));
        inflight.set(fileId, job);
      }
      const outcome = await job;
      if (outcome !== null) return outcome;
      // Another process is finalising it: its answer will be on the row.
      if (Date.now() > waitUntil)
        throw new ApiError(CODES.forbidden, 'the upload is still being confirmed; confirm it again');
      await sleep(CONFIRM_POLL_MS);
      row = await ownRow(db, caller, fileId);
    }
  };

  /**
   * The caller's upload and the chunk a URL of it names (the server's chunk URL, or the store's
   * part URL); refused when the URL is not one of this upload's, or the upload expired.
   */
  const chunkNamed = async (
    caller: Caller,
    req: { readonly file_id: string; readonly pre_sign_url: string },
    now: number,
  ) => {
    const notOurs = () => new ApiError(CODES.invalidRequest, 'pre_sign_url is not a chunk URL of this file');
    const named = parseChunkUrl(req.pre_sign_url);
    const part = named === null ? (store?.partOf(req.pre_sign_url) ?? null) : null;
    if (named === null ? part === null : named.fileId !== req.file_id) throw notOurs();
    const row = await ownRow(db, caller, req.file_id);
    const s = inStore(row);
    let index: number;
    if (s === null) {
      if (named === null) throw notOurs();
      index = named.chunk;
    } else {
      if (part === null || part.uploadId !== s.uploadId) throw notOurs();
      index = part.partNumber - 1;
    }
    if (index >= row.chunk_count) throw new ApiError(CODES.invalidRequest, 'no such chunk');
    if (row.status !== 'complete' && now >= Number(row.expires_at))
      throw new ApiError(COMMERCE_CODES.uploadTimeout, 'the upload expired');
    return { row, s, index };
  };

  const missingOf = (f: Finalized): number[] => (f.status === UPLOAD_STATUS_INCOMPLETE ? f.missing : []);
  const doneRow = (f: Finalized): UploadRow | null => (f.status === UPLOAD_STATUS_DONE ? f.row : null);

  const audioInfoOf = (row: UploadRow): AudioSniff | null =>
    row.audio_info === null
      ? null
      : typeof row.audio_info === 'string'
        ? (JSON.parse(row.audio_info) as AudioSniff)
        : row.audio_info;

  return {
    config: async (caller, req, now) => {
      const owner = ownerOf(caller);
      if (req.file_size > MAX_FILE_BYTES)
        throw new ApiError(COMMERCE_CODES.tooLarge, `a file may not exceed ${MAX_FILE_BYTES} bytes`);
      const chunk = chunkSizeFor(req.chunk_size, owner.accountId === null ? GUEST_CHUNK_BYTES : CHUNK_BYTES);
      const made = await create(
        owner,
        'file',
        {
          file_name: req.file_name,
          content_type: req.content_type,
          file_size: req.file_size,
          category: req.category ?? DEFAULT_UPLOAD_CATEGORY,
          hash_val: req.hash_val ?? null,
        },
        chunk,
        now,
      );
      return {
        file_id: made.fileId,
        pre_signs: made.preSigns,
        chunk_size: made.chunkSize,
        status: 0,
        expires_at: made.expiresAt,
        sign_chunks: made.signChunks,
      };
    },

    preSign: async (caller, req, now) => {
      const owner = ownerOf(caller);
      if (!req.content_type.toLowerCase().startsWith('image/'))
        throw new ApiError(
          CODES.invalidRequest,
          'pre-sign is for images; use the config call for other files',
        );
      if (req.file_size > MAX_IMAGE_BYTES)
        throw new ApiError(COMMERCE_CODES.tooLarge, `an image may not exceed ${MAX_IMAGE_BYTES} bytes`);
      const made = await create(
        owner,
        'image',
        {
          file_name: req.file_name,
          content_type: req.content_type,
          file_size: req.file_size,
          category: req.category ?? DEFAULT_UPLOAD_CATEGORY,
          hash_val: req.hash_val ?? null,
        },
        Math.max(1, req.file_size),
        now,
      );
      const [preSign] = made.preSigns;
      if (preSign === undefined || made.url === null) throw new Error('an image upload has one signed URL');
      return {
        file_id: made.fileId,
        pre_sign: preSign,
        img_url: made.url,
        expires_at: made.expiresAt,
        sign_chunks: made.signChunks,
      };
    },

    audioPreConfig: async (caller, req, now) => {
      const owner = ownerOf(caller);
      const type = req.content_type.toLowerCase();
      if (!(type.startsWith('audio/') || type === 'application/ogg' || type === 'video/webm'))
        throw new ApiError(CODES.invalidRequest, 'content_type must be an audio type');
      if (req.file_size > MAX_AUDIO_BYTES)
        throw new ApiError(COMMERCE_CODES.tooLarge, `audio may not exceed ${MAX_AUDIO_BYTES} bytes`);
      const chunk = chunkSizeFor(req.chunk_size, AUDIO_CHUNK_BYTES);
      const made = await create(
        owner,
        'audio',
        {
          file_name: req.file_name,
          content_type: req.content_type,
          file_size: req.file_size,
          category: DEFAULT_UPLOAD_CATEGORY,
          hash_val: req.hash_val ?? null,
        },
        chunk,
        now,
      );
      return {
        file_id: made.fileId,
        pre_signs: made.preSigns,
        chunk_size: made.chunkSize,
        status: 0,
        expires_at: made.expiresAt,
        sign_chunks: made.signChunks,
      };
    },

    putChunk: async ({ fileId, chunk, exp, sig, body, contentLength, contentMd5 }, now) => {
      const forbidden = (msg: string) => new ApiError(CODES.forbidden, msg, 403);
      if (!/^[A-Za-z0-9_-]{8,64}$/.test(fileId) || !/^\d{1,6}$/.test(chunk))
        throw forbidden('not a signed upload URL');
      if (typeof exp !== 'string' || !/^\d{1,16}$/.test(exp) || typeof sig !== 'string')
        throw forbidden('the URL carries no valid signature');
      const index = Number(chunk);
      const check = verifyChunk(secret, fileId, index, Number(exp), sig, now);
      if (check === 'bad') throw forbidden('the signature does not match this file and chunk');
      if (check === 'expired') throw forbidden('the signed URL has expired');
      const [row] = await db.query<UploadRow>('SELECT * FROM uploads WHERE file_id = $1', [fileId]);
      if (!row) throw new ApiError(CODES.notFound, 'no such upload', 404);
      if (row.status !== 'pending')
        throw forbidden(`the upload is ${row.status === 'complete' ? 'already confirmed' : 'failed'}`);
      if (row.multipart_id !== null) throw forbidden("this upload's chunks go straight to the blob store");
      if (index >= row.chunk_count) throw forbidden('no such chunk');
      const limit = expectedChunkSize(row, index);
      const declared = contentLength === undefined ? NaN : Number(contentLength);
      if (declared > limit)
        throw new ApiError(COMMERCE_CODES.tooLarge, `chunk ${index} may not exceed ${limit} bytes`, 413);
      if (contentMd5 !== undefined && !CONTENT_MD5.test(contentMd5))
        throw new ApiError(
          CODES.invalidRequest,
          'InvalidDigest: Content-MD5 must be the base64 of an MD5 digest (RFC 1864)',
          400,
        );
      const dir = partsDir(fileId);
      await mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `${index}.${newId(6)}.tmp`);
      const meter = new Meter(limit);
      const source = body instanceof Readable ? body : Readable.from([]);
      try {
        await pipeline(source, meter, createWriteStream(tmp));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      if (contentMd5 !== undefined && meter.md5.digest('base64') !== contentMd5) {
        await rm(tmp, { force: true });
        throw new ApiError(
          COMMERCE_CODES.badDigest,
          `BadDigest: the bytes of chunk ${index} do not match their Content-MD5; send the chunk again`,
          400,
        );
      }
      await rename(tmp, path.join(dir, String(index)));
      const etag = meter.hash.digest('hex');
      await db.query(
        `INSERT INTO upload_chunks (file_id, chunk_index, size, etag, received_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (file_id, chunk_index) DO UPDATE SET size = EXCLUDED.size, etag = EXCLUDED.etag, received_at = EXCLUDED.received_at`,
        [fileId, index, meter.bytes, etag, now],
      );
      return { file_id: fileId, chunk_index: index, size: meter.bytes, etag };
    },

    signChunk: async (caller, req, now) => {
      const { row, s, index } = await chunkNamed(caller, req, now);
      if (row.status !== 'pending')
        throw new ApiError(
          CODES.forbidden,
          `the upload is ${row.status === 'complete' ? 'already confirmed' : 'failed'}`,
        );
      const expiresAt = Number(row.expires_at);
      const url =
        s === null
          ? // The server's own chunk route checks a Content-MD5 without it being signed.
            chunkUrl(secret, row.file_id, index, expiresAt)
          : await s.mp.partUrl(
              s.key,
              s.uploadId,
              index + 1,
              expectedChunkSize(row, index),
              { now, expiresAt },
              req.content_md5,
            );
      return { file_id: row.file_id, chunk_index: index, url };
    },

    checkChunk: async (caller, req, now) => {
      const { row, s, index } = await chunkNamed(caller, req, now);
      let size: number | null;
      if (s === null) {
        const [c] = await db.query<{ size: number }>(
          'SELECT size FROM upload_chunks WHERE file_id = $1 AND chunk_index = $2',
          [req.file_id, index],
        );
        size = c?.size ?? null;
      } else if (row.status === 'complete') {
        // A completed multipart upload has no parts left to list: each was what it had to be.
        size = expectedChunkSize(row, index);
      } else {
        const parts = await s.mp.listParts(s.key, s.uploadId);
        size = parts.find((p) => p.partNumber === index + 1)?.size ?? null;
      }
      return { file_id: req.file_id, chunk_index: index, received: size !== null, size };
    },

    confirmFile: async (caller, fileId, now) => {
      const f = await confirm(caller, fileId, ['file'], now);
      const row = doneRow(f);
      return {
        status: f.status,
        file_id: fileId,
        url: row?.url ?? null,
        size: row ? Number(row.file_size) : 0,
        missing_chunks: missingOf(f),
      };
    },

    confirmImage: async (caller, req, now) => {
      const f = await confirm(caller, req.file_id, ['image'], now);
      let row = doneRow(f);
      if (row !== null && (req.category !== undefined || req.sub_category !== undefined)) {
        const [updated] = await db.query<UploadRow>(
          'UPDATE uploads SET category = COALESCE($2, category), sub_category = COALESCE($3, sub_category) WHERE file_id = $1 RETURNING *',
          [req.file_id, req.category ?? null, req.sub_category ?? null],
        );
        row = updated ?? row;
      }
      return {
        status: f.status,
        file_id: req.file_id,
        url: row?.url ?? null,
        width: row?.width ?? null,
        height: row?.height ?? null,
        category: row?.category ?? req.category ?? DEFAULT_UPLOAD_CATEGORY,
        missing_chunks: missingOf(f),
      };
    },

    confirmAudio: async (caller, fileId, now) => {
      const f = await confirm(caller, fileId, ['audio'], now);
      const row = doneRow(f);
      return {
        status: f.status,
        file_id: fileId,
        url: row?.url ?? null,
        missing_chunks: missingOf(f),
        audio_info: row ? audioInfoOf(row) : null,
        upload_obj_info:
          row && row.url !== null
            ? {
                file_id: fileId,
                url: row.url,
                file_name: row.file_name,
                content_type: row.content_type,
                size: Number(row.file_size),
              }
            : null,
      };
    },

    saveGuestFields: async (caller, req, now) => {
      if (caller.accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
      const accountId = caller.accountId;
      await db.transaction(async (tx) => {
        for (const item of req.items) {
          const [up] = await tx.query<UploadRow>(
            `SELECT * FROM uploads WHERE url = $1 AND status = 'complete' FOR UPDATE`,
            [item.url],
          );
          const mine =
            up !== undefined &&
            (up.account_id === accountId ||
              (up.account_id === null && up.device_id !== null && up.device_id === caller.deviceId));
          if (!up || !mine)
            throw new ApiError(CODES.forbidden, `${item.url} is not an upload of this device or account`);
          if (up.account_id === null)
            await tx.query('UPDATE uploads SET account_id = $2 WHERE file_id = $1', [up.file_id, accountId]);
          await tx.query(
            `INSERT INTO guest_field_saves (account_id, field, url, width, height, category, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (account_id, field, url) DO NOTHING`,
            [
              accountId,
              item.field,
              item.url,
              up.width ?? item.width,
              up.height ?? item.height,
              item.category,
              now,
            ],
          );
        }
      });
      return listFields(db, accountId);
    },

    listGuestFields: async (caller) => {
      if (caller.accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
      return listFields(db, caller.accountId);
    },

    openStored: async (fileId, name, now) => {
      const [row] = await db.query<UploadRow>(
        `SELECT * FROM uploads WHERE file_id = $1 AND status = 'complete' AND storage IN ('disk', 'bulk')`,
        [fileId],
      );
      if (!row || row.url !== `/uploads/${fileId}/${encodeURIComponent(name)}`) return null;
      if (row.storage === 'bulk') {
        if (row.blob_key === null) return null;
        const inline = INLINE_TYPES.test(row.content_type);
        const url = await blobs.signedGet(row.blob_key, {
          now,
          expiresAt: now + STORED_URL_TTL_MS,
          contentType: inline ? row.content_type : 'application/octet-stream',
          disposition: inline ? 'inline' : 'attachment',
        });
        return url === null ? null : { kind: 'redirect', url };
      }
      const file = storedFile(fileId);
      const info = await stat(file).catch(() => null);
      if (info === null) return null;
      return {
        kind: 'stream',
        stream: createReadStream(file),
        size: info.size,
        contentType: row.content_type,
      };
    },
  };
};

/** A short stream's bytes. */
const collect = async (stream: Readable): Promise<Buffer> => {
  const pieces: Buffer[] = [];
  for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
};

const listFields = async (db: Queryable, accountId: string): Promise<GuestFieldsResponse> => {
  const rows = await db.query<{
    field: string;
    url: string;
    width: number | null;
    height: number | null;
    category: number;
  }>('SELECT field, url, width, height, category FROM guest_field_saves WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);
  const fields: Record<string, GuestFieldSaved[]> = {};
  for (const r of rows)
    (fields[r.field] ??= []).push({
      field: r.field,
      url: r.url,
      width: r.width,
      height: r.height,
      category: r.category,
    });
  return { fields };
};
