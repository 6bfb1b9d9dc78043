/**
 * Forgotten passwords (spec §4): a reset mail (throttled per address asking and per e-mail address,
 * the same answer whether or not the address has an account) with a one-use link, and the reset
 * that claims the link, sets the password and ends every session of the account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { session } from '../../domain/index.js';
import type { PasswordForgotRequest, PasswordResetRequest } from '../../infrastructure/contract/account';
import { hashPassword } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, ok } from '../envelope';
import type { SlidingWindow } from '../security/throttle';
import type { AccountRow } from './accounts';
import type { Mailer } from './mail';
import { throttled } from './throttled';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** The limits of reset mails: per address asking, and per e-mail address asked for. */
export interface ResetMailLimits {
  readonly resetMails: SlidingWindow;
  readonly resetMailsTo: SlidingWindow;
}

export const sendResetMail = async (
  ctx: ServerContext,
  { resetMails, resetMailsTo }: ResetMailLimits,
  mailer: Mailer,
  req: FastifyRequest,
  reply: FastifyReply,
  body: PasswordForgotRequest,
) => {
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
};

export const resetPassword = async (ctx: ServerContext, body: PasswordResetRequest) => {
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
};
