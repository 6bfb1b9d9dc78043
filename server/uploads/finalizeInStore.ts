/**
 * Finalising an upload whose parts the browser PUT straight into the store (S3): the parts
 * listed and sized, the multipart upload completed, then the stored object checked: its size, its
 * sha256 when one was given (read back once as a stream), an image's header, an audio file's first
 * bytes (a ranged GET).
 */
import { createHash } from 'node:crypto';
import { UPLOAD_STATUS_INCOMPLETE } from '../../infrastructure/contract/uploads';
import type { MultipartUploads, StoredPart } from '../blobs/store';
import { probeImage } from '../engines/bitmap';
import { collect, markComplete, notAudio, rejected } from './finalize';
import { audioInfo, SNIFF_BYTES, type AudioSniff } from './media';
import {
  BLOB_INLINE_MAX_BYTES,
  expectedChunkSize,
  missingOfParts,
  safeFileName,
  type Finalized,
  type UploadEnv,
  type UploadRow,
} from './rows';

/** Parts the browser PUT straight into the store: listed, sized, completed, then checked. */
export const finalizeInStore = async (
  env: UploadEnv,
  row: UploadRow,
  s: { mp: MultipartUploads; key: string; uploadId: string },
  now: number,
): Promise<Finalized> => {
  const fileSize = Number(row.file_size);
  const parts = await s.mp.listParts(s.key, s.uploadId);
  // No parts and the object there: a finalisation whose process died after completing it.
  let stored = parts.length === 0 ? await env.blobs.stat(s.key) : null;
  if (stored === null) {
    const byNumber = new Map(parts.map((p) => [p.partNumber, p]));
    const missing = missingOfParts(row, new Set(parts.map((p) => p.partNumber - 1)));
    if (missing.length > 0) return { status: UPLOAD_STATUS_INCOMPLETE, missing };
    const ordered: StoredPart[] = [];
    for (let i = 0; i < row.chunk_count; i++) {
      const part = byNumber.get(i + 1);
      if (part === undefined || part.size !== expectedChunkSize(row, i)) return rejected(env, row);
      ordered.push(part);
    }
    await s.mp.complete(s.key, s.uploadId, ordered);
    stored = await env.blobs.stat(s.key);
  }
  if (stored === null || stored.size !== fileSize) return rejected(env, row);
  if (row.hash_val !== null) {
    const whole = await env.blobs.read(s.key);
    if (whole === null) return rejected(env, row);
    const hash = createHash('sha256');
    for await (const piece of whole as AsyncIterable<Buffer>) hash.update(piece);
    if (hash.digest('hex') !== row.hash_val) return rejected(env, row);
  }
  let width: number | null = null;
  let height: number | null = null;
  let audio: AudioSniff | null = null;
  if (row.kind === 'image') {
    const bytes = await env.blobs.get(s.key);
    const size = bytes === null ? null : await probeImage(bytes);
    if (size === null) return rejected(env, row);
    ({ width, height } = size);
  }
  if (row.kind === 'audio') {
    const head =
      fileSize === 0
        ? null
        : await env.blobs.read(s.key, { start: 0, end: Math.min(SNIFF_BYTES, fileSize) - 1 });
    audio = head === null ? null : audioInfo(await collect(head), fileSize);
    if (audio === null) return notAudio(env, row);
  }
  const name = safeFileName(row.file_name, row.content_type);
  const small = fileSize <= BLOB_INLINE_MAX_BYTES;
  return markComplete(
    env,
    row,
    {
      storage: small ? 'blob' : 'bulk',
      key: s.key,
      url: small ? env.blobs.urlOf(s.key) : `/uploads/${row.file_id}/${encodeURIComponent(name)}`,
      width,
      height,
      audio,
    },
    now,
  );
};
