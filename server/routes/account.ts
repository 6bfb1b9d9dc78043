import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_INFO_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  LoginRequest,
  type AccountInfo,
  type LoginThrottled,
} from '../../infrastructure/contract/account';
import { requireAccount, sessionCookie, startSession, verifyPassword } from '../auth';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import type { ServerContext } from '../context';
import { LOGIN_LIMITS, makeLoginThrottle } from '../security/throttle';

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
}

const toAccountInfo = (r: AccountRow): AccountInfo => ({
  id: r.id,
  account_id: r.id,
  account_name: r.account_name,
  name: r.name,
  email: r.email,
  avatar: r.avatar,
  status: r.status,
  role: r.role,
  create_at: Number(r.created_at),
});

export const accountRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const throttle = makeLoginThrottle({ ...LOGIN_LIMITS, windowMs: ctx.config.loginWindowMs });

  app.post(LOGIN_PATH, async (req, reply) => {
    const body = decodeBody(LoginRequest, req.body);
    const email = body.email.toLowerCase();
    const now = ctx.clock.now();
    // Checked before the password: during a lock the right password is refused too.
    const waitMs = throttle.waitMs(email, req.ip, now);
    if (waitMs > 0) {
      const retryAfterS = Math.ceil(waitMs / 1000);
      reply.header('retry-after', String(retryAfterS));
      return {
        status: { code: CODES.tooManySignIns, msg: `too many sign-in attempts; retry in ${retryAfterS} s` },
        data: { retry_after_s: retryAfterS } satisfies LoginThrottled,
      };
    }
    const [row] = await ctx.db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [email]);
    if (!row || !(await verifyPassword(body.password, row.password_hash))) {
      throttle.failed(email, req.ip, now);
      if (!row) throw new ApiError(CODES.accountNotExistent, 'no account with this email');
      throw new ApiError(CODES.wrongPassword, 'wrong password');
    }
    throttle.succeeded(email);
    const token = await startSession(ctx.db, reply, row.id, now);
    return ok({ token, user: toAccountInfo(row) });
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
    return ok(toAccountInfo(row));
  });
};
