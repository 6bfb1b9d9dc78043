/**
 * Security headers and delivery: the CSP (with the hash of the built page's inline script) and
 * the other helmet headers on pages, API answers and blobs; brotli/gzip; immutable caching of
 * hashed assets and no-cache for the page; source maps not served; the session cookie `Secure`
 * and sent once when the site says it is served over HTTPS. Over a tiny web root made here.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let webRoot: string;
const INLINE = "document.documentElement.dataset.theme = localStorage.getItem('theme') || 'dark';";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
const APP_JS = `export const app = () => ${JSON.stringify('atelier '.repeat(400))};\n`;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'atelier-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script>` +
      `<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(path.join(webRoot, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  s = await startTestServer({ webRoot, cookieSecure: true }, false);
}, 60_000);

afterAll(async () => {
  await s?.stop();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(s.baseUrl + p, { headers });

const directives = (r: Response): Map<string, string[]> => {
  const csp = r.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
};

const expectSecurityHeaders = (r: Response) => {
  const csp = directives(r);
  expect(csp.get('script-src')?.[0]).toBe("'self'");
  expect(csp.get('script-src')).toContain(INLINE_HASH);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  // WebAssembly may compile (the upload chunks' MD5); script text may never be evaluated.
  expect(csp.get('script-src')).toContain("'wasm-unsafe-eval'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src')?.[0]).toBe("'self'");
  expect(csp.get('connect-src')?.join(' ')).toMatch(/ws:\/\/127\.0\.0\.1:\d+/);
  expect(csp.get('frame-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
};

describe('security headers', () => {
  it('on the page, with the hash of its inline script', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain(INLINE);
    expectSecurityHeaders(r);
  });

  it('on the SPA fallback, on API answers and on blobs', async () => {
    const page = await get('/explore/new');
    expect(await page.text()).toContain('<div id="root">');
    expectSecurityHeaders(page);
    const api = await s.post('/api/v1/account/info', {});
    expect(api.json.status.code).toBe(20000);
    expectSecurityHeaders(new Response(null, { headers: api.headers }));
    await s.server.ctx.blobs.put('test/pixel.png', new Uint8Array([137, 80, 78, 71]));
    const blob = await get('/blobs/test/pixel.png');
    expect(blob.status).toBe(200);
    expectSecurityHeaders(blob);
  });

  it('the simulated checkout page keeps its own nonce CSP and can run its script', async () => {
    const r = await get('/pay/checkout/no-such-order');
    expect(r.status).toBe(404);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await r.text()).toContain(`<script nonce="${nonce}">`);
  });
});

describe('delivery', () => {
  it('hashed assets: brotli or gzip, cached for a year, immutable', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(APP_JS);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(APP_JS);
  });

  it('the page is revalidated every time', async () => {
    for (const p of ['/', '/index.html', '/explore/new'])
      expect((await get(p)).headers.get('cache-control'), p).toBe('no-cache');
  });

  it('API answers over 1 KB are compressed', async () => {
    const r = await fetch(`${s.baseUrl}/api/v1/task/config/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: '{}',
    });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(((await r.json()) as Json).status.code).toBe(10000);
  });

  it('source maps are not served, and a missing asset is a 404, not the page', async () => {
    for (const p of ['/assets/app-abc123.js.map', '/assets/missing-0000.js']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(((await r.json()) as Json).status.code, p).toBe(10404);
    }
  });
});

describe('the session cookie', () => {
  it('is Secure when the site says HTTPS, and sent once per response', async () => {
    const r = await s.post('/api/v1/account/login', { email: 'demo@atelier.test', password: 'atelier-demo' });
    expect(r.json.status.code).toBe(10000);
    const cookies = r.headers.getSetCookie();
    const session = cookies.filter((c) => c.startsWith('T='));
    expect(session).toHaveLength(1);
    expect(session[0]).toMatch(/;\s*Secure/);
    expect(session[0]).toMatch(/;\s*HttpOnly/);
    for (const c of cookies) expect(c, c).toMatch(/;\s*Secure/);
    const out = await s.post('/api/v1/account/logout', {}, { cookie: session[0]!.split(';')[0]! });
    const cleared = out.headers.getSetCookie().filter((c) => c.startsWith('T='));
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/Max-Age=0/);
  });
});
