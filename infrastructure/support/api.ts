/** The support call on the shared HTTP client (the guide status is the social API's). */
import type { Observable } from 'rxjs';
import {
  PROBLEM_REPORTS_DELETE_PATH,
  PROBLEM_REPORTS_LIST_PATH,
  PROBLEM_REPORTS_PATH,
  ProblemReportDeleteResponse,
  ProblemReportListResponse,
  ProblemReportResponse,
  SUPPORT_SUBMIT_PATH,
  SupportSubmitResponse,
  type ProblemReportDeleteRequest,
  type ProblemReportRequest,
  type SupportSubmitRequest,
} from '../contract/support';
import type { ApiResult, HttpClient } from '../http/client';

export interface SupportApi {
  readonly submit: (req: SupportSubmitRequest) => Observable<ApiResult<SupportSubmitResponse>>;
  /** "Report a problem" (issue 24): send, list and delete the person's reports. */
  readonly sendReport: (req: ProblemReportRequest) => Observable<ApiResult<ProblemReportResponse>>;
  readonly listReports: () => Observable<ApiResult<ProblemReportListResponse>>;
  readonly deleteReport: (
    req: ProblemReportDeleteRequest,
  ) => Observable<ApiResult<ProblemReportDeleteResponse>>;
}

export interface SupportDeps {
  readonly api: SupportApi;
}

export const makeSupportApi = (http: HttpClient): SupportApi => ({
  submit: (req) => http.post(SUPPORT_SUBMIT_PATH, req, SupportSubmitResponse),
  sendReport: (req) => http.post(PROBLEM_REPORTS_PATH, req, ProblemReportResponse),
  listReports: () => http.post(PROBLEM_REPORTS_LIST_PATH, {}, ProblemReportListResponse),
  deleteReport: (req) => http.post(PROBLEM_REPORTS_DELETE_PATH, req, ProblemReportDeleteResponse),
});
