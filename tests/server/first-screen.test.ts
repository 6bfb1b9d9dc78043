/**
 * Issue 22, the largest paint of Create and pricing on a phone: the server draws their first screen
 * (Create's campaign banner, pricing's title and subtitle) into the page's HTML, in the language the
 * page's boot script will pick, with the components' own classes; words from the built translation
 * files, escaped; English where a locale lacks a file; an ETag of its own and `Vary` on what it reads.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, details, feed, format, tasks } from '../../domain/index.js';
import { FEED_CARD_TYPES, ITEM_DETAIL_PATH, MODEL_DETAIL_PATH } from '../../infrastructure/contract/feed';
import { SQUARE_SOURCES } from '../../server/feed/preload';
import { firstAcceptedLanguage, firstScreenAddresses } from '../../server/routing/firstScreen';
import { startTestServer, type TestServer } from '../support/server';

const PAGE = `<!doctype html>
<html lang="en" data-theme="dark">
  <head><title>Atelier</title><script type="module" crossorigin src="/assets/index.js"></script></head>
  <body>
    <div id="root">
      <div class="boot" aria-busy="true">
        <div class="boot-header"><span class="boot-menu"></span><span class="boot-brand">Atelier</span></div>
      </div>
    </div>
  </body>
</html>
`;

/** A message as the build compiles it (a literal, or literal + argument + literal). */
const literal = (value: string) => [{ type: 0, value }];
const withDate = (before: string) => [
  { type: 0, value: before },
  { type: 1, value: 'date' },
];

const banner = (title: string, extra: Record<string, unknown> = {}) => ({
  'create.title': literal('Text to image'),
  'create.subtitle': literal('Describe a picture.'),
  'create.prompt.label': literal('Prompt'),
  'create.prompt.placeholder': literal('A lighthouse "at dusk" <b>'),
  'create.negative.label': literal('Negative prompt'),
  'create.negative.placeholder': literal('What not to show'),
  'create.prompt.count': [
    { type: 1, value: 'count' },
    { type: 0, value: '/' },
    { type: 1, value: 'max' },
  ],
  'campaign.default.eyebrow': literal('Atelier'),
  'campaign.default.title': literal(title),
  'campaign.default.body': literal(`${title}: body`),
  'campaign.default.cta': literal('See what others made'),
  'campaign.join': literal('Join in'),
  'campaign.until': withDate('Until '),
  ...extra,
});

/** The square's head and card words (the explore route's file), the named ones given, the rest from their ids. */
const square = (words: { title: string; recommend: string; sort: string; time: string }) => ({
  'explore.title': literal(words.title),
  'explore.tabs': literal('Tabs'),
  'feed.sort': literal(words.sort),
  'feed.time': literal(words.time),
  ...Object.fromEntries(
    feed.FEED_TABS.map((t) => [`feed.tab.${t}`, literal(t === 'recommend' ? words.recommend : t)]),
  ),
  ...Object.fromEntries(['recommend', 'hot', 'new'].map((o) => [`feed.sort.${o}`, literal(`sort ${o}`)])),
  ...Object.fromEntries(feed.TIME_FILTERS.map((t) => [`feed.time.${t}`, literal(`time ${t}`)])),
  ...Object.fromEntries(FEED_CARD_TYPES.recommend.map((c) => [`feed.card.${c}`, literal(`<${c}>`)])),
});

const FILES: Record<string, Record<string, unknown>> = {
  'en/home.json': banner(
    'Your ideas, made real',
    Object.fromEntries(
      format.CAMPAIGN_TYPES.flatMap((type) => [
        [`campaign.${type}.title`, literal(`The ${type} week`)],
        [`campaign.${type}.body`, literal(`What the ${type} week is about.`)],
      ]),
    ),
  ),
  'en/create.json': banner('Your ideas, made real'),
  'en/pricing.json': {
    'billing.pricing.title': literal('Choose your membership'),
    'billing.pricing.subtitle': literal('More tasks at once.'),
  },
  'ar/pricing.json': {
    'billing.pricing.title': literal('اختر عضويتك'),
    'billing.pricing.subtitle': literal('مهام أكثر في الوقت نفسه.'),
  },
  'ja/home.json': banner('アイデアを形に'),
  'en/explore.json': square({
    title: 'Explore the square',
    recommend: 'For you',
    sort: 'Sort',
    time: 'Time',
  }),
  'ar/explore.json': square({ title: 'استكشف الساحة', recommend: 'لك', sort: 'الترتيب', time: 'الوقت' }),
  // A translation that carries markup must reach the page as text.
  'de/pricing.json': {
    'billing.pricing.title': literal('<img src=x onerror=alert(1)>Mitgliedschaft'),
    'billing.pricing.subtitle': literal('"Mehr" & <b>schneller</b>'),
  },
};

/** One week inside the campaign season (spec §9): the banner is that week's campaign. */
const inSeason = format.CAMPAIGN_SEASON_START + 3 * 24 * 3600 * 1000;

let webRoot: string;
let s: TestServer;
/** The server's clock: now, or a day inside the season for the campaign's test. */
let now = Date.now();

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'atelier-web-'));
  await writeFile(path.join(webRoot, 'index.html'), PAGE);
  // The build's manifest: the square's page and modules, each its own file (server/routing/routeChunks.ts).
  await mkdir(path.join(webRoot, '.vite'), { recursive: true });
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify(
      Object.fromEntries(SQUARE_SOURCES.map((source, i) => [source, { file: `assets/square-${i}.js` }])),
    ),
  );
  for (const [file, messages] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(webRoot, 'locales', file)), { recursive: true });
    await writeFile(path.join(webRoot, 'locales', file), JSON.stringify(messages));
  }
  s = await startTestServer({ webRoot }, false, { clock: { now: () => now } });
}, 60_000);

afterAll(async () => {
  await s?.stop();
  await rm(webRoot, { recursive: true, force: true });
});

const page = async (server: TestServer, address: string, headers: Record<string, string> = {}) => {
  const r = await fetch(server.baseUrl + address, { headers });
  return { status: r.status, headers: r.headers, html: await r.text() };
};

/** What the page draws after the header band (the first screen), or null. */
const screenOf = (html: string) =>
  /<div class="boot-first" lang="([^"]+)">([\s\S]*?)<\/div>\s*<\/div>\s*<\/div>/.exec(html);

describe("the first screen in the page's HTML (issue 22: largest paint before any script)", () => {
  it("draws Create's banner after the header band on / and /create, with the components' classes", async () => {
    for (const address of ['/', '/create']) {
      const r = await page(s, address, { 'accept-language': 'en-US,en;q=0.9' });
      expect(r.status).toBe(200);
      expect(r.html).toContain('<html lang="en" data-theme="dark">');
      const [, lang, screen = ''] = screenOf(r.html) ?? [];
      expect(lang).toBe('en');
      expect(screen).toContain('<aside class="campaign-banner" data-campaign="default">');
      expect(screen).toContain('<h2 class="campaign-banner-title">Your ideas, made real</h2>');
      expect(screen).toContain('<p class="campaign-banner-body">Your ideas, made real: body</p>');
      expect(screen).toContain('<a class="campaign-banner-cta" href="/explore">See what others made</a>');
      // Drawn inside the boot shell, after its header band: React's first render replaces both.
      const drawn = r.html.indexOf('<div class="boot-first"');
      expect(r.html.indexOf('<div class="boot"')).toBeLessThan(r.html.indexOf('<div class="boot-header"'));
      expect(r.html.indexOf('<div class="boot-header"')).toBeLessThan(drawn);
      expect(r.html.indexOf('</body>')).toBeGreaterThan(drawn);
      // Hidden if the boot script turns the page to another language (one the browser stored).
      expect(r.html).toContain('<style>html:not([lang="en"]) .boot-first{display:none}</style></head>');
    }
  });

  it("draws the composer's head and its empty, disabled prompt and negative prompt below the banner, except on a remix", async () => {
    for (const address of ['/', '/create']) {
      const [, , screen = ''] = screenOf((await page(s, address)).html) ?? [];
      expect(screen).toMatch(
        /^<div class="boot-main"><div class="create-layout"><aside class="campaign-banner"/,
      );
      expect(screen).toContain(
        '<section class="create-composer ui-card ui-card-lg"><h1 class="create-title">Text to image</h1>' +
          '<p class="create-subtitle">Describe a picture.</p>',
      );
      expect(screen).toContain('<label class="ui-field-label" for="boot-prompt">Prompt</label>');
      // The placeholder is an attribute: its quotes and markup stay text.
      expect(screen).toContain(
        '<textarea id="boot-prompt" class="create-prompt ui-input ui-textarea" rows="4" disabled ' +
          'placeholder="A lighthouse &quot;at dusk&quot; &lt;b&gt;"></textarea>',
      );
      expect(screen).toContain(`<p class="ui-field-help">0/${tasks.PROMPT_MAX_LENGTH}</p>`);
      expect(screen).toContain(
        '<label class="ui-field-label" for="boot-negative">Negative prompt</label>' +
          '<textarea id="boot-negative" class="create-negative ui-input ui-textarea" rows="2" disabled ' +
          'placeholder="What not to show"></textarea></div></div></section>',
      );
    }
    // A remix shows its work above the form: only the banner is drawn.
    const [, , remix = ''] = screenOf((await page(s, '/create?remix=art-005')).html) ?? [];
    expect(remix).toContain('<aside class="campaign-banner"');
    expect(remix).not.toContain('create-composer');
  });

  it("draws the pricing page's title and subtitle in the address's language, right to left in Arabic", async () => {
    const r = await page(s, '/ar/pricing', { 'accept-language': 'en' });
    expect(r.html).toContain('<html lang="ar" dir="rtl" data-theme="dark">');
    const [, lang, screen = ''] = screenOf(r.html) ?? [];
    expect(lang).toBe('ar');
    expect(screen).toContain('<h1 class="billing-title">اختر عضويتك</h1>');
    expect(screen).toContain('<p class="billing-subtitle">مهام أكثر في الوقت نفسه.</p>');
    expect(screen).toContain('<div class="billing-page"><header class="billing-hero">');
  });

  it("picks the boot script's language: a signed-in lang cookie, the prefix, the browser's first language, English", async () => {
    const langOf = async (address: string, headers: Record<string, string>) =>
      screenOf((await page(s, address, headers)).html)?.[1];
    expect(await langOf('/pricing', { 'accept-language': 'ar-EG,en;q=0.8' })).toBe('ar');
    expect(await langOf('/pricing', { 'accept-language': 'fr;q=0.2, ja' })).toBe('ja');
    expect(await langOf('/pricing', { 'accept-language': 'tlh' })).toBe('en');
    expect(await langOf('/pricing', {})).toBe('en');
    expect(await langOf('/ar/pricing', { cookie: 'T_present=1; lang=ja' })).toBe('ja');
    // A guest's lang cookie is not theirs to choose by (the guard reads it for a session only).
    expect(await langOf('/ar/pricing', { cookie: 'lang=ja' })).toBe('ar');
    expect(await langOf('/ja', { 'accept-language': 'ar' })).toBe('ja');
  });

  it('fills a gap in a language with English, and draws a translation with markup as text', async () => {
    // Korean has no pricing file here: English words, the page still Korean.
    const ko = screenOf((await page(s, '/ko/pricing')).html);
    expect(ko?.[1]).toBe('ko');
    expect(ko?.[2]).toContain('<h1 class="billing-title">Choose your membership</h1>');
    const de = (await page(s, '/de/pricing')).html;
    expect(de).not.toContain('<img');
    expect(de).not.toContain('<b>');
    expect(de).toContain('&lt;img src=x onerror=alert(1)&gt;Mitgliedschaft');
    expect(de).toContain('&quot;Mehr&quot; &amp; &lt;b&gt;schneller&lt;/b&gt;');
  });

  it("draws the week's campaign inside the season (spec §9), its end date in the page's language", async () => {
    const week = campaigns.campaignBanner(inSeason);
    expect(week.kind).toBe('campaign');
    if (week.kind !== 'campaign') return;
    now = inSeason;
    const r = await page(s, '/', { 'accept-language': 'en' }).finally(() => (now = Date.now()));
    const screen = screenOf(r.html)?.[2] ?? '';
    expect(screen).toContain(`data-campaign="${week.type}"`);
    const until = new Intl.DateTimeFormat('en', { timeZone: 'UTC', month: 'long', day: 'numeric' }).format(
      week.endsAt - 1,
    );
    expect(screen).toContain(`<p class="campaign-banner-eyebrow">Until ${until}</p>`);
    expect(screen).toContain('>Join in</a>');
    expect(screen).toContain(`<h2 class="campaign-banner-title">The ${week.type} week</h2>`);
    expect(screen).toContain(`<p class="campaign-banner-body">What the ${week.type} week is about.</p>`);
  });

  it('answers an unchanged page 304 by its ETag, and tells caches what it depends on', async () => {
    const first = await page(s, '/create', { 'accept-language': 'ja' });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(s.baseUrl + '/create', {
      headers: { 'accept-language': 'ja', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // Another language is another page.
    const other = await page(s, '/create', { 'accept-language': 'en', 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('serves every address it names, and the other pages as they are', async () => {
    expect(firstScreenAddresses).toContain('/');
    expect(firstScreenAddresses).toContain('/ar/pricing');
    expect(firstScreenAddresses).toContain('/zh-TW/create');
    for (const address of firstScreenAddresses)
      expect((await page(s, address)).html, address).toContain('boot-first');
    const settings = await page(s, '/settings');
    expect(settings.html).toBe(PAGE);
    // The square's tabs with filters or a create entry draw nothing (their first covers are preloaded: below).
    for (const tab of ['model', 'post', 'workflow'])
      expect((await page(s, `/explore/${tab}`)).html, tab).not.toContain('boot-first');
  });

  it("draws the square's head and the first card of each column where the page draws them, in the page's language (issue 22)", async () => {
    const recommend = feed.parseSquareSearch('recommend', []);
    const r = await fetch(
      `${s.baseUrl}${recommend.path}?${new URLSearchParams({ offset: '0', order_by: recommend.params.order_by }).toString()}`,
    );
    const items = (
      (await r.json()) as {
        data: {
          items: {
            id: string;
            title: string;
            card_type: string;
            author: { id: string; name: string };
            cover: { url: string; width: number; height: number } | null;
          }[];
        };
      }
    ).data.items;
    expect(items.length).toBeGreaterThanOrEqual(feed.MAX_COLUMNS);
    const square = await page(s, '/explore', { 'accept-language': 'en' });
    const [, lang, screen = ''] = screenOf(square.html) ?? [];
    expect(lang).toBe('en');
    expect(square.headers.get('vary')).toMatch(/Accept-Language/);
    // The head: title, the tabs with the current one marked, the sort and time as the address has them.
    expect(screen).toContain('<h1 class="square-heading">Explore the square</h1>');
    expect(screen).toContain('<a class="ui-tabs-tab" href="/explore" aria-current="page">For you</a>');
    expect(screen).toContain('<a class="ui-tabs-tab" href="/explore/model">model</a>');
    expect(screen).toContain(
      `<span class="ui-field-label">Sort</span><button type="button" class="ui-select-trigger" disabled><span>sort ${recommend.params.order_by}</span>`,
    );
    expect(screen).toContain(`<span>time ${recommend.params.timeType}</span>`);
    // One card per column the masonry can have, in the first page's order, each as tall as its cover's ratio.
    const cards = [
      ...screen.matchAll(
        /<article class="square-card square-first-card" style="--cover-ratio: ([\d.]+)">([\s\S]*?)<\/article>/g,
      ),
    ];
    expect(cards).toHaveLength(feed.MAX_COLUMNS);
    cards.forEach(([, ratio, card = ''], i) => {
      const item = items[i]!;
      expect(Number(ratio)).toBe(feed.coverRatioOf(item.cover));
      expect(card).toContain(`title="${item.title}">${item.title}</a>`);
      expect(card).toContain(`<span class="square-type">&lt;${item.card_type}&gt;</span>`);
      expect(card).toContain(`<span dir="auto" class="square-author-name">${item.author.name}</span>`);
      if (item.cover === null) return;
      const drawn = feed.firstRowPictureOf(item.cover);
      expect(card).toContain(
        `<source type="image/avif" srcset="${drawn.sources[0]!.srcSet}" sizes="${drawn.sizes}">`,
      );
      // A phone's two columns load at once, first in line; the others lazily, as only wider windows show them.
      expect(card).toContain(
        i < feed.MIN_COLUMNS ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"',
      );
    });
    // The covers' preloads come before the page's own scripts; the page's code after them.
    expect(square.html.indexOf('<link rel="preload" as="image"')).toBeLessThan(
      square.html.indexOf('<script type="module"'),
    );
    expect(square.html.indexOf('<link rel="modulepreload"')).toBeGreaterThan(
      square.html.indexOf('<script type="module"'),
    );
    // Arabic: the page right to left, the words in Arabic; another tab marks its own.
    const ar = await page(s, '/ar/explore/video');
    expect(ar.html).toContain('<html lang="ar" dir="rtl"');
    const [, arLang, arScreen = ''] = screenOf(ar.html) ?? [];
    expect(arLang).toBe('ar');
    expect(arScreen).toContain('<h1 class="square-heading">استكشف الساحة</h1>');
    expect(arScreen).toContain(
      '<a class="ui-tabs-tab" href="/ar/explore/video" aria-current="page">video</a>',
    );
    expect(arScreen).toContain('<span class="ui-field-label">الترتيب</span>');
    // A variant already made is named by its immutable address (no redirect for the first cover), first in
    // line; the stable address follows at low priority, for the page's own card. (The video tab's: the
    // recommend tab's first covers stay unmade for the test below.)
    const before =
      (await page(s, '/explore/video')).html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(before).toHaveLength(2);
    const firstSet = /imagesrcset="([^"]+)"/.exec(before[0]!)?.[1] ?? '';
    const stable = firstSet.split(', ')[1]!.split(' ')[0]!;
    const made = await fetch(s.baseUrl + stable, { redirect: 'manual' });
    expect(made.status).toBe(302);
    const hashed = made.headers.get('location')!;
    const again = await page(s, '/explore/video', { 'accept-language': 'en' });
    const links = again.html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(links).toHaveLength(3);
    expect(links[0]).toContain(`${hashed} `);
    expect(links[0]).not.toContain(`${stable} `);
    expect(links[0]).toContain('fetchpriority="high"');
    expect(links[1]).toContain(`${stable} `);
    expect(links[1]).toContain('fetchpriority="low"');
    expect(screenOf(again.html)?.[2]).toContain(`srcset="${firstSet.replace(stable, hashed)}"`);
  });

  it("names the square's first two covers in its head, as a guest's first page has them, for phones, and its code (issue 22)", async () => {
    /** The first page's covers of a feed list, as a guest asks for it with GET (the contract's query form). */
    const coversOf = async (apiPath: string, query: Record<string, string>) => {
      const r = await fetch(`${s.baseUrl}${apiPath}?${new URLSearchParams(query).toString()}`);
      const body = (await r.json()) as {
        data: { items: { cover: { url: string; width: number } | null }[] };
      };
      return body.data.items.map((i) => (i.cover ? { url: i.cover.url, width: i.cover.width } : null));
    };
    const linksOf = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    const expected = (covers: readonly ({ url: string; width: number } | null)[]) =>
      feed
        .phoneFirstRowPreloads(covers)
        .map(
          (p) =>
            `<link rel="preload" as="image" type="${p.type}" imagesrcset="${p.srcSet}" imagesizes="${p.sizes}" ` +
            `media="${p.media}" fetchpriority="high">`,
        );
    const recommend = feed.parseSquareSearch('recommend', []);
    const first = await coversOf(recommend.path, { offset: '0', order_by: recommend.params.order_by });
    const square = await page(s, '/explore');
    expect(square.status).toBe(200);
    expect(linksOf(square.html)).toHaveLength(2);
    expect(linksOf(square.html)).toEqual(expected(first));
    // In the head, before the page's own scripts and styles are asked for.
    expect(square.html.indexOf('<link rel="preload" as="image"')).toBeLessThan(
      square.html.indexOf('</head>'),
    );
    // Another tab and its query, with a language prefix: that query's first page.
    const models = feed.parseSquareSearch('model', [['sort', 'new']]);
    const modelCovers = await coversOf(models.path, {
      offset: '0',
      order_by: models.params.order_by,
      timeType: models.params.timeType,
      ...(models.params.order_by_time ? { order_by_time: models.params.order_by_time } : {}),
    });
    const modelLinks = linksOf((await page(s, '/ar/explore/model?sort=new')).html);
    expect(modelLinks).toHaveLength(2);
    expect(modelLinks).toEqual(expected(modelCovers));
    // The page's own code beside the entry, for every tab: its chunk and its epic modules'.
    for (const html of [square.html, (await page(s, '/ar/explore/model?sort=new')).html])
      expect(html.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g)).toEqual(
        SQUARE_SOURCES.map((_, i) => `<link rel="modulepreload" crossorigin href="/assets/square-${i}.js">`),
      );
    // The manifest itself is the server's to read, not served.
    expect((await page(s, '/.vite/manifest.json')).html).toBe(PAGE);
    // A tab that does not exist: the page as it is (the page says it is not found).
    expect((await page(s, '/explore/no-such-tab')).html).toBe(PAGE);
  });

  it("draws an artwork's and a model's picture where the page draws it, with the page's sources, in the page's language", async () => {
    const coverOf = async (apiPath: string, id: string) => {
      const r = await fetch(s.baseUrl + apiPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      });
      const data = (
        (await r.json()) as { data: { title: string; cover: { url: string; width: number; height: number } } }
      ).data;
      return { title: data.title, cover: data.cover };
    };
    const sourcesOf = (cover: { url: string; width: number }) =>
      details
        .mainPictureOf(cover)
        .sources.map((x) => `<source type="${x.type}" srcset="${x.srcSet}" sizes="${details.MEDIA_SIZES}">`)
        .join('');
    const art = await coverOf(ITEM_DETAIL_PATH, 'art-005');
    const artPage = await page(s, '/artwork/art-005', { 'accept-language': 'en' });
    const [, artLang, artScreen = ''] = screenOf(artPage.html) ?? [];
    expect(artLang).toBe('en');
    expect(artPage.html).toContain('<link rel="preload" as="image" type="image/avif"');
    expect(artScreen).toBe(
      '<div class="boot-main"><article class="detail-page"><div class="detail-layout"><div class="detail-media">' +
        `<div class="detail-framed" style="inline-size: min(100%, calc(78vh * ${art.cover.width} / ${art.cover.height}))">` +
        `<picture>${sourcesOf(art.cover)}<img class="detail-media-image" src="${art.cover.url}" ` +
        `width="${art.cover.width}" height="${art.cover.height}" alt="${art.title}" loading="eager" ` +
        'fetchpriority="high" decoding="async"></picture>',
    );
    const model = await coverOf(MODEL_DETAIL_PATH, 'mdl-002');
    const modelPage = await page(s, '/ar/models/mdl-002');
    expect(modelPage.html).toContain('<html lang="ar" dir="rtl"');
    expect(modelPage.headers.get('vary')).toMatch(/Accept-Language/);
    expect(modelPage.html).toContain(
      `<div class="detail-media"><picture>${sourcesOf(model.cover)}<img class="detail-media-image"`,
    );
    // No such work, or a work of another type at this address: the page as it is.
    for (const address of ['/artwork/no-such-work', '/models/art-005'])
      expect((await page(s, address)).html, address).toBe(PAGE);
  });

  it("reads the browser's first language by its weight, ignoring a wildcard and a refused one", () => {
    expect(firstAcceptedLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-CH');
    expect(firstAcceptedLanguage('en;q=0.5, ar;q=0.9')).toBe('ar');
    expect(firstAcceptedLanguage('*, ja;q=0.5')).toBe('ja');
    expect(firstAcceptedLanguage('de;q=0, it')).toBe('it');
    expect(firstAcceptedLanguage('ko;q=abc, es;q=0.1')).toBe('es');
    expect(firstAcceptedLanguage(undefined)).toBeNull();
    expect(firstAcceptedLanguage('')).toBeNull();
  });
});
