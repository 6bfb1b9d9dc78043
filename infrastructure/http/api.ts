/**
 * The typed API the epics use: one function per call, built on the HTTP client and the
 * shared contract. Epics receive this as an injected dependency, so tests pass a fake.
 */
import type { Observable } from 'rxjs';
import {
  ACCOUNT_INFO_PATH,
  AccountInfo,
  AccountSettings,
  EmptyResponse,
  LOCALIZE_SET_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  LoginResponse,
  PASSWORD_FORGOT_PATH,
  PASSWORD_RESET_PATH,
  REGISTER_PATH,
  RegisterResponse,
  SETTINGS_PATH,
  SETTINGS_UPDATE_PATH,
  SHOW_SEXY_PATH,
  type LocalizeSetRequest,
  type LoginRequest,
  type PasswordForgotRequest,
  type PasswordResetRequest,
  type RegisterRequest,
  type SettingsUpdateRequest,
  type ShowSexyRequest,
} from '../contract/account';
import { PAYMENT_INFO_PATH, PaymentInfoResponse } from '../contract/payment';
import { makeTaskApi, type TaskApi } from '../tasks/api';
import type { ApiResult, HttpClient } from './client';
import { FeedPage, FeedRequest } from '../contract/feed';
import {
  BEHAVIOR_LOG_PATH,
  BehaviorLogResponse,
  REPORT_PATH,
  ReportResponse,
  type BehaviorLogRequest,
  ReportRequest,
} from '../contract/social';

/** Create and batch progress are the task API's (tasks/api.ts), the one home of the task calls. */
export interface Api extends Pick<TaskApi, 'createTask' | 'batchProgress'> {
  readonly paymentInfo: () => Observable<ApiResult<PaymentInfoResponse>>;
  readonly login: (req: LoginRequest) => Observable<ApiResult<LoginResponse>>;
  readonly logout: () => Observable<ApiResult<EmptyResponse>>;
  readonly accountInfo: () => Observable<ApiResult<AccountInfo>>;
  /** Sign-up: the new account is signed in (the answer is login's). */
  readonly register: (req: RegisterRequest) => Observable<ApiResult<LoginResponse>>;
  readonly forgotPassword: (req: PasswordForgotRequest) => Observable<ApiResult<EmptyResponse>>;
  readonly resetPassword: (req: PasswordResetRequest) => Observable<ApiResult<EmptyResponse>>;
  readonly settings: () => Observable<ApiResult<AccountSettings>>;
  readonly updateSettings: (req: SettingsUpdateRequest) => Observable<ApiResult<AccountSettings>>;
  readonly showSexy: (req: ShowSexyRequest) => Observable<ApiResult<AccountSettings>>;
  readonly setLanguage: (req: LocalizeSetRequest) => Observable<ApiResult<AccountSettings>>;
  /** One page of a feed tab (spec §7 feed lists under /api/v1/square/v3). */
  readonly feedPage: (path: string, req: FeedRequest) => Observable<ApiResult<FeedPage>>;
  /** Likes and other behaviour are reported as log items (spec §7). */
  readonly behaviorLog: (req: BehaviorLogRequest) => Observable<ApiResult<BehaviorLogResponse>>;
  /** Spec §7 "Report artwork (id, obj_type)": any card of the square. */
  readonly reportItem: (req: ReportRequest) => Observable<ApiResult<ReportResponse>>;
}

type EmptyResponse = typeof EmptyResponse._A;

const pickTaskCalls = ({ createTask, batchProgress }: TaskApi) => ({ createTask, batchProgress });

export const makeApi = (http: HttpClient): Api => ({
  ...pickTaskCalls(makeTaskApi(http)),
  paymentInfo: () => http.post(PAYMENT_INFO_PATH, {}, PaymentInfoResponse),
  login: (req) => http.post(LOGIN_PATH, req, LoginResponse),
  logout: () => http.post(LOGOUT_PATH, {}, EmptyResponse),
  accountInfo: () => http.post(ACCOUNT_INFO_PATH, {}, AccountInfo),
  register: (req) => http.post(REGISTER_PATH, req, RegisterResponse),
  forgotPassword: (req) => http.post(PASSWORD_FORGOT_PATH, req, EmptyResponse),
  resetPassword: (req) => http.post(PASSWORD_RESET_PATH, req, EmptyResponse),
  settings: () => http.post(SETTINGS_PATH, {}, AccountSettings),
  updateSettings: (req) => http.post(SETTINGS_UPDATE_PATH, req, AccountSettings),
  showSexy: (req) => http.post(SHOW_SEXY_PATH, req, AccountSettings),
  setLanguage: (req) => http.post(LOCALIZE_SET_PATH, req, AccountSettings),
  feedPage: (path, req) => http.post(path, FeedRequest.encode(req), FeedPage),
  behaviorLog: (req) => http.post(BEHAVIOR_LOG_PATH, req, BehaviorLogResponse),
  reportItem: (req) => http.post(REPORT_PATH, ReportRequest.encode(req), ReportResponse),
});
