/**
 * "Report a problem" (issue 24): the consent screen's preview of the session's event log (counts
 * by area, its size and time span: never its contents), sending it with a note once the person
 * agreed, and their list of sent reports with deletion. The log is the store's own recorder's,
 * redacted when recorded; the server redacts it again.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, catchError, concat, exhaustMap, filter, map, mergeMap, of } from 'rxjs';
import { support } from '../../domain/index.js';
import { problemReportLogPath, type ProblemReportItem } from '../contract/support';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { deleteProblemReport, listProblemReports, previewProblemReport, sendProblemReport } from './commands';

const summaryOf = (item: ProblemReportItem): support.ReportSummary => ({
  id: item.id,
  note: item.note,
  events: item.events,
  bytes: item.bytes,
  createdAt: item.created_at,
  downloadPath: problemReportLogPath(item.id),
});

export const previewProblemReportEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(previewProblemReport.match),
    mergeMap(() => {
      const text = deps.eventLog?.() ?? '';
      const events = deps.recordedEvents?.() ?? [];
      return of(
        support.reportPreviewed({
          preview: support.previewOf(events, new TextEncoder().encode(text).length),
        }),
      );
    }),
  );

/** One report at a time: a second send while one is on its way is ignored. */
export const sendProblemReportEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(sendProblemReport.match),
    exhaustMap(({ payload }) => {
      const api = deps.support?.api;
      const log = deps.eventLog?.();
      if (api === undefined || log === undefined) return EMPTY;
      const requestId = deps.ids();
      return concat(
        of<Action>(support.reportSending({ requestId })),
        api.sendReport({ note: payload.note.trim(), log }).pipe(
          map((r): Action =>
            E.isRight(r)
              ? support.reportSent({ requestId, report: summaryOf(r.right) })
              : support.reportFailed({ requestId, code: r.left.kind === 'api' ? r.left.code : null }),
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
  sendProblemReportEpic,
  listProblemReportsEpic,
  deleteProblemReportEpic,
];
