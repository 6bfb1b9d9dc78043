import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { session } from '../../domain/index.js';
import {
  ACCOUNT_INFO_PATH,
  DEV_OUTBOX_PAGE,
  LOCALIZE_SET_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  LocalizeSetRequest,
  LoginRequest,
  PASSWORD_FORGOT_PATH,
  PASSWORD_RESET_PATH,
  PasswordForgotRequest,
  PasswordResetRequest,
  REGISTER_PATH,
  RegisterRequest,
  SETTINGS_PATH,
  SETTINGS_UPDATE_PATH,
  SHOW_SEXY_PATH,
  SettingsUpdateRequest,
  ShowSexyRequest,
  EmptyRequest,
  type AccountInfo,
  type AccountSettings,
  type LoginThrottled,
} from '../../infrastructure/contract/account';
import { hashPassword, newId, requireAccount, sessionCookie, startSession, verifyPassword } from '../auth';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { avatarFrameOf } from '../decorations/decorations';
import type { ServerContext } from '../context';
import { outboxMailer, readOutbox, type Mailer } from './mail';
import type { Database } from '../db/database';
import {
  claim,
  LOGIN_LIMITS,
  makeLoginThrottle,
  slidingWindow,
  type SlidingWindow,
} from '../security/throttle';

interface AccountRow extends Record<string, unknown> {
  id: string;
  email: string;
  password_hash: string;
  account_name: string;
  name: string;
  avatar: string;
  status: number;
  role: string;
  created_at: string | number;
  enterprise_role?: string | null;
}

const toAccountInfo = (r: AccountRow, avatarFrame: string | null): AccountInfo => ({
  id: r.id,
  account_id: r.id,
  account_name: r.account_name,
  name: r.name,
  email: r.email,
  avatar: r.avatar,
  status: r.status,
  role: r.role,
  create_at: Number(r.created_at),
  avatar_frame: avatarFrame,
  enterprise:
    r.enterprise_role === 'admin' || r.enterprise_role === 'member'
      ? { identity_type: 'enterprise', show_entry: r.enterprise_role === 'admin' }
      : null,
});

interface SettingsRow extends Record<string, unknown> {
  lang_code: string;
  use_model_preset_meta_mode: number;
  task_image_prompt_switch: boolean;
  task_flow_version: string;
  is_auto_pub_community: boolean;
  show_sexy: boolean;
}

const toSettings = (r: SettingsRow): AccountSettings => ({
  lang_code: r.lang_code,
  use_model_preset_meta_mode: r.use_model_preset_meta_mode === 2 ? 2 : 1,
  task_image_prompt_switch: r.task_image_prompt_switch,
  task_flow_version: r.task_flow_version === 'v2' ? 'v2' : 'v1',
  is_auto_pub_community: r.is_auto_pub_community,
  show_sexy: r.show_sexy,
});

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Refuses the attempt with 20010 and the wait when `key` is over its limit; else counts it (checked
 * and counted as one step, so a burst in parallel gets no more than the limit).
 */
const throttled = async (
  db: Database,
  limiter: SlidingWindow,
  key: string,
  now: number,
  reply: FastifyReply,
): Promise<{ status: { code: number; msg: string }; data: LoginThrottled } | null> => {
  const { waitMs } = await claim(db, [{ window: limiter, key }], now);
  if (waitMs <= 0) return null;
  const retryAfterS = Math.ceil(waitMs / 1000);
  reply.header('retry-after', String(retryAfterS));
  return {
    status: { code: CODES.tooManySignIns, msg: `too many attempts; retry in ${retryAfterS} s` },
    data: { retry_after_s: retryAfterS },
  };
};

export const sessionRoutes = (
  app: FastifyInstance,
  ctx: ServerContext,
  mailer: Mailer = outboxMailer(ctx.db, ctx.clock),
): void => {
  // In PostgreSQL: the limits hold across every server process on the database.
  const throttle = makeLoginThrottle(ctx.db, { ...LOGIN_LIMITS, windowMs: ctx.config.loginWindowMs });
  const { signUpsPerAddress, loginWindowMs } = ctx.config;
  const signUps = slidingWindow(ctx.db, 'sign-up:address', signUpsPerAddress, loginWindowMs);
  const resetMails = slidingWindow(ctx.db, 'reset-mail:address', signUpsPerAddress, loginWindowMs);
  // Per e-mail address too, whoever asks from wherever: no one floods a mailbox from many addresses.
  const resetMailsTo = slidingWindow(
    ctx.db,
    'reset-mail:account',
    ctx.config.resetMailsPerAccount,
    loginWindowMs,
  );
  /** The account's fields with the frame of the avatar box it wears (spec §3 avatar_frame). */
  const infoOf = async (row: AccountRow): Promise<AccountInfo> =>
    toAccountInfo(row, await avatarFrameOf(ctx.db, ctx.blobs, row.id));

  app.post(LOGIN_PATH, async (req, reply) => {
    const body = decodeBody(LoginRequest, req.body);
    const email = body.email.toLowerCase();
    const now = ctx.clock.now();
    // Counted before the password is checked: during a lock the right password is refused too.
    const attempt = await throttle.attempt(email, req.ip, now);
    if (attempt.waitMs > 0) {
      const retryAfterS = Math.ceil(attempt.waitMs / 1000);
      reply.header('retry-after', String(retryAfterS));
      return {
        status: { code: CODES.tooManySignIns, msg: `too many sign-in attempts; retry in ${retryAfterS} s` },
        data: { retry_after_s: retryAfterS } satisfies LoginThrottled,
      };
    }
    const [row] = await ctx.db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [email]);
    // A failure stays counted; a right password gives the attempt back and clears the account's.
    if (!row) throw new ApiError(CODES.accountNotExistent, 'no account with this email');
    if (!(await verifyPassword(body.password, row.password_hash)))
      throw new ApiError(CODES.wrongPassword, 'wrong password');
    await attempt.release?.();
    await throttle.succeeded(email);
    const token = await startSession(ctx.db, reply, row.id, now);
    return ok({ token, user: await infoOf(row) });
  });

  app.post(LOGOUT_PATH, async (req, reply) => {
    if (req.caller.token) await ctx.db.query('DELETE FROM sessions WHERE token = $1', [req.caller.token]);
    reply.header('set-cookie', sessionCookie('', 0));
    return ok(null);
  });

  app.post(ACCOUNT_INFO_PATH, async (req) => {
    const id = requireAccount(req.caller);
    const [row] = await ctx.db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
    if (!row) throw new ApiError(CODES.accountNotExistent, 'the account is gone');
    return ok(await infoOf(row));
  });

  app.post(REGISTER_PATH, async (req, reply) => {
    const body = decodeBody(RegisterRequest, req.body);
    const now = ctx.clock.now();
    const refused = await throttled(ctx.db, signUps, req.ip, now, reply);
    if (refused) return refused;
    const email = body.email.trim().toLowerCase();
    if (!session.isPlausibleEmail(email) || email.length > 254)
      throw new ApiError(CODES.invalidEmail, 'invalid email');
    if (session.nameProblem(body.name) !== null) throw new ApiError(CODES.nameRejected, 'invalid name');
    if (session.passwordProblem(body.password) !== null)
      throw new ApiError(
        CODES.passwordRejected,
        `the password needs ${session.PASSWORD_MIN_LENGTH} to ${session.PASSWORD_MAX_LENGTH} characters`,
      );
    const id = newId();
    const name = body.name.trim();
    const hash = await hashPassword(body.password);
    // Spec §4: a new account has status 3 (new user). The unique index decides a race of two sign-ups.
    const [row] = await ctx.db.query<AccountRow>(
      `INSERT INTO accounts (id, email, password_hash, account_name, name, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 3, $6) ON CONFLICT (email) DO NOTHING RETURNING *`,
      [id, email, hash, `user_${id}`, name, now],
    );
    if (!row) throw new ApiError(CODES.emailRegistered, 'this email is registered already');
    const token = await startSession(ctx.db, reply, row.id, now);
    return ok({ token, user: await infoOf(row) });
  });

  app.post(PASSWORD_FORGOT_PATH, async (req, reply) => {
    const body = decodeBody(PasswordForgotRequest, req.body);
    const now = ctx.clock.now();
    const refused = await throttled(ctx.db, resetMails, req.ip, now, reply);
    if (refused) return refused;
    const email = body.email.trim().toLowerCase();
    if (!session.isPlausibleEmail(email)) throw new ApiError(CODES.invalidEmail, 'invalid email');
    // Counted before the address is looked up, for every address alike: the limit reveals no one.
    const tooMany = await throttled(ctx.db, resetMailsTo, email, now, reply);
    if (tooMany) return tooMany;
    const [row] = await ctx.db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [email]);
    // The same answer whether or not the address has an account: the form reveals no one.
    if (!row) return ok(null);
    const token = randomBytes(32).toString('base64url');
    await ctx.db.query(
      'INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [sha256(token), row.id, now, now + ctx.config.passwordResetTtlMs],
    );
    const origin = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const minutes = Math.round(ctx.config.passwordResetTtlMs / 60_000);
    await mailer.send(
      row.email,
      'Reset your Atelier password',
      `Hello ${row.name},\n\nSomeone (we hope you) asked to reset the password of your Atelier account.\n` +
        `Open this link within ${minutes} minutes to choose a new one (it works once):\n\n` +
        `${origin}/password/reset?token=${token}\n\nIf it was not you, ignore this mail: nothing changes.\n`,
    );
    return ok(null);
  });

  app.post(PASSWORD_RESET_PATH, async (req) => {
    const body = decodeBody(PasswordResetRequest, req.body);
    const now = ctx.clock.now();
    if (session.passwordProblem(body.password) !== null)
      throw new ApiError(
        CODES.passwordRejected,
        `the password needs ${session.PASSWORD_MIN_LENGTH} to ${session.PASSWORD_MAX_LENGTH} characters`,
      );
    const hash = await hashPassword(body.password);
    // Claimed in one statement: two uses of one link cannot both succeed.
    const [claimed] = await ctx.db.query<{ account_id: string }>(
      `UPDATE password_resets SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING account_id`,
      [sha256(body.token), now],
    );
    if (!claimed) throw new ApiError(CODES.resetLinkExpired, 'the reset link expired or was used already');
    await ctx.db.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [claimed.account_id, hash]);
    // Every session of the account ends, and every other link it was sent stops working.
    await ctx.db.query('DELETE FROM sessions WHERE account_id = $1', [claimed.account_id]);
    await ctx.db.query('UPDATE password_resets SET used_at = $2 WHERE account_id = $1 AND used_at IS NULL', [
      claimed.account_id,
      now,
    ]);
    return ok(null);
  });

  const readSettings = async (accountId: string): Promise<AccountSettings> => {
    await ctx.db.query('INSERT INTO account_settings (account_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      accountId,
    ]);
    const [row] = await ctx.db.query<SettingsRow>('SELECT * FROM account_settings WHERE account_id = $1', [
      accountId,
    ]);
    if (!row) throw new ApiError(CODES.accountNotExistent, 'the account is gone');
    return toSettings(row);
  };

  /** Writes the given columns (names from the codecs' keys only, never from the request). */
  const writeSettings = async (
    accountId: string,
    changes: Partial<Omit<AccountSettings, never>>,
  ): Promise<AccountSettings> => {
    await readSettings(accountId);
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (entries.length > 0)
      await ctx.db.query(
        `UPDATE account_settings SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE account_id = $1`,
        [accountId, ...entries.map(([, v]) => v)],
      );
    return readSettings(accountId);
  };

  app.post(SETTINGS_PATH, async (req) => {
    decodeBody(EmptyRequest, req.body);
    return ok(await readSettings(requireAccount(req.caller)));
  });

  app.post(SETTINGS_UPDATE_PATH, async (req) => {
    const { mode: _mode, ...changes } = decodeBody(SettingsUpdateRequest, req.body);
    return ok(await writeSettings(requireAccount(req.caller), changes));
  });

  app.post(SHOW_SEXY_PATH, async (req) => {
    const body = decodeBody(ShowSexyRequest, req.body);
    return ok(await writeSettings(requireAccount(req.caller), { show_sexy: body.show_sexy }));
  });

  app.post(LOCALIZE_SET_PATH, async (req) => {
    const body = decodeBody(LocalizeSetRequest, req.body);
    return ok(await writeSettings(requireAccount(req.caller), { lang_code: body.lang_code }));
  });

  if (ctx.config.devOutbox)
    app.get(DEV_OUTBOX_PAGE, async (_req, reply) => {
      const mails = await readOutbox(ctx.db);
      const linkify = (body: string) =>
        escapeHtml(body).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      const items = mails
        .map(
          (m) =>
            `<li><p><b>To:</b> ${escapeHtml(m.to_address)}<br><b>Subject:</b> ${escapeHtml(m.subject)}<br>` +
            `<small>${new Date(Number(m.created_at)).toISOString()}</small></p><pre>${linkify(m.body)}</pre></li>`,
        )
        .join('');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
            `<title>Outbox (development)</title><style>body{font:15px system-ui,sans-serif;margin:0 auto;padding:16px;max-width:760px;background:#111318;color:#e8e9ee}` +
            `li{list-style:none;border:1px solid #333846;border-radius:8px;padding:12px;margin:12px 0}ul{padding:0}pre{white-space:pre-wrap;overflow-wrap:anywhere}a{color:#8ab4ff}</style></head>` +
            `<body><h1>Outbox</h1><p>Mails the reference server would have sent (a real SMTP replaces this in production).</p>` +
            `<ul data-testid="outbox">${items || '<li>No mail yet.</li>'}</ul></body></html>`,
        );
    });
};
