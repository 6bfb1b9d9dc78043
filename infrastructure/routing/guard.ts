/**
 * The router adapter of spec §2's route guards: it gathers what the pure decision needs about a
 * navigation (path, route name and meta, query, cookies, A/B flags, bot check, language), writes
 * the decision's store effects to local storage, and carries the decision out through the
 * actions the view's router hands in. `routing.decideRoute` alone decides.
 */
import { routing } from '../../domain/index.js';
import { openDialog } from '../notices/commands';

/** What a route declares about itself. */
export interface RouteMeta {
  readonly name: string;
  readonly requiresAuth: boolean;
}

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
}

/** The world as the guards see it; the browser's is put together in app/bootstrap.ts. */
export interface RouteGuardEnv {
  readonly cookies: () => Readonly<Record<string, string>>;
  readonly hasSession: () => boolean;
  readonly flags: () => routing.RouteFlags;
  readonly userAgent: () => string;
  /** The language the person chose here before, else the browser's (spec §2: guests follow it). */
  readonly preferredLanguage: () => string;
  readonly store: (key: string, value: string) => void;
  /** Whether the login dialog is open (the auth guard's redirect opened it); absent reads closed. */
  readonly loginDialogOpen?: () => boolean;
}

/**
 * Spec §2 "crawlers and bots are exempt; the bot check list is not shown": ours names the
 * major search, social-preview and AI crawlers, plus the generic words they share.
 */
const BOT_USER_AGENT =
  /googlebot|bingbot|yandex(?:bot|images)|baiduspider|duckduckbot|slurp|applebot|sogou|exabot|facebookexternalhit|facebot|twitterbot|linkedinbot|pinterestbot|slackbot|discordbot|telegrambot|whatsapp|semrushbot|ahrefsbot|mj12bot|petalbot|bytespider|gptbot|claudebot|ccbot|crawler|spider/i;

export const isBotUserAgent = (userAgent: string): boolean => BOT_USER_AGENT.test(userAgent);

export const queryOf = (search: string): routing.Query => Object.fromEntries(new URLSearchParams(search));

export const hrefOf = (path: string, query: routing.Query): string => {
  const qs = new URLSearchParams(query).toString();
  return qs === '' ? path : `${path}?${qs}`;
};

/** Decides a navigation and writes its store effects (invite and referral codes, ad tracking). */
export const guardNavigation = (
  env: RouteGuardEnv,
  location: GuardLocation,
  meta: RouteMeta,
): routing.RouteDecision => {
  const cookies = env.cookies();
  const decision = routing.decideRoute({
    path: location.pathname,
    routeName: meta.name,
    query: queryOf(location.search),
    requiresAuth: meta.requiresAuth,
    hasSessionCookie: env.hasSession(),
    cookies: {
      ...(cookies['lang'] === undefined ? {} : { lang: cookies['lang'] }),
      ...(cookies['enable_tavern'] === undefined ? {} : { enable_tavern: cookies['enable_tavern'] }),
      ...(cookies['enable_st_tavern'] === undefined ? {} : { enable_st_tavern: cookies['enable_st_tavern'] }),
    },
    flags: env.flags(),
    isBot: isBotUserAgent(env.userAgent()),
    browserLanguage: env.preferredLanguage(),
    loginDialogOpen: env.loginDialogOpen?.() ?? false,
  });
  for (const effect of decision.store ?? []) env.store(...routing.storeEntryOf(effect));
  return decision;
};

/** How the view's router carries a decision out. */
export interface RouteActions {
  readonly go: (href: string, options: { readonly replace: boolean }) => void;
  /** Opens the login dialog; `toActive` opens it on its activation step (spec §8 20301). */
  readonly openLogin: (variant: 'toActive' | null) => void;
  /** Says why the person is sent elsewhere (a toast of the reason's message). */
  readonly explain: (reason: routing.RedirectReason) => void;
  /** Shows the page's place behind the login dialog instead of the page (spec §2 auth guard). */
  readonly gate: () => void;
}

/** The command `RouteActions.openLogin` dispatches. */
export const openLoginDialog = (variant: 'toActive' | null) =>
  openDialog(variant === null ? { name: 'login' } : { name: 'login', variant });

/** Spec §2: home's one-shot queries, removed from the address once their dialog is open. */
export const HOME_DIALOG_QUERY: readonly string[] = ['openLoginDialog', 'toActive'];

export const carryOut = (decision: routing.RouteDecision, location: GuardLocation, actions: RouteActions) => {
  switch (decision.kind) {
    case 'allow':
      return;
    case 'loginGate':
      actions.gate();
      return;
    case 'redirect':
      actions.go(hrefOf(decision.to, decision.query), { replace: decision.replace === true });
      if (decision.dialog === 'login') actions.openLogin(null);
      if (decision.reason !== undefined) actions.explain(decision.reason);
      return;
    case 'allowWithDialog': {
      actions.openLogin(decision.toActive === true ? 'toActive' : null);
      const query = { ...queryOf(location.search) };
      for (const key of HOME_DIALOG_QUERY) delete query[key];
      actions.go(hrefOf(location.pathname, query), { replace: true });
      return;
    }
  }
};
