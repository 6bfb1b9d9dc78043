/** The support call on the shared HTTP client (the guide status is the social API's). */
import type { Observable } from 'rxjs';
import { SUPPORT_SUBMIT_PATH, SupportSubmitResponse, type SupportSubmitRequest } from '../contract/support';
import type { ApiResult, HttpClient } from '../http/client';

export interface SupportApi {
  readonly submit: (req: SupportSubmitRequest) => Observable<ApiResult<SupportSubmitResponse>>;
}

export interface SupportDeps {
  readonly api: SupportApi;
}

export const makeSupportApi = (http: HttpClient): SupportApi => ({
  submit: (req) => http.post(SUPPORT_SUBMIT_PATH, req, SupportSubmitResponse),
});
