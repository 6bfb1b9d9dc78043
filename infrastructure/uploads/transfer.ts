/**
 * One upload from start to end (spec §4, §5, §8, §9) as one stream of actions:
 * validate → (images) compress / strip EXIF → started → sign (config, pre-sign or audio
 * pre-config) → signed → PUT every chunk to its signed URL with its Content-MD5 (issue 25: a
 * chunk damaged on the way is refused by the store and sent again), each verified → confirm →
 * confirmed, or failed / errored. A resumed upload asks the server which chunks it already
 * holds and continues from the first one it does not.
 *
 * Every decision is the domain's (domain/uploads/rules.ts): validation, the compression plan,
 * chunk planning, what follows a chunk failure (retry after 3 s, three times; then the
 * alternate host, three times; then uploadError), where a reload resumes, what a confirm
 * status means. To ask those rules about the upload as it is now, the run folds the events it
 * emits through the domain's own reducer (`UploadModel`): the store folds the same events, so
 * both agree, and no decision waits for the store to catch up.
 *
 * The steps live in run/: prepare.ts, sign.ts, sendChunk.ts (with verify.ts), confirm.ts,
 * fresh.ts and resume.ts (the two paths), terminal.ts (how a broken run ends), keep.ts (what a
 * reload finds).
 */
import { EMPTY, Observable, catchError, concat, defer, from, of, take, takeUntil, tap } from 'rxjs';
import { uploads } from '../../domain/index.js';
import type { Action } from '../epics/types';
import type { StartUploadPayload } from './commands';
import { settled } from './handles';
import { identityOf, readResume } from './records';
import { noticeOf, uploadFacts, type UploadRun, type UploadRunEnv } from './run/context';
import { Broken } from './run/errors';
import { fresh$ } from './run/fresh';
import { forget } from './run/keep';
import { UploadModel } from './run/model';
import { resumed$ } from './run/resume';
import { terminal$ } from './run/terminal';

export { requestContentType, requestFileName } from './run/calls';
export type { UploadRunEnv } from './run/context';

const newRun = (
  cmd: StartUploadPayload,
  env: UploadRunEnv,
  facts: ReturnType<typeof uploadFacts>,
): UploadRun => {
  const model = new UploadModel(env.deps.ids(), env.deps.clock.now);
  return {
    cmd,
    env,
    deps: env.deps,
    up: env.deps.uploads,
    guest: env.guest,
    file: cmd.file,
    field: cmd.field,
    ...facts,
    model,
    id: model.id,
    emit: model.emit,
    record: null,
    signChunks: false,
    keeping: settled(undefined),
  };
};

/** The record is found by the file, not the slot: picked again after a reload, into any slot. */
const resumable = (run: UploadRun, mode: 'start' | 'resume') => {
  const { route, up, file, deps } = run;
  const saved = route === 'image' ? null : readResume(up.storage, identityOf(file), deps.clock.now());
  return mode === 'resume' &&
    saved !== null &&
    saved.route === route &&
    saved.guest === run.guest &&
    saved.category === run.category
    ? saved
    : null;
};

/** After the body: a cancelled run errors its upload and dismisses it; none ends still running. */
const ending$ = (run: UploadRun, cancelled: boolean): Observable<Action> => {
  const { model, id, emit } = run;
  if (cancelled) {
    forget(run);
    return model.running()
      ? of(
          emit(uploads.uploadErrored({ id, messageKey: 'uploadCancelled' })),
          uploads.uploadDismissed({ id }),
        )
      : EMPTY;
  }
  // A run never ends with its upload still running: the slot would stay busy for good.
  return model.running() ? terminal$(run, new Broken('uploadError', true)) : EMPTY;
};

export const runUpload = (
  cmd: StartUploadPayload,
  mode: 'start' | 'resume',
  env: UploadRunEnv,
): Observable<Action> =>
  defer(() => {
    const facts = uploadFacts(cmd);
    const file = cmd.file;
    const validation = uploads.validateUpload({ size: file.size, kind: facts.kind, mime: file.type });
    if (validation.kind === 'rejected') {
      const notice = noticeOf(env.deps);
      return from(validation.messageKeys.map((key) => notice(key, validation.values, 'warning')));
    }
    const run = newRun(cmd, env, facts);
    const saved = resumable(run, mode);
    if (saved === null) forget(run);
    const body$ = saved !== null ? resumed$(run, saved) : fresh$(run);

    let cancelled = false;
    return concat(
      body$.pipe(
        catchError((err: unknown) => terminal$(run, err)),
        takeUntil(
          env.cancel$.pipe(
            take(1),
            tap(() => {
              cancelled = true;
            }),
          ),
        ),
      ),
      defer(() => ending$(run, cancelled)),
    );
  });
