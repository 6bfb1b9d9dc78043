/**
 * Finalising an upload whose chunks came through this server: the parts assembled in order from
 * disk (hashed on the way), size and sha256 checked, an image probed, an audio file sniffed, then
 * stored: in the blob store up to BLOB_INLINE_MAX_BYTES, else kept on this server's disk.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_STATUS_INCOMPLETE } from '../../infrastructure/contract/uploads';
import { newId } from '../auth';
import { probeImage } from '../engines/bitmap';
import { markComplete, notAudio, readHead, rejected } from './finalize';
import { audioInfo, type AudioSniff } from './media';
import {
  BLOB_INLINE_MAX_BYTES,
  missingOfParts,
  partsDir,
  safeFileName,
  storedFile,
  type Finalized,
  type UploadEnv,
  type UploadRow,
} from './rows';

/** Assembles in chunk order into one file, hashing as it goes. */
export const assemble = async (
  env: UploadEnv,
  row: UploadRow,
): Promise<{ file: string; size: number; sha256: string }> => {
  const file = path.join(partsDir(env, row.file_id), `assembled-${newId(6)}`);
  const hash = createHash('sha256');
  const out = await open(file, 'w');
  let size = 0;
  try {
    for (let i = 0; i < row.chunk_count; i++) {
      for await (const piece of createReadStream(
        path.join(partsDir(env, row.file_id), String(i)),
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

/** Chunks that came through this server: assembled from disk, checked, stored. */
export const finalizeFromDisk = async (env: UploadEnv, row: UploadRow, now: number): Promise<Finalized> => {
  const chunks = await env.db.query<{ chunk_index: number; size: number }>(
    'SELECT chunk_index, size FROM upload_chunks WHERE file_id = $1 ORDER BY chunk_index',
    [row.file_id],
  );
  const missing = missingOfParts(row, new Set(chunks.map((c) => c.chunk_index)));
  if (missing.length > 0) return { status: UPLOAD_STATUS_INCOMPLETE, missing };
  const assembled = await assemble(env, row);
  const fileSize = Number(row.file_size);
  if (assembled.size !== fileSize || (row.hash_val !== null && row.hash_val !== assembled.sha256))
    return rejected(env, row);
  let width: number | null = null;
  let height: number | null = null;
  let audio: AudioSniff | null = null;
  if (row.kind === 'image') {
    // sharp reads the headers of the file (libvips, off the event loop): every format a browser writes.
    const size = await probeImage(assembled.file);
    if (size === null) return rejected(env, row);
    ({ width, height } = size);
  }
  if (row.kind === 'audio') {
    audio = audioInfo(await readHead(assembled.file), assembled.size);
    if (audio === null) return notAudio(env, row);
  }
  const name = safeFileName(row.file_name, row.content_type);
  let done: Finalized;
  if (assembled.size <= BLOB_INLINE_MAX_BYTES) {
    const key = `uploads/${row.file_id}/${name}`;
    await env.blobs.put(key, await readFile(assembled.file));
    done = await markComplete(
      env,
      row,
      { storage: 'blob', key, url: env.blobs.urlOf(key), width, height, audio },
      now,
    );
  } else {
    await mkdir(path.dirname(storedFile(env, row.file_id)), { recursive: true });
    await rename(assembled.file, storedFile(env, row.file_id));
    const url = `/uploads/${row.file_id}/${encodeURIComponent(name)}`;
    done = await markComplete(env, row, { storage: 'disk', key: null, url, width, height, audio }, now);
  }
  await rm(partsDir(env, row.file_id), { recursive: true, force: true });
  return done;
};
