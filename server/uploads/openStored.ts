/**
 * A large upload for GET /uploads/:fileId/:name: a file on this server's disk as a stream, or a
 * pre-signed GET of a file kept in the store (S3), inline only for the types a browser may render.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { INLINE_TYPES, STORED_URL_TTL_MS, storedFile, type UploadEnv, type UploadRow } from './rows';
import type { StoredFile } from './service';

export const openStored = async (
  env: UploadEnv,
  fileId: string,
  name: string,
  now: number,
): Promise<StoredFile | null> => {
  const [row] = await env.db.query<UploadRow>(
    `SELECT * FROM uploads WHERE file_id = $1 AND status = 'complete' AND storage IN ('disk', 'bulk')`,
    [fileId],
  );
  if (!row || row.url !== `/uploads/${fileId}/${encodeURIComponent(name)}`) return null;
  if (row.storage === 'bulk') {
    if (row.blob_key === null) return null;
    const inline = INLINE_TYPES.test(row.content_type);
    const url = await env.blobs.signedGet(row.blob_key, {
      now,
      expiresAt: now + STORED_URL_TTL_MS,
      contentType: inline ? row.content_type : 'application/octet-stream',
      disposition: inline ? 'inline' : 'attachment',
    });
    return url === null ? null : { kind: 'redirect', url };
  }
  const file = storedFile(env, fileId);
  const info = await stat(file).catch(() => null);
  if (info === null) return null;
  return {
    kind: 'stream',
    stream: createReadStream(file),
    size: info.size,
    contentType: row.content_type,
  };
};
