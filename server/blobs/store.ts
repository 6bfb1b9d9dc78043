/**
 * Blob storage behind a small interface: files on disk by default (under DATA_DIR/blobs); an
 * S3-compatible store can implement the same three calls.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The public path the web client loads the blob from. */
  urlOf(key: string): string;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !key.includes('..');

export const diskBlobStore = (root: string): BlobStore => {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe blob key ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: async (key) => {
      if (!isSafeKey(key)) return null;
      return readFile(fileOf(key)).catch(() => null);
    },
    urlOf: (key) => `/blobs/${key}`,
  };
};

export const contentTypeOf = (key: string): string => {
  const ext = path.extname(key).toLowerCase();
  return (
    {
      '.png': 'image/png',
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
      '.webp': 'image/webp',
      '.avif': 'image/avif',
      '.wav': 'audio/wav',
      '.mp4': 'video/mp4',
      '.gif': 'image/gif',
    }[ext] ?? 'application/octet-stream'
  );
};
