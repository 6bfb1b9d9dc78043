/**
 * The typed calls of the platform area, built on the one HTTP client: the plan and coin-pack
 * lists (the commerce contract), the sensitive-word check, the download-url resolver, editor
 * projects and push token registration.
 */
import type { Observable } from 'rxjs';
import {
  CALCULATE_LIST_PATH,
  CalculateListResponse,
  SUBSCRIPTION_LIST_PATH,
  SubscriptionListResponse,
} from '../contract/commerce';
import {
  DOWNLOAD_URL_PATH,
  DownloadUrlResponse,
  EDITOR_PROJECT_CREATE_PATH,
  EDITOR_PROJECT_DETAIL_PATH,
  EDITOR_PROJECT_SAVE_PATH,
  EditorProjectResponse,
  EditorSaveResponse,
  PUSH_CONFIG_PATH,
  PUSH_TOKEN_PATH,
  PushConfigResponse,
  PushTokenResponse,
  SENSITIVE_CHECK_PATH,
  SensitiveCheckResponse,
  type DownloadUrlRequest,
  type EditorProjectCreateRequest,
  type EditorProjectDetailRequest,
  type EditorSaveRequest,
  type PushTokenRequest,
  type SensitiveCheckRequest,
} from '../contract/platform';
import type { ApiResult, HttpClient } from '../http/client';

export interface PlatformApi {
  readonly subscriptionList: () => Observable<ApiResult<SubscriptionListResponse>>;
  readonly calculateList: () => Observable<ApiResult<CalculateListResponse>>;
  readonly sensitiveCheck: (req: SensitiveCheckRequest) => Observable<ApiResult<SensitiveCheckResponse>>;
  readonly downloadUrl: (req: DownloadUrlRequest) => Observable<ApiResult<DownloadUrlResponse>>;
  readonly editorCreate: (req: EditorProjectCreateRequest) => Observable<ApiResult<EditorProjectResponse>>;
  readonly editorDetail: (req: EditorProjectDetailRequest) => Observable<ApiResult<EditorProjectResponse>>;
  readonly editorSave: (req: EditorSaveRequest) => Observable<ApiResult<EditorSaveResponse>>;
  readonly pushConfig: () => Observable<ApiResult<PushConfigResponse>>;
  readonly pushToken: (req: PushTokenRequest) => Observable<ApiResult<PushTokenResponse>>;
}

export const makePlatformApi = (http: HttpClient): PlatformApi => ({
  subscriptionList: () => http.post(SUBSCRIPTION_LIST_PATH, {}, SubscriptionListResponse),
  calculateList: () => http.post(CALCULATE_LIST_PATH, {}, CalculateListResponse),
  sensitiveCheck: (req) => http.post(SENSITIVE_CHECK_PATH, req, SensitiveCheckResponse),
  downloadUrl: (req) => http.post(DOWNLOAD_URL_PATH, req, DownloadUrlResponse),
  editorCreate: (req) => http.post(EDITOR_PROJECT_CREATE_PATH, req, EditorProjectResponse),
  editorDetail: (req) => http.post(EDITOR_PROJECT_DETAIL_PATH, req, EditorProjectResponse),
  editorSave: (req) => http.post(EDITOR_PROJECT_SAVE_PATH, req, EditorSaveResponse),
  pushConfig: () => http.post(PUSH_CONFIG_PATH, {}, PushConfigResponse),
  pushToken: (req) => http.post(PUSH_TOKEN_PATH, req, PushTokenResponse),
});
