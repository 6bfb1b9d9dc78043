/** The square's calls (spec §7): a page of a feed tab, and a card's report. */
import type { Observable } from 'rxjs';
import { FeedPage, FeedRequest } from '../contract/feed';
import { REPORT_PATH, ReportRequest, ReportResponse } from '../contract/social';
import type { ApiResult, HttpClient } from '../http/client';

export interface FeedApi {
  /** One page of a feed tab (spec §7 feed lists under /api/v1/square/v3). */
  readonly feedPage: (path: string, req: FeedRequest) => Observable<ApiResult<FeedPage>>;
  /** Spec §7 "Report artwork (id, obj_type)": any card of the square. */
  readonly reportItem: (req: ReportRequest) => Observable<ApiResult<ReportResponse>>;
}

export const makeFeedApi = (http: HttpClient): FeedApi => ({
  feedPage: (path, req) => http.post(path, FeedRequest.encode(req), FeedPage),
  reportItem: (req) => http.post(REPORT_PATH, ReportRequest.encode(req), ReportResponse),
});
