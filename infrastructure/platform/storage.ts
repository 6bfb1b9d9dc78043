/**
 * The one local-storage adapter of the client: synchronous string storage over the browser's
 * `localStorage` that never throws (quota, private modes and sandboxed frames drop a write or fall
 * back to memory), in two shapes: `KeyValueStorage` (localStorage's own method names, what the
 * telemetry and upload areas take) and `LocalStore` (with the key listing the logout whitelist
 * needs). Tests use the memory versions.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';

/**
 * Synchronous string storage (localStorage's shape); writes may fail (quota) and are then lost:
 * `setItem` answers whether the value was kept, so a writer that must know (the tracking cache)
 * can keep less.
 */
export interface KeyValueStorage {
  readonly getItem: (key: string) => string | null;
  readonly setItem: (key: string, value: string) => boolean;
  readonly removeItem: (key: string) => void;
}

/** localStorage, or a memory map where it is unavailable; no call throws. */
export const browserKeyValueStorage = (
  storage: () => Storage = () => window.localStorage,
): KeyValueStorage => {
  let ls: Storage | null;
  try {
    ls = storage();
    const probe = '__atelier_probe__';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
  } catch {
    ls = null;
  }
  if (ls === null) {
    const memory = new Map<string, string>();
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => {
        memory.set(k, v);
        return true;
      },
      removeItem: (k) => void memory.delete(k),
    };
  }
  const real = ls;
  return {
    getItem: (key) => {
      try {
        return real.getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        real.setItem(key, value);
        return true;
      } catch {
        /* quota exceeded or storage disabled: the value is simply not kept */
        return false;
      }
    },
    removeItem: (key) => {
      try {
        real.removeItem(key);
      } catch {
        /* storage disabled */
      }
    },
  };
};

export interface LocalStore {
  readonly keys: () => readonly string[];
  readonly get: (key: string) => string | null;
  readonly set: (key: string, value: string) => void;
  readonly remove: (key: string) => void;
}

/**
 * The value stored under `key`, decoded like any input: null when absent, not JSON, or not what
 * `codec` accepts (a copy from an older version or a hand edit is dropped rather than trusted).
 */
export const readStored = <A>(
  storage: LocalStore,
  key: string,
  codec: t.Type<A, unknown, unknown>,
): A | null => {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    const decoded = codec.decode(JSON.parse(raw));
    return E.isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};

const NonEmptyString = t.refinement(t.string, (s) => s.length > 0, 'NonEmptyString');

/**
 * Writes of one account kept under `key` until they are sent (`{ accountId, requests }`): read
 * back only for that account, so another account's never leave this device; an empty list
 * removes the key.
 */
export const accountRequests = <A>(key: string, request: t.Type<A, unknown, unknown>) => {
  const codec = t.type({ accountId: NonEmptyString, requests: t.array(request) });
  return {
    key,
    read: (storage: LocalStore, accountId: string): readonly A[] => {
      const stored = readStored(storage, key, codec);
      return stored !== null && stored.accountId === accountId ? stored.requests : [];
    },
    write: (storage: LocalStore, accountId: string, requests: readonly A[]): void => {
      if (requests.length === 0) storage.remove(key);
      else storage.set(key, JSON.stringify({ accountId, requests }));
    },
  };
};

/**
 * User info and payment info (spec §4 persisted state; the token is kept by the HTTP adapter
 * under `http/tokenStore.ts`'s own key); not on the logout whitelist.
 */
export const PERSISTED_AUTH_KEY = 'persisted_auth';

/**
 * Spec §4 muting: the hidden list (ids of cards reported or marked not interested), kept per
 * device as a JSON array of strings; on the logout whitelist (`session.LOGOUT_WHITELIST`).
 */
export const HIDDEN_CARDS_KEY = 'hidden_cards';

/**
 * Spec §4 offline writes: the likes, collects and follows made offline and not yet sent, with the
 * account they belong to, so a reload while offline loses none of them. Not on the logout whitelist.
 */
export const SOCIAL_OUTBOX_KEY = 'social_outbox';

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
