/**
 * Node implementations for upload tests: a file handle over a file on disk, and seeded bytes (on
 * disk, or made as they are read).
 */
import { createCipheriv, createHash } from 'node:crypto';
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
 * The seeded bytes of these tests: AES-128-CTR's keystream under a key made from the seed, the
 * same bytes for the same seed, made at memory speed (a script PRNG took 40 s for 1 GiB), and
 * readable from any offset (CTR mode: block n is the cipher of counter n).
 */
const keystreamAt = (seed: number, offset: number) => {
  const key = createHash('sha256').update(`seeded-file-${seed}`).digest().subarray(0, 16);
  const counter = Buffer.alloc(16);
  counter.writeBigUInt64BE(BigInt(Math.floor(offset / 16)), 8);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  // The first block's bytes before `offset` are made and dropped.
  const skip = offset % 16;
  return (length: number): Buffer => cipher.update(Buffer.alloc(skip + length)).subarray(skip);
};

/**
 * A file of `size` seeded bytes that exist only when read (a 1 GiB file needs no disk), as the
 * epics' file handle, and their sha256 (made once, one block at a time).
 */
export const seededFile = (
  size: number,
  seed: number,
  meta: { name: string; type: string; lastModified?: number },
): { handle: UploadFileHandle; sha256: () => string } => ({
  handle: {
    name: meta.name,
    type: meta.type,
    size,
    lastModified: meta.lastModified ?? seed,
    slice: (start, end) => {
      const from = Math.max(0, Math.min(start, size));
      return Promise.resolve(
        new Uint8Array(keystreamAt(seed, from)(Math.max(0, Math.min(end, size) - from))),
      );
    },
  },
  sha256: () => {
    const hash = createHash('sha256');
    const next = keystreamAt(seed, 0);
    for (let done = 0; done < size; done += 4 * 1024 * 1024)
      hash.update(next(Math.min(4 * 1024 * 1024, size - done)));
    return hash.digest('hex');
  },
});

/**
 * Writes `size` seeded bytes (those of `seededFile`) to `path`, one block at a time (never the
 * whole file in memory), and answers their sha256.
 */
export const writeSeededFile = async (
  path: string,
  size: number,
  seed: number,
  blockBytes = 4 * 1024 * 1024,
): Promise<string> => {
  const next = keystreamAt(seed, 0);
  const hash = createHash('sha256');
  const fh = await open(path, 'w');
  try {
    for (let written = 0; written < size;) {
      const bytes = next(Math.min(blockBytes, size - written));
      hash.update(bytes);
      await fh.write(bytes, 0, bytes.length, written);
      written += bytes.length;
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
};
