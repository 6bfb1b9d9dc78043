/**
 * index.html's inline script turns the page, before the first paint (the router's fallback shell, issue 22), to the
 * language and direction of the page the person will see: the spec §2 language guard's choice
 * (domain/routing), which it repeats in a few lines of plain script. Run here with a fake page over
 * every combination of address, browser and stored language, session and lang cookie, it agrees
 * with the guard's decision every time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { routing } from '../../domain/index.js';
import { firstScreenLocale } from '../../server/routing/firstScreen';
import { ShellFallback } from '../../src/app/RootLayout';

const html = readFileSync(path.resolve('src/index.html'), 'utf8');
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
const boot = scripts.find((s) => s.includes('navigator.language'));

interface Fake {
  readonly path: string;
  readonly browser: string;
  readonly stored: string | null;
  readonly cookie: string;
}

const run = ({ path: pathname, browser, stored, cookie }: Fake) => {
  const root = { lang: 'en', dir: '', dataset: {} as Record<string, string> };
  const storage = { getItem: (k: string) => (k === 'lang' ? stored : null) };
  new Function('document', 'location', 'navigator', 'localStorage', boot ?? '')(
    { documentElement: root, cookie },
    { pathname },
    { language: browser },
    storage,
  );
  return root;
};

const guardLocale = ({ path: pathname, browser, stored, cookie }: Fake): routing.Locale => {
  const jar = Object.fromEntries(
    cookie
      .split(';')
      .filter((c) => c.includes('='))
      .map((c) => [c.slice(0, c.indexOf('=')).trim(), c.slice(c.indexOf('=') + 1).trim()]),
  );
  const decision = routing.decideRoute({
    path: pathname,
    routeName: 'explore',
    query: {},
    requiresAuth: false,
    hasSessionCookie: jar['T_present'] === '1',
    cookies: jar['lang'] === undefined ? {} : { lang: jar['lang'] },
    flags: {},
    isBot: false,
    browserLanguage: stored ?? browser,
  });
  const landed = decision.kind === 'redirect' ? decision.to : pathname;
  return routing.splitLocalePath(landed).locale ?? routing.DEFAULT_LOCALE;
};

describe("index.html's boot script", () => {
  it('is there', () => expect(boot).toBeDefined());

  const paths = [
    '/',
    '/explore',
    '/ar',
    '/ar/explore',
    '/ja/create',
    '/zh-TW/',
    '/xx/explore',
    '/en/explore',
  ];
  const browsers = ['en-US', 'ar-EG', 'ja', 'zh-Hant-HK', 'zh', 'pt_BR', 'de-CH', '', 'tlh'];
  const storedLanguages = [null, 'ar', 'fr', ''];
  const cookies = [
    '',
    'T_present=1',
    'T_present=1; lang=ar',
    'T_present=1; lang=en',
    'lang=ar',
    'T_present=1; lang=xx',
  ];
  const cases = paths.flatMap((p) =>
    browsers.flatMap((browser) =>
      storedLanguages.flatMap((stored) =>
        cookies.map((cookie): Fake => ({ path: p, browser, stored, cookie })),
      ),
    ),
  );

  it(`sets the guard's language and direction (${cases.length} combinations)`, () => {
    const wrong = cases.flatMap((c) => {
      const locale = guardLocale(c);
      const root = run(c);
      const dir = routing.textDirection(locale);
      return root.lang === locale && root.dir === dir ? [] : [{ ...c, locale, got: root }];
    });
    expect(wrong).toEqual([]);
  });

  // The server draws Create's and pricing's first screen in the language it expects this script to pick
  // (server/routing/firstScreen.ts): it sees the address, the cookies and the browser's languages, not a
  // language the browser stored, and where one is stored a head rule hides the screen if they differ.
  const unstored = cases.filter((c) => c.stored === null);
  it(`agrees with the server's first screen wherever the browser stored no language (${unstored.length} combinations)`, () => {
    const wrong = unstored.flatMap((c) => {
      const server = firstScreenLocale(c.path, 'explore', c.cookie, c.browser);
      return run(c).lang === server ? [] : [{ ...c, server, boot: run(c).lang }];
    });
    expect(wrong).toEqual([]);
  });

  it("asks for the shell's messages in the language it chose, beside the scripts (issue 22)", () => {
    const links: Record<string, string>[] = [];
    const root = { lang: 'en', dir: '', dataset: {} as Record<string, string> };
    new Function('document', 'location', 'navigator', 'localStorage', boot ?? '')(
      {
        documentElement: root,
        cookie: '',
        createElement: () => ({}),
        head: { appendChild: (l: Record<string, string>) => links.push(l) },
      },
      { pathname: '/ar/explore' },
      { language: 'en-US' },
      { getItem: () => null },
    );
    expect(root).toMatchObject({ lang: 'ar', dir: 'rtl' });
    // The catalogue's fetch (infrastructure/i18n/catalogue.ts) is a same-origin `fetch` of this address.
    expect(links).toEqual([
      { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/locales/ar/common.json' },
    ]);
  });
});

describe("index.html's first paint (issue 22: the page painted nothing until its scripts had run)", () => {
  it("holds the router's fallback shell, the same markup React renders first", () => {
    const inRoot = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
    // Prettier breaks the HTML between and inside tags; the whitespace it adds there draws nothing.
    const painted = inRoot.replace(/\s+>/g, '>').replace(/>\s+</g, '><').trim();
    expect(painted).toContain('boot-header');
    expect(painted).toBe(renderToStaticMarkup(createElement(ShellFallback)));
  });
});
