/**
 * The signed chunk PUT (spec §9): its URL's signature and expiry checked, its size held to the
 * chunk's expected size while the bytes stream to disk, its Content-MD5 (RFC 1864) checked when
 * sent, then the part renamed into place (a re-PUT replaces it atomically) and recorded.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChunkPutResponse } from '../../infrastructure/contract/uploads';
import { newId } from '../auth';
import { ApiError, CODES } from '../envelope';
import { UPLOAD_CODES } from './codes';
import { expectedChunkSize, partsDir, type UploadEnv, type UploadRow } from './rows';
import { verifyChunk } from './signing';

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
      done(new ApiError(UPLOAD_CODES.tooLarge, `a chunk may not exceed ${this.limit} bytes`, 413));
      return;
    }
    this.hash.update(chunk);
    this.md5.update(chunk);
    done(null, chunk);
  }
}

/** RFC 1864: base64 of the 16 bytes of an MD5 digest. */
const CONTENT_MD5 = /^[A-Za-z0-9+/]{21}[AQgw]==$/;

/** What the chunk route hands over of its request. */
export interface ChunkPut {
  fileId: string;
  chunk: string;
  exp: unknown;
  sig: unknown;
  body: unknown;
  contentLength: string | undefined;
  /** The Content-MD5 header, if any. */
  contentMd5: string | undefined;
}

export const putChunk = async (
  env: UploadEnv,
  { fileId, chunk, exp, sig, body, contentLength, contentMd5 }: ChunkPut,
  now: number,
): Promise<ChunkPutResponse> => {
  const forbidden = (msg: string) => new ApiError(CODES.forbidden, msg, 403);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(fileId) || !/^\d{1,6}$/.test(chunk))
    throw forbidden('not a signed upload URL');
  if (typeof exp !== 'string' || !/^\d{1,16}$/.test(exp) || typeof sig !== 'string')
    throw forbidden('the URL carries no valid signature');
  const index = Number(chunk);
  const check = verifyChunk(env.secret, fileId, index, Number(exp), sig, now);
  if (check === 'bad') throw forbidden('the signature does not match this file and chunk');
  if (check === 'expired') throw forbidden('the signed URL has expired');
  const [row] = await env.db.query<UploadRow>('SELECT * FROM uploads WHERE file_id = $1', [fileId]);
  if (!row) throw new ApiError(CODES.notFound, 'no such upload', 404);
  if (row.status !== 'pending')
    throw forbidden(`the upload is ${row.status === 'complete' ? 'already confirmed' : 'failed'}`);
  if (row.multipart_id !== null) throw forbidden("this upload's chunks go straight to the blob store");
  if (index >= row.chunk_count) throw forbidden('no such chunk');
  const limit = expectedChunkSize(row, index);
  const declared = contentLength === undefined ? NaN : Number(contentLength);
  if (declared > limit)
    throw new ApiError(UPLOAD_CODES.tooLarge, `chunk ${index} may not exceed ${limit} bytes`, 413);
  if (contentMd5 !== undefined && !CONTENT_MD5.test(contentMd5))
    throw new ApiError(
      CODES.invalidRequest,
      'InvalidDigest: Content-MD5 must be the base64 of an MD5 digest (RFC 1864)',
      400,
    );
  const dir = partsDir(env, fileId);
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
      UPLOAD_CODES.badDigest,
      `BadDigest: the bytes of chunk ${index} do not match their Content-MD5; send the chunk again`,
      400,
    );
  }
  await rename(tmp, path.join(dir, String(index)));
  const etag = meter.hash.digest('hex');
  await env.db.query(
    `INSERT INTO upload_chunks (file_id, chunk_index, size, etag, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (file_id, chunk_index) DO UPDATE SET size = EXCLUDED.size, etag = EXCLUDED.etag, received_at = EXCLUDED.received_at`,
    [fileId, index, meter.bytes, etag, now],
  );
  return { file_id: fileId, chunk_index: index, size: meter.bytes, etag };
};
