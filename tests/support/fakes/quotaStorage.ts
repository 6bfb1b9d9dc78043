/**
 * A DOM `Storage` (what `window.localStorage` is) over a Map, with a quota: a `setItem` that would
 * take the keys and values past `quotaBytes` (2 bytes a character, as browsers count UTF-16)
 * throws a `QuotaExceededError` DOMException and changes nothing, as browsers do. Replacing a
 * value counts only the new one. `refused` counts the writes it threw on.
 */
export const quotaStorage = (quotaBytes: number): Storage & { readonly refused: () => number } => {
  const map = new Map<string, string>();
  let refused = 0;
  const bytes = (k: string, v: string) => 2 * (k.length + v.length);
  const used = (except: string | null) =>
    [...map].reduce((n, [k, v]) => (k === except ? n : n + bytes(k, v)), 0);
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(String(k)) ?? null,
    setItem: (k, v) => {
      const key = String(k);
      const value = String(v);
      if (used(key) + bytes(key, value) > quotaBytes) {
        refused += 1;
        throw new DOMException(`the quota of ${quotaBytes} bytes is full`, 'QuotaExceededError');
      }
      map.set(key, value);
    },
    removeItem: (k) => void map.delete(String(k)),
    clear: () => map.clear(),
    refused: () => refused,
  };
};
