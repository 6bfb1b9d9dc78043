/**
 * The router adapter of spec §2's route guards: what it reads (cookies, session, flags, user
 * agent, language), what it writes (the store effects, under the keys logout keeps) and how a
 * decision is carried out (redirects, the login dialog, home's one-shot queries removed).
 */
import { describe, expect, it } from 'vitest';
import { routing, session } from '../../../domain/index.js';
import {
  carryOut,
  guardNavigation,
  hrefOf,
  isBotUserAgent,
  openLoginDialog,
  type GuardLocation,
  type RouteActions,
  type RouteGuardEnv,
} from '../../../infrastructure/routing/guard';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const envWith = (over: Partial<RouteGuardEnv> = {}) => {
  const stored = new Map<string, string>();
  const env: RouteGuardEnv = {
    cookies: () => ({}),
    hasSession: () => false,
    flags: () => ({}),
    userAgent: () => CHROME,
    preferredLanguage: () => 'en-US',
    store: (key, value) => void stored.set(key, value),
    ...over,
  };
  return { env, stored };
};

const at = (href: string): GuardLocation => {
  const url = new URL(href, 'http://atelier.test');
  return { pathname: url.pathname, search: url.search };
};
const home = { name: routing.HOME_ROUTE, requiresAuth: false };
const login = { name: routing.LOGIN_ROUTE, requiresAuth: false };

const recorder = () => {
  const calls: string[] = [];
  const actions: RouteActions = {
    go: (href, { replace }) => void calls.push(`${replace ? 'replace' : 'push'} ${href}`),
    openLogin: (variant) => void calls.push(`login ${variant ?? '-'}`),
    explain: (reason) => void calls.push(`explain ${reason}`),
    gate: () => void calls.push('gate'),
  };
  return { calls, actions };
};

describe('guardNavigation reads the browser for routing.decideRoute (spec §2 route guards)', () => {
  it('sends a guest from an unprefixed path to the preferred language; English has no prefix', () => {
    expect(
      guardNavigation(envWith({ preferredLanguage: () => 'ja-JP' }).env, at('/explore?x=1'), home),
    ).toEqual({ kind: 'redirect', to: '/ja/explore', query: { x: '1' }, replace: true });
    expect(guardNavigation(envWith().env, at('/explore'), home)).toEqual({ kind: 'allow' });
    // A guest who opened a /ja/ link stays there whatever the browser prefers.
    expect(guardNavigation(envWith().env, at('/ja/explore'), home)).toEqual({ kind: 'allow' });
  });

  it("follows a signed-in person's lang cookie, even on a prefixed path", () => {
    const { env } = envWith({ hasSession: () => true, cookies: () => ({ lang: 'zh-CN' }) });
    expect(guardNavigation(env, at('/ja/create'), { name: 'create', requiresAuth: false })).toEqual({
      kind: 'redirect',
      to: '/zh-CN/create',
      query: {},
      replace: true,
    });
  });

  it('writes invite, referral and ad-tracking codes under the keys logout keeps', () => {
    const { env, stored } = envWith();
    guardNavigation(env, at('/login?chan_id=C42&u_code=R7'), login);
    guardNavigation(env, at('/?track_id=t1&ip=1.2.3.4'), home);
    expect(Object.fromEntries(stored)).toEqual({
      channel_invite_code: 'C42',
      referral_code: 'R7',
      ad_tracking_info: JSON.stringify({ trackId: 't1', ip: '1.2.3.4' }),
    });
    for (const key of stored.keys()) expect(session.LOGOUT_WHITELIST).toContain(key);
  });

  it('lets crawlers through untouched (spec §2 "crawlers and bots are exempt")', () => {
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const { env, stored } = envWith({ userAgent: () => bot, preferredLanguage: () => 'ja' });
    expect(guardNavigation(env, at('/cyberPub/x?u_code=R7'), login)).toEqual({ kind: 'allow' });
    expect(stored.size).toBe(0);
    for (const ua of ['facebookexternalhit/1.1', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'GPTBot/1.0'])
      expect(isBotUserAgent(ua), ua).toBe(true);
    for (const ua of [CHROME, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0'])
      expect(isBotUserAgent(ua), ua).toBe(false);
  });

  it('hands the A/B flags and permission cookies to the character, tavern and model-detail guards', () => {
    const tavern = { name: 'tavernChat', requiresAuth: false };
    expect(guardNavigation(envWith().env, at('/tavern/1'), tavern)).toMatchObject({
      kind: 'redirect',
      to: '/',
    });
    const allowed = envWith({
      cookies: () => ({ enable_st_tavern: 'true', enable_tavern: '1' }),
      flags: () => ({ abStTavern: true, model_detail_v2: 'B' }),
    }).env;
    expect(guardNavigation(allowed, at('/tavern/1'), tavern)).toEqual({ kind: 'allow' });
    expect(guardNavigation(allowed, at('/cyberPub/c1'), { name: 'x', requiresAuth: false })).toEqual({
      kind: 'allow',
    });
    expect(
      guardNavigation(allowed, at('/models/m1?from=feed'), { name: 'model', requiresAuth: false }),
    ).toEqual({
      kind: 'redirect',
      to: '/models/newDetail/m1',
      query: { from: 'feed' },
      replace: true,
    });
  });
});

describe('carryOut performs a decision through the router', () => {
  it('redirects (pushing or replacing) and opens the login dialog with the auth guard', () => {
    const { calls, actions } = recorder();
    const loc = at('/personal');
    carryOut(guardNavigation(envWith().env, loc, { name: 'personal', requiresAuth: true }), loc, actions);
    expect(calls).toEqual(['push /personal?auth_redirect=1', 'login -']);
    const again = at('/personal?auth_redirect=1');
    carryOut(guardNavigation(envWith().env, again, { name: 'personal', requiresAuth: true }), again, actions);
    expect(calls.slice(2)).toEqual(['push /']);
  });

  it('shows the page behind the login dialog the redirect opened, and sends home once it is closed', () => {
    const { calls, actions } = recorder();
    const meta = { name: 'settings', requiresAuth: true };
    const gated = at('/ar/settings?auth_redirect=1');
    const open = envWith({ loginDialogOpen: () => true }).env;
    carryOut(guardNavigation(open, gated, meta), gated, actions);
    const closed = envWith({ loginDialogOpen: () => false }).env;
    carryOut(guardNavigation(closed, gated, meta), gated, actions);
    expect(calls).toEqual(['gate', 'push /ar']);
  });

  it('says why a tavern or character route sends the person home', () => {
    const { calls, actions } = recorder();
    const tavern = at('/tavern/chats');
    carryOut(
      guardNavigation(envWith().env, tavern, { name: 'tavernChatsHome', requiresAuth: false }),
      tavern,
      actions,
    );
    const chars = at('/characters/c1');
    carryOut(
      guardNavigation(envWith().env, chars, { name: 'CharacterDetail', requiresAuth: false }),
      chars,
      actions,
    );
    expect(calls).toEqual(['push /', 'explain tavernUnavailable', 'push /', 'explain charactersUnavailable']);
  });

  it("opens home's login dialog (on its activation step for toActive) and removes only those queries", () => {
    const { calls, actions } = recorder();
    const guest = at('/?openLoginDialog=1&track_id=t');
    carryOut(guardNavigation(envWith().env, guest, home), guest, actions);
    const active = at('/ja?toActive=1');
    carryOut(guardNavigation(envWith({ hasSession: () => true }).env, active, home), active, actions);
    expect(calls).toEqual(['login -', 'replace /?track_id=t', 'login toActive', 'replace /ja']);
  });

  it('opens the login dialog through the one dialog command, with the activation variant for toActive', () => {
    expect(openLoginDialog(null).payload).toEqual({ name: 'login' });
    expect(openLoginDialog('toActive').payload).toEqual({ name: 'login', variant: 'toActive' });
  });

  it('does nothing on allow', () => {
    const { calls, actions } = recorder();
    carryOut({ kind: 'allow' }, at('/explore'), actions);
    expect(calls).toEqual([]);
  });

  it('writes a query after the path only when there is one', () => {
    expect(hrefOf('/a', {})).toBe('/a');
    expect(hrefOf('/a', { q: 'x y', b: '&' })).toBe('/a?q=x+y&b=%26');
  });
});
