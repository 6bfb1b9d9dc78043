/**
 * What every step of one upload run shares: the command, the facts read when it starts, the
 * domain model it folds its own events through, and the little state the run keeps (its resume
 * record and whether chunk URLs are signed again with their digest).
 */
import type { Observable } from 'rxjs';
import { notices, uploads } from '../../../domain/index.js';
import type { Action } from '../../epics/types';
import type { Dependencies } from '../../store/dependencies';
import type { StartUploadPayload } from '../commands';
import type { UploadFileHandle, UploadsDeps } from '../deps';
import type { ResumeRecord } from '../records';
import { UploadModel } from './model';
import { toast } from '../../notices/toast';

export type Route = 'image' | 'file' | 'audio';
const routeOf = (kind: uploads.UploadKind): Route => (kind === 'image' || kind === 'audio' ? kind : 'file');

export interface Signed {
  readonly fileId: string;
  readonly preSigns: readonly string[];
  readonly chunkSize: number;
  readonly expiresAt: number;
  /** Each chunk's URL is asked again with its Content-MD5 signed in (a store such as S3). */
  readonly signChunks: boolean;
}

export interface UploadRunEnv {
  readonly deps: Dependencies;
  /** Whether the person is a guest (session cookie T absent), read when the upload starts. */
  readonly guest: boolean;
  /** Emits once when the person cancels this slot's upload. */
  readonly cancel$: Observable<unknown>;
  /** Whose upload it is (the account id, null for a guest), written into its resume record. */
  readonly account: string | null;
}

export interface UploadRun {
  readonly cmd: StartUploadPayload;
  readonly env: UploadRunEnv;
  readonly deps: Dependencies;
  readonly up: UploadsDeps;
  readonly guest: boolean;
  readonly file: UploadFileHandle;
  readonly field: string;
  readonly kind: uploads.UploadKind;
  readonly route: Route;
  readonly category: number;
  readonly model: UploadModel;
  readonly id: string;
  readonly emit: UploadModel['emit'];
  /** The slot's resumable record, once the upload has one. */
  record: ResumeRecord | null;
  /** Set once signed (or resumed): whether each chunk's URL is asked again with its digest. */
  signChunks: boolean;
  /** The kept file's steps (issue 13), one after another. */
  keeping: PromiseLike<unknown>;
}

/** The facts of the upload `cmd` asks for, read before anything else (validation needs them). */
export const uploadFacts = (cmd: StartUploadPayload) => {
  const kind = uploads.uploadKindOf(cmd.file.type);
  return { kind, route: routeOf(kind), category: cmd.category ?? uploads.DEFAULT_UPLOAD_CATEGORY };
};

export const noticeOf =
  (deps: Dependencies) =>
  (
    messageKey: string,
    values: Readonly<Record<string, number>> = {},
    level: notices.NoticeLevel = 'error',
  ): Action =>
    toast(deps.ids, level, messageKey, values);
