/** Node implementations for upload tests: a file handle over a file on disk, and seeded bytes. */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { UploadFileHandle } from '../../../infrastructure/uploads/deps';

/** A file on disk as the epics' file handle; reads exactly the slice asked for. */
export const nodeFile = async (
  path: string,
  meta: { name: string; type: string },
): Promise<{ handle: UploadFileHandle; close: () => Promise<void> }> => {
  const fh = await open(path, 'r');
  const info = await fh.stat();
  const handle: UploadFileHandle = {
    name: meta.name,
    type: meta.type,
    size: info.size,
    lastModified: Math.floor(info.mtimeMs),
    slice: async (start, end) => {
      const buf = Buffer.allocUnsafe(Math.max(0, end - start));
      let at = 0;
      while (at < buf.length) {
        const { bytesRead } = await fh.read(buf, at, buf.length - at, start + at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      return buf.subarray(0, at);
    },
  };
  return { handle, close: () => fh.close() };
};

/**
 * Writes `size` bytes of a seeded xorshift128 stream to `path`, one block at a time (never the
 * whole file in memory), and answers their sha256.
 */
export const writeSeededFile = async (
  path: string,
  size: number,
  seed: number,
  blockBytes = 4 * 1024 * 1024,
): Promise<string> => {
  let x = seed >>> 0 || 1;
  let y = 362436069;
  let z = 521288629;
  let w = 88675123;
  const hash = createHash('sha256');
  const fh = await open(path, 'w');
  try {
    const block = new Uint32Array(blockBytes / 4);
    for (let written = 0; written < size;) {
      for (let i = 0; i < block.length; i++) {
        const t = x ^ (x << 11);
        x = y;
        y = z;
        z = w;
        w = (w ^ (w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
        block[i] = w;
      }
      const bytes = new Uint8Array(block.buffer, 0, Math.min(blockBytes, size - written));
      hash.update(bytes);
      await fh.write(bytes, 0, bytes.length, written);
      written += bytes.length;
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
};
