/**
 * Accounts and sessions: scrypt password hashes (node:crypto), opaque session tokens carried
 * by cookie T (60 days) or the `token` header, and guests identified by their device id.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADER, TOKEN_COOKIE } from '../infrastructure/contract/envelope';
import type { Queryable } from './db/database';
import { ApiError, CODES } from './envelope';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

export const SESSION_TTL_MS = 60 * 24 * 3600 * 1000;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
};

export const newId = (bytes = 9): string => randomBytes(bytes).toString('base64url');

export const parseCookies = (header: string | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const key = part.slice(0, i).trim();
    try {
      out[key] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[key] = part.slice(i + 1).trim();
    }
  }
  return out;
};

export const sessionCookie = (token: string, maxAgeMs: number): string =>
  `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; SameSite=Lax`;

export interface Caller {
  readonly accountId: string | null;
  readonly deviceId: string | null;
  readonly token: string | null;
}

/**
 * The shape of the tokens `startSession` issues (base64url). Anything else (NUL, control
 * characters, wrong length) cannot name a session, so it is no session: never a database query.
 */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export const isSessionToken = (value: string): boolean => SESSION_TOKEN.test(value);

export const tokenOf = (req: FastifyRequest): string | null => {
  const header = req.headers[HEADER.token];
  if (typeof header === 'string' && header !== '') return isSessionToken(header) ? header : null;
  const cookie = parseCookies(req.headers.cookie)[TOKEN_COOKIE];
  return cookie !== undefined && isSessionToken(cookie) ? cookie : null;
};

export const resolveCaller = async (db: Queryable, req: FastifyRequest, now: number): Promise<Caller> => {
  const token = tokenOf(req);
  const device = req.headers[HEADER.deviceId];
  const deviceId = typeof device === 'string' && /^[A-Za-z0-9_-]{6,64}$/.test(device) ? device : null;
  if (token === null) return { accountId: null, deviceId, token: null };
  const rows = await db.query<{ account_id: string }>(
    'SELECT account_id FROM sessions WHERE token = $1 AND expires_at > $2',
    [token, now],
  );
  return { accountId: rows[0]?.account_id ?? null, deviceId, token: rows[0] ? token : null };
};

/**
 * Whether the request carried a session cookie T that names no live session (logged out
 * elsewhere, expired, deleted, or not a token at all). Its answer then clears T (issue 25), so the
 * browser stops presenting a dead session's token with every call; the script cannot clear an
 * HttpOnly cookie itself. Costs a query only when a `token` header spoke for another session.
 */
export const presentsDeadCookie = async (
  db: Queryable,
  req: FastifyRequest,
  caller: Caller,
  now: number,
): Promise<boolean> => {
  const cookie = parseCookies(req.headers.cookie)[TOKEN_COOKIE];
  if (cookie === undefined || cookie === '') return false;
  if (caller.token !== null && caller.token === cookie) return false;
  if (!isSessionToken(cookie)) return true;
  const header = req.headers[HEADER.token];
  // Without a header the caller was resolved from this very cookie.
  if (typeof header !== 'string' || header === '') return caller.token === null;
  const rows = await db.query('SELECT 1 AS ok FROM sessions WHERE token = $1 AND expires_at > $2', [
    cookie,
    now,
  ]);
  return rows.length === 0;
};

export const requireAccount = (caller: Caller): string => {
  if (caller.accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
  return caller.accountId;
};

export const startSession = async (
  db: Queryable,
  reply: FastifyReply,
  accountId: string,
  now: number,
): Promise<string> => {
  const token = newId(24);
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    token,
    accountId,
    now,
    now + SESSION_TTL_MS,
  ]);
  reply.header('set-cookie', sessionCookie(token, SESSION_TTL_MS));
  reply.header(HEADER.token, token);
  return token;
};
