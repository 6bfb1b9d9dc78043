/**
 * Input files of tasks and trainings: a URL the caller owns, resolved to a blob key. The caller
 * owns an upload they confirmed (by account, or as a guest by device id), an upload their
 * guest session saved to their account (guest_field_saves), and the outputs of their own
 * tasks that are not deleted. Another owner's file answers 70008 (artwork forbidden); a URL
 * that names no file answers 10404. Only blob-stored files are read (uploads over 64 MiB stay
 * on disk and are far beyond what the engines decode).
 */
import type { Caller } from '../auth';
import type { BlobStore } from '../blobs/store';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { probeImage } from '../engines/bitmap';
import { CREATION_CODES } from './codes';
import { uploads } from '../../domain/index.js';

export interface Owner {
  readonly accountId: string | null;
  readonly deviceId: string | null;
}

export const ownerOf = (caller: Caller, guest: boolean): Owner =>
  guest || caller.accountId === null
    ? { accountId: null, deviceId: caller.deviceId }
    : { accountId: caller.accountId, deviceId: caller.deviceId };

const owns = (owner: Owner, row: { account_id: string | null; device_id: string | null }): boolean =>
  owner.accountId !== null
    ? row.account_id === owner.accountId
    : row.account_id === null && owner.deviceId !== null && row.device_id === owner.deviceId;

/** The path of a URL, whether it came absolute (with a host) or relative. */
const pathOf = (url: string): string => {
  if (/^https?:\/\//i.test(url)) {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  }
  return url.split('?')[0]!;
};

export interface ResolvedInput {
  readonly url: string;
  readonly key: string;
}

export const resolveOwnedUrl = async (
  db: Queryable,
  blobs: BlobStore,
  owner: Owner,
  rawUrl: string,
): Promise<ResolvedInput> => {
  const url = pathOf(rawUrl);
  const prefix = blobs.urlOf('');
  const key = url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
  const [upload] = await db.query<{
    account_id: string | null;
    device_id: string | null;
    storage: string | null;
    blob_key: string | null;
  }>(`SELECT account_id, device_id, storage, blob_key FROM uploads WHERE url = $1 AND status = 'complete'`, [
    url,
  ]);
  if (upload) {
    let mine = owns(owner, upload);
    if (!mine && owner.accountId !== null) {
      const saved = await db.query('SELECT 1 FROM guest_field_saves WHERE account_id = $1 AND url = $2', [
        owner.accountId,
        url,
      ]);
      mine = saved.length > 0;
    }
    if (!mine) throw new ApiError(CREATION_CODES.artworkForbidden, 'that file is not yours to use');
    if (upload.storage !== 'blob' || upload.blob_key === null)
      throw new ApiError(CODES.invalidRequest, 'the file is too large for the engines (at most 64 MiB)');
    return { url, key: upload.blob_key };
  }
  if (key === null) throw new ApiError(CODES.notFound, `no file at ${url}`);
  // A cover of a work on the square is public: any caller may start from it (the card's
  // image-to-video and remix actions, spec §2).
  const cover = /^community\/covers\/([A-Za-z0-9_-]{1,80})\.png$/.exec(key);
  if (cover) {
    const [item] = await db.query('SELECT 1 FROM content_items WHERE id = $1', [cover[1]]);
    if (!item) throw new ApiError(CODES.notFound, `no file at ${url}`);
    return { url, key };
  }
  const probe = JSON.stringify([{ url }]);
  const [task] = await db.query<{ account_id: string | null; device_id: string | null }>(
    `SELECT account_id, device_id FROM tasks WHERE deleted_at IS NULL AND (img_uris @> $1::jsonb OR media @> $1::jsonb) LIMIT 1`,
    [probe],
  );
  if (!task) throw new ApiError(CODES.notFound, `no file at ${url}`);
  if (!owns(owner, task))
    throw new ApiError(CREATION_CODES.artworkForbidden, 'that file is not yours to use');
  return { url, key };
};

/* Engines read their inputs in a worker thread (server/engines/pool.ts): the caller reads the bytes. */

/**
 * Checks at create time that an input is an image the engines can read (30044 otherwise), and
 * within the domain's pixel limit (30043 otherwise, issue 21: the client names the limit).
 */
export const probeInput = async (
  blobs: BlobStore,
  key: string,
): Promise<{ width: number; height: number }> => {
  const bytes = await blobs.get(key);
  if (!bytes) throw new ApiError(CODES.notFound, 'the input file is gone');
  const probe = await probeImage(bytes);
  if (probe === null)
    throw new ApiError(CREATION_CODES.inputNotImage, 'the input is not a PNG, JPEG, WebP, AVIF or GIF image');
  if (!uploads.fitsPixelLimit(probe))
    throw new ApiError(
      CREATION_CODES.inputTooLarge,
      `the input is ${probe.width}x${probe.height}, larger than ${uploads.INPUT_LIMIT_SIDE}x${uploads.INPUT_LIMIT_SIDE} pixels`,
    );
  return { width: probe.width, height: probe.height };
};
