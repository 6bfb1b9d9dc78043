/**
 * What search engines read (issue 22): robots.txt (everything public may be crawled; the API, the
 * dev tools and the signed-in pages not) and sitemap.xml, the public pages of
 * `routing.SITEMAP_PATHS` with their address in every interface language as alternates (spec §2:
 * English unprefixed, the others under their prefix). Absolute addresses are made from the request's
 * host, checked first; an odd host gets the loopback origin instead of being echoed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routing } from '../../domain/index.js';
import { escapeMarkup } from '../markup';

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Paths a crawler has no business in: the API, files served by signed URL, the dev tools, accounts. */
const DISALLOWED = ['/api/', '/upload', '/download', '/dev/', '/pay', '/settings', '/personal', '/messages'];

export const originOf = (req: FastifyRequest, secure: boolean): string => {
  const host = req.headers.host;
  return `${secure ? 'https' : 'http'}://${typeof host === 'string' && SAFE_HOST.test(host) ? host : 'localhost'}`;
};

export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

export const sitemapXml = (origin: string): string => {
  const urls = routing.SITEMAP_PATHS.flatMap((bare) =>
    routing.SUPPORTED_LOCALES.map((locale) => {
      const alternates = routing.SUPPORTED_LOCALES.map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeMarkup(origin + routing.localizedPath(alt, bare))}"/>`,
      );
      return [
        '  <url>',
        `    <loc>${escapeMarkup(origin + routing.localizedPath(locale, bare))}</loc>`,
        ...alternates,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(origin + bare)}"/>`,
        '  </url>',
      ].join('\n');
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

export const seoRoutes = (app: FastifyInstance, secure: boolean): void => {
  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(originOf(req, secure))),
  );
  app.get('/sitemap.xml', async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(originOf(req, secure))),
  );
};
