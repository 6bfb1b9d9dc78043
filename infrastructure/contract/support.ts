/**
 * Customer support and resource appeal (the guide status calls are in ./profile.ts) (spec §1 "a customer-support
 * widget exists (details not shown)", §7 "resource appeal (remark)" and "account guide status set").
 *
 * Paths and shapes are not shown in the spec; we chose, in the style of the shown ones:
 *   POST /api/v1/support/submit          {topic, email, message, resource_id?} → {id, created_at}
 *   GET  /dev/support                    the stored messages (development listing, like /dev/outbox)
 *   POST /api/v1/support/problem-reports         {note, log} → {id, created_at, events, bytes}
 *   POST /api/v1/support/problem-reports/list    {} → {items: [{id, note, events, bytes, created_at}]}
 *   POST /api/v1/support/problem-reports/delete  {id} → {deleted}
 *   GET  /api/v1/support/problem-reports/{id}/log   the stored log (JSON Lines), its owner only
 *   GET  /dev/telemetry                  the latest tracked events, log events and exposures
 *   GET  /legal/{lang}/{kind}.html       the static legal pages (spec §2; other languages → en)
 *
 * Choices: a guest may write to support (the reply goes to the e-mail given); an appeal is the topic
 * 'appeal' with the work's id and the person's remark as the message. The server checks the form
 * with the domain's rules (support.supportFormProblems) and answers 10400 naming the field.
 */
import * as t from 'io-ts';
import { support } from '../../domain/index.js';

export const SUPPORT_SUBMIT_PATH = '/api/v1/support/submit';
export const DEV_SUPPORT_PAGE = '/dev/support';
export const DEV_TELEMETRY_PAGE = '/dev/telemetry';
export const LEGAL_PREFIX = '/legal/';

const SupportTopic = t.keyof(
  { question: null, bug: null, billing: null, appeal: null, other: null },
  'SupportTopic',
);

export const SupportSubmitRequest = t.intersection(
  [t.type({ topic: SupportTopic, email: t.string, message: t.string }), t.partial({ resource_id: t.string })],
  'SupportSubmitRequest',
);
export type SupportSubmitRequest = t.TypeOf<typeof SupportSubmitRequest>;

export const SupportSubmitResponse = t.type({ id: t.string, created_at: t.number }, 'SupportSubmitResponse');
export type SupportSubmitResponse = t.TypeOf<typeof SupportSubmitResponse>;

/**
 * "Report a problem" (issue 24): a signed-in person sends their event log (already redacted when it
 * was recorded; the server redacts it again and refuses what is not an event log) with a note, after
 * seeing what will be sent and agreeing. Reports are theirs: listed, downloadable and deletable.
 */
export const PROBLEM_REPORTS_PATH = '/api/v1/support/problem-reports';
export const PROBLEM_REPORTS_LIST_PATH = '/api/v1/support/problem-reports/list';
export const PROBLEM_REPORTS_DELETE_PATH = '/api/v1/support/problem-reports/delete';
/** The route's pattern on the server; `problemReportLogPath` fills it in. */
export const PROBLEM_REPORT_LOG_ROUTE = '/api/v1/support/problem-reports/:id/log';
export const problemReportLogPath = (id: string): string =>
  PROBLEM_REPORT_LOG_ROUTE.replace(':id', encodeURIComponent(id));
/** The largest log a report carries (a bounded recorder keeps logs well under it). */
export const PROBLEM_REPORT_MAX_BYTES = 8 * 1024 * 1024;
export const PROBLEM_NOTE_MAX = support.PROBLEM_NOTE_MAX;

export const ProblemReportRequest = t.type({ note: t.string, log: t.string }, 'ProblemReportRequest');
export type ProblemReportRequest = t.TypeOf<typeof ProblemReportRequest>;

export const ProblemReportItem = t.type(
  { id: t.string, note: t.string, events: t.number, bytes: t.number, created_at: t.number },
  'ProblemReportItem',
);
export type ProblemReportItem = t.TypeOf<typeof ProblemReportItem>;

export const ProblemReportResponse = ProblemReportItem;
export type ProblemReportResponse = ProblemReportItem;

export const ProblemReportListResponse = t.type(
  { items: t.array(ProblemReportItem) },
  'ProblemReportListResponse',
);
export type ProblemReportListResponse = t.TypeOf<typeof ProblemReportListResponse>;

export const ProblemReportDeleteRequest = t.type({ id: t.string }, 'ProblemReportDeleteRequest');
export type ProblemReportDeleteRequest = t.TypeOf<typeof ProblemReportDeleteRequest>;
export const ProblemReportDeleteResponse = t.type({ deleted: t.string }, 'ProblemReportDeleteResponse');
export type ProblemReportDeleteResponse = t.TypeOf<typeof ProblemReportDeleteResponse>;
