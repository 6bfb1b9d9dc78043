/** The session's calls (spec §7 account): sign-in and out, sign-up, passwords, the account's settings. */
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
import type { ApiResult, HttpClient } from '../http/client';

type EmptyResponse = typeof EmptyResponse._A;

export interface SessionApi {
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
}

export const makeSessionApi = (http: HttpClient): SessionApi => ({
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
});
