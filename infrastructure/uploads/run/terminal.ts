/** How a run ends when it breaks: the upload failed or errored, with the notice or dialog it calls for. */
import { Observable, from } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import type { Action } from '../../epics/types';
import type { ApiFailure } from '../../http/client';
import { reportApiFailure } from '../../notices/commands';
import { queueGuestFile } from '../commands';
import { noticeOf, type UploadRun } from './context';
import { Broken, Refused } from './errors';
import { forget } from './keep';
import { loginDialog } from '../../notices/toast';

/** The server refused a call: the upload failed (an api code) or errored (no answer). */
const refused$ = (run: UploadRun, failure: ApiFailure, running: boolean): Observable<Action> => {
  const { id, emit } = run;
  if (failure.kind === 'api') {
    forget(run);
    const failed = running
      ? [
          emit(
            uploads.uploadFailed({
              id,
              code: failure.code,
              messageKey: uploads.uploadFailureMessageKey(failure.code),
            }),
          ),
        ]
      : [];
    // Spec §8 "code 20000 in an upload reason queues guest files": sent again after login.
    if (uploads.queuesGuestFiles(failure.code))
      return from([...failed, queueGuestFile(run.cmd), loginDialog()]);
    return from([...failed, reportApiFailure({ failure })]);
  }
  return from([
    ...(running ? [emit(uploads.uploadErrored({ id, messageKey: 'uploadError' }))] : []),
    reportApiFailure({ failure }),
  ]);
};

export const terminal$ = (run: UploadRun, err: unknown): Observable<Action> => {
  const running = run.model.running();
  if (err instanceof Refused) return refused$(run, err.failure, running);
  const broken = err instanceof Broken ? err : new Broken('uploadError', true);
  if (!broken.keepResume) forget(run);
  return from([
    ...(running ? [run.emit(uploads.uploadErrored({ id: run.id, messageKey: broken.messageKey }))] : []),
    noticeOf(run.deps)(broken.messageKey),
  ]);
};
