/**
 * Where the picked files of running uploads are kept (issue 13): IndexedDB through idb-keyval in
 * the browser, memory elsewhere. A kept file is the picked `File` itself (IndexedDB stores it
 * without reading it into memory) with the name, type, size and date it was picked with, so the
 * handle made from it again is "the same file" for the resume records.
 */
import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import type { KeptFileInfo, KeptFileStore, UploadFileHandle } from './deps';
import { blobFileHandle, blobOf, settled } from './handles';

/** The database and object store of the kept files (their own, beside the platform's). */
export const KEPT_FILES_DB = 'atelier-uploads';
export const KEPT_FILES_STORE = 'kept-files';

interface KeptEntry {
  readonly name: string;
  readonly type: string;
  readonly lastModified: number;
  readonly size: number;
  readonly keptAt: number;
  readonly blob: Blob;
}

const isKeptEntry = (v: unknown): v is KeptEntry => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.name === 'string' &&
    typeof e.type === 'string' &&
    typeof e.lastModified === 'number' &&
    typeof e.size === 'number' &&
    typeof e.keptAt === 'number' &&
    e.blob instanceof Blob &&
    e.blob.size === e.size
  );
};

/** The bytes of a handle as a Blob: the picked File itself when the handle was made from one. */
const blobFor = async (file: UploadFileHandle): Promise<Blob> => {
  const known = blobOf(file);
  if (known) return known;
  const bytes = await file.slice(0, file.size);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type });
};

/** The browser's kept files: one IndexedDB store opened at the first use, never at import. */
export const indexedDbKeptFiles = (): KeptFileStore => {
  let store: UseStore | null = null;
  const db = (): UseStore => (store ??= createStore(KEPT_FILES_DB, KEPT_FILES_STORE));
  return {
    put: async (key, file, keptAt) => {
      const blob = await blobFor(file);
      const entry: KeptEntry = {
        name: file.name,
        type: file.type,
        lastModified: file.lastModified,
        size: file.size,
        keptAt,
        blob,
      };
      await set(key, entry, db());
    },
    get: async (key) => {
      const entry: unknown = await get(key, db());
      if (!isKeptEntry(entry)) return null;
      return blobFileHandle(entry.blob, {
        name: entry.name,
        type: entry.type,
        lastModified: entry.lastModified,
      });
    },
    remove: async (keys) => {
      if (keys.length === 1) await del(keys[0]!, db());
      else if (keys.length > 1) await delMany([...keys], db());
    },
    list: async () => {
      const all = await entries<IDBValidKey, unknown>(db());
      return all.flatMap(([key, entry]): KeptFileInfo[] =>
        typeof key === 'string' && isKeptEntry(entry)
          ? [{ key, bytes: entry.size, keptAt: entry.keptAt }]
          : typeof key === 'string'
            ? [{ key, bytes: 0, keptAt: 0 }]
            : [],
      );
    },
  };
};

/**
 * Kept files in memory (tests, and a browser without IndexedDB: nothing survives a reload there,
 * so an interrupted upload asks for its file again). Answers at once, inside virtual time.
 */
export const memoryKeptFiles = (): KeptFileStore & {
  readonly files: Map<string, { readonly file: UploadFileHandle; readonly keptAt: number }>;
} => {
  const files = new Map<string, { readonly file: UploadFileHandle; readonly keptAt: number }>();
  return {
    files,
    put: (key, file, keptAt) => {
      files.set(key, { file, keptAt });
      return settled(undefined);
    },
    get: (key) => settled(files.get(key)?.file ?? null),
    remove: (keys) => {
      for (const k of keys) files.delete(k);
      return settled(undefined);
    },
    list: () => settled([...files].map(([key, f]) => ({ key, bytes: f.file.size, keptAt: f.keptAt }))),
  };
};
