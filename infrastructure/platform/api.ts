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
  EDITOR_PROJECT_LIST_PATH,
  EDITOR_PROJECT_RENAME_PATH,
  EDITOR_PROJECT_DUPLICATE_PATH,
  EDITOR_PROJECT_DELETE_PATH,
  EditorProjectListResponse,
  EditorProjectSummaryResponse,
  EditorProjectDeleteResponse,
  type EditorProjectRenameRequest,
  type EditorProjectIdRequest,
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
  readonly editorList: () => Observable<ApiResult<EditorProjectListResponse>>;
  readonly editorRename: (
    req: EditorProjectRenameRequest,
  ) => Observable<ApiResult<EditorProjectSummaryResponse>>;
  readonly editorDuplicate: (req: EditorProjectIdRequest) => Observable<ApiResult<EditorProjectResponse>>;
  readonly editorDelete: (req: EditorProjectIdRequest) => Observable<ApiResult<EditorProjectDeleteResponse>>;
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
  editorList: () => http.post(EDITOR_PROJECT_LIST_PATH, {}, EditorProjectListResponse),
  editorRename: (req) => http.post(EDITOR_PROJECT_RENAME_PATH, req, EditorProjectSummaryResponse),
  editorDuplicate: (req) => http.post(EDITOR_PROJECT_DUPLICATE_PATH, req, EditorProjectResponse),
  editorDelete: (req) => http.post(EDITOR_PROJECT_DELETE_PATH, req, EditorProjectDeleteResponse),
  pushConfig: () => http.post(PUSH_CONFIG_PATH, {}, PushConfigResponse),
  pushToken: (req) => http.post(PUSH_TOKEN_PATH, req, PushTokenResponse),
});
