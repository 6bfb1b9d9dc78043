/**
 * Browser adapters for identity and preferences: the device id (kept 60 days, spec §9), the
 * interface language, and random ids from the platform's CSPRNG.
 */
/** The same key the domain's logout whitelist keeps (session LOGOUT_WHITELIST). */
const DEVICE_KEY = 'device_id';
const LANG_KEY = 'lang';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §9: random ids are 12 characters of a 62-character alphabet. */
export const randomId = (length = 12): string => {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
};

export const deviceId = (storage: Storage): string => {
  const existing = storage.getItem(DEVICE_KEY);
  if (existing && /^[A-Za-z0-9_-]{6,64}$/.test(existing)) return existing;
  const fresh = `web_${randomId(20)}`;
  storage.setItem(DEVICE_KEY, fresh);
  document.cookie = `device_id=${fresh}; Path=/; Max-Age=${60 * 24 * 3600}; SameSite=Lax`;
  return fresh;
};

export const storedLanguage = (storage: Storage): string | null => storage.getItem(LANG_KEY);

export const storeLanguage = (storage: Storage, lang: string): void => {
  storage.setItem(LANG_KEY, lang);
  document.cookie = `lang=${lang}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
};
