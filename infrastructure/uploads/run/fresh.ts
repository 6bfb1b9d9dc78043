/** A fresh upload: prepared, started, signed, its record written (chunked), chunks sent, confirmed. */
import { Observable, concat, mergeMap, of } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import type { Action } from '../../epics/types';
import type { UploadFileHandle } from '../deps';
import { identityOf, writeResume } from '../records';
import { confirm$ } from './confirm';
import type { Signed, UploadRun } from './context';
import { keepFile } from './keep';
import { prepare$ } from './prepare';
import { rounds$ } from './sendChunk';
import { sign$ } from './sign';

export const startedEvent = (run: UploadRun, source: UploadFileHandle, resumeOf?: string) =>
  run.emit(
    uploads.uploadStarted({
      id: run.id,
      field: run.field,
      file: { name: source.name, size: source.size, mime: source.type, kind: run.kind },
      guest: run.guest,
      ...(resumeOf === undefined ? {} : { resumeOf }),
      ...(resumeOf !== undefined && run.cmd.afterReload === true ? { afterReload: true } : {}),
    }),
  );

export const signedEvent = (run: UploadRun, signed: Signed) =>
  run.emit(
    uploads.uploadSigned({
      id: run.id,
      fileId: signed.fileId,
      preSigns: signed.preSigns,
      chunkSize: signed.chunkSize,
    }),
  );

/** A chunked file or audio upload is remembered, so a reload can resume it (issue 13). */
const remember = (run: UploadRun, source: UploadFileHandle, signed: Signed) => {
  if (run.route === 'image' || signed.preSigns.length <= 1) return;
  run.record = {
    version: 1,
    field: run.field,
    route: run.route,
    fileId: signed.fileId,
    preSigns: [...signed.preSigns],
    chunkSize: signed.chunkSize,
    confirmed: [],
    file: identityOf(source),
    category: run.category,
    guest: run.guest,
    expiresAt: signed.expiresAt,
    account: run.env.account,
    ...(signed.signChunks ? { signChunks: true } : {}),
  };
  writeResume(run.up.storage, run.record, run.deps.clock.now());
  // Issue 13: the file is kept while its upload runs, so a reload does not stop it.
  keepFile(run, signed.fileId, source);
};

export const fresh$ = (run: UploadRun): Observable<Action> =>
  prepare$(run).pipe(
    mergeMap((source) =>
      concat(
        of(startedEvent(run, source)),
        sign$(run, source).pipe(
          mergeMap((signed) => {
            const actions = of(signedEvent(run, signed));
            run.signChunks = signed.signChunks;
            remember(run, source, signed);
            return concat(actions, rounds$(run, source), confirm$(run));
          }),
        ),
      ),
    ),
  );
