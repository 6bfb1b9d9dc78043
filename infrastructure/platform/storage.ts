/**
 * Local storage behind a small interface (the browser's `localStorage`, or memory in tests), and
 * the keys of spec §4 this area keeps there.
 */
export interface LocalStore {
  readonly keys: () => readonly string[];
  readonly get: (key: string) => string | null;
  readonly set: (key: string, value: string) => void;
  readonly remove: (key: string) => void;
}

/**
 * User info and payment info (spec §4 persisted state; the token is kept by the HTTP adapter
 * under `http/tokenStore.ts`'s own key); not on the logout whitelist.
 */
export const PERSISTED_AUTH_KEY = 'persisted_auth';

/** Quota errors and private modes must not break the app: a failed write is dropped. */
export const browserLocalStore = (storage: Storage): LocalStore => ({
  keys: () => {
    const out: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null) out.push(k);
    }
    return out;
  },
  get: (key) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      storage.setItem(key, value);
    } catch {
      /* quota exceeded or storage disabled: the value is simply not kept */
    }
  },
  remove: (key) => {
    try {
      storage.removeItem(key);
    } catch {
      /* storage disabled */
    }
  },
});

export const memoryLocalStore = (
  initial: Readonly<Record<string, string>> = {},
): LocalStore & { readonly snapshot: () => Record<string, string> } => {
  const map = new Map(Object.entries(initial));
  return {
    keys: () => [...map.keys()],
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    snapshot: () => Object.fromEntries(map),
  };
};
