/**
 * Account calls. Login, logout and account info paths are "not shown" in the spec; we chose
 * `POST /api/v1/account/login`, `/api/v1/account/logout` and `/api/v1/account/info`.
 */
import * as t from 'io-ts';

export const LOGIN_PATH = '/api/v1/account/login';
export const LOGOUT_PATH = '/api/v1/account/logout';
export const ACCOUNT_INFO_PATH = '/api/v1/account/info';

interface EmailBrand {
  readonly Email: unique symbol;
}
export const Email = t.brand(
  t.string,
  (s): s is t.Branded<string, EmailBrand> => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) && s.length <= 254,
  'Email',
);
export type Email = t.TypeOf<typeof Email>;

export const LoginRequest = t.type({ email: Email, password: t.string }, 'LoginRequest');
export type LoginRequest = t.TypeOf<typeof LoginRequest>;

export const AccountInfo = t.intersection(
  [
    t.type({
      id: t.string,
      account_id: t.string,
      account_name: t.string,
      name: t.string,
      email: t.string,
      avatar: t.string,
      status: t.number,
      role: t.string,
      create_at: t.number,
    }),
    t.partial({
      /** Spec §3 avatar_frame: the image of the avatar box the account wears, null when none. */
      avatar_frame: t.union([t.string, t.null]),
      /** Spec §3 enterprise: a company account ('enterprise'), its admin shown the company entry; null for none. */
      enterprise: t.union([t.type({ identity_type: t.string, show_entry: t.boolean }), t.null]),
    }),
  ],
  'AccountInfo',
);
export type AccountInfo = t.TypeOf<typeof AccountInfo>;

export const LoginResponse = t.type({ token: t.string, user: AccountInfo }, 'LoginResponse');
export type LoginResponse = t.TypeOf<typeof LoginResponse>;

/**
 * The `data` of a refused sign-in with code 20010 (too many attempts for the account or the
 * client address): how many seconds to wait before the next attempt (also the Retry-After header).
 */
export const LoginThrottled = t.type({ retry_after_s: t.number }, 'LoginThrottled');
export type LoginThrottled = t.TypeOf<typeof LoginThrottled>;

export const EmptyRequest = t.type({}, 'EmptyRequest');
export const EmptyResponse = t.union([t.null, t.type({})], 'EmptyResponse');

// ---------------------------------------------------------------------------------------------
// Sign-up and password reset (issue 11; paths "not shown" in the spec, chosen like login's)

export const REGISTER_PATH = '/api/v1/account/register';
export const PASSWORD_FORGOT_PATH = '/api/v1/account/password/forgot';
export const PASSWORD_RESET_PATH = '/api/v1/account/password/reset';
/**
 * The development outbox of the reference server (server-rendered HTML, not an API call): the
 * mails its mail interface stored. Served only outside production or with DEV_OUTBOX=1.
 */
export const DEV_OUTBOX_PAGE = '/dev/outbox';

/**
 * The email is a plain string here, not `Email`: the server checks it with the domain's rule and
 * answers 20005 (invalid email) so the form can say so, instead of a malformed-request 10400.
 */
export const RegisterRequest = t.type(
  { name: t.string, email: t.string, password: t.string },
  'RegisterRequest',
);
export type RegisterRequest = t.TypeOf<typeof RegisterRequest>;
/** A new account is signed in at once: the answer is login's. */
export const RegisterResponse = LoginResponse;

export const PasswordForgotRequest = t.type({ email: t.string }, 'PasswordForgotRequest');
export type PasswordForgotRequest = t.TypeOf<typeof PasswordForgotRequest>;

/** `token` is the one-time token of the mailed link; 20004 when it expired or was used already. */
export const PasswordResetRequest = t.type({ token: t.string, password: t.string }, 'PasswordResetRequest');
export type PasswordResetRequest = t.TypeOf<typeof PasswordResetRequest>;

// ---------------------------------------------------------------------------------------------
// Settings (spec §3 settings, spec §7 /account/settings, /account/show-sexy, /account/settings/localize/set)

/** Read the settings (empty body). */
export const SETTINGS_PATH = '/api/v1/account/settings';
/** Change some of the settings; the answer is all of them. */
export const SETTINGS_UPDATE_PATH = '/api/v1/account/settings/update';
export const SHOW_SEXY_PATH = '/api/v1/account/show-sexy';
export const LOCALIZE_SET_PATH = '/api/v1/account/settings/localize/set';

export const TaskFlowVersion = t.keyof({ v1: null, v2: null }, 'TaskFlowVersion');
export const ModelPresetMode = t.union([t.literal(1), t.literal(2)], 'ModelPresetMode');
/** A language code as BCP 47 writes it (en, ja, zh-CN), bounded. */
export const LangCode = t.refinement(t.string, (s) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(s), 'LangCode');

export const AccountSettings = t.type(
  {
    lang_code: LangCode,
    use_model_preset_meta_mode: ModelPresetMode,
    task_image_prompt_switch: t.boolean,
    task_flow_version: TaskFlowVersion,
    is_auto_pub_community: t.boolean,
    show_sexy: t.boolean,
  },
  'AccountSettings',
);
export type AccountSettings = t.TypeOf<typeof AccountSettings>;

/**
 * Spec §7 "settings update (mode 1 with task_flow_version or use_model_preset_meta_mode)": the
 * client sends `mode: 1` with those two; the server accepts it with any change and stores no mode.
 */
export const SettingsUpdateRequest = t.exact(
  t.partial(
    {
      mode: t.literal(1),
      use_model_preset_meta_mode: ModelPresetMode,
      task_image_prompt_switch: t.boolean,
      task_flow_version: TaskFlowVersion,
      is_auto_pub_community: t.boolean,
    },
    'SettingsUpdateRequest',
  ),
);
export type SettingsUpdateRequest = t.TypeOf<typeof SettingsUpdateRequest>;

export const ShowSexyRequest = t.type({ show_sexy: t.boolean }, 'ShowSexyRequest');
export type ShowSexyRequest = t.TypeOf<typeof ShowSexyRequest>;

export const LocalizeSetRequest = t.type({ lang_code: LangCode }, 'LocalizeSetRequest');
export type LocalizeSetRequest = t.TypeOf<typeof LocalizeSetRequest>;
