/**
 * What every step of an upload shares (./service.ts composes the steps): the `uploads` row and its
 * owner, the sizes of its chunks, where its parts and large files lie on disk, and `UploadEnv`, the
 * database, blob store and signing secret the steps run against.
 */
import path from 'node:path';
import {
  CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  UPLOAD_STATUS_DONE,
  UPLOAD_STATUS_INCOMPLETE,
  UPLOAD_STATUS_NOT_ACCEPTABLE,
} from '../../infrastructure/contract/uploads';
import type { Caller } from '../auth';
import type { BlobStore, MultipartUploads } from '../blobs/store';
import type { Database, Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import type { AudioSniff } from './media';

export const UPLOAD_TTL_MS = 2 * 3600 * 1000;
export const BLOB_INLINE_MAX_BYTES = 64 * 1024 * 1024;
/** The route's body limit: the largest chunk plus room for nothing else (bodies are raw bytes). */
export const CHUNK_BODY_LIMIT = CHUNK_BYTES + 64 * 1024;
/** How long one confirm holds its claim on finalising an upload before another may take it over. */
export const FINALIZE_LEASE_MS = 10 * 60 * 1000;
/** How long a confirm waits for another process's finalisation of the same upload to settle. */
export const CONFIRM_WAIT_MS = 60 * 1000;
/** How long GET /uploads/:fileId/:name's pre-signed redirect (a file in the store) stays good. */
export const STORED_URL_TTL_MS = 60 * 60 * 1000;
/** Media types a browser may render inline from an upload; anything else downloads. */
export const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+)$/i;

export type UploadKind = 'file' | 'image' | 'audio';

export interface UploadRow extends Record<string, unknown> {
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

export interface Owner {
  readonly accountId: string | null;
  readonly deviceId: string | null;
}

export const ownerOf = (caller: Caller): Owner => {
  if (caller.accountId !== null) return { accountId: caller.accountId, deviceId: caller.deviceId };
  if (caller.deviceId !== null) return { accountId: null, deviceId: caller.deviceId };
  throw new ApiError(CODES.notLoggedIn, 'sign in, or send a device id to upload as a guest');
};

const isOwnedBy = (row: UploadRow, caller: Caller): boolean =>
  caller.accountId !== null
    ? row.account_id === caller.accountId
    : row.account_id === null && row.device_id !== null && row.device_id === caller.deviceId;

export const expectedChunkSize = (row: Pick<UploadRow, 'chunk_size' | 'file_size'>, index: number): number =>
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

export type Finalized =
  | { readonly status: typeof UPLOAD_STATUS_DONE; readonly row: UploadRow }
  | { readonly status: typeof UPLOAD_STATUS_INCOMPLETE; readonly missing: number[] }
  | { readonly status: typeof UPLOAD_STATUS_NOT_ACCEPTABLE };

/** The database, blob store and secret every step runs against, and this process's confirms. */
export interface UploadEnv {
  readonly db: Database;
  readonly blobs: BlobStore;
  readonly secret: string;
  /** The store's multipart uploads, when the browser PUTs chunks straight to it (S3). */
  readonly store: MultipartUploads | null;
  /** DATA_DIR/uploads: chunk parts until confirm, and files too large for the blob store. */
  readonly root: string;
  /** This process's confirms in flight: null when another process holds the claim. */
  readonly inflight: Map<string, Promise<Finalized | null>>;
}

export const partsDir = (env: UploadEnv, fileId: string): string => path.join(env.root, 'parts', fileId);
export const storedFile = (env: UploadEnv, fileId: string): string => path.join(env.root, 'files', fileId);

/** The default chunk of the path, or a smaller one the client asked for. */
export const chunkSizeFor = (requested: number | undefined, fallback: number): number => {
  if (requested === undefined) return fallback;
  if (requested < MIN_CHUNK_BYTES)
    throw new ApiError(CODES.invalidRequest, `chunk_size must be at least ${MIN_CHUNK_BYTES}`);
  return Math.min(requested, fallback);
};

export const ownRow = async (
  q: Queryable,
  caller: Caller,
  fileId: string,
  lock = false,
): Promise<UploadRow> => {
  ownerOf(caller);
  const [row] = await q.query<UploadRow>(
    `SELECT * FROM uploads WHERE file_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [fileId],
  );
  if (!row || !isOwnedBy(row, caller)) throw new ApiError(CODES.notFound, 'no such upload');
  return row;
};

export const requireKind = (row: UploadRow, kinds: readonly UploadKind[]) => {
  if (!kinds.includes(row.kind))
    throw new ApiError(CODES.invalidRequest, `this is a ${row.kind} upload; confirm it with its own call`);
};

/** The upload's store half, for a row that goes straight to the store. */
export const inStore = (
  env: UploadEnv,
  row: UploadRow,
): { mp: MultipartUploads; key: string; uploadId: string } | null => {
  if (row.multipart_id === null) return null;
  if (env.store === null || row.blob_key === null)
    throw new Error(`upload ${row.file_id} is in a blob store this server is not configured with`);
  return { mp: env.store, key: row.blob_key, uploadId: row.multipart_id };
};

export const missingOfParts = (row: UploadRow, have: ReadonlySet<number>): number[] =>
  Array.from({ length: row.chunk_count }, (_, i) => i).filter((i) => !have.has(i));

export const missingOf = (f: Finalized): number[] => (f.status === UPLOAD_STATUS_INCOMPLETE ? f.missing : []);
export const doneRow = (f: Finalized): UploadRow | null => (f.status === UPLOAD_STATUS_DONE ? f.row : null);

export const audioInfoOf = (row: UploadRow): AudioSniff | null =>
  row.audio_info === null
    ? null
    : typeof row.audio_info === 'string'
      ? (JSON.parse(row.audio_info) as AudioSniff)
      : row.audio_info;
