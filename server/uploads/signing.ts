/**
 * Signed chunk URLs: HMAC-SHA256 over (method, file id, chunk index, expiry), so a signature
 * is good for one chunk of one file until its expiry and for nothing else.
 *
 * The secret is `SIGNING_SECRET` (config.signingSecret) when set, which several servers behind
 * one database must share; otherwise one is generated on first start and kept in
 * `DATA_DIR/signing-secret` (mode 0600), so URLs handed out survive a restart.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkPutPath } from '../../infrastructure/contract/uploads';

export const SIGNING_SECRET_FILE = 'signing-secret';

const isErrno = (err: unknown, code: string): boolean =>
  err instanceof Error && (err as NodeJS.ErrnoException).code === code;

/** Reads the data dir's secret, creating it once (an exclusive create: two starts agree on one). */
export const loadSigningSecret = (configured: string | null, dataDir: string): string => {
  if (configured !== null && configured !== '') return configured;
  const file = path.join(dataDir, SIGNING_SECRET_FILE);
  const read = (): string | null => {
    try {
      const s = readFileSync(file, 'utf8').trim();
      return s.length >= 32 ? s : null;
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return null;
      throw err;
    }
  };
  const existing = read();
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (!isErrno(err, 'EEXIST')) throw err;
  }
  const created = read();
  if (created === null) throw new Error(`${file} holds no usable secret`);
  return created;
};

export const signChunk = (secret: string, fileId: string, chunk: number, expiresAt: number): string =>
  createHmac('sha256', secret).update(`PUT\n${fileId}\n${chunk}\n${expiresAt}`).digest('base64url');

export const chunkUrl = (secret: string, fileId: string, chunk: number, expiresAt: number): string =>
  `${chunkPutPath(fileId, chunk)}?exp=${expiresAt}&sig=${signChunk(secret, fileId, chunk, expiresAt)}`;

export type SignatureCheck = 'ok' | 'bad' | 'expired';

export const verifyChunk = (
  secret: string,
  fileId: string,
  chunk: number,
  expiresAt: number,
  signature: string,
  now: number,
): SignatureCheck => {
  const expected = Buffer.from(signChunk(secret, fileId, chunk, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  return now >= expiresAt ? 'expired' : 'ok';
};

/** The file id and chunk index a pre-signed URL (absolute or relative) names, or null. */
export const parseChunkUrl = (url: string): { fileId: string; chunk: number } | null => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost');
  } catch {
    return null;
  }
  const m = /^\/upload\/([A-Za-z0-9_-]{8,64})\/(\d{1,6})$/.exec(parsed.pathname);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  return { fileId: m[1], chunk: Number(m[2]) };
};
