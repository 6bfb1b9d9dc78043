/**
 * The chat socket's handshake: authenticated with the session token (`auth.token`, else the T
 * cookie); guests are refused with `{ code: 20000 }`. An accepted socket carries its account.
 */
import type { Socket } from 'socket.io';
import { TOKEN_COOKIE } from '../../infrastructure/contract/envelope';
import { isSessionToken, parseCookies } from '../auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { CODES } from '../envelope';

export interface SocketData {
  accountId: string;
}

const accountOfToken = async (db: Queryable, token: string | null, now: number): Promise<string | null> => {
  if (token === null || token === '') return null;
  const [row] = await db.query<{ account_id: string }>(
    'SELECT account_id FROM sessions WHERE token = $1 AND expires_at > $2',
    [token, now],
  );
  return row?.account_id ?? null;
};

const handshakeToken = (socket: Socket): string | null => {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  if (auth && typeof auth['token'] === 'string' && auth['token'] !== '')
    return isSessionToken(auth['token']) ? auth['token'] : null;
  const cookie = parseCookies(socket.handshake.headers.cookie)[TOKEN_COOKIE];
  return cookie !== undefined && isSessionToken(cookie) ? cookie : null;
};

/** The socket.io middleware that admits a signed-in socket and refuses any other. */
export const authenticateSocket =
  (ctx: ServerContext) =>
  (socket: Socket, next: (err?: Error) => void): void => {
    accountOfToken(ctx.db, handshakeToken(socket), ctx.clock.now())
      .then((accountId) => {
        if (accountId === null) {
          const refusal = Object.assign(new Error('please log in'), {
            data: { code: CODES.notLoggedIn, msg: 'please log in' },
          });
          next(refusal);
          return;
        }
        (socket.data as SocketData).accountId = accountId;
        next();
      })
      .catch(() =>
        next(Object.assign(new Error('internal error'), { data: { code: 500, msg: 'internal error' } })),
      );
  };
