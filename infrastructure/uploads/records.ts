/**
 * What the upload epics keep in local storage, and its codecs: the guest uploads of spec §3
 * ("kept locally as per-field lists of url/width/height/category") and, per file (its name,
 * size, type and modification time), the record that lets an interrupted upload resume after a
 * page reload, whichever slot the file is picked into again (a page that names its slots anew
 * after a reload, like the editor's, resumes too). Storage is read through the codecs: a record
 * written by an older client, or by hand, is ignored rather than trusted.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { uploads } from '../../domain/index.js';
import type { KeyValueStorage, UploadFileHandle } from './deps';

export const GUEST_KEPT_KEY = 'atelier.uploads.guestKept';
/** The interrupted uploads, newest first (one list: the newest few are kept, expired ones dropped). */
export const RESUME_KEY = 'atelier.uploads.resume';
/** How many interrupted uploads are remembered at most. */
export const RESUME_LIMIT = uploads.INTERRUPTED_UPLOAD_LIMIT;

export const StoredGuestFields = t.array(
  t.type({
    field: t.string,
    uploads: t.array(
      t.intersection([
        t.type({ url: t.string, width: t.number, height: t.number, category: t.number }),
        // Issue 21: what the form shows of it after a reload (absent in lists kept before).
        t.partial({ name: t.string, size: t.number, mime: t.string }),
      ]),
    ),
  }),
  'StoredGuestFields',
);
export type StoredGuestFields = t.TypeOf<typeof StoredGuestFields>;

export const FileIdentity = t.type(
  { name: t.string, size: t.number, type: t.string, lastModified: t.number },
  'FileIdentity',
);
export type FileIdentity = t.TypeOf<typeof FileIdentity>;

/** Everything a resumed upload needs that the server will not tell again: its signed URLs. */
export const ResumeRecord = t.intersection(
  [
    t.type({
      version: t.literal(1),
      /** The slot it was uploading into (for the record; the file, not the slot, finds it again). */
      field: t.string,
      route: t.union([t.literal('file'), t.literal('audio')]),
      fileId: t.string,
      preSigns: t.array(t.string),
      chunkSize: t.number,
      /** Chunks this client saw confirmed; the server's chunk check is asked again on resume. */
      confirmed: t.array(t.number),
      file: FileIdentity,
      category: t.number,
      guest: t.boolean,
      /** When the server forgets the upload (its signed URLs expire with it). */
      expiresAt: t.number,
    }),
    t.partial({
      /**
       * Whose upload it is: the account id, null for a guest of this device. A record without it
       * (an older client's) still resumes when its file is picked again, never by itself.
       */
      account: t.union([t.string, t.null]),
      /** Each chunk's URL is asked again with its Content-MD5 before its PUT (absent: false). */
      signChunks: t.boolean,
    }),
  ],
  'ResumeRecord',
);
export type ResumeRecord = t.TypeOf<typeof ResumeRecord>;
const ResumeRecords = t.array(ResumeRecord, 'ResumeRecords');

export const identityOf = (file: UploadFileHandle): FileIdentity => ({
  name: file.name,
  size: file.size,
  type: file.type,
  lastModified: file.lastModified,
});

export const sameFile = (a: FileIdentity, b: FileIdentity): boolean =>
  a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified;

const readJson = <A>(storage: KeyValueStorage, key: string, codec: t.Type<A, unknown, unknown>): A | null => {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const decoded = codec.decode(JSON.parse(raw));
    return E.isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};

/** Storage that refuses a write (quota, private mode) loses it; an upload never fails for it. */
const write = (storage: KeyValueStorage, key: string, value: unknown): void => {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    /* a lost write only costs resumability or a local list */
  }
};

const remove = (storage: KeyValueStorage, key: string): void => {
  try {
    storage.removeItem(key);
  } catch {
    /* as above */
  }
};

const readRecords = (storage: KeyValueStorage): readonly ResumeRecord[] =>
  readJson(storage, RESUME_KEY, ResumeRecords) ?? [];

/** The interrupted upload of this file the server may still hold (not past its expiry), or null. */
export const readResume = (storage: KeyValueStorage, file: FileIdentity, now: number): ResumeRecord | null =>
  readRecords(storage).find((r) => sameFile(r.file, file) && now < r.expiresAt) ?? null;

/** Keeps `record` as its file's one record; expired records go, and only the newest few stay. */
export const writeResume = (storage: KeyValueStorage, record: ResumeRecord, now: number): void =>
  write(
    storage,
    RESUME_KEY,
    [
      record,
      ...readRecords(storage).filter((r) => !sameFile(r.file, record.file) && now < r.expiresAt),
    ].slice(0, RESUME_LIMIT),
  );

/** Every remembered interrupted upload, newest first (expired ones included: the caller decides). */
export const readAllResume = (storage: KeyValueStorage): readonly ResumeRecord[] => readRecords(storage);

const keepOnly = (storage: KeyValueStorage, gone: (r: ResumeRecord) => boolean): readonly string[] => {
  const records = readRecords(storage);
  const kept = records.filter((r) => !gone(r));
  if (kept.length === records.length) return [];
  if (kept.length === 0) remove(storage, RESUME_KEY);
  else write(storage, RESUME_KEY, kept);
  return records.filter(gone).map((r) => r.fileId);
};

/**
 * Forgets this file's interrupted upload (finished, refused, cancelled or started afresh);
 * answers the file ids forgotten, whose kept files go too.
 */
export const clearResume = (storage: KeyValueStorage, file: FileIdentity): readonly string[] =>
  keepOnly(storage, (r) => sameFile(r.file, file));

/** Forgets the interrupted uploads of these server file ids (removed by the person, or expired). */
export const clearResumeOf = (storage: KeyValueStorage, fileIds: readonly string[]): readonly string[] =>
  keepOnly(storage, (r) => fileIds.includes(r.fileId));

export const readGuestKept = (storage: KeyValueStorage): StoredGuestFields =>
  readJson(storage, GUEST_KEPT_KEY, StoredGuestFields) ?? [];
export const writeGuestKept = (storage: KeyValueStorage, kept: readonly uploads.GuestField[]): void =>
  kept.length === 0 ? remove(storage, GUEST_KEPT_KEY) : write(storage, GUEST_KEPT_KEY, kept);
