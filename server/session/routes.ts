/**
 * Session routes (spec §3, §4, §7): sign-in (throttled per address and account), sign-out, the
 * account info, sign-up, forgotten passwords (./passwords.ts), the account's settings
 * (./settings.ts) and, outside production, the development outbox page (./outboxPage.ts).
 */
import type { FastifyInstance } from 'fastify';
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
  type LoginThrottled,
} from '../../infrastructure/contract/account';
import { hashPassword, newId, requireAccount, sessionCookie, startSession, verifyPassword } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { LOGIN_LIMITS, makeLoginThrottle, slidingWindow } from '../security/throttle';
import { credit, WELCOME_BONUS_REASON } from '../ledger';
import { infoOf, type AccountRow } from './accounts';
import { outboxMailer, readOutbox, type Mailer } from './mail';
import { outboxPage } from './outboxPage';
import { resetPassword, sendResetMail } from './passwords';
import { readSettings, writeSettings } from './settings';
import { throttled } from './throttled';

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
    return ok({ token, user: await infoOf(ctx, row) });
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
    return ok(await infoOf(ctx, row));
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
    // Spec §4: a new account has status 3 (new user). The unique index decides a race of two sign-ups;
    // the account and its welcome coins are one write.
    const row = await ctx.db.transaction(async (tx) => {
      const [added] = await tx.query<AccountRow>(
        `INSERT INTO accounts (id, email, password_hash, account_name, name, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 3, $6) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [id, email, hash, `user_${id}`, name, now],
      );
      if (added && ctx.config.signUpBonusCoins > 0)
        await credit(tx, added.id, 'free', ctx.config.signUpBonusCoins, WELCOME_BONUS_REASON, 'sign-up', now);
      return added;
    });
    if (!row) throw new ApiError(CODES.emailRegistered, 'this email is registered already');
    const token = await startSession(ctx.db, reply, row.id, now);
    return ok({ token, user: await infoOf(ctx, row) });
  });

  app.post(PASSWORD_FORGOT_PATH, async (req, reply) =>
    sendResetMail(
      ctx,
      { resetMails, resetMailsTo },
      mailer,
      req,
      reply,
      decodeBody(PasswordForgotRequest, req.body),
    ),
  );

  app.post(PASSWORD_RESET_PATH, async (req) =>
    resetPassword(ctx, decodeBody(PasswordResetRequest, req.body)),
  );

  app.post(SETTINGS_PATH, async (req) => {
    decodeBody(EmptyRequest, req.body);
    return ok(await readSettings(ctx.db, requireAccount(req.caller)));
  });

  app.post(SETTINGS_UPDATE_PATH, async (req) => {
    const { mode: _mode, ...changes } = decodeBody(SettingsUpdateRequest, req.body);
    return ok(await writeSettings(ctx.db, requireAccount(req.caller), changes));
  });

  app.post(SHOW_SEXY_PATH, async (req) => {
    const body = decodeBody(ShowSexyRequest, req.body);
    return ok(await writeSettings(ctx.db, requireAccount(req.caller), { show_sexy: body.show_sexy }));
  });

  app.post(LOCALIZE_SET_PATH, async (req) => {
    const body = decodeBody(LocalizeSetRequest, req.body);
    return ok(await writeSettings(ctx.db, requireAccount(req.caller), { lang_code: body.lang_code }));
  });

  if (ctx.config.devOutbox)
    app.get(DEV_OUTBOX_PAGE, async (_req, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(outboxPage(await readOutbox(ctx.db))),
    );
};
