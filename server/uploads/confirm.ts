/**
 * Confirming an upload (spec §7 file, image and audio confirm): ownership, kind, a finished or
 * failed upload, expiry; then the one finalisation across server processes (a claimed lease on
 * the row), here or, waited for, in another confirm on this or another process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AudioFileConfirmResponse,
  FileConfirmResponse,
  ImageConfirmRequest,
  ImageConfirmResponse,
} from '../../infrastructure/contract/uploads';
import {
  DEFAULT_UPLOAD_CATEGORY,
  UPLOAD_STATUS_DONE,
  UPLOAD_STATUS_INCOMPLETE,
  UPLOAD_STATUS_NOT_ACCEPTABLE,
} from '../../infrastructure/contract/uploads';
import type { Caller } from '../auth';
import { ApiError, CODES } from '../envelope';
import { UPLOAD_CODES } from './codes';
import { failUpload } from './finalize';
import { finalizeFromDisk } from './finalizeFromDisk';
import { finalizeInStore } from './finalizeInStore';
import {
  audioInfoOf,
  CONFIRM_WAIT_MS,
  doneRow,
  FINALIZE_LEASE_MS,
  inStore,
  missingOf,
  ownRow,
  requireKind,
  type Finalized,
  type UploadEnv,
  type UploadKind,
  type UploadRow,
} from './rows';

const CONFIRM_POLL_MS = 40;

/** Takes the row's finalisation lease: the claimed row, or null when another confirm holds it. */
export const claim = async (env: UploadEnv, fileId: string, now: number): Promise<UploadRow | null> => {
  const [row] = await env.db.query<UploadRow>(
    `UPDATE uploads SET finalizing_until = $2
     WHERE file_id = $1 AND status = 'pending' AND (finalizing_until IS NULL OR finalizing_until <= $3)
     RETURNING *`,
    [fileId, now + FINALIZE_LEASE_MS, now],
  );
  return row ?? null;
};

/** Finalises a claimed row; an upload left pending (missing chunks, an error) is let go. */
export const finalizeClaimed = async (env: UploadEnv, row: UploadRow, now: number): Promise<Finalized> => {
  const release = () =>
    env.db.query(`UPDATE uploads SET finalizing_until = NULL WHERE file_id = $1 AND status = 'pending'`, [
      row.file_id,
    ]);
  try {
    const s = inStore(env, row);
    const outcome =
      s === null ? await finalizeFromDisk(env, row, now) : await finalizeInStore(env, row, s, now);
    if (outcome.status === UPLOAD_STATUS_INCOMPLETE) await release();
    return outcome;
  } catch (err) {
    await release();
    throw err;
  }
};

/** What a failed upload's confirm answers, the same for every confirm of it. */
export const failedAnswer = (row: UploadRow): Finalized => {
  if (row.failure_code === UPLOAD_CODES.audioError)
    throw new ApiError(UPLOAD_CODES.audioError, 'the file is not audio this platform can play');
  return { status: UPLOAD_STATUS_NOT_ACCEPTABLE };
};

/**
 * The shared confirm steps: ownership, kind, a finished or failed upload, expiry; then the one
 * finalisation, here or (waited for) in another confirm on this or another process.
 */
export const confirm = async (
  env: UploadEnv,
  caller: Caller,
  fileId: string,
  kinds: readonly UploadKind[],
  now: number,
): Promise<Finalized> => {
  let row = await ownRow(env.db, caller, fileId);
  requireKind(row, kinds);
  const waitUntil = Date.now() + CONFIRM_WAIT_MS;
  for (;;) {
    if (row.status === 'complete') return { status: UPLOAD_STATUS_DONE, row };
    if (now >= Number(row.expires_at)) {
      await failUpload(env, row, null);
      throw new ApiError(UPLOAD_CODES.uploadTimeout, 'the upload expired; start it again');
    }
    if (row.status === 'failed') return failedAnswer(row);
    let job = env.inflight.get(fileId);
    if (job === undefined) {
      job = claim(env, fileId, now)
        .then((claimed) => (claimed === null ? null : finalizeClaimed(env, claimed, now)))
        .finally(() => env.inflight.delete(fileId));
      env.inflight.set(fileId, job);
    }
    const outcome = await job;
    if (outcome !== null) return outcome;
    // Another process is finalising it: its answer will be on the row.
    if (Date.now() > waitUntil)
      throw new ApiError(CODES.forbidden, 'the upload is still being confirmed; confirm it again');
    await sleep(CONFIRM_POLL_MS);
    row = await ownRow(env.db, caller, fileId);
  }
};

export const confirmFile = async (
  env: UploadEnv,
  caller: Caller,
  fileId: string,
  now: number,
): Promise<FileConfirmResponse> => {
  const f = await confirm(env, caller, fileId, ['file'], now);
  const row = doneRow(f);
  return {
    status: f.status,
    file_id: fileId,
    url: row?.url ?? null,
    size: row ? Number(row.file_size) : 0,
    missing_chunks: missingOf(f),
  };
};

export const confirmImage = async (
  env: UploadEnv,
  caller: Caller,
  req: ImageConfirmRequest,
  now: number,
): Promise<ImageConfirmResponse> => {
  const f = await confirm(env, caller, req.file_id, ['image'], now);
  let row = doneRow(f);
  if (row !== null && (req.category !== undefined || req.sub_category !== undefined)) {
    const [updated] = await env.db.query<UploadRow>(
      'UPDATE uploads SET category = COALESCE($2, category), sub_category = COALESCE($3, sub_category) WHERE file_id = $1 RETURNING *',
      [req.file_id, req.category ?? null, req.sub_category ?? null],
    );
    row = updated ?? row;
  }
  return {
    status: f.status,
    file_id: req.file_id,
    url: row?.url ?? null,
    width: row?.width ?? null,
    height: row?.height ?? null,
    category: row?.category ?? req.category ?? DEFAULT_UPLOAD_CATEGORY,
    missing_chunks: missingOf(f),
  };
};

export const confirmAudio = async (
  env: UploadEnv,
  caller: Caller,
  fileId: string,
  now: number,
): Promise<AudioFileConfirmResponse> => {
  const f = await confirm(env, caller, fileId, ['audio'], now);
  const row = doneRow(f);
  return {
    status: f.status,
    file_id: fileId,
    url: row?.url ?? null,
    missing_chunks: missingOf(f),
    audio_info: row ? audioInfoOf(row) : null,
    upload_obj_info:
      row && row.url !== null
        ? {
            file_id: fileId,
            url: row.url,
            file_name: row.file_name,
            content_type: row.content_type,
            size: Number(row.file_size),
          }
        : null,
  };
};
