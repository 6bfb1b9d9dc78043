/**
 * One chunk of an upload, named by its URL (the server's chunk URL, or the store's part URL):
 * signing its URL with a Content-MD5 (where the store needs the digest signed in) and checking
 * whether it arrived.
 */
import type {
  ChunkCheckRequest,
  ChunkCheckResponse,
  ChunkSignRequest,
  ChunkSignResponse,
} from '../../infrastructure/contract/uploads';
import type { Caller } from '../auth';
import { ApiError, CODES } from '../envelope';
import { UPLOAD_CODES } from './codes';
import { expectedChunkSize, inStore, ownRow, type UploadEnv } from './rows';
import { chunkUrl, parseChunkUrl } from './signing';

/**
 * The caller's upload and the chunk a URL of it names (the server's chunk URL, or the store's
 * part URL); refused when the URL is not one of this upload's, or the upload expired.
 */
export const chunkNamed = async (
  env: UploadEnv,
  caller: Caller,
  req: { readonly file_id: string; readonly pre_sign_url: string },
  now: number,
) => {
  const notOurs = () => new ApiError(CODES.invalidRequest, 'pre_sign_url is not a chunk URL of this file');
  const named = parseChunkUrl(req.pre_sign_url);
  const part = named === null ? (env.store?.partOf(req.pre_sign_url) ?? null) : null;
  if (named === null ? part === null : named.fileId !== req.file_id) throw notOurs();
  const row = await ownRow(env.db, caller, req.file_id);
  const s = inStore(env, row);
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
    throw new ApiError(UPLOAD_CODES.uploadTimeout, 'the upload expired');
  return { row, s, index };
};

export const signChunk = async (
  env: UploadEnv,
  caller: Caller,
  req: ChunkSignRequest,
  now: number,
): Promise<ChunkSignResponse> => {
  const { row, s, index } = await chunkNamed(env, caller, req, now);
  if (row.status !== 'pending')
    throw new ApiError(
      CODES.forbidden,
      `the upload is ${row.status === 'complete' ? 'already confirmed' : 'failed'}`,
    );
  const expiresAt = Number(row.expires_at);
  const url =
    s === null
      ? // The server's own chunk route checks a Content-MD5 without it being signed.
        chunkUrl(env.secret, row.file_id, index, expiresAt)
      : await s.mp.partUrl(
          s.key,
          s.uploadId,
          index + 1,
          expectedChunkSize(row, index),
          { now, expiresAt },
          req.content_md5,
        );
  return { file_id: row.file_id, chunk_index: index, url };
};

export const checkChunk = async (
  env: UploadEnv,
  caller: Caller,
  req: ChunkCheckRequest,
  now: number,
): Promise<ChunkCheckResponse> => {
  const { row, s, index } = await chunkNamed(env, caller, req, now);
  let size: number | null;
  if (s === null) {
    const [c] = await env.db.query<{ size: number }>(
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
};
