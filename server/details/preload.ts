/**
 * What a detail page's HTML names for the browser to fetch beside the scripts (issue 22): the
 * work's picture is the page's largest paint, and its request used to wait until the page's code
 * had run, asked for the item and rendered. The server knows the item from the address, so the
 * page it sends preloads the work's most compact variant set with the candidates and sizes the
 * page's `<picture>` will use (`details.mainPicturePreload`, shared with the view): the browser
 * takes the preloaded file. Asked as a guest (no session is looked up for a page), so only a
 * work anyone may open is named; anything else (an unknown id, another card type, a work without
 * variants) sends the page as it is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { details, routing } from '../../domain/index.js';
import type { ServerContext } from '../context';
import { sendPage, sendPageWithHead } from '../delivery';
import { CODES, failure } from '../envelope';
import { itemById, toContentItem } from '../feed/items';
import { escapeMarkup } from '../markup';

/** The `<link rel="preload">` of the work a detail page's address names, or null. */
export const detailPreloadOf = async (ctx: ServerContext, pathname: string): Promise<string | null> => {
  const page = details.pictureDetailOfPath(pathname);
  if (page === null) return null;
  const row = await itemById(ctx.db, null, page.id);
  if (row === null) return null;
  const item = toContentItem(row, [], ctx.blobs.urlOf);
  if (!details.pageShows(page.page, item.card_type) || item.cover === null) return null;
  const preload = details.mainPicturePreload(item.cover);
  if (preload === null) return null;
  return (
    `<link rel="preload" as="image" type="${escapeMarkup(preload.type)}" ` +
    `imagesrcset="${escapeMarkup(preload.srcSet)}" imagesizes="${escapeMarkup(preload.sizes)}" ` +
    'fetchpriority="high">'
  );
};

/**
 * The picture detail pages' addresses (with or without a language prefix) answer the built page
 * with the preload in its head; where there is nothing to name, or the lookup fails, the page as
 * the other addresses send it. Without a built client (`page` null) they are not found, as every
 * page is then.
 */
export const detailPageRoutes = (app: FastifyInstance, ctx: ServerContext, page: string | null): void => {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (page === null) return reply.status(404).send(failure(CODES.notFound, 'no built client'));
    const pathname = req.url.split('?')[0] ?? '';
    const preload = await detailPreloadOf(ctx, pathname).catch((err: unknown) => {
      req.log.warn({ err }, 'detail page preload');
      return null;
    });
    if (preload === null) return sendPage(reply);
    return sendPageWithHead(reply, page, preload, req.headers['if-none-match']);
  };
  for (const address of detailPageAddresses) app.get(address, handler);
};

/** Every address `detailPageRoutes` serves (the authorisation matrix tries each). */
export const detailPageAddresses: readonly string[] = routing.SUPPORTED_LOCALES.flatMap((locale) =>
  ['/artwork/:id', '/models/:id'].map((bare) => routing.localizedPath(locale, bare)),
);
