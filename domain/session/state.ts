/**
 * Session state and its reducer. Everything that belongs to one signed-in person (account
 * fields, admin-off flag, collections, notices, collected tags) lives inside the `signedIn`
 * variant, so logging out (back to `guest`) clears all of it in one step. The bearer token is
 * not here: the HTTP adapter holds it (issue 9), the state only says that a session exists.
 */
import { assertNever } from '../kernel/event.js';
import type { SessionEvent } from './events.js';
import { adminOffFor, type AdminOff, type ModelPresetMode, type TaskFlowVersion } from './rules.js';

/** Spec §3 `enterprise`: identity_type 'enterprise' marks a company account; show_entry admin vs member. */
export interface EnterpriseIdentity {
  readonly identityType: string;
  /** show_entry: true for a company admin (sees the company entry), false for an ordinary member. */
  readonly showEntry: boolean;
}

/** Spec §3 account fields the client keeps, in domain names. */
export interface UserInfo {
  readonly id: string;
  readonly accountName: string;
  readonly name: string;
  readonly email: string;
  readonly avatar: string;
  /** 3 marks a new user (spec §4). */
  readonly status: number;
  readonly role: string;
  /** When the account registered (epoch ms), for tracking's reg_at; absent in older logs. */
  readonly createdAt?: number;
  /** Optional so that existing producers of `UserInfo` stay valid; absent means a personal account. */
  readonly enterprise?: EnterpriseIdentity | null;
  /**
   * Spec §3 avatar_frame: the image of the avatar box the account wears, drawn around its avatar
   * wherever it shows; null or absent when none is worn.
   */
  readonly avatarFrame?: string | null;
}

/** One of the person's collection folders (collection_id, collection_name). */
export interface CollectionFolder {
  readonly id: string;
  readonly name: string;
}

/** One entry of the person's notice list; title is server content, not client display text. */
export interface AccountNotice {
  readonly id: string;
  readonly title: string;
  readonly createdAt: number;
}

export interface CollectedTag {
  readonly id: string;
  readonly title: string;
}

/** Spec §3 `settings` (and the NSFW switch of /account/show-sexy), in domain names. */
export interface AccountSettings {
  /** lang_code: the interface language the account chose. */
  readonly langCode: string;
  /** Whether NSFW content is shown (show-sexy). */
  readonly showNsfw: boolean;
  /** task_flow_version. */
  readonly taskFlowVersion: TaskFlowVersion;
  /** use_model_preset_meta_mode. */
  readonly modelPresetMode: ModelPresetMode;
  /** task_image_prompt_switch. */
  readonly imagePromptSwitch: boolean;
  /** is_auto_pub_community: finished works are published to the community. */
  readonly autoPublish: boolean;
}

export interface SignedIn {
  readonly status: 'signedIn';
  readonly user: UserInfo;
  /** Spec §6: 0 for reviewers, -1 otherwise; derived from the role whenever user info is set. */
  readonly adminOff: AdminOff;
  readonly collections: readonly CollectionFolder[];
  readonly notices: readonly AccountNotice[];
  readonly collectedTags: readonly CollectedTag[];
  /** Loaded by the settings page; absent until then (and in older logs). */
  readonly settings?: AccountSettings;
  /** Saves of settings changes in flight and how the last one ended (absent: none yet). */
  readonly settingsSave?: SettingsSave;
  /** The code of a failed settings read, until the next read succeeds. */
  readonly settingsLoadFailure?: number | null;
}

export interface SettingsSave {
  readonly inFlight: number;
  readonly last: 'saved' | 'error' | null;
}

/** The last refused sign-in, until the next attempt succeeds. */
export interface LoginFailure {
  readonly code: number;
  readonly retryAfterMs: number | null;
}

/** Where a forgotten-password recovery stands, for the two pages that show it. */
export type Recovery =
  | { readonly status: 'mailSent' }
  | { readonly status: 'refused'; readonly code: number }
  | { readonly status: 'done' };

export interface Guest {
  readonly status: 'guest';
  readonly loginFailure?: LoginFailure;
  /** The code of the last refused sign-up (20006 email registered, 20005 invalid email, ...). */
  readonly signUpFailure?: { readonly code: number };
  readonly recovery?: Recovery;
}

export type SessionState = Guest | SignedIn;

export const initialSessionState: SessionState = { status: 'guest' };

const uniqueBy = <T>(items: readonly T[], key: (t: T) => string): readonly T[] => {
  const seen = new Set<string>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const signIn = (state: SessionState, user: UserInfo): SignedIn => {
  // A refresh of the same person's info keeps their loaded lists; another person starts clean.
  const same = state.status === 'signedIn' && state.user.id === user.id;
  return {
    status: 'signedIn',
    user,
    adminOff: adminOffFor(user.role),
    collections: same ? state.collections : [],
    notices: same ? state.notices : [],
    collectedTags: same ? state.collectedTags : [],
    ...(same && state.settings ? { settings: state.settings } : {}),
  };
};

const guestWith = (state: SessionState, extra: Omit<Guest, 'status'>): SessionState =>
  state.status === 'guest' ? { status: 'guest', ...extra } : state;

const withSettings = (state: SessionState, changes: Partial<AccountSettings>): SessionState =>
  state.status === 'signedIn' && state.settings
    ? { ...state, settings: { ...state.settings, ...changes } }
    : state;

/** One save started (+1) or ended (-1, with how). */
const withSave = (
  state: SessionState,
  delta: 1 | -1,
  last: SettingsSave['last'] | undefined,
): SessionState => {
  if (state.status !== 'signedIn' || !state.settings) return state;
  const held = state.settingsSave ?? { inFlight: 0, last: null };
  return {
    ...state,
    settingsSave: {
      inFlight: Math.max(0, held.inFlight + delta),
      last: last === undefined ? held.last : last,
    },
  };
};

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'session/userInfoSet':
      return signIn(state, event.payload.user);
    case 'session/loggedOut':
      return state.status === 'guest' ? state : initialSessionState;
    case 'session/collectionsLoaded':
      return state.status === 'signedIn'
        ? { ...state, collections: uniqueBy(event.payload.folders, (f) => f.id) }
        : state;
    case 'session/noticesLoaded':
      return state.status === 'signedIn'
        ? { ...state, notices: uniqueBy(event.payload.notices, (n) => n.id) }
        : state;
    case 'session/loginRefused':
      return state.status === 'guest'
        ? {
            status: 'guest',
            loginFailure: { code: event.payload.code, retryAfterMs: event.payload.retryAfterMs },
          }
        : state;
    case 'session/signUpRefused':
      return guestWith(state, { signUpFailure: { code: event.payload.code } });
    case 'session/passwordResetMailSent':
      return guestWith(state, { recovery: { status: 'mailSent' } });
    case 'session/passwordResetRefused':
      return guestWith(state, { recovery: { status: 'refused', code: event.payload.code } });
    case 'session/passwordResetCompleted':
      return guestWith(state, { recovery: { status: 'done' } });
    case 'session/settingsLoaded':
      return state.status === 'signedIn'
        ? { ...state, settings: event.payload.settings, settingsLoadFailure: null }
        : state;
    case 'session/settingsChanged':
      return withSave(withSettings(state, event.payload.changes), 1, undefined);
    case 'session/settingsChangeRolledBack':
      return withSave(withSettings(state, event.payload.restore), -1, 'error');
    case 'session/settingsSaved':
      return withSave(state, -1, 'saved');
    case 'session/settingsLoadFailed':
      return state.status === 'signedIn' && !state.settings
        ? { ...state, settingsLoadFailure: event.payload.code }
        : state;
    case 'session/collectedTagsLoaded':
      return state.status === 'signedIn'
        ? { ...state, collectedTags: uniqueBy(event.payload.tags, (t) => t.id) }
        : state;
    default:
      return assertNever(event);
  }
};
