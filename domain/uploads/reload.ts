/**
 * Uploads interrupted by a page reload (issue 13): which ones continue by themselves, which ones
 * ask for their file again, and which kept files make room for newer ones. Pure decisions over
 * what the device kept; the epics read the records and the stored files and do what these say.
 */
import { MIB } from './rules.js';

/** Spec §5 resumable uploads: at most this many interrupted uploads are remembered. */
export const INTERRUPTED_UPLOAD_LIMIT = 8;
/** The picked files kept on the device so an interrupted upload can go on without them: bytes at most. */
export const KEPT_FILE_BYTES_LIMIT = 200 * MIB;

/** What the device remembers of one interrupted upload, as far as these rules care. */
export interface InterruptedUpload {
  /** The server's file id: the upload's one key, for its record and its kept file alike. */
  readonly key: string;
  /**
   * Whose upload it is: the account id, null for a guest of this device, undefined when the
   * record does not say (an older client wrote it): such a record is never continued by itself.
   */
  readonly account: string | null | undefined;
  /** When the server forgets the upload (epoch ms). */
  readonly expiresAt: number;
}

export type AfterReload = 'resume' | 'pickAgain' | 'expired' | 'notMine';

/**
 * Issue 13 "an upload interrupted by a reload continues by itself": an interrupted upload of
 * the person now signed in (`account`, null for a guest) that the server still holds continues
 * by itself when its file was kept on the device, and asks for the file again when it was not.
 * Another account's upload is never touched; one the server no longer holds is forgotten.
 */
export const afterReload = (
  upload: InterruptedUpload,
  account: string | null,
  now: number,
  fileKept: boolean,
): AfterReload => {
  if (upload.account === undefined || upload.account !== account) return 'notMine';
  if (!(now < upload.expiresAt)) return 'expired';
  return fileKept ? 'resume' : 'pickAgain';
};

export interface AfterReloadPlan<U extends InterruptedUpload> {
  readonly resume: readonly U[];
  readonly pickAgain: readonly U[];
  readonly expired: readonly U[];
}

/**
 * `afterReload` over every remembered upload, in their order; another account's are left out.
 * The plan is made when the page learns who is signed in: at start, and again when someone signs
 * in or out later on the same page. An upload the page already has (`onPage`: running, finished
 * or waiting for its file, by its key) is left as it is, so that it never runs twice.
 */
export const planAfterReload = <U extends InterruptedUpload>(
  remembered: readonly U[],
  account: string | null,
  now: number,
  keptKeys: ReadonlySet<string>,
  onPage: ReadonlySet<string> = new Set(),
): AfterReloadPlan<U> => {
  const resume: U[] = [];
  const pickAgain: U[] = [];
  const expired: U[] = [];
  for (const u of remembered) {
    if (onPage.has(u.key)) continue;
    const decision = afterReload(u, account, now, keptKeys.has(u.key));
    if (decision === 'resume') resume.push(u);
    else if (decision === 'pickAgain') pickAgain.push(u);
    else if (decision === 'expired') expired.push(u);
  }
  return { resume, pickAgain, expired };
};

export interface KeptFile {
  readonly key: string;
  readonly bytes: number;
  /** When it was kept (epoch ms); the oldest make room first. */
  readonly keptAt: number;
}

/**
 * The kept files to delete: every file no remembered upload needs (`live` keys: the records the
 * device still has, at most `INTERRUPTED_UPLOAD_LIMIT`), then the oldest until the rest fit in
 * `limit` bytes (from the first one that does not fit, every older one goes).
 */
export const keptFilesToDrop = (
  kept: readonly KeptFile[],
  live: ReadonlySet<string>,
  limit: number = KEPT_FILE_BYTES_LIMIT,
): readonly string[] => {
  const drop: string[] = [];
  const needed: KeptFile[] = [];
  for (const f of kept) {
    if (live.has(f.key)) needed.push(f);
    else drop.push(f.key);
  }
  const newestFirst = [...needed].sort((a, b) => b.keptAt - a.keptAt || a.key.localeCompare(b.key));
  let total = 0;
  let full = false;
  for (const f of newestFirst) {
    const bytes = Number.isFinite(f.bytes) && f.bytes > 0 ? f.bytes : 0;
    if (!full && total + bytes <= limit) total += bytes;
    else {
      // From the first that does not fit, every older one goes too: the oldest make room.
      full = true;
      drop.push(f.key);
    }
  }
  return drop;
};

/** Whether a picked file of `bytes` may be kept at all (it fits under the limit on its own). */
export const mayKeepFile = (bytes: number, limit: number = KEPT_FILE_BYTES_LIMIT): boolean =>
  Number.isFinite(bytes) && bytes >= 0 && bytes <= limit;
