/**
 * Server configuration, from the environment (documented in the README):
 * PORT (one port for API and client), DATA_DIR (embedded database and blobs),
 * DATABASE_URL (a real PostgreSQL instead of the embedded one), LOG_LEVEL (pino level of the
 * request logs), COOKIE_SECURE (the site is served over HTTPS), SERVE_SOURCEMAPS, WORK_LEASE_MS and
 * WORK_CAPACITY (how engine work is claimed across processes: creation/claims.ts).
 *
 * Blobs: files under DATA_DIR/blobs by default; BLOB_STORE_URL=s3://bucket[/prefix] puts them in an
 * S3-compatible store instead (server/blobs/s3.ts), with S3_ENDPOINT (an S3-compatible server's
 * address, e.g. http://127.0.0.1:9000; unset: AWS for S3_REGION), S3_REGION (default us-east-1),
 * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (unset: the SDK's own chain, AWS_* variables or an
 * instance role), S3_FORCE_PATH_STYLE=1 (bucket in the path, as most S3-compatible servers want)
 * and S3_CORS_ORIGINS (comma-separated origins of the web client: `npm start` writes the bucket's
 * CORS rules for them, so browsers may PUT upload parts and GET downloads straight to the store).
 */
import path from 'node:path';
import { SIGN_UP_BONUS_COINS } from './ledger';

/** Where blobs live: the disk under DATA_DIR (the default), or an S3-compatible bucket. */
export type BlobStoreConfig =
  | { readonly kind: 'disk' }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      /** Key prefix inside the bucket, without slashes at either end ('' for none). */
      readonly prefix: string;
      /** An S3-compatible server's address; null for AWS itself. */
      readonly endpoint: string | null;
      readonly region: string;
      /** Both set, or both null (the SDK's default credential chain). */
      readonly accessKeyId: string | null;
      readonly secretAccessKey: string | null;
      readonly forcePathStyle: boolean;
      /** Origins the bucket's CORS rules let browsers PUT parts from and GET downloads for. */
      readonly corsOrigins: readonly string[];
    };

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /** Secret for signed URLs and nothing else; generated per data dir when unset. */
  readonly signingSecret: string | null;
  /** How long the simulated engines take for one task. */
  readonly taskDurationMs: number;
  readonly webRoot: string;
  /** pino level for `npm start` (`silent` turns the request logs off). */
  readonly logLevel: string;
  /** The site is served over HTTPS: cookies get `Secure`, and browsers are told to stay on HTTPS. */
  readonly cookieSecure: boolean;
  /** Serve the built client's `*.map` files; off by default so sources stay private. */
  readonly serveSourceMaps: boolean;
  /** Sign-in throttle window (failures per account and per address are counted over it). */
  readonly loginWindowMs: number;
  /** Guest generations a device or a client address makes a day before a captcha is asked. */
  readonly guestFreeTasks: number;
  /** Free coins a new account gets when it signs up (0: none). */
  readonly signUpBonusCoins: number;
  /** Guest task creations one client address may make per minute (HTTP 429 past it). */
  readonly guestCreatesPerMinute: number;
  /** Leading zero bits of the guest proof-of-work captcha (18: well under a second in a browser). */
  readonly captchaBits: number;
  /** Sign-ups, and separately reset mails, one client address may ask for per sign-in window. */
  readonly signUpsPerAddress: number;
  /**
   * Reset mails one e-mail address may be sent per sign-in window, whoever asks and from wherever
   * (counted for any address, registered or not, so the limit reveals no account).
   */
  readonly resetMailsPerAccount: number;
  /** How long a mailed password-reset link works. */
  readonly passwordResetTtlMs: number;
  /** Serve /dev/outbox (the stored mails): outside production, or with DEV_OUTBOX=1. */
  readonly devOutbox: boolean;
  /** Development switches (POST /dev/popups): outside production, or with DEV_SWITCHES=1. */
  readonly devSwitches: boolean;
  /** Pause between two streamed tokens of a chat reply (the simulated model's pace). */
  readonly chatTokenIntervalMs?: number;
  /**
   * Bytes of WAV per chunk of the SSE audio stream (absent: audioStream.ts AUDIO_CHUNK_BYTES) and
   * the pause between two chunks (absent: CHUNK_INTERVAL_MS); tests stream many small chunks fast.
   */
  readonly audioChunkBytes?: number;
  readonly audioChunkIntervalMs?: number;
  /**
   * How long a process's claim on a running task or training holds without renewal
   * (creation/claims.ts): a process that dies has its work taken over by another after this.
   */
  readonly workLeaseMs?: number;
  /** The most tasks and trainings one process works on at once (its engines' capacity). */
  readonly workCapacity?: number;
  /** Where blobs live (absent: the disk under DATA_DIR). */
  readonly blobStore?: BlobStoreConfig;
  /**
   * How long a process's claim on a chat reply it writes lasts unrefreshed (it refreshes it every
   * third of it): a reply whose process died is ended with an error after at most this long.
   */
  readonly chatLeaseMs?: number;
}

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const flag = (value: string | undefined): boolean => value === '1' || value?.toLowerCase() === 'true';

const int = (value: string | undefined, fallback: number): number => {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** BLOB_STORE_URL: unset, '' or `disk` for the disk; `s3://bucket[/prefix]` for S3. Anything else throws. */
export const blobStoreConfigOf = (env: NodeJS.ProcessEnv): BlobStoreConfig => {
  const url = env['BLOB_STORE_URL']?.trim() ?? '';
  if (url === '' || url === 'disk') return { kind: 'disk' };
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m || m[1] === undefined)
    throw new Error(`BLOB_STORE_URL must be s3://bucket[/prefix] (or unset for the disk), not ${url}`);
  const keyId = env['S3_ACCESS_KEY_ID'] || null;
  const secret = env['S3_SECRET_ACCESS_KEY'] || null;
  if ((keyId === null) !== (secret === null))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither');
  return {
    kind: 's3',
    bucket: m[1],
    prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: env['S3_ENDPOINT'] || null,
    region: env['S3_REGION'] || 'us-east-1',
    accessKeyId: keyId,
    secretAccessKey: secret,
    forcePathStyle: flag(env['S3_FORCE_PATH_STYLE']),
    corsOrigins: (env['S3_CORS_ORIGINS'] ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  };
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: int(env['PORT'], 8080),
  host: env['HOST'] ?? '0.0.0.0',
  dataDir: path.resolve(env['DATA_DIR'] ?? 'data'),
  databaseUrl: env['DATABASE_URL'] && env['DATABASE_URL'] !== '' ? env['DATABASE_URL'] : null,
  signingSecret: env['SIGNING_SECRET'] ?? null,
  taskDurationMs: int(env['TASK_DURATION_MS'], 5000),
  webRoot: path.resolve(env['WEB_ROOT'] ?? 'dist/web'),
  logLevel: LOG_LEVELS.has(env['LOG_LEVEL'] ?? '') ? env['LOG_LEVEL']! : 'info',
  cookieSecure: flag(env['COOKIE_SECURE']),
  serveSourceMaps: flag(env['SERVE_SOURCEMAPS']),
  loginWindowMs: int(env['LOGIN_WINDOW_MS'], 15 * 60_000),
  guestFreeTasks: int(env['GUEST_FREE_TASKS'], 3),
  signUpBonusCoins: Math.max(0, int(env['SIGN_UP_BONUS_COINS'], SIGN_UP_BONUS_COINS)),
  guestCreatesPerMinute: int(env['GUEST_CREATES_PER_MINUTE'], 20),
  captchaBits: Math.min(30, int(env['CAPTCHA_BITS'], 18)),
  signUpsPerAddress: int(env['SIGN_UPS_PER_ADDRESS'], 10),
  resetMailsPerAccount: int(env['RESET_MAILS_PER_ACCOUNT'], 3),
  passwordResetTtlMs: int(env['PASSWORD_RESET_TTL_MS'], 30 * 60_000),
  devOutbox: env['DEV_OUTBOX'] === '0' ? false : flag(env['DEV_OUTBOX']) || env['NODE_ENV'] !== 'production',
  devSwitches:
    env['DEV_SWITCHES'] === '0' ? false : flag(env['DEV_SWITCHES']) || env['NODE_ENV'] !== 'production',
  chatTokenIntervalMs: Math.min(2000, Math.max(1, int(env['CHAT_TOKEN_INTERVAL_MS'], 15))),
  workLeaseMs: Math.max(1000, int(env['WORK_LEASE_MS'], 10_000)),
  workCapacity: Math.max(1, int(env['WORK_CAPACITY'], 200)),
  blobStore: blobStoreConfigOf(env),
  chatLeaseMs: Math.max(300, int(env['CHAT_LEASE_MS'], 10_000)),
});
