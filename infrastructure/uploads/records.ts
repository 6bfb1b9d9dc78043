/**
 * What the upload epics keep in local storage, and its codecs: the guest uploads of spec §3
 * ("kept locally as per-field lists of url/width/height/category") and, per slot, the record
 * that lets an interrupted upload resume after a page reload. Storage is read through the
 * codecs: a record written by an older client, or by hand, is ignored rather than trusted.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { uploads } from '../../domain/index.js';
import type { KeyValueStorage, UploadFileHandle } from './deps';

export const GUEST_KEPT_KEY = 'atelier.uploads.guestKept';
export const RESUME_KEY_PREFIX = 'atelier.uploads.resume.';
export const resumeKey = (field: string): string => `${RESUME_KEY_PREFIX}${field}`;

export const StoredGuestFields = t.array(
  t.type({
    field: t.string,
    uploads: t.array(t.type({ url: t.string, width: t.number, height: t.number, category: t.number })),
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
export const ResumeRecord = t.type(
  {
    version: t.literal(1),
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
  },
  'ResumeRecord',
);
export type ResumeRecord = t.TypeOf<typeof ResumeRecord>;

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

export const readResume = (storage: KeyValueStorage, field: string): ResumeRecord | null => {
  const record = readJson(storage, resumeKey(field), ResumeRecord);
  return record !== null && record.field === field ? record : null;
};
export const writeResume = (storage: KeyValueStorage, record: ResumeRecord): void =>
  write(storage, resumeKey(record.field), record);
export const clearResume = (storage: KeyValueStorage, field: string): void =>
  remove(storage, resumeKey(field));

export const readGuestKept = (storage: KeyValueStorage): StoredGuestFields =>
  readJson(storage, GUEST_KEPT_KEY, StoredGuestFields) ?? [];
export const writeGuestKept = (storage: KeyValueStorage, kept: readonly uploads.GuestField[]): void =>
  kept.length === 0 ? remove(storage, GUEST_KEPT_KEY) : write(storage, GUEST_KEPT_KEY, kept);
