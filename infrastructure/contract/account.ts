/**
 * Account calls. Login, logout and account info paths are "not shown" in the spec; we chose
 * `POST /api/v1/account/login`, `/api/v1/account/logout` and `/api/v1/account/info`.
 */
import * as t from 'io-ts';

export const LOGIN_PATH = '/api/v1/account/login';
export const LOGOUT_PATH = '/api/v1/account/logout';
export const ACCOUNT_INFO_PATH = '/api/v1/account/info';

interface EmailBrand {
  readonly Email: unique symbol;
}
export const Email = t.brand(
  t.string,
  (s): s is t.Branded<string, EmailBrand> => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) && s.length <= 254,
  'Email',
);
export type Email = t.TypeOf<typeof Email>;

export const LoginRequest = t.type({ email: Email, password: t.string }, 'LoginRequest');
export type LoginRequest = t.TypeOf<typeof LoginRequest>;

export const AccountInfo = t.type(
  {
    id: t.string,
    account_id: t.string,
    account_name: t.string,
    name: t.string,
    email: t.string,
    avatar: t.string,
    status: t.number,
    role: t.string,
    create_at: t.number,
  },
  'AccountInfo',
);
export type AccountInfo = t.TypeOf<typeof AccountInfo>;

export const LoginResponse = t.type({ token: t.string, user: AccountInfo }, 'LoginResponse');
export type LoginResponse = t.TypeOf<typeof LoginResponse>;

/**
 * The `data` of a refused sign-in with code 20010 (too many attempts for the account or the
 * client address): how many seconds to wait before the next attempt (also the Retry-After header).
 */
export const LoginThrottled = t.type({ retry_after_s: t.number }, 'LoginThrottled');
export type LoginThrottled = t.TypeOf<typeof LoginThrottled>;

export const EmptyRequest = t.type({}, 'EmptyRequest');
export const EmptyResponse = t.union([t.null, t.type({})], 'EmptyResponse');
