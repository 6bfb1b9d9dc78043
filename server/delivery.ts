/**
 * How responses leave the server: security headers (helmet, with a CSP that allows only our own
 * scripts plus the hashes of the built page's inline scripts, read at startup, and WebAssembly
 * compilation without any eval of script text), brotli/gzip,
 * cache headers for the built client, and `Secure` on cookies when the site is served over HTTPS.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from './config';

/** `'sha256-…'` of every inline `<script>` of a page, so a small theme script keeps working. */
export const inlineScriptHashes = (html: string): string[] => {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    out.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return out;
};

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** socket.io's websocket on our own host (older browsers do not count ws: as 'self'). */
const websocketSources = (req: IncomingMessage): string => {
  const host = req.headers.host;
  return typeof host === 'string' && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

/** The built page (`index.html` of the web root), read once at start, or null without a built client. */
export const readBuiltPage = (config: ServerConfig): string | null => {
  const indexPath = path.join(config.webRoot, 'index.html');
  return existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
};

/** Security headers (the CSP allows `page`'s inline scripts by their hashes) and compression. */
export const registerDelivery = async (
  app: FastifyInstance,
  config: ServerConfig,
  page: string | null,
): Promise<void> => {
  const hashes = page === null ? [] : inlineScriptHashes(page);
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets WebAssembly compile (the upload chunks' MD5, hash-wasm: WebCrypto
        // has none); it allows no eval of script text.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...hashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => websocketSources(req as IncomingMessage)],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a site served over HTTPS may tell browsers to stay on it.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 15552000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes:
      /^(text\/(html|css|javascript|plain)|application\/(json|javascript|manifest\+json)|image\/svg\+xml)\b/,
    // Quality 11 (the default) costs far too much CPU per dynamic response.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  if (config.cookieSecure) {
    app.addHook('onSend', async (_req, reply, payload) => {
      const header = reply.getHeader('set-cookie');
      if (header === undefined) return payload;
      const cookies = (Array.isArray(header) ? header : [header]).map(String);
      reply.removeHeader('set-cookie');
      reply.header(
        'set-cookie',
        cookies.map((c) => (/;\s*Secure\b/i.test(c) ? c : `${c}; Secure`)),
      );
      return payload;
    });
  }
};

/** Cache headers of the built client: hashed assets forever, the page revalidated every time. */
export const staticCacheHeaders = (reply: FastifyReply, file: string): void => {
  const inAssets = file.split(path.sep).includes('assets');
  void reply.header('cache-control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/** The built page as it is (every client route's answer): revalidated every time, sent precompressed. */
export const sendPage = (reply: FastifyReply): FastifyReply =>
  reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');

/**
 * A page made from the built one (a detail page's picture preload, server/details/preload.ts; the first
 * screen of Create and pricing, server/routing/firstScreen.ts), sent as the page itself is: revalidated
 * every time, with an ETag of its own (an unchanged page is a 304).
 */
export const sendPageWith = (
  reply: FastifyReply,
  html: string,
  ifNoneMatch: string | undefined,
): FastifyReply => {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  void reply.type('text/html').header('cache-control', 'no-cache').header('etag', etag);
  return ifNoneMatch === etag ? reply.status(304).send() : reply.send(html);
};

/**
 * The built page with `tags` in its head before the page's own scripts and styles (its entry module and
 * what the build preloads): the browser asks for them first. The square's first covers go there (issue 22:
 * over HTTP/1.1's six connections they waited behind the scripts, which the first paint does not need).
 */
export const withTagsFirst = (page: string, tags: string): string => {
  const at = page.indexOf('<script type="module"');
  return at < 0 ? page.replace('</head>', `${tags}</head>`) : page.slice(0, at) + tags + page.slice(at);
};

/** The built page with tags added to its head. */
export const sendPageWithHead = (
  reply: FastifyReply,
  page: string,
  head: string,
  ifNoneMatch: string | undefined,
): FastifyReply => sendPageWith(reply, page.replace('</head>', `${head}</head>`), ifNoneMatch);
