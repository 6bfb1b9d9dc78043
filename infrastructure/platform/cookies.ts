/**
 * A typed cookie adapter over a `document.cookie`-like object (spec §9 lifetimes): lang and
 * X-Eyes 1 year, device id 60 days, the token cookie T 60 days, ad attribution 30 days. Every
 * cookie is written for the whole site (Path=/), SameSite=Lax, and Secure on https.
 *
 * The session cookie T is HttpOnly on our server, so scripts never see it; the server sets a
 * readable companion `T_present=1` with the same lifetime, and `hasSession` accepts either.
 */
import { session } from '../../domain/index.js';
import { SESSION_PRESENT_COOKIE } from '../contract/platform';

/** The one property of `document` this adapter uses. */
export interface CookieDocument {
  cookie: string;
}

const DAY_SECONDS = 24 * 3600;

/** Spec §9 cookie lifetimes, in days. */
export const COOKIE_LIFETIME_DAYS = {
  lang: 365,
  'X-Eyes': 365,
  device_id: 60,
  T: 60,
  ad_attribution: 30,
} as const;

export type CookieName = keyof typeof COOKIE_LIFETIME_DAYS;

export interface CookieAdapter {
  readonly get: (name: string) => string | null;
  readonly all: () => Readonly<Record<string, string>>;
  readonly set: (name: CookieName, value: string) => void;
  readonly remove: (name: CookieName) => void;
  /** Spec §6: a guest versus a signed-in person, by the session cookie T (or its companion). */
  readonly hasSession: () => boolean;
}

export const parseCookieHeader = (header: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    const raw = part.slice(i + 1).trim();
    if (name === '' || name in out) continue; // the most specific path comes first; keep it
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
};

export const cookieString = (
  name: CookieName,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;

export const makeCookieAdapter = (
  doc: CookieDocument,
  options: { readonly secure: boolean },
): CookieAdapter => {
  const all = () => parseCookieHeader(doc.cookie);
  return {
    all,
    get: (name) => all()[name] ?? null,
    set: (name, value) => {
      doc.cookie = cookieString(name, value, COOKIE_LIFETIME_DAYS[name] * DAY_SECONDS, options.secure);
    },
    remove: (name) => {
      doc.cookie = cookieString(name, '', 0, options.secure);
    },
    hasSession: () => {
      const jar = all();
      const present = jar[SESSION_PRESENT_COOKIE] === '1' ? '1' : undefined;
      return session.hasSessionCookie({ [session.SESSION_COOKIE]: jar[session.SESSION_COOKIE] ?? present });
    },
  };
};

/**
 * An in-memory `document.cookie` with the browser's rules that matter here: Max-Age (0 or
 * negative deletes), Expires, one value per name, HttpOnly cookies hidden from reads. `writes`
 * keeps every string assigned, so tests can check the attributes.
 */
export const memoryCookieDocument = (now: () => number, initial: Readonly<Record<string, string>> = {}) => {
  const jar = new Map<string, { value: string; expiresAt: number | null; httpOnly: boolean }>(
    Object.entries(initial).map(([k, v]) => [k, { value: v, expiresAt: null, httpOnly: false }]),
  );
  const writes: string[] = [];
  const live = () => {
    for (const [k, c] of jar) if (c.expiresAt !== null && c.expiresAt <= now()) jar.delete(k);
    return jar;
  };
  const doc = {
    writes,
    /** What a server's Set-Cookie would do (it may set HttpOnly cookies, which scripts cannot). */
    serverSet: (setCookie: string) => apply(setCookie, true),
    get cookie(): string {
      return [...live()]
        .filter(([, c]) => !c.httpOnly)
        .map(([k, c]) => `${k}=${c.value}`)
        .join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      apply(value, false);
    },
  };
  function apply(setCookie: string, fromServer: boolean): void {
    const [pair = '', ...attrs] = setCookie.split(';').map((s) => s.trim());
    const i = pair.indexOf('=');
    if (i <= 0) return;
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    let expiresAt: number | null = null;
    let httpOnly = false;
    for (const attr of attrs) {
      const [k = '', v = ''] = attr.split('=');
      const key = k.toLowerCase();
      if (key === 'max-age') expiresAt = now() + Number(v) * 1000;
      else if (key === 'expires' && expiresAt === null) expiresAt = Date.parse(v);
      else if (key === 'httponly') httpOnly = true;
    }
    const existing = jar.get(name);
    if (!fromServer && (httpOnly || existing?.httpOnly)) return; // scripts cannot touch HttpOnly cookies
    if (expiresAt !== null && expiresAt <= now()) jar.delete(name);
    else jar.set(name, { value, expiresAt, httpOnly });
  }
  return doc;
};
