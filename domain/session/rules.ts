/**
 * The session rules of spec §4 and §6 as pure functions: new user, admin-off, enterprise role,
 * what survives logout in local storage and whether persisted state may be restored. No rule
 * here sees the bearer token: the HTTP adapter keeps it and applies the same cookie rule to it.
 */
import type { PaymentInfo } from '../billing/state.js';
import { ErrorCodes } from '../errors/catalogue.js';
import { STORE_EFFECT_KEYS } from '../routing/rules.js';
import type { SessionState, UserInfo } from './state.js';

/** Spec §4: status 3 is a new user. */
export const isNewUser = (user: UserInfo): boolean => user.status === 3;

export type AdminOff = 0 | -1;

export const REVIEWER_ROLES: readonly string[] = ['reviewer', 'reviewer_only'];

/** Spec §6: roles reviewer and reviewer_only turn admin-off to 0, otherwise -1. */
export const adminOffFor = (role: string): AdminOff => (REVIEWER_ROLES.includes(role) ? 0 : -1);

export type EnterpriseRole = 'none' | 'admin' | 'member';

/**
 * Spec §3/§6: identity_type 'enterprise' marks a company account; show_entry tells its admin
 * from an ordinary member. Any other identity (including a ToB one) is not a company account.
 */
export const enterpriseRoleOf = (user: UserInfo): EnterpriseRole => {
  const e = user.enterprise;
  if (!e || e.identityType !== 'enterprise') return 'none';
  return e.showEntry ? 'admin' : 'member';
};

/**
 * Local-storage keys that survive logout: device and display preferences, not anything
 * about the person. The muted card list and guide flags are per device by design (spec §4
 * "kept locally"); referral and invite codes wait for a registration that has not happened yet.
 */
export const LOGOUT_WHITELIST: readonly string[] = [
  'lang',
  'device_id',
  'browser_id',
  'theme',
  'hidden_cards',
  'guide_flags',
  ...Object.values(STORE_EFFECT_KEYS),
];

export interface LogoutPlan {
  readonly remove: readonly string[];
  readonly keep: readonly string[];
}

/**
 * Spec §4: a whitelist of local keys survives logout; everything else is removed. Keys are
 * treated as a set (a repeated key appears once) and keep their first-seen order.
 */
export const planLogout = (localKeys: readonly string[]): LogoutPlan => {
  const unique = [...new Set(localKeys)];
  const allowed = new Set(LOGOUT_WHITELIST);
  return {
    keep: unique.filter((k) => allowed.has(k)),
    remove: unique.filter((k) => !allowed.has(k)),
  };
};

/** Spec §6: guests versus logged in by the session cookie T. */
export const SESSION_COOKIE = 'T';

export type Cookies = Readonly<Record<string, string | undefined>>;

export const hasSessionCookie = (cookies: Cookies): boolean => {
  const t = cookies[SESSION_COOKIE];
  return t !== undefined && t !== '';
};

/**
 * Spec §4: the persisted part of the client state that the domain owns (user info and payment
 * info). The persisted token is kept beside it by the HTTP adapter, in its own storage key.
 */
export interface PersistedAuth {
  readonly user: UserInfo | null;
  readonly paymentInfo: PaymentInfo | null;
}

export const EMPTY_PERSISTED_AUTH: PersistedAuth = { user: null, paymentInfo: null };

/**
 * Spec §4: persisted token, user info and payment info are dropped when the T cookie is missing
 * (the token by the adapter, with this same predicate: `hasSessionCookie`).
 */
export const restorePersisted = (persisted: PersistedAuth, cookies: Cookies): PersistedAuth =>
  hasSessionCookie(cookies) ? persisted : EMPTY_PERSISTED_AUTH;

/** The session a restored snapshot stands for: signed in when it holds user info. */
export const sessionFromPersisted = (p: PersistedAuth): SessionState =>
  p.user !== null
    ? {
        status: 'signedIn',
        user: p.user,
        adminOff: adminOffFor(p.user.role),
        collections: [],
        notices: [],
        collectedTags: [],
      }
    : { status: 'guest' };

/**
 * Whether an address is worth sending to the sign-in or sign-up call: one @, something before
 * it, a dotted domain after it, no spaces. The server decides whether the account exists.
 */
export const isPlausibleEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

// ---------------------------------------------------------------------------------------------
// Sign-up and password rules (issue 11). The server applies the same rules to what it receives.

/** The shortest password an account may have; the longest keeps the hash cheap to compute. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A display name: something visible, at most this many characters. */
export const NAME_MAX_LENGTH = 40;

export type PasswordProblem = 'passwordTooShort' | 'passwordTooLong';

/** Whether a new password is acceptable (counted in code points, so an emoji is one character). */
export const passwordProblem = (password: string): PasswordProblem | null => {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return null;
};

export type NameProblem = 'nameEmpty' | 'nameTooLong';

export const nameProblem = (name: string): NameProblem | null => {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameEmpty';
  if ([...trimmed].length > NAME_MAX_LENGTH) return 'nameTooLong';
  return null;
};

export interface SignUpForm {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  /** The password typed a second time. */
  readonly confirm: string;
}

export type SignUpProblem = NameProblem | PasswordProblem | 'emailInvalid' | 'passwordMismatch';

/** What is wrong with a sign-up form, per field; an empty object is a form worth sending. */
export interface SignUpProblems {
  readonly name?: NameProblem;
  readonly email?: 'emailInvalid';
  readonly password?: PasswordProblem;
  readonly confirm?: 'passwordMismatch';
}

export const signUpProblems = (form: SignUpForm): SignUpProblems => {
  const name = nameProblem(form.name);
  const password = passwordProblem(form.password);
  return {
    ...(name !== null ? { name } : {}),
    ...(isPlausibleEmail(form.email) ? {} : { email: 'emailInvalid' as const }),
    ...(password !== null ? { password } : {}),
    ...(form.confirm !== form.password ? { confirm: 'passwordMismatch' as const } : {}),
  };
};

export const isValidSignUp = (form: SignUpForm): boolean => Object.keys(signUpProblems(form)).length === 0;

// ---------------------------------------------------------------------------------------------
// Account settings (spec §3 settings)

export const TASK_FLOW_VERSIONS = ['v1', 'v2'] as const;
export type TaskFlowVersion = (typeof TASK_FLOW_VERSIONS)[number];
export const MODEL_PRESET_MODES = [1, 2] as const;
export type ModelPresetMode = (typeof MODEL_PRESET_MODES)[number];

/**
 * The message key of a refused account call (spec §8 account codes): the code's own text, except a
 * throttle whose wait is not known, which reads as the general "too many attempts".
 */
export const accountRefusalKey = (code: number, waitKnown: boolean): string =>
  code === ErrorCodes.tooManySignIns && !waitKnown ? 'account.tooMany' : `HttpErrorCode_${code}`;
