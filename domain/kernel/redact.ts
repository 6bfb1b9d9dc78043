/**
 * Redaction of what identifies or authorises a person, applied to an event before it is logged
 * (the exported event log, `__ATELIER__`): credentials (tokens, passwords, cookies, signatures)
 * under their key names, e-mail addresses anywhere in a string, the signature (and its expiry)
 * of signed URLs, and card numbers. Pure and total: any JSON-like value in, a redacted copy out,
 * untouched parts returned as they are (same reference). Idempotent: the markers match nothing.
 */

export const REDACTED = '[redacted]';
export const EMAIL_MARK = '[email]';
export const CARD_MARK = '[card]';

/** Keys whose whole value is a secret, whatever it looks like (compared lower-case, `-` as `_`). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'refresh_token',
  'accesstoken',
  'refreshtoken',
  'captcha_token',
  'password',
  'authorization',
  'cookie',
  'cookies',
  'set_cookie',
  'secret',
  'sig',
  'signature',
  'card_number',
  'cardnumber',
  'pan',
  'cvc',
  'cvv',
  'iban',
]);

/**
 * An e-mail address, as the detector and the properties see it. A match starts where a run of
 * non-space, non-@ characters starts (the leftmost match always does, so the lookbehind changes no
 * result): without it every position of a long run without `@` (a 16 KB base64 audio chunk) was
 * tried and backtracked to the run's end, quadratic work, about 350 ms a chunk in the recorder.
 */
export const EMAIL_PATTERN = /(?<![^\s@])[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Query parameters that carry a URL signature or a bearer credential. */
export const SIGNATURE_PARAMS: readonly string[] = [
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'token',
  'access_token',
];
/** Parameters that only matter beside a signature (redacted with it). */
const SIGNED_WITH: readonly string[] = ['exp', 'expires', 'x-amz-expires', 'x-amz-date'];

const paramPattern = (names: readonly string[]) =>
  new RegExp(`([?&](?:${names.map((n) => n.replace(/[-]/g, '\\-')).join('|')})=)([^&#\\s"']*)`, 'gi');
const SIGNATURE_RE = paramPattern(SIGNATURE_PARAMS);
const SIGNED_WITH_RE = paramPattern(SIGNED_WITH);
const HAS_SIGNATURE = new RegExp(`[?&](?:sig|signature|x-amz-signature)=`, 'i');

const CARD_RE = /(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.])/g;

/** The Luhn checksum of a card number (12 to 19 digits, no separators). */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const EMAIL_GLOBAL = new RegExp(EMAIL_PATTERN.source, 'g');

/** Redacts one string: e-mails, signed-URL signatures, card numbers. */
export const redactString = (s: string): string => {
  let out = s;
  // Replacing one address can expose another ("a@b.c@d.e"): repeat until none is left.
  while (EMAIL_PATTERN.test(out)) out = out.replace(EMAIL_GLOBAL, EMAIL_MARK);
  if (HAS_SIGNATURE.test(out)) out = out.replace(SIGNED_WITH_RE, `$1${REDACTED}`);
  out = out.replace(SIGNATURE_RE, (_m, name: string, value: string) =>
    value === '' ? name : `${name}${REDACTED}`,
  );
  out = out.replace(CARD_RE, (m) => (luhnValid(m.replace(/[ -]/g, '')) ? CARD_MARK : m));
  return out === s ? s : out;
};

const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key.toLowerCase().replace(/-/g, '_'));

/** A redacted copy of any JSON-like value; unchanged parts keep their identity. */
export const redact = <A>(value: A): A => redactValue(value) as A;

const redactValue = (value: unknown): unknown => {
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactValue(v);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? out : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r =
        isSecretKey(k) && v !== null && v !== undefined && v !== '' && v !== REDACTED
          ? REDACTED
          : redactValue(v);
      if (r !== v) changed = true;
      out[k] = r;
    }
    return changed ? out : value;
  }
  return value;
};
