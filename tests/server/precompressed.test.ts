/**
 * Issue 22 "server time": the built client is compressed once at build time (scripts/precompress.mjs
 * writes `.br` and `.gz` beside each page, script, style and translation file) and the server sends
 * those files as they are; hashed assets are immutable; the page is `no-cache` with an ETag and a 304
 * for a matching If-None-Match; robots.txt and sitemap.xml are served; a detail page's HTML names its
 * work's picture for the browser to fetch beside the scripts. Over a tiny web root made and precompressed here.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details, routing } from '../../domain/index.js';
import { ITEM_DETAIL_PATH, MODEL_DETAIL_PATH } from '../../infrastructure/contract/feed';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let webRoot: string;
const HTML =
  '<!doctype html><html lang="en"><head><title>Atelier</title>' +
  '<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>' +
  '<!--' +
  ' padding so the page is worth compressing '.repeat(40) +
  '-->';
const APP_JS = `export const app = () => ${JSON.stringify('atelier '.repeat(400))};\n`;
const STYLE = `.card{display:grid;gap:8px}\n`.repeat(100);
const MESSAGES = JSON.stringify(
  Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`id.${i}`, `text ${i}`])),
);

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'atelier-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await mkdir(path.join(webRoot, 'locales', 'ja'), { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), HTML);
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.css'), STYLE);
  await writeFile(path.join(webRoot, 'locales', 'ja', 'common.json'), MESSAGES);
  // The build's own step, over this root.
  execFileSync(process.execPath, ['scripts/precompress.mjs', webRoot]);
  s = await startTestServer({ webRoot }, false);
}, 60_000);

afterAll(async () => {
  await s?.stop();
  await rm(webRoot, { recursive: true, force: true });
});

/** Raw bytes as sent (fetch would decompress them): light-my-request through the real app. */
const get = (url: string, headers: Record<string, string> = {}) =>
  s.server.app.inject({ method: 'GET', url, headers });

describe('files compressed at build time, sent as they are', () => {
  it('the build step wrote a .br and a .gz beside every page, script, style and translation file', async () => {
    for (const [file, text] of [
      ['index.html', HTML],
      ['assets/app-abc123.js', APP_JS],
      ['assets/app-abc123.css', STYLE],
      ['locales/ja/common.json', MESSAGES],
    ] as const) {
      expect(brotliDecompressSync(await readFile(path.join(webRoot, `${file}.br`))).toString(), file).toBe(
        text,
      );
      expect(gunzipSync(await readFile(path.join(webRoot, `${file}.gz`))).toString(), file).toBe(text);
    }
  });

  it('brotli when accepted: the .br file byte for byte, for scripts, styles, translations and the page', async () => {
    for (const [url, file, type] of [
      ['/assets/app-abc123.js', 'assets/app-abc123.js', /javascript/],
      ['/assets/app-abc123.css', 'assets/app-abc123.css', /css/],
      ['/locales/ja/common.json', 'locales/ja/common.json', /json/],
      ['/', 'index.html', /html/],
      // A page the server sends as it was built (the square's and the detail pages' name their pictures).
      ['/settings', 'index.html', /html/],
    ] as const) {
      const r = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(String(r.headers['content-type']), url).toMatch(type);
      expect(String(r.headers['vary']), url).toMatch(/accept-encoding/i);
      expect(r.rawPayload.equals(await readFile(path.join(webRoot, `${file}.br`))), url).toBe(true);
    }
  });

  it('gzip when only gzip is accepted, the plain file when nothing is', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(await readFile(path.join(webRoot, 'assets/app-abc123.js.gz')))).toBe(true);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });
});

describe('cache headers', () => {
  it('hashed assets are immutable for a year, in every encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const r = await get('/assets/app-abc123.js', { 'accept-encoding': enc });
      expect(r.headers['cache-control'], enc).toBe('public, max-age=31536000, immutable');
    }
  });

  it('the page is no-cache with an ETag, and a matching If-None-Match is a 304 without a body', async () => {
    for (const url of ['/', '/explore', '/ja/pricing']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers['etag'];
      expect(typeof etag, url).toBe('string');
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      const stale = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
      expect(stale.statusCode, url).toBe(200);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt lets the public pages be crawled, keeps crawlers off the API, and names the sitemap', async () => {
    const r = await get('/robots.txt', { host: 'atelier.example:8080' });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/plain/);
    const lines = r.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: http://atelier.example:8080/sitemap.xml');
  });

  it('sitemap.xml lists every public page in every language, each with its alternates', async () => {
    const r = await get('/sitemap.xml', { host: 'atelier.example' });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^application\/xml/);
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('http://atelier.example/');
    expect(locs).toContain('http://atelier.example/explore');
    expect(locs).toContain('http://atelier.example/ja/explore');
    expect(locs).toContain('http://atelier.example/ar/pricing');
    expect(locs).toHaveLength(routing.SITEMAP_PATHS.length * routing.SUPPORTED_LOCALES.length);
    expect(r.body).toContain('hreflang="zh-TW" href="http://atelier.example/zh-TW/create"');
    expect(r.body).not.toMatch(/\/(settings|personal|messages|api)\b/);
  });

  it('a hostile Host header is not echoed into the files', async () => {
    const r = await get('/sitemap.xml', { host: 'evil.example"><script>' });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('evil');
    expect(r.body).not.toContain('<script>');
  });
});

describe("a detail page names its work's picture in its head (issue 22: it waited for the page's code)", () => {
  /** The cover the page's own request for the item answers (the API, as a guest). */
  const coverOf = async (path: string, id: string) => {
    const r = await s.post(path, { id });
    const data = (r.json as { data: { cover: { url: string; width: number } } }).data;
    return data.cover;
  };
  const preloadsIn = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);

  it('an artwork and a model (in Arabic too): the candidates and sizes the page draws, fetched first', async () => {
    for (const [url, apiPath, id] of [
      ['/artwork/art-005', ITEM_DETAIL_PATH, 'art-005'],
      ['/ar/models/mdl-002', MODEL_DETAIL_PATH, 'mdl-002'],
    ] as const) {
      const picture = details.mainPictureOf(await coverOf(apiPath, id));
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(String(r.headers['content-type']), url).toMatch(/html/);
      expect(preloadsIn(r.body), url).toEqual([
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${picture.sources[0]?.srcSet ?? ''}" ` +
          `imagesizes="${details.MEDIA_SIZES}" fetchpriority="high">`,
      ]);
      // The rest of the page is the built one.
      expect(r.body.replace(/\s*<link rel="preload" as="image"[^>]*>/, ''), url).toBe(HTML);
    }
  });

  it('no preload where the address names no such work: the page as it is', async () => {
    for (const url of ['/artwork/mdl-002', '/models/art-005', '/artwork/no-such-work', '/settings']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(preloadsIn(r.body), url).toEqual([]);
    }
  });

  it('compressed when accepted, no-cache with an ETag of its own, a 304 for a matching If-None-Match', async () => {
    const first = await get('/artwork/art-005', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('rel="preload" as="image"');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers['etag']);
    expect(etag).not.toBe(String((await get('/settings')).headers['etag']));
    const again = await get('/artwork/art-005', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
