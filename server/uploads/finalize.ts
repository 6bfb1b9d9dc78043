/**
 * How a finalisation ends: the upload complete (its row updated once, while still pending), or
 * refused (failed with why, so every confirm of it answers the same, and what it left dropped).
 */
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UPLOAD_STATUS_DONE, UPLOAD_STATUS_NOT_ACCEPTABLE } from '../../infrastructure/contract/uploads';
import { ApiError, CODES } from '../envelope';
import { UPLOAD_CODES } from './codes';
import type { AudioSniff } from './media';
import { SNIFF_BYTES } from './media';
import { inStore, partsDir, type Finalized, type UploadEnv, type UploadRow } from './rows';

/**
 * Marks a pending upload failed (with why, so that every confirm of it answers the same) and
 * drops what it left: its parts on disk, or its multipart upload and any object it completed.
 */
export const failUpload = async (env: UploadEnv, row: UploadRow, code: number | null) => {
  await env.db.query(
    `UPDATE uploads SET status = 'failed', failure_code = $2, finalizing_until = NULL WHERE file_id = $1 AND status = 'pending'`,
    [row.file_id, code],
  );
  await rm(partsDir(env, row.file_id), { recursive: true, force: true });
  const s = inStore(env, row);
  if (s !== null) {
    await s.mp.abort(s.key, s.uploadId);
    await env.blobs.remove(s.key);
  }
};

export const readHead = async (file: string): Promise<Buffer> => {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
};

export const rejected = async (env: UploadEnv, row: UploadRow): Promise<Finalized> => {
  await failUpload(env, row, UPLOAD_STATUS_NOT_ACCEPTABLE);
  return { status: UPLOAD_STATUS_NOT_ACCEPTABLE };
};

export const notAudio = async (env: UploadEnv, row: UploadRow): Promise<never> => {
  await failUpload(env, row, UPLOAD_CODES.audioError);
  throw new ApiError(UPLOAD_CODES.audioError, 'the file is not audio this platform can play');
};

export const markComplete = async (
  env: UploadEnv,
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
  const [updated] = await env.db.query<UploadRow>(
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

/** A short stream's bytes. */
export const collect = async (stream: Readable): Promise<Buffer> => {
  const pieces: Buffer[] = [];
  for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
};
