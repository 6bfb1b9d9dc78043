/**
 * The first screen in the page's HTML (issue 22): on a phone, Create's banner and prompt box (`/`,
 * `/create`) and the pricing page's title and subtitle are the largest things the page paints, and
 * they used to wait for the page's scripts, its translations and its first render (Lighthouse mobile:
 * LCP about 4 s against a first paint at 2.4 s). The server knows the page from its address and the
 * words from the built translation files, so the page it sends draws them inside the boot shell
 * (`#root .boot`) in the page's language, with the components' own global classes
 * (src/features/campaigns/CampaignBanner.css, src/features/tasks/create/CreateHead.css,
 * src/features/billing/PageHead.css, in the shell's stylesheet) and the main area's twin
 * (`boot-main`), so they sit where the page draws them; React's first render is the page itself
 * (src/main.tsx waits for the router; Create's loader waits for the options, so its form, not a
 * skeleton), which puts the real ones in their place.
 *
 * The language is the one index.html's boot script picks (spec §2's guard, domain/routing): the
 * address's prefix, a signed-in person's lang cookie, else the browser's first language
 * (Accept-Language) or English. The server cannot read the language a guest stored in the browser:
 * when the boot script picks another, a rule in the head hides the drawn screen, so no words in the
 * wrong language are ever painted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { campaigns, routing, tasks } from '../../domain/index.js';
import { TOKEN_COOKIE } from '../../infrastructure/contract/envelope';
import { SESSION_PRESENT_COOKIE } from '../../infrastructure/contract/platform';
import { parseCookies } from '../auth';
import type { ServerContext } from '../context';
import { CODES, failure } from '../envelope';
import { sendPage, sendPageWith } from '../delivery';
import { escapeMarkup } from '../markup';

type Messages = Readonly<Record<string, MessageFormatElement[]>>;

/**
 * What a first screen shows (Create's banner, or the pricing page's head), the route's name (its
 * guard meta name) and its translation file.
 */
interface FirstScreen {
  readonly kind: 'create' | 'pricing';
  readonly route: string;
}

/** The addresses (without their language prefix) that have a first screen. */
const SCREENS: ReadonlyMap<string, FirstScreen> = new Map<string, FirstScreen>([
  ['/', { kind: 'create', route: routing.HOME_ROUTE }],
  ['/create', { kind: 'create', route: 'create' }],
  ['/pricing', { kind: 'pricing', route: 'pricing' }],
]);

/** Each address with a first screen, with and without a language prefix, and its screen. */
const SCREEN_ADDRESSES: readonly (readonly [string, FirstScreen])[] = routing.SUPPORTED_LOCALES.flatMap(
  (locale) => [...SCREENS].map(([bare, screen]) => [routing.localizedPath(locale, bare), screen] as const),
);

/** Every address `firstScreenRoutes` serves, with and without a language prefix. */
export const firstScreenAddresses: readonly string[] = SCREEN_ADDRESSES.map(([address]) => address);

/** The browser's first language in an Accept-Language header (its `navigator.language`). */
export const firstAcceptedLanguage = (header: string | undefined): string | null => {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.tag !== '' && e.tag !== '*' && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.tag ?? null;
};

/**
 * The page's language as index.html's boot script picks it, from what the server can see: the spec §2
 * guard's own decision (domain/routing `decideRoute`, whose language rule the boot script repeats),
 * with the browser's first language for the language it would have stored.
 */
export const firstScreenLocale = (
  pathname: string,
  routeName: string,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): routing.Locale => {
  const cookies = parseCookies(cookieHeader);
  const lang = cookies['lang'];
  const decision = routing.decideRoute({
    path: pathname,
    routeName,
    query: {},
    requiresAuth: false,
    hasSessionCookie: (cookies[TOKEN_COOKIE] ?? '') !== '' || cookies[SESSION_PRESENT_COOKIE] === '1',
    cookies: lang === undefined ? {} : { lang },
    flags: {},
    isBot: false,
    browserLanguage: firstAcceptedLanguage(acceptLanguage) ?? '',
  });
  const landed = decision.kind === 'redirect' ? decision.to : pathname;
  return routing.splitLocalePath(landed).locale ?? routing.DEFAULT_LOCALE;
};

/**
 * The built translation files (`locales/<locale>/<file>.json`), read once each, as one formatter per
 * language and file; English fills a gap, as the client's catalogue does.
 */
export const translations = (webRoot: string) => {
  const read = (locale: routing.Locale, file: string): Messages => {
    try {
      return JSON.parse(
        readFileSync(path.join(webRoot, 'locales', locale, `${file}.json`), 'utf8'),
      ) as Messages;
    } catch {
      return {};
    }
  };
  const formatters = new Map<string, IntlShape>();
  return (locale: routing.Locale, file: string): IntlShape => {
    const key = `${locale}/${file}`;
    const known = formatters.get(key);
    if (known !== undefined) return known;
    const intl = createIntl({
      locale,
      defaultLocale: routing.DEFAULT_LOCALE,
      messages: { ...read(routing.DEFAULT_LOCALE, file), ...read(locale, file) },
      onError: () => undefined,
    });
    formatters.set(key, intl);
    return intl;
  };
};

/** A message of the page's language, escaped for the markup. */
export const text = (intl: IntlShape, id: string, values?: Record<string, string | number>): string =>
  escapeMarkup(intl.formatMessage({ id }, values));

/** Create's banner (src/features/campaigns/CampaignBanner.tsx) for the time `nowMs`. */
const campaignBannerMarkup = (intl: IntlShape, locale: routing.Locale, nowMs: number): string => {
  const banner = campaigns.campaignBanner(nowMs);
  const kind = banner.kind === 'campaign' ? banner.type : 'default';
  const eyebrow =
    banner.kind === 'campaign'
      ? text(intl, 'campaign.until', {
          date: intl.formatDate(banner.endsAt - 1, { timeZone: 'UTC', month: 'long', day: 'numeric' }),
        })
      : text(intl, 'campaign.default.eyebrow');
  const cta = text(intl, banner.kind === 'campaign' ? 'campaign.join' : 'campaign.default.cta');
  return (
    `<aside class="campaign-banner" data-campaign="${escapeMarkup(kind)}">` +
    `<div class="campaign-banner-text"><p class="campaign-banner-eyebrow">${eyebrow}</p>` +
    `<h2 class="campaign-banner-title">${text(intl, `campaign.${kind}.title`)}</h2>` +
    `<p class="campaign-banner-body">${text(intl, `campaign.${kind}.body`)}</p></div>` +
    `<a class="campaign-banner-cta" href="${escapeMarkup(routing.localizedPath(locale, '/explore'))}">${cta}</a>` +
    '</aside>'
  );
};

/**
 * The composer card's head and its first two fields, the prompt and the negative prompt, with their
 * placeholders (src/features/tasks/create: CreatePage.tsx, PromptFields.tsx; on a phone the negative
 * prompt's two lines are the page's largest paint), empty and disabled until the page's form takes
 * their place.
 */
const composerMarkup = (intl: IntlShape): string =>
  '<section class="create-composer ui-card ui-card-lg">' +
  `<h1 class="create-title">${text(intl, 'create.title')}</h1>` +
  `<p class="create-subtitle">${text(intl, 'create.subtitle')}</p>` +
  '<div class="create-form"><div class="ui-field">' +
  `<label class="ui-field-label" for="boot-prompt">${text(intl, 'create.prompt.label')}</label>` +
  `<textarea id="boot-prompt" class="create-prompt ui-input ui-textarea" rows="4" disabled placeholder="${text(intl, 'create.prompt.placeholder')}"></textarea>` +
  `<p class="ui-field-help">${text(intl, 'create.prompt.count', { count: 0, max: tasks.PROMPT_MAX_LENGTH })}</p>` +
  '</div><div class="ui-field">' +
  `<label class="ui-field-label" for="boot-negative">${text(intl, 'create.negative.label')}</label>` +
  `<textarea id="boot-negative" class="create-negative ui-input ui-textarea" rows="2" disabled placeholder="${text(intl, 'create.negative.placeholder')}"></textarea>` +
  '</div></div></section>';

/**
 * Create's first screen (`/`, `/create`): the banner and, unless the address opens a remix (whose
 * work shows above the form), the composer's head and prompt box, in the page's grid.
 */
const createMarkup = (intl: IntlShape, locale: routing.Locale, nowMs: number, remix: boolean): string =>
  '<div class="boot-main"><div class="create-layout">' +
  campaignBannerMarkup(intl, locale, nowMs) +
  (remix ? '' : composerMarkup(intl)) +
  '</div></div>';

/** The pricing page's head (src/features/billing/PricingHeader.tsx): its title and subtitle. */
const pricingMarkup = (intl: IntlShape): string =>
  '<div class="boot-main"><div class="billing-page"><header class="billing-hero">' +
  `<h1 class="billing-title">${text(intl, 'billing.pricing.title')}</h1>` +
  `<p class="billing-subtitle">${text(intl, 'billing.pricing.subtitle')}</p>` +
  '</header></div></div>';

/** The end of the boot shell's header band in the built page: the first screen goes after it. */
const HEADER_END = /(<div class="boot-header">[\s\S]*?<\/div>)/;

/** The built page's root element, whose language the boot script sets (English until it runs). */
const ROOT_ELEMENT = /<html lang="[^"]*"/;

/**
 * The built page with `screen` drawn after the boot shell's header band, the page in `locale` (its
 * language and direction, so the screen reads right without scripts too), and the head rule that
 * hides the screen when the boot script turns the page to another language; null when the page has
 * no boot shell to draw into.
 */
export const withFirstScreen = (page: string, locale: routing.Locale, screen: string): string | null => {
  if (!HEADER_END.test(page) || !ROOT_ELEMENT.test(page)) return null;
  const dir = routing.textDirection(locale) === 'rtl' ? ' dir="rtl"' : '';
  const hide = `<style>html:not([lang="${locale}"]) .boot-first{display:none}</style>`;
  return page
    .replace(ROOT_ELEMENT, `<html lang="${locale}"${dir}`)
    .replace('</head>', `${hide}</head>`)
    .replace(HEADER_END, `$1<div class="boot-first" lang="${locale}">${screen}</div>`);
};

/**
 * Create's and pricing's addresses (with or without a language prefix) answer the built page with
 * their first screen drawn in; without a built client (`page` null) they are not found, as every
 * page then is.
 */
export const firstScreenRoutes = (app: FastifyInstance, ctx: ServerContext, page: string | null): void => {
  const intlOf = translations(ctx.config.webRoot);
  const handlerOf = (screen: FirstScreen) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (page === null) return reply.status(404).send(failure(CODES.notFound, 'no built client'));
    const [pathname = '/', query = ''] = req.url.split('?');
    const locale = firstScreenLocale(
      pathname,
      screen.route,
      req.headers.cookie,
      req.headers['accept-language'],
    );
    const intl = intlOf(locale, screen.route);
    const remix = new URLSearchParams(query).has('remix');
    const markup =
      screen.kind === 'create' ? createMarkup(intl, locale, ctx.clock.now(), remix) : pricingMarkup(intl);
    const html = withFirstScreen(page, locale, markup);
    if (html === null) return sendPage(reply);
    // The page depends on the language cookie and the browser's languages: a cache must keep them apart.
    void reply.header('vary', 'Cookie, Accept-Language');
    return sendPageWith(reply, html, req.headers['if-none-match']);
  };
  for (const [address, screen] of SCREEN_ADDRESSES) app.get(address, handlerOf(screen));
};
