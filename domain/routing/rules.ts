/**
 * Every route guard of spec §2 as one pure decision. The router adapter hands in what it knows
 * about the navigation (path, route name, query, cookies, A/B flags, bot check, browser language)
 * and performs what comes back: allow, redirect, or allow and open the login dialog, plus the
 * values to store locally. Deciding in one place makes the guard order explicit and testable.
 */

// ---- locales -------------------------------------------------------------------------------

/**
 * Spec §3: 16 interface languages; the list is not shown, so this is our choice. English is the
 * default and is the only locale without a path prefix.
 */
export const SUPPORTED_LOCALES = [
  'en',
  'ja',
  'zh-CN',
  'zh-TW',
  'ko',
  'es',
  'fr',
  'de',
  'pt',
  'ru',
  'it',
  'id',
  'th',
  'vi',
  'ar',
  'tr',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)\b/;

/**
 * A BCP 47 tag (`ja-JP`, `zh_Hant_TW`, `PT-br`) to a supported locale, or null. Exact matches win,
 * then Chinese by script or region (Traditional for Hant, TW, HK, MO), then the primary subtag.
 */
export const normalizeLocale = (tag: string | null | undefined): Locale | null => {
  const t = (tag ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (t === '') return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const primary = t.split('-')[0] ?? '';
  if (primary === 'zh') return TRADITIONAL_CHINESE.test(t) ? 'zh-TW' : 'zh-CN';
  return SUPPORTED_LOCALES.find((l) => l === primary) ?? null;
};

export const resolveLocale = (tag: string | null | undefined): Locale =>
  normalizeLocale(tag) ?? DEFAULT_LOCALE;

/** Splits a locale prefix off a path: `/ja/models/1` is ja and `/models/1`. English has no prefix. */
export const splitLocalePath = (path: string): { readonly locale: Locale | null; readonly rest: string } => {
  const match = /^\/([^/?#]+)(\/.*)?$/.exec(path);
  const head = match?.[1];
  const prefixed = SUPPORTED_LOCALES.find((l) => l !== DEFAULT_LOCALE && l === head);
  if (!prefixed) return { locale: null, rest: path === '' ? '/' : path };
  return { locale: prefixed, rest: match?.[2] ?? '/' };
};

export const localizedPath = (locale: Locale, barePath: string): string =>
  locale === DEFAULT_LOCALE ? barePath : `/${locale}${barePath === '/' ? '' : barePath}`;

// ---- route tables (spec §2) ----------------------------------------------------------------

/**
 * The public pages worth indexing, as bare paths (English; every locale has them under its prefix):
 * what the server's sitemap lists (issue 22). Pages behind a sign-in, forms and items by id are left out.
 */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  '/create',
  '/explore',
  '/ai-tools',
  '/pricing',
  '/mall',
  '/search',
  '/tag',
  '/support',
];

export const HOME_ROUTE = 'home';
export const LOGIN_ROUTE = 'login';
/** The ad landing pages; their names are not in the spec, so these are ours. */
export const PUBLICIZE_ROUTE = 'publicize';
export const PUBLICIZE_PATH_PREFIX = '/publicize';
export const FORBIDDEN_PATH = '/403';

export const CHARACTER_ROUTE_NAMES = [
  'newCharacter',
  'myCharacters',
  'tavernSearch',
  'CharacterDetail',
  'aiChat',
  'cyberBarPage',
  'deepseekChat',
  // Ours: the edit screen of a character (spec §2 names no route for it) guards like its detail.
  'editCharacter',
] as const;
export const CHARACTER_PATH_MARK = '/cyberPub';
/** The square's character tab, by its tab address (the spec's cyberPub tab, spec §2 feed tabs). */
export const CHARACTER_TAB_PATH = '/explore/character';

export const TAVERN_ROUTE_NAMES = [
  'tavernDetail',
  'tavernChatsHome',
  'tavernChat',
  'tavernChatRoom',
  'tavernInstruction',
] as const;
export const TAVERN_PATH_MARK = '/tavern';

const lower = (p: string): string => p.toLowerCase();

/**
 * Spec §2 character routes: by name, or any path containing /cyberPub (in any case: the section
 * path is `/cyberpub`), and the square's character tab `/explore/character`, which shows the same list.
 */
export const isCharacterRoute = (routeName: string, barePath: string): boolean => {
  if ((CHARACTER_ROUTE_NAMES as readonly string[]).includes(routeName)) return true;
  const path = lower(barePath);
  return (
    path.includes(lower(CHARACTER_PATH_MARK)) ||
    path === CHARACTER_TAB_PATH ||
    path.startsWith(`${CHARACTER_TAB_PATH}/`)
  );
};

/** Spec §2 tavern routes: by name, or any path containing /tavern. */
export const isTavernRoute = (routeName: string, barePath: string): boolean =>
  (TAVERN_ROUTE_NAMES as readonly string[]).includes(routeName) || barePath.includes(TAVERN_PATH_MARK);

/**
 * Whether a route's guard decides on the server's flags (the tavern permission, the ST-tavern
 * test, the model-detail test): such a navigation waits for them, so that a first visit is
 * decided on real data.
 */
export const guardNeedsFlags = (routeName: string, barePath: string): boolean =>
  isCharacterRoute(routeName, barePath) || isTavernRoute(routeName, barePath) || isModelDetailPath(barePath);

/** Spec §2 `/models/{id}`: the address the model_detail_v2 A/B test may send to /models/newDetail/{id}. */
export const isModelDetailPath = (barePath: string): boolean =>
  /^\/models\/(?!newDetail\/?$)[^/]+\/?$/.test(barePath);

/** Spec §2: tool pages that force the login dialog on an expired session (instead of a redirect). */
export const TOOL_PAGE_PATHS = [
  '/ai-tools/ai-face-swap',
  '/ai-tools/ai_erase',
  '/ai-tools/ai-filter',
  '/ai-tools/image-upscaler',
  '/ai-tools/scribble2img',
  '/ai-tools/remove-background',
  '/ai-tools/ai-dance',
  '/ai-tools/ai-makeup',
  '/ai-tools/ai-video-generator',
] as const;

const trimTrailingSlash = (p: string): string => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** True for a tool page, with or without a locale prefix, a trailing slash or a sub-path. */
export const isToolPage = (path: string): boolean => {
  const bare = trimTrailingSlash(splitLocalePath(path.split(/[?#]/)[0] ?? '').rest);
  return TOOL_PAGE_PATHS.some((tool) => bare === tool || bare.startsWith(`${tool}/`));
};

// ---- the decision --------------------------------------------------------------------------

export type Query = Readonly<Record<string, string>>;

export interface RouteCookies {
  readonly lang?: string;
  readonly enable_tavern?: string;
  readonly enable_st_tavern?: string;
}

export interface RouteFlags {
  /** The ST-tavern A/B test. */
  readonly abStTavern?: boolean;
  readonly model_detail_v2?: string;
}

export interface RouteInput {
  readonly path: string;
  readonly routeName: string;
  readonly query: Query;
  /** The route's own meta: whether it needs a signed-in user. */
  readonly requiresAuth: boolean;
  /** The session cookie T (spec §6: guests versus logged in). */
  readonly hasSessionCookie: boolean;
  readonly cookies: RouteCookies;
  readonly flags: RouteFlags;
  readonly isBot: boolean;
  readonly browserLanguage: string;
  /**
   * Whether the login dialog is open now: the auth guard opened it with its redirect to
   * `auth_redirect=1`, so that address shows the page's place behind the dialog; without it (a
   * reload, a shared link, the dialog closed) `auth_redirect` sends home (spec §2).
   */
  readonly loginDialogOpen?: boolean;
}

export interface AdTrackingInfo {
  readonly trackId?: string;
  readonly creativeId?: string;
  readonly accountId?: string;
  readonly ip?: string;
}

/** What the adapter writes to local storage for this navigation. */
export type StoreEffect =
  | { readonly kind: 'channelInviteCode'; readonly code: string }
  | { readonly kind: 'referralCode'; readonly code: string }
  | { readonly kind: 'adTracking'; readonly info: AdTrackingInfo };

/**
 * Why a guard sent a person home, so that the page can say it instead of a silent jump: the
 * character routes need the tavern permission, the tavern routes the ST-tavern test and permission.
 */
export type RedirectReason = 'charactersUnavailable' | 'tavernUnavailable';

/** The message id that explains a redirect reason (views translate it). */
export const REDIRECT_REASON_MESSAGE: Readonly<Record<RedirectReason, string>> = {
  charactersUnavailable: 'guard.charactersUnavailable',
  tavernUnavailable: 'guard.tavernUnavailable',
};

export type RouteDecision =
  | { readonly kind: 'allow'; readonly store?: readonly StoreEffect[] }
  | {
      readonly kind: 'redirect';
      readonly to: string;
      readonly query: Query;
      readonly replace?: boolean;
      /** Opened together with the redirect (the auth guard). */
      readonly dialog?: 'login';
      /** Why the person is sent elsewhere, when it is theirs to know (a permission or a test). */
      readonly reason?: RedirectReason;
      readonly store?: readonly StoreEffect[];
    }
  | {
      /**
       * A guest on a page that needs a session, at `auth_redirect=1` with the login dialog open:
       * the page's place is shown behind the dialog, and a sign-in reveals the page (spec §2).
       */
      readonly kind: 'loginGate';
      readonly store?: readonly StoreEffect[];
    }
  | {
      readonly kind: 'allowWithDialog';
      readonly dialog: 'login';
      /** Spec §8 code 20301: the dialog opens on its activation step. */
      readonly toActive?: boolean;
      readonly store?: readonly StoreEffect[];
    };

/** Cookies carry strings; only 'true' or '1' grant a permission, anything else (or nothing) refuses. */
export const cookieFlag = (value: string | undefined): boolean => value === 'true' || value === '1';

const present = (q: Query, key: string): string | undefined => {
  const v = q[key];
  return v === undefined || v === '' ? undefined : v;
};

export const AUTH_REDIRECT = 'auth_redirect';

/** Spec §2 store rules: invite and referral codes on the login page, ad tracking on home and publicize pages. */
export const storeEffectsOf = (input: RouteInput, bare: string): readonly StoreEffect[] => {
  const effects: StoreEffect[] = [];
  const q = input.query;
  if (input.routeName === LOGIN_ROUTE || bare === '/login') {
    const chan = present(q, 'chan_id');
    const ref = present(q, 'u_code');
    if (chan) effects.push({ kind: 'channelInviteCode', code: chan });
    if (ref) effects.push({ kind: 'referralCode', code: ref });
  }
  const isLanding =
    input.routeName === HOME_ROUTE ||
    bare === '/' ||
    input.routeName === PUBLICIZE_ROUTE ||
    bare === PUBLICIZE_PATH_PREFIX ||
    bare.startsWith(`${PUBLICIZE_PATH_PREFIX}/`);
  if (isLanding) {
    const entries = [
      ['trackId', present(q, 'track_id')],
      ['creativeId', present(q, 'creative_id')],
      ['accountId', present(q, 'account_id')],
      ['ip', present(q, 'ip')],
    ].filter((e): e is [string, string] => e[1] !== undefined);
    if (entries.length > 0) effects.push({ kind: 'adTracking', info: Object.fromEntries(entries) });
  }
  return effects;
};

/**
 * The local-storage keys the store effects are written under; the session's logout whitelist
 * keeps them, since the codes wait for a registration that has not happened yet.
 */
export const STORE_EFFECT_KEYS: Readonly<Record<StoreEffect['kind'], string>> = {
  channelInviteCode: 'channel_invite_code',
  referralCode: 'referral_code',
  adTracking: 'ad_tracking_info',
};

/** The local-storage entry (key, value) a store effect writes; ad tracking is kept as JSON. */
export const storeEntryOf = (effect: StoreEffect): readonly [string, string] =>
  effect.kind === 'adTracking'
    ? [STORE_EFFECT_KEYS.adTracking, JSON.stringify(effect.info)]
    : [STORE_EFFECT_KEYS[effect.kind], effect.code];

const MODEL_DETAIL = /^\/models\/([^/]+)\/?$/;

const sameQuery = (a: Query, b: Query): boolean => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
};

/** A redirect or dialog the guards chose, before store effects are attached. */
type Verdict =
  | { readonly kind: 'allow' }
  | Omit<Extract<RouteDecision, { kind: 'redirect' }>, 'store'>
  | Omit<Extract<RouteDecision, { kind: 'loginGate' }>, 'store'>
  | Omit<Extract<RouteDecision, { kind: 'allowWithDialog' }>, 'store'>;

const guards = (input: RouteInput): Verdict => {
  const { locale: prefix, rest: bare } = splitLocalePath(input.path);
  const current = prefix ?? DEFAULT_LOCALE;
  const q = input.query;

  // Language: a signed-in user's lang cookie is authoritative; a guest is sent to the browser
  // language only from an unprefixed path, so a link to /ja/... is respected.
  const cookieLocale = input.hasSessionCookie ? normalizeLocale(input.cookies.lang) : null;
  const wanted = cookieLocale ?? (prefix === null ? resolveLocale(input.browserLanguage) : current);
  if (wanted !== current)
    return { kind: 'redirect', to: localizedPath(wanted, bare), query: q, replace: true };

  const home = localizedPath(current, '/');
  const isHome = input.routeName === HOME_ROUTE || bare === '/';

  if (input.requiresAuth && !input.hasSessionCookie && !isHome) {
    if (q[AUTH_REDIRECT] !== undefined)
      return input.loginDialogOpen === true
        ? { kind: 'loginGate' }
        : { kind: 'redirect', to: home, query: {} };
    return { kind: 'redirect', to: input.path, query: { ...q, [AUTH_REDIRECT]: '1' }, dialog: 'login' };
  }

  if (isCharacterRoute(input.routeName, bare) && !cookieFlag(input.cookies.enable_tavern))
    return { kind: 'redirect', to: home, query: {}, reason: 'charactersUnavailable' };

  if (
    isTavernRoute(input.routeName, bare) &&
    (input.flags.abStTavern !== true || !cookieFlag(input.cookies.enable_st_tavern))
  )
    return { kind: 'redirect', to: home, query: {}, reason: 'tavernUnavailable' };

  const model = MODEL_DETAIL.exec(bare);
  if (model && input.flags.model_detail_v2 === 'B')
    return {
      kind: 'redirect',
      to: localizedPath(current, `/models/newDetail/${model[1] ?? ''}`),
      query: q,
      replace: true,
    };

  if (isHome) {
    const toActive = q['toActive'] !== undefined;
    if (toActive) return { kind: 'allowWithDialog', dialog: 'login', toActive: true };
    if (q['openLoginDialog'] === '1' && !input.hasSessionCookie)
      return { kind: 'allowWithDialog', dialog: 'login' };
  }
  return { kind: 'allow' };
};

/**
 * Spec §2 route guards, in order: bots pass untouched; then the language guard, the auth guard,
 * the character and tavern permissions, the model-detail A/B redirect and the home dialogs. Store
 * effects ride on whatever the guards decide. A redirect back to where the user already is would
 * loop, so it is turned into an allow.
 */
export const decideRoute = (input: RouteInput): RouteDecision => {
  if (input.isBot) return { kind: 'allow' };
  const store = storeEffectsOf(input, splitLocalePath(input.path).rest);
  const raw = guards(input);
  const verdict: Verdict =
    raw.kind === 'redirect' && raw.to === input.path && sameQuery(raw.query, input.query)
      ? { kind: 'allow' }
      : raw;
  return store.length > 0 ? { ...verdict, store } : verdict;
};

/** Where a person at a login gate goes next. */
export interface LoginGateState {
  readonly signedIn: boolean;
  readonly loginDialogOpen: boolean;
}

/**
 * Leaving a login gate (spec §2 auth guard): once signed in, the page they asked for, at its own
 * address without `auth_redirect`; once the dialog is closed without a sign-in, home (in the
 * address's locale); while the dialog is open, nowhere (null). Only for an address that carries
 * `auth_redirect`.
 */
export const leaveLoginGate = (
  path: string,
  query: Query,
  state: LoginGateState,
): { readonly to: string; readonly query: Query } | null => {
  if (query[AUTH_REDIRECT] === undefined) return null;
  if (state.signedIn) {
    const { [AUTH_REDIRECT]: _dropped, ...rest } = query;
    return { to: path, query: rest };
  }
  if (state.loginDialogOpen) return null;
  const { locale } = splitLocalePath(path);
  return { to: localizedPath(locale ?? DEFAULT_LOCALE, '/'), query: {} };
};

// ---- legal pages and translations (spec §2) ------------------------------------------------

export type LegalPageKind = 'privacyPolicy' | 'termsOfService';
export type LegalLanguage = 'ja' | 'zhCN' | 'en';

const LEGAL_FILE: Readonly<Record<LegalPageKind, string>> = {
  privacyPolicy: 'privacy-policy',
  termsOfService: 'terms-of-service',
};

/** Spec §2: legal pages exist in ja, zhCN and en; any other language becomes en. */
export const legalLanguage = (lang: string): LegalLanguage => {
  const t = lang.trim().replace(/_/g, '-').toLowerCase();
  if (t === 'zhcn') return 'zhCN';
  const locale = normalizeLocale(t);
  return locale === 'ja' ? 'ja' : locale === 'zh-CN' ? 'zhCN' : 'en';
};

/** The static html of a legal page: `/legal/{lang}/{kind}.html`. */
export const legalPagePath = (kind: LegalPageKind, lang: string): string =>
  `/legal/${legalLanguage(lang)}/${LEGAL_FILE[kind]}.html`;

/** The locales written right to left (of the sixteen, Arabic). */
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** The text direction of a locale's pages. */
export const textDirection = (locale: Locale): 'ltr' | 'rtl' =>
  RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
