/**
 * "Report a problem" (issue 24): the consent screen's preview of the session's event log (counts
 * by area, its size and time span: never its contents), sending it with a note once the person
 * agreed, and their list of sent reports with deletion. The log is the store's own recorder's,
 * redacted when recorded; the server redacts it again.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  from,
  map,
  mergeMap,
  of,
  switchMap,
  type Observable,
} from 'rxjs';
import { serializeEventLog, support } from '../../domain/index.js';
import { problemReportLogPath, type ProblemReportItem } from '../contract/support';
import type { Action, AppEpic } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import { reportApiFailure } from '../notices/commands';
import {
  chooseReportVisit,
  deleteProblemReport,
  listProblemReports,
  previewProblemReport,
  sendProblemReport,
} from './commands';

const summaryOf = (item: ProblemReportItem): support.ReportSummary => ({
  id: item.id,
  note: item.note,
  events: item.events,
  bytes: item.bytes,
  createdAt: item.created_at,
  downloadPath: problemReportLogPath(item.id),
});

interface ChosenLog {
  readonly text: string;
  readonly events: readonly { readonly type: string; readonly meta: { readonly at: number } }[];
}

/** The log the person chose: this visit's (the recorder's), or an earlier visit's the device kept. */
const chosenLog = (deps: Dependencies, visitId: string | null): Observable<ChosenLog | null> => {
  if (visitId === null) {
    const text = deps.eventLog?.();
    return of(text === undefined ? null : { text, events: deps.recordedEvents?.() ?? [] });
  }
  const kept = deps.keptLogs;
  if (kept === undefined) return of(null);
  return from(kept.read(visitId).catch(() => null)).pipe(
    map((log) => (log === null ? null : { text: serializeEventLog(log), events: log.events })),
  );
};

const previewed = (log: ChosenLog | null): Action =>
  support.reportPreviewed({
    preview:
      log === null
        ? support.previewOf([], 0)
        : support.previewOf(log.events, new TextEncoder().encode(log.text).length),
  });

/** The earlier visits the device kept (none where it keeps none). */
const earlier$ = (deps: Dependencies): Observable<Action> =>
  deps.keptLogs === undefined
    ? EMPTY
    : from(deps.keptLogs.earlier().catch(() => [])).pipe(
        map((visits) =>
          support.earlierVisitsListed({ visits: visits.map((v) => ({ id: v.id, lastAt: v.lastAt })) }),
        ),
      );

/** The consent screen opens: the earlier visits kept, then what the chosen log holds. */
export const previewProblemReportEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(previewProblemReport.match),
    switchMap(() =>
      concat(
        earlier$(deps),
        defer(() => chosenLog(deps, state$.value.problemReports.chosen).pipe(map(previewed))),
      ),
    ),
  );

/** Another visit's log chosen: its preview replaces the other's. */
export const chooseReportVisitEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(chooseReportVisit.match),
    switchMap(({ payload }) =>
      concat(
        of<Action>(support.visitChosen({ visitId: payload.visitId })),
        // The event is not folded yet when this runs: the domain says what it will choose.
        chosenLog(deps, support.chosenAfter(state$.value.problemReports, payload.visitId)).pipe(
          map(previewed),
        ),
      ),
    ),
  );

/** One report at a time: a second send while one is on its way is ignored. */
export const sendProblemReportEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(sendProblemReport.match),
    exhaustMap(({ payload }) => {
      const api = deps.support?.api;
      if (api === undefined) return EMPTY;
      const requestId = deps.ids();
      const send = (log: string): Observable<Action> =>
        api
          .sendReport({ note: payload.note.trim(), log })
          .pipe(
            map((r): Action =>
              E.isRight(r)
                ? support.reportSent({ requestId, report: summaryOf(r.right) })
                : support.reportFailed({ requestId, code: r.left.kind === 'api' ? r.left.code : null }),
            ),
          );
      return concat(
        of<Action>(support.reportSending({ requestId })),
        chosenLog(deps, state$.value.problemReports.chosen).pipe(
          // An earlier visit's log gone from the device meanwhile: nothing to send.
          mergeMap((chosen) =>
            chosen === null ? of<Action>(support.reportFailed({ requestId, code: null })) : send(chosen.text),
          ),
          catchError(() => of<Action>(support.reportFailed({ requestId, code: null }))),
        ),
      );
    }),
  );

export const listProblemReportsEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(listProblemReports.match),
    exhaustMap(() => {
      const api = deps.support?.api;
      if (api === undefined) return EMPTY;
      return api
        .listReports()
        .pipe(
          map((r): Action =>
            E.isRight(r)
              ? support.reportsListed({ reports: r.right.items.map(summaryOf) })
              : reportApiFailure({ failure: r.left }),
          ),
        );
    }),
  );

export const deleteProblemReportEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(deleteProblemReport.match),
    mergeMap(({ payload }) => {
      const api = deps.support?.api;
      if (api === undefined) return EMPTY;
      return api.deleteReport({ id: payload.id }).pipe(
        map((r): Action => {
          // 10404: already gone on the server (another tab deleted it): gone here too.
          if (E.isRight(r) || (r.left.kind === 'api' && r.left.code === 10404))
            return support.reportDeleted({ id: payload.id });
          return reportApiFailure({ failure: r.left });
        }),
      );
    }),
  );

export const problemReportEpics: readonly AppEpic[] = [
  previewProblemReportEpic,
  chooseReportVisitEpic,
  sendProblemReportEpic,
  listProblemReportsEpic,
  deleteProblemReportEpic,
];
