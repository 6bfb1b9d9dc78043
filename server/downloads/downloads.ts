/**
 * Signed, expiring download URLs for our blobs (spec §7 download url resolver) and the Range
 * requests of chunked downloads (spec §9, 10 MiB chunks). A signature is an HMAC-SHA256 over
 * (method, blob key, expiry) with the server's signing secret, so it opens one file until its
 * expiry and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { isSafeKey } from '../blobs/store';
import { DOWNLOAD_FILE_PREFIX, DOWNLOAD_QUERY } from '../../infrastructure/contract/platform';

/** How long a resolved download URL stays good. */
export const DOWNLOAD_URL_TTL_MS = 10 * 60 * 1000;

const BLOB_PREFIX = '/blobs/';

/** The blob key a client's file URL names (`/blobs/{key}`, relative or absolute), or null. */
export const blobKeyOf = (url: string): string | null => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.pathname.startsWith(BLOB_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(parsed.pathname.slice(BLOB_PREFIX.length));
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
};

export const signDownload = (secret: string, key: string, expiresAt: number): string =>
  createHmac('sha256', secret).update(`GET\n${key}\n${expiresAt}`).digest('base64url');

export const downloadUrl = (secret: string, key: string, expiresAt: number): string =>
  `${DOWNLOAD_FILE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${DOWNLOAD_QUERY.expires}=${expiresAt}&${DOWNLOAD_QUERY.signature}=${signDownload(secret, key, expiresAt)}`;

export type DownloadCheck = 'ok' | 'bad' | 'expired';

export const verifyDownload = (
  secret: string,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  now: number,
): DownloadCheck => {
  if (expires === undefined || signature === undefined || !/^\d{1,16}$/.test(expires)) return 'bad';
  const expiresAt = Number(expires);
  const expected = Buffer.from(signDownload(secret, key, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  return now >= expiresAt ? 'expired' : 'ok';
};

export type ByteRange =
  | { readonly kind: 'whole' }
  | { readonly kind: 'range'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/**
 * One `Range: bytes=a-b` (also `a-` and `-n`) over a file of `size` bytes; `end` is inclusive.
 * No header, another unit or several ranges read as the whole file (RFC 9110 lets a server
 * ignore Range); a range that starts past the end is unsatisfiable.
 */
export const parseRange = (header: string | undefined, size: number): ByteRange => {
  if (header === undefined) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return { kind: 'whole' };
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return { kind: 'whole' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
};

/** A file name for Content-Disposition: the key's base name, quoted safely, with a UTF-8 form. */
export const contentDisposition = (key: string): string => {
  const base = path.posix.basename(key);
  const ascii = base.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
};
