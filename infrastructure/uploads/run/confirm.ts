/** Confirm (spec §4): status 0 is done; 403, 406 and any other status are failures. */
import { Observable, defer, from, mergeMap, of } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import { FileConfirmRequest, ImageConfirmRequest } from '../../contract/uploads';
import type { Action } from '../../epics/types';
import { answer, encodeRequest } from './calls';
import { noticeOf, type UploadRun } from './context';
import { Broken } from './errors';
import { forget } from './keep';

/** A guest's confirmed upload is kept for the slot, so it is still there after logging in. */
const guestKept = (run: UploadRun, url: string, width: number | null, height: number | null) => {
  const shown = run.model.upload()?.file;
  return uploads.guestUploadKept({
    field: run.field,
    upload: {
      url,
      width: width ?? 0,
      height: height ?? 0,
      category: run.category,
      ...(shown === undefined ? {} : { name: shown.name, size: shown.size, mime: shown.mime }),
    },
  });
};

const finish = (
  run: UploadRun,
  status: number,
  url: string | null,
  width: number | null,
  height: number | null,
): Observable<Action> => {
  const { id, emit } = run;
  const outcome = uploads.interpretConfirm(status);
  if (outcome.kind === 'failed') {
    forget(run);
    const messageKey = uploads.uploadFailureMessageKey(outcome.status);
    return of(
      emit(uploads.uploadFailed({ id, code: outcome.status, messageKey })),
      noticeOf(run.deps)(messageKey),
    );
  }
  if (url === null) throw new Broken('uploadError', false);
  forget(run);
  const done: Action[] = [emit(uploads.uploadConfirmed({ id, url, width, height }))];
  if (run.guest) done.push(guestKept(run, url, width, height));
  return from(done);
};

/** Every chunk confirmed: the upload is confirmed by its route's call. */
export const confirm$ = (run: UploadRun): Observable<Action> =>
  defer(() => {
    const { model, up, cmd } = run;
    const upload = model.upload();
    const phase = model.pending();
    if (!upload || !phase || uploads.firstUnconfirmedChunk(upload) !== null)
      throw new Broken('uploadError', true);
    const fileId = phase.fileId;
    switch (run.route) {
      case 'file':
        return answer(up.api.confirmFile(encodeRequest(FileConfirmRequest, { file_id: fileId }))).pipe(
          mergeMap((r) => finish(run, r.status, r.url, null, null)),
        );
      case 'audio':
        return answer(up.api.audioFileConfirm(encodeRequest(FileConfirmRequest, { file_id: fileId }))).pipe(
          mergeMap((r) => finish(run, r.status, r.url, null, null)),
        );
      case 'image':
        return answer(
          up.api.confirmImage(
            encodeRequest(ImageConfirmRequest, {
              file_id: fileId,
              category: run.category,
              ...(cmd.subCategory === undefined ? {} : { sub_category: cmd.subCategory }),
            }),
          ),
        ).pipe(mergeMap((r) => finish(run, r.status, r.url, r.width, r.height)));
    }
  });
