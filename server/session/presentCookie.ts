/**
 * The script-readable companion of the session cookie: the HttpOnly cookie T is mirrored into
 * `T_present=1` with the same lifetime (set and cleared with it), because the client must know at
 * start whether T is there (spec §4: persisted state is dropped when T is missing) and cannot read
 * T itself. One `onSend` hook on the whole app, whichever route or hook set T.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TOKEN_COOKIE } from '../../infrastructure/contract/envelope';
import { SESSION_PRESENT_COOKIE } from '../../infrastructure/contract/platform';

/** `T=...; Max-Age=n` → the companion cookie with the same lifetime, or null for other cookies. */
export const sessionPresentCookie = (setCookie: string): string | null => {
  if (!setCookie.startsWith(`${TOKEN_COOKIE}=`)) return null;
  const value = setCookie.slice(TOKEN_COOKIE.length + 1).split(';')[0] ?? '';
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(setCookie)?.[1];
  const seconds = value === '' || maxAge === undefined ? 0 : Number(maxAge);
  const secure = /;\s*Secure\b/i.test(setCookie) ? '; Secure' : '';
  return `${SESSION_PRESENT_COOKIE}=${seconds > 0 ? '1' : ''}; Path=/; Max-Age=${seconds}; SameSite=Lax${secure}`;
};

const mirrorSessionCookie = (reply: FastifyReply): void => {
  const header = reply.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header.map(String) : typeof header === 'string' ? [header] : [];
  if (cookies.some((c) => c.startsWith(`${SESSION_PRESENT_COOKIE}=`))) return;
  const companions = cookies.map(sessionPresentCookie).filter((c): c is string => c !== null);
  // reply.header appends to set-cookie: passing the existing cookies again would send T twice.
  if (companions.length > 0) reply.header('set-cookie', companions);
};

export const registerSessionPresentCookie = (app: FastifyInstance): void => {
  app.addHook('onSend', async (_req, reply, payload) => {
    mirrorSessionCookie(reply);
    return payload;
  });
};
