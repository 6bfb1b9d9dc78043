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
import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  AudioFileConfirmResponse,
  AudioPreConfigRequest,
  ChunkCheckRequest,
  ChunkCheckResponse,
  ChunkPutResponse,
  ChunkSignRequest,
  ChunkSignResponse,
  FileConfirmResponse,
  GuestFieldsResponse,
  GuestFieldsSaveRequest,
  ImageConfirmRequest,
  ImageConfirmResponse,
  UploadConfigRequest,
  UploadConfigResponse,
  UploadPreSignRequest,
  UploadPreSignResponse,
} from '../../infrastructure/contract/uploads';
import type { Caller } from '../auth';
import type { BlobStore } from '../blobs/store';
import type { Database } from '../db/database';
import { checkChunk, signChunk } from './chunks';
import { confirmAudio, confirmFile, confirmImage } from './confirm';
import { listGuestFields, saveGuestFields } from './guestFields';
import { openStored } from './openStored';
import { putChunk, type ChunkPut } from './putChunk';
import type { UploadEnv } from './rows';
import { audioPreConfig, config, preSign } from './startUpload';

export interface UploadService {
  config(caller: Caller, req: UploadConfigRequest, now: number): Promise<UploadConfigResponse>;
  preSign(caller: Caller, req: UploadPreSignRequest, now: number): Promise<UploadPreSignResponse>;
  audioPreConfig(caller: Caller, req: AudioPreConfigRequest, now: number): Promise<UploadConfigResponse>;
  putChunk(params: ChunkPut, now: number): Promise<ChunkPutResponse>;
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

/** The upload service over one database, blob store and data directory: each call one step. */
export const makeUploadService = (
  db: Database,
  blobs: BlobStore,
  dataDir: string,
  secret: string,
): UploadService => {
  const env: UploadEnv = {
    db,
    blobs,
    secret,
    store: blobs.multipart,
    root: path.join(dataDir, 'uploads'),
    inflight: new Map(),
  };
  return {
    config: (caller, req, now) => config(env, caller, req, now),
    preSign: (caller, req, now) => preSign(env, caller, req, now),
    audioPreConfig: (caller, req, now) => audioPreConfig(env, caller, req, now),
    putChunk: (params, now) => putChunk(env, params, now),
    signChunk: (caller, req, now) => signChunk(env, caller, req, now),
    checkChunk: (caller, req, now) => checkChunk(env, caller, req, now),
    confirmFile: (caller, fileId, now) => confirmFile(env, caller, fileId, now),
    confirmImage: (caller, req, now) => confirmImage(env, caller, req, now),
    confirmAudio: (caller, fileId, now) => confirmAudio(env, caller, fileId, now),
    saveGuestFields: (caller, req, now) => saveGuestFields(env, caller, req, now),
    listGuestFields: (caller) => listGuestFields(env, caller),
    openStored: (fileId, name, now) => openStored(env, fileId, name, now),
  };
};
