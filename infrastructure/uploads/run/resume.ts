/**
 * A resumed upload: the server is asked which chunks of the slot's record it already holds, and
 * the run goes on from the first one it does not; a record the server no longer knows, or one
 * that does not fit the file, starts the upload afresh.
 */
import * as E from 'fp-ts/Either';
import { Observable, concat, concatMap, from, map, mergeMap, take, toArray } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import type { Action } from '../../epics/types';
import type { ResumeRecord } from '../records';
import { confirm$ } from './confirm';
import type { Signed, UploadRun } from './context';
import { fresh$, signedEvent, startedEvent } from './fresh';
import { forget, keepFile, saveProgress } from './keep';
import { rounds$ } from './sendChunk';
import { arrived, checkRequest, verifyCall } from './verify';

const signedOf = (saved: ResumeRecord): Signed => ({
  fileId: saved.fileId,
  preSigns: saved.preSigns,
  chunkSize: saved.chunkSize,
  expiresAt: saved.expiresAt,
  signChunks: saved.signChunks === true,
});

export const resumed$ = (run: UploadRun, saved: ResumeRecord): Observable<Action> => {
  const { file, up, id, emit, cmd } = run;
  const plan = uploads.planChunks(file.size, saved.chunkSize);
  const verify = verifyCall(run, file.size, saved.chunkSize) ?? up.api.checkChunk;
  if (plan.length !== saved.preSigns.length) {
    forget(run);
    return fresh$(run);
  }
  return from(saved.preSigns.map((url, index) => ({ url, index }))).pipe(
    concatMap(({ url, index }) =>
      verify(checkRequest(saved.fileId, url)).pipe(
        take(1),
        map((result) => ({ index, result })),
      ),
    ),
    toArray(),
    mergeMap((checks) => {
      // The server no longer knows the upload (expired, another account): start again.
      if (checks.some((c) => E.isLeft(c.result) && c.result.left.kind === 'api')) {
        forget(run);
        return fresh$(run);
      }
      const received = checks.filter((c) => {
        const slice = plan[c.index];
        return slice !== undefined && E.isRight(c.result) && arrived(c.result.right, slice);
      });
      run.record = { ...saved, field: run.field, account: saved.account ?? run.env.account };
      // Picked again: kept again (the device may have dropped it); going on by itself: kept already.
      if (cmd.afterReload !== true) keepFile(run, saved.fileId, file);
      const signed = signedOf(saved);
      run.signChunks = signed.signChunks;
      const head: Action[] = [
        startedEvent(run, file, saved.fileId),
        signedEvent(run, signed),
        ...received.map((c) => emit(uploads.chunkConfirmed({ id, index: c.index }))),
      ];
      saveProgress(run);
      return concat(from(head), rounds$(run, file), confirm$(run));
    }),
  );
};
