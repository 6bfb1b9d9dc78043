/**
 * The blob store the configuration names (server/config.ts `blobStore`): the disk under
 * DATA_DIR/blobs by default, or an S3-compatible bucket. The S3 client is loaded only when asked
 * for, so the embedded default starts without it.
 */
import path from 'node:path';
import type { ServerConfig } from '../config';
import { diskBlobStore, type BlobStore } from './store';

export const blobStoreOf = async (config: ServerConfig): Promise<BlobStore> => {
  const chosen = config.blobStore ?? { kind: 'disk' };
  if (chosen.kind === 'disk') return diskBlobStore(path.join(config.dataDir, 'blobs'));
  const { s3BlobStore } = await import('./s3');
  return s3BlobStore(chosen);
};
