/**
 * The key-value operations of the IndexedDB log ring (infrastructure/store/logRing.ts) over a Map:
 * values go through a structured clone, as IndexedDB stores them.
 */
import type { RingStorage } from '../../../infrastructure/store/logRing';

export const memoryRingStorage = (): RingStorage & { readonly map: Map<string, unknown> } => {
  const map = new Map<string, unknown>();
  return {
    map,
    getMany: (ks) => Promise.resolve(ks.map((k) => structuredClone(map.get(k)))),
    setMany: (entries) => {
      for (const [k, v] of entries) map.set(k, structuredClone(v));
      return Promise.resolve();
    },
    delMany: (ks) => {
      for (const k of ks) map.delete(k);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...map.keys()]),
  };
};
