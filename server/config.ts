/**
 * Server configuration, from the environment (documented in the README):
 * PORT (one port for API and client), DATA_DIR (embedded database and blobs),
 * DATABASE_URL (a real PostgreSQL instead of the embedded one), LOG_LEVEL (pino level of the
 * request logs), COOKIE_SECURE (the site is served over HTTPS), SERVE_SOURCEMAPS.
 */
import path from 'node:path';

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
  /** Guest task creations one client address may make per minute (HTTP 429 past it). */
  readonly guestCreatesPerMinute: number;
  /** Leading zero bits of the guest proof-of-work captcha (18: well under a second in a browser). */
  readonly captchaBits: number;
  /** Sign-ups, and separately reset mails, one client address may ask for per sign-in window. */
  readonly signUpsPerAddress: number;
  /** How long a mailed password-reset link works. */
  readonly passwordResetTtlMs: number;
  /** Serve /dev/outbox (the stored mails): outside production, or with DEV_OUTBOX=1. */
  readonly devOutbox: boolean;
  /** Development switches (POST /dev/popups): outside production, or with DEV_SWITCHES=1. */
  readonly devSwitches: boolean;
  /** Pause between two streamed tokens of a chat reply (the simulated model's pace). */
  readonly chatTokenIntervalMs?: number;
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
  guestCreatesPerMinute: int(env['GUEST_CREATES_PER_MINUTE'], 20),
  captchaBits: Math.min(30, int(env['CAPTCHA_BITS'], 18)),
  signUpsPerAddress: int(env['SIGN_UPS_PER_ADDRESS'], 10),
  passwordResetTtlMs: int(env['PASSWORD_RESET_TTL_MS'], 30 * 60_000),
  devOutbox: env['DEV_OUTBOX'] === '0' ? false : flag(env['DEV_OUTBOX']) || env['NODE_ENV'] !== 'production',
  devSwitches:
    env['DEV_SWITCHES'] === '0' ? false : flag(env['DEV_SWITCHES']) || env['NODE_ENV'] !== 'production',
  chatTokenIntervalMs: Math.min(2000, Math.max(1, int(env['CHAT_TOKEN_INTERVAL_MS'], 15))),
  chatLeaseMs: Math.max(300, int(env['CHAT_LEASE_MS'], 10_000)),
});
