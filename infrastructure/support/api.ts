/** The support and guide-status calls on the shared HTTP client. */
import type { Observable } from 'rxjs';
import { GUIDE_STATUS_PATH, GUIDE_STATUS_SET_PATH, GuideStatus } from '../contract/profile';
import { SUPPORT_SUBMIT_PATH, SupportSubmitResponse, type SupportSubmitRequest } from '../contract/support';
import type { ApiResult, HttpClient } from '../http/client';

export interface SupportApi {
  readonly submit: (req: SupportSubmitRequest) => Observable<ApiResult<SupportSubmitResponse>>;
  readonly guideStatus: () => Observable<ApiResult<GuideStatus>>;
  readonly setGuideStatus: (req: GuideStatus) => Observable<ApiResult<GuideStatus>>;
}

export interface SupportDeps {
  readonly api: SupportApi;
}

export const makeSupportApi = (http: HttpClient): SupportApi => ({
  submit: (req) => http.post(SUPPORT_SUBMIT_PATH, req, SupportSubmitResponse),
  guideStatus: () => http.post(GUIDE_STATUS_PATH, {}, GuideStatus),
  setGuideStatus: (req) => http.post(GUIDE_STATUS_SET_PATH, req, GuideStatus),
});
