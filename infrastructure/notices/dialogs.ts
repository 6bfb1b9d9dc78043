/**
 * The dialog manager of spec §8: a dialog is looked up by name in the registry the views fill
 * (`findDialog`); when it is not there yet (a lazily loaded view), the lookup is retried every
 * 500 ms, 10 times (`errors.dialogLookupDecision`). Found: `notices/dialogOpened`. Never found:
 * the command's `otherwise` action, or nothing at all. A newer request for the same dialog
 * replaces a lookup still retrying.
 */
import { EMPTY, defer, filter, mergeMap, of, takeUntil, timer, type Observable } from 'rxjs';
import { errors, notices } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { showDialog } from './commands';
import type { PlatformDeps } from '../platform/deps';

const found = (findDialog: PlatformDeps['findDialog'], name: string): boolean => {
  try {
    return findDialog(name);
  } catch {
    return false;
  }
};

export const showDialogEpic: AppEpic = (action$, _state$, { platform, scheduler }) =>
  action$.pipe(
    filter(showDialog.match),
    mergeMap(({ payload }) => {
      const attempt = (retriesDone: number): Observable<Action> => {
        if (found(platform.findDialog, payload.name))
          return of(notices.dialogOpened({ name: payload.name, variant: payload.variant }));
        const decision = errors.dialogLookupDecision(retriesDone);
        if (!decision.retry) return payload.otherwise ? of(payload.otherwise) : EMPTY;
        return timer(decision.delayMs, scheduler).pipe(mergeMap(() => attempt(retriesDone + 1)));
      };
      const superseded$ = action$.pipe(filter((a) => showDialog.match(a) && a.payload.name === payload.name));
      return defer(() => attempt(0)).pipe(takeUntil(superseded$));
    }),
  );

export const dialogEpics: readonly AppEpic[] = [showDialogEpic];
