import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as routing from '../../../domain/routing/index.js';
import * as session from '../../../domain/session/index.js';

const base: routing.RouteInput = {
  path: '/',
  routeName: 'home',
  query: {},
  requiresAuth: false,
  hasSessionCookie: true,
  cookies: { lang: 'en', enable_tavern: 'true', enable_st_tavern: 'true' },
  flags: { abStTavern: true, model_detail_v2: 'A' },
  isBot: false,
  browserLanguage: 'en-US',
};
const decide = (over: Partial<routing.RouteInput>) => routing.decideRoute({ ...base, ...over });
const guest = { hasSessionCookie: false, cookies: {} } as const;

describe('route guard: auth (spec §2 "redirects to the same path with auth_redirect=1 and opens the login dialog")', () => {
  it('sends a guest on an auth route back to the same path with auth_redirect=1 and the login dialog', () => {
    expect(
      decide({
        ...guest,
        path: '/personal',
        routeName: 'personal',
        requiresAuth: true,
        query: { tab: 'works' },
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/personal',
      query: { tab: 'works', auth_redirect: '1' },
      dialog: 'login',
    });
  });
  it('"if auth_redirect is already set, it redirects to the home page" (keeping the locale)', () => {
    const q = { auth_redirect: '1' };
    expect(
      decide({ ...guest, path: '/personal', routeName: 'personal', requiresAuth: true, query: q }),
    ).toEqual({ kind: 'redirect', to: '/', query: {} });
    expect(
      decide({
        ...guest,
        browserLanguage: 'ja',
        path: '/ja/personal',
        routeName: 'personal',
        requiresAuth: true,
        query: q,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/ja',
      query: {},
    });
  });
  it('shows the page behind the dialog at auth_redirect=1 while the login dialog it opened is open (in any locale)', () => {
    const at = { ...guest, routeName: 'settings', requiresAuth: true, query: { auth_redirect: '1' } };
    expect(decide({ ...at, path: '/settings', loginDialogOpen: true })).toEqual({ kind: 'loginGate' });
    expect(decide({ ...at, path: '/ar/settings', browserLanguage: 'ar', loginDialogOpen: true })).toEqual({
      kind: 'loginGate',
    });
    // A reload or a shared link (no dialog open) is "auth_redirect already set": home.
    expect(decide({ ...at, path: '/ar/settings', browserLanguage: 'ar' })).toEqual({
      kind: 'redirect',
      to: '/ar',
      query: {},
    });
  });
  it('after the sign-in the page is at its own address; a dialog closed without one goes home', () => {
    const q = { tab: 'works', auth_redirect: '1' };
    expect(routing.leaveLoginGate('/settings', q, { signedIn: true, loginDialogOpen: false })).toEqual({
      to: '/settings',
      query: { tab: 'works' },
    });
    expect(routing.leaveLoginGate('/settings', q, { signedIn: false, loginDialogOpen: true })).toBeNull();
    expect(routing.leaveLoginGate('/ar/settings', q, { signedIn: false, loginDialogOpen: false })).toEqual({
      to: '/ar',
      query: {},
    });
    expect(routing.leaveLoginGate('/settings', {}, { signedIn: true, loginDialogOpen: false })).toBeNull();
  });
  it('property: a guest sent to sign in from a page ends on that page behind the dialog, and once signed in on the page itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '/ja', '/ar', '/zh-CN'),
        fc.constantFrom('/settings', '/personal', '/coins'),
        fc.dictionary(fc.constantFrom('tab', 'x', 'page'), fc.string({ minLength: 1, maxLength: 4 })),
        (prefix, bare, query) => {
          const locale = prefix === '' ? 'en-US' : prefix.slice(1);
          const start: routing.RouteInput = {
            ...base,
            ...guest,
            browserLanguage: locale,
            path: prefix + bare,
            routeName: bare.slice(1),
            requiresAuth: true,
            query,
            loginDialogOpen: false,
          };
          const { decisions, ended } = follow(start);
          expect(ended).toBe(true);
          expect(decisions.map((d) => d.kind)).toEqual(['redirect', 'loginGate']);
          const first = decisions[0] as Extract<routing.RouteDecision, { kind: 'redirect' }>;
          expect(first).toMatchObject({ to: prefix + bare, dialog: 'login' });
          // Deciding the gated address again decides the same (idempotent), and the sign-in
          // leads back to exactly the address asked for.
          const gated = { ...start, query: first.query, loginDialogOpen: true };
          expect(routing.decideRoute(gated)).toEqual(routing.decideRoute(gated));
          const next = routing.leaveLoginGate(gated.path, gated.query, {
            signedIn: true,
            loginDialogOpen: false,
          });
          expect(next).toEqual({ to: prefix + bare, query });
          expect(routing.decideRoute({ ...gated, ...next, hasSessionCookie: true, cookies: {} })).toEqual({
            kind: 'allow',
          });
        },
      ),
    );
  });
  it('lets a signed-in user through and never guards home', () => {
    expect(decide({ path: '/personal', routeName: 'personal', requiresAuth: true })).toEqual({
      kind: 'allow',
    });
    expect(decide({ ...guest, requiresAuth: true })).toEqual({ kind: 'allow' });
  });
});

describe('route guard: stored codes (spec §2 "chan_id stores a channel invite code ... u_code is stored as a referral code")', () => {
  it('returns store effects for the login page', () => {
    expect(
      decide({ ...guest, path: '/login', routeName: 'login', query: { chan_id: 'C42', u_code: 'R7' } }),
    ).toEqual({
      kind: 'allow',
      store: [
        { kind: 'channelInviteCode', code: 'C42' },
        { kind: 'referralCode', code: 'R7' },
      ],
    });
    expect(decide({ ...guest, path: '/login', routeName: 'login', query: { chan_id: '' } })).toEqual({
      kind: 'allow',
    });
  });
  it('stores ad-tracking info on home and publicize pages only', () => {
    const q = { track_id: 't', creative_id: 'c', account_id: 'a', ip: '1.2.3.4' };
    const info = { trackId: 't', creativeId: 'c', accountId: 'a', ip: '1.2.3.4' };
    expect(decide({ query: q })).toEqual({ kind: 'allow', store: [{ kind: 'adTracking', info }] });
    expect(decide({ path: '/publicize/spring', routeName: 'x', query: { ip: '9' } })).toEqual({
      kind: 'allow',
      store: [{ kind: 'adTracking', info: { ip: '9' } }],
    });
    expect(decide({ path: '/personal', routeName: 'personal', query: q })).toEqual({ kind: 'allow' });
  });
  it('keeps the store effects on a redirect (the redirect keeps the query)', () => {
    const d = decide({
      ...guest,
      browserLanguage: 'ja',
      path: '/login',
      routeName: 'login',
      query: { u_code: 'R7' },
    });
    expect(d).toEqual({
      kind: 'redirect',
      to: '/ja/login',
      query: { u_code: 'R7' },
      replace: true,
      store: [{ kind: 'referralCode', code: 'R7' }],
    });
  });
});

describe('route guard: where stored codes go (spec §2 "stores ... locally"; spec §4 logout keeps them)', () => {
  it('writes each store effect under its own key, ad tracking as JSON, keys kept by logout', () => {
    expect(routing.storeEntryOf({ kind: 'channelInviteCode', code: 'C42' })).toEqual([
      'channel_invite_code',
      'C42',
    ]);
    expect(routing.storeEntryOf({ kind: 'referralCode', code: 'R7' })).toEqual(['referral_code', 'R7']);
    const [key, value] = routing.storeEntryOf({ kind: 'adTracking', info: { trackId: 't', ip: '1' } });
    expect(key).toBe('ad_tracking_info');
    expect(JSON.parse(value)).toEqual({ trackId: 't', ip: '1' });
    for (const k of Object.values(routing.STORE_EFFECT_KEYS)) expect(session.LOGOUT_WHITELIST).toContain(k);
  });
});

describe('route guard: language (spec §2 "from cookie lang (logged in) or browser language (guest; English is the default with no prefix)")', () => {
  it('sends a guest from an unprefixed path to the browser language, English staying unprefixed', () => {
    expect(
      decide({
        ...guest,
        browserLanguage: 'ja-JP',
        path: '/models/1',
        routeName: 'modelDetail',
        query: { a: '1' },
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/ja/models/1',
      query: { a: '1' },
      replace: true,
    });
    expect(decide({ ...guest, browserLanguage: 'en-GB' })).toEqual({ kind: 'allow' });
    expect(decide({ ...guest, browserLanguage: 'xx' })).toEqual({ kind: 'allow' });
  });
  it('respects a guest who follows a prefixed link', () => {
    expect(
      decide({ ...guest, browserLanguage: 'ko', path: '/ja/models/1', routeName: 'modelDetail' }),
    ).toEqual({ kind: 'allow' });
  });
  it('follows the lang cookie of a signed-in user, also away from a prefix', () => {
    expect(decide({ cookies: { ...base.cookies, lang: 'zh-CN' } })).toEqual({
      kind: 'redirect',
      to: '/zh-CN',
      query: {},
      replace: true,
    });
    expect(decide({ path: '/ja/post', routeName: 'postPage' })).toEqual({
      kind: 'redirect',
      to: '/post',
      query: {},
      replace: true,
    });
    expect(decide({ cookies: { ...base.cookies, lang: undefined }, browserLanguage: 'fr-CA' })).toEqual({
      kind: 'redirect',
      to: '/fr',
      query: {},
      replace: true,
    });
  });
  it('normalises language tags to the 16 supported locales', () => {
    expect(routing.SUPPORTED_LOCALES).toHaveLength(16);
    expect(
      ['ja-JP', 'zh', 'zh-Hans-CN', 'zh_TW', 'zh-HK', 'zh-Hant', 'PT-br', 'en-GB', 'xx', '', undefined].map(
        routing.normalizeLocale,
      ),
    ).toEqual(['ja', 'zh-CN', 'zh-CN', 'zh-TW', 'zh-TW', 'zh-TW', 'pt', 'en', null, null, null]);
    expect(routing.resolveLocale('xx')).toBe('en');
    expect(routing.splitLocalePath('/zh-TW')).toEqual({ locale: 'zh-TW', rest: '/' });
    expect(routing.splitLocalePath('/en/x')).toEqual({ locale: null, rest: '/en/x' });
    expect(routing.splitLocalePath('')).toEqual({ locale: null, rest: '/' });
  });
});

describe('route guard: character and tavern permissions (spec §2 "redirect home when ... false or unset")', () => {
  const noTavern = { cookies: { lang: 'en', enable_st_tavern: 'true' } };
  it.each([
    'newCharacter',
    'myCharacters',
    'tavernSearch',
    'CharacterDetail',
    'aiChat',
    'cyberBarPage',
    'deepseekChat',
  ])('redirects %s home when enable_tavern is unset or false', (routeName) => {
    expect(decide({ ...noTavern, path: `/c/${routeName}`, routeName })).toEqual({
      kind: 'redirect',
      to: '/',
      query: {},
      reason: 'charactersUnavailable',
    });
    expect(
      decide({ cookies: { ...base.cookies, enable_tavern: 'false' }, path: `/c/${routeName}`, routeName }),
    ).toMatchObject({ to: '/' });
    expect(decide({ path: `/c/${routeName}`, routeName })).toEqual({ kind: 'allow' });
  });
  it('guards any path containing /cyberPub, keeping the locale of home', () => {
    expect(
      decide({
        ...noTavern,
        cookies: { ...noTavern.cookies, lang: 'ko' },
        path: '/ko/cyberPub/list',
        routeName: 'x',
      }),
    ).toEqual({ kind: 'redirect', to: '/ko', query: {}, reason: 'charactersUnavailable' });
    expect(
      decide({ cookies: { ...base.cookies, enable_tavern: '1' }, path: '/cyberPub/list', routeName: 'x' }),
    ).toEqual({ kind: 'allow' });
  });
  it.each(['tavernDetail', 'tavernChatsHome', 'tavernChat', 'tavernChatRoom', 'tavernInstruction'])(
    'redirects %s home when the ST-tavern test or permission is off',
    (routeName) => {
      const at = { path: `/st/${routeName}`, routeName };
      expect(decide(at)).toEqual({ kind: 'allow' });
      expect(decide({ ...at, flags: { abStTavern: false } })).toEqual({
        kind: 'redirect',
        to: '/',
        query: {},
        reason: 'tavernUnavailable',
      });
      expect(decide({ ...at, flags: {} })).toMatchObject({ to: '/' });
      expect(decide({ ...at, cookies: { lang: 'en', enable_tavern: 'true' } })).toMatchObject({ to: '/' });
      expect(decide({ ...at, cookies: { ...base.cookies, enable_st_tavern: 'no' } })).toMatchObject({
        to: '/',
      });
    },
  );
  it('guards any path containing /tavern', () => {
    expect(decide({ path: '/tavern/room/1', routeName: 'x', flags: {} })).toEqual({
      kind: 'redirect',
      to: '/',
      query: {},
      reason: 'tavernUnavailable',
    });
  });
  it('property: a redirect home from a character or tavern route always carries its reason, and only those do', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const d = routing.decideRoute(input);
        if (d.kind !== 'redirect') return;
        const bare = routing.splitLocalePath(input.path).rest;
        if (d.reason !== undefined) {
          expect(
            routing.isCharacterRoute(input.routeName, bare) || routing.isTavernRoute(input.routeName, bare),
          ).toBe(true);
          expect(routing.REDIRECT_REASON_MESSAGE[d.reason]).toMatch(/^guard\./);
        }
        if (d.dialog === 'login' || d.replace === true) expect(d.reason).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
  it('exempts crawlers and bots from every guard', () => {
    expect(
      decide({
        isBot: true,
        ...guest,
        path: '/tavern/x',
        routeName: 'tavernChat',
        requiresAuth: true,
        browserLanguage: 'ja',
        query: { track_id: 't' },
      }),
    ).toEqual({ kind: 'allow' });
  });
  it('never redirects home to itself, whatever the route name claims', () => {
    expect(decide({ ...noTavern, path: '/', routeName: 'aiChat' })).toEqual({ kind: 'allow' });
  });
});

describe('route guard: model detail (spec §2 "/models/{id} redirects to /models/newDetail/{id} (query kept) when model_detail_v2 equals B")', () => {
  it('redirects on B only, keeping the query and the locale', () => {
    const at = { path: '/models/42', routeName: 'modelDetail', query: { v: '3' } };
    expect(decide({ ...at, flags: { model_detail_v2: 'B' } })).toEqual({
      kind: 'redirect',
      to: '/models/newDetail/42',
      query: { v: '3' },
      replace: true,
    });
    expect(decide(at)).toEqual({ kind: 'allow' });
    expect(
      decide({ ...at, path: '/ja/models/42', cookies: { lang: 'ja' }, flags: { model_detail_v2: 'B' } }),
    ).toMatchObject({ to: '/ja/models/newDetail/42' });
    expect(
      decide({ path: '/models/newDetail/42', routeName: 'modelNewDetail', flags: { model_detail_v2: 'B' } }),
    ).toEqual({ kind: 'allow' });
  });
});

describe('route guard: home dialogs (spec §2 "Home / accepts the queries openLoginDialog=1 and toActive")', () => {
  it('opens the login dialog for a guest with openLoginDialog=1, and on its activation step with toActive', () => {
    expect(decide({ ...guest, query: { openLoginDialog: '1' } })).toEqual({
      kind: 'allowWithDialog',
      dialog: 'login',
    });
    expect(decide({ query: { openLoginDialog: '1' } })).toEqual({ kind: 'allow' });
    expect(decide({ query: { toActive: '1' } })).toEqual({
      kind: 'allowWithDialog',
      dialog: 'login',
      toActive: true,
    });
    expect(decide({ path: '/post', routeName: 'postPage', query: { toActive: '1' } })).toEqual({
      kind: 'allow',
    });
  });
});

describe('tool pages (spec §2 "Tool pages that force the login dialog on an expired session")', () => {
  it.each([...routing.TOOL_PAGE_PATHS])('%s is a tool page', (p) => {
    expect(routing.isToolPage(p)).toBe(true);
    expect(routing.isToolPage(`/ja${p}/?x=1`)).toBe(true);
  });
  it('other pages are not', () => {
    expect(routing.isToolPage('/ai-tools')).toBe(false);
    expect(routing.isToolPage('/ai-tools/ai-dancer')).toBe(false);
    expect(routing.isToolPage('/models/1')).toBe(false);
  });
});

describe('legal pages and translations (spec §2 "ja, zhCN, en. Any other language becomes en"; "The fallback is en")', () => {
  it('picks the legal page language', () => {
    expect(routing.legalPagePath('privacyPolicy', 'ja')).toBe('/legal/ja/privacy-policy.html');
    expect(routing.legalPagePath('termsOfService', 'zhCN')).toBe('/legal/zhCN/terms-of-service.html');
    expect(routing.legalPagePath('termsOfService', 'zh-CN')).toBe('/legal/zhCN/terms-of-service.html');
    expect(['en', 'fr', 'zh-TW', 'ja-JP', ''].map(routing.legalLanguage)).toEqual([
      'en',
      'en',
      'en',
      'ja',
      'en',
    ]);
  });
});

// ---- properties ----------------------------------------------------------------------------

const queryArb: fc.Arbitrary<routing.Query> = fc
  .subarray([
    ['auth_redirect', '1'],
    ['chan_id', 'C1'],
    ['u_code', 'U1'],
    ['track_id', 'T1'],
    ['openLoginDialog', '1'],
    ['toActive', '1'],
    ['tab', 'works'],
  ] as const)
  .map((pairs) => Object.fromEntries(pairs));
const inputArb: fc.Arbitrary<routing.RouteInput> = fc.record({
  path: fc
    .tuple(
      fc.constantFrom('', '/ja', '/zh-CN', '/ko'),
      fc.constantFrom(
        '/',
        '/personal',
        '/models/42',
        '/models/newDetail/42',
        '/cyberPub/list',
        '/tavern/chat',
        '/login',
        '/publicize/a',
        '/ai-tools/ai-dance',
        '/ja',
        '/ja/ja',
      ),
    )
    .map(([p, rest]) => (p !== '' && rest === '/' ? p : p + rest)),
  routeName: fc.constantFrom(
    'home',
    'login',
    'personal',
    'aiChat',
    'tavernChat',
    'cyberBarPage',
    'modelDetail',
    'other',
  ),
  query: queryArb,
  requiresAuth: fc.boolean(),
  hasSessionCookie: fc.boolean(),
  cookies: fc.record(
    {
      lang: fc.constantFrom('en', 'ja', 'zh-CN', 'ko', 'xx'),
      enable_tavern: fc.constantFrom('true', 'false', '1'),
      enable_st_tavern: fc.constantFrom('true', 'false'),
    },
    { requiredKeys: [] },
  ),
  flags: fc.record(
    { abStTavern: fc.boolean(), model_detail_v2: fc.constantFrom('A', 'B') },
    { requiredKeys: [] },
  ),
  isBot: fc.boolean(),
  browserLanguage: fc.constantFrom('en-US', 'ja-JP', 'zh-TW', 'de', 'xx'),
  loginDialogOpen: fc.boolean(),
});

/** The router re-runs the guards on the target of each redirect; the route table names the target. */
const follow = (start: routing.RouteInput, maxHops = 8) => {
  const decisions: routing.RouteDecision[] = [];
  let at = start;
  for (let hop = 0; hop < maxHops; hop++) {
    const d = routing.decideRoute(at);
    decisions.push(d);
    if (d.kind !== 'redirect') return { decisions, ended: true };
    const bare = routing.splitLocalePath(d.to).rest;
    const routeName =
      bare === '/' ? 'home' : bare.startsWith('/models/newDetail/') ? 'modelNewDetail' : at.routeName;
    at = {
      ...at,
      path: d.to,
      query: d.query,
      routeName,
      requiresAuth: bare === '/' ? false : at.requiresAuth,
      // The auth guard's redirect opens the login dialog; any other navigation leaves it as it was.
      loginDialogOpen: d.dialog === 'login' ? true : at.loginDialogOpen,
    };
  }
  return { decisions, ended: false };
};

describe('route guard laws', () => {
  it('property: bots are always allowed', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(routing.decideRoute({ ...input, isBot: true })).toEqual({ kind: 'allow' });
      }),
    );
  });

  it('property: a redirect never targets the same path and query (no loops), and a chain of redirects ends', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const d = routing.decideRoute(input);
        if (d.kind === 'redirect')
          expect(d.to === input.path && JSON.stringify(d.query) === JSON.stringify(input.query)).toBe(false);
        expect(follow(input).ended).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: auth_redirect never appears twice — it is added only when absent, and at most once along a chain', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const d = routing.decideRoute(input);
        if (d.kind === 'redirect' && d.dialog === 'login') expect(input.query.auth_redirect).toBeUndefined();
        const added = follow(input).decisions.filter((x) => x.kind === 'redirect' && x.dialog === 'login');
        expect(added.length).toBeLessThanOrEqual(1);
        for (const x of follow(input).decisions)
          if (x.kind === 'redirect' && x.query.auth_redirect !== undefined)
            expect(x.query.auth_redirect).toBe('1');
      }),
      { numRuns: 500 },
    );
  });

  it("property: following the redirects always ends on a page that is shown, in the signed-in user's cookie locale", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        fc.pre(!input.isBot);
        const { decisions } = follow(input);
        const last = decisions[decisions.length - 1];
        expect(last?.kind).not.toBe('redirect');
        const final =
          [input.path, ...decisions.flatMap((d) => (d.kind === 'redirect' ? [d.to] : []))].pop() ?? '/';
        const locale = routing.splitLocalePath(final).locale ?? 'en';
        const cookieLocale = input.hasSessionCookie ? routing.normalizeLocale(input.cookies.lang) : null;
        if (cookieLocale) expect(locale).toBe(cookieLocale);
      }),
    );
  });
});

describe('route guard: the model-detail A/B test waits for the flags (spec §2 "/models/{id} redirects to /models/newDetail/{id} (query kept) when the A/B flag model_detail_v2 equals B")', () => {
  it('asks the flags for /models/{id} only (not for /models/newDetail/{id})', () => {
    expect(routing.guardNeedsFlags('modelDetail', '/models/mdl-002')).toBe(true);
    expect(routing.guardNeedsFlags('modelDetail', '/models/mdl-002/')).toBe(true);
    expect(routing.guardNeedsFlags('modelNewDetail', '/models/newDetail/mdl-002')).toBe(false);
    expect(routing.guardNeedsFlags('modelNewDetail', '/models/newDetail')).toBe(false);
    expect(routing.guardNeedsFlags('explore', '/model')).toBe(false);
  });
});
