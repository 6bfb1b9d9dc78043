/**
 * What a detail page's HTML draws and names before its scripts (issue 22): the work's picture is
 * the page's largest paint, and it used to wait until the page's code had run, asked for the item
 * and rendered. The server knows the item from the address, so the page it sends preloads the
 * work's most compact variant set with the candidates and sizes the page's `<picture>` will use
 * (`details.mainPicturePreload`, shared with the view), and draws that picture where the page
 * draws it (the first screen, server/routing/firstScreen.ts): the browser paints it with the first
 * paint's stylesheet, and the page's own picture takes the same file. Asked as a guest (no session
 * is looked up for a page), so only a work anyone may open is named; anything else (an unknown id,
 * another card type, a work without variants) sends the page as it is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { details, routing } from '../../domain/index.js';
import type { ServerContext } from '../context';
import { sendPage, sendPageWithHead } from '../delivery';
import { CODES, failure } from '../envelope';
import { itemById, toContentItem } from '../feed/items';
import { imagePreloadLink, pictureMarkup } from '../markup';
import { firstScreenLocale, withFirstScreen } from '../routing/firstScreen';

/** What a detail page's HTML adds for its work: the preload in its head and the picture drawn in its body. */
interface DetailFirstScreen {
  readonly head: string;
  readonly screen: string;
  /** The route's name (its guard meta name): the page's language is decided as the boot script does. */
  readonly routeName: string;
}

/**
 * The preload and the drawn picture of the work a detail page's address names, or null: the
 * picture sits in the page's frame (src/features/details/DetailHead.css) where ArtworkPage and
 * ModelPage draw it, an artwork's in its frame box sized to the picture.
 */
export const detailFirstScreenOf = async (
  ctx: ServerContext,
  pathname: string,
): Promise<DetailFirstScreen | null> => {
  const page = details.pictureDetailOfPath(pathname);
  if (page === null) return null;
  const row = await itemById(ctx.db, null, page.id);
  if (row === null) return null;
  const item = toContentItem(row, [], ctx.blobs.urlOf);
  const cover = item.cover;
  if (!details.pageShows(page.page, item.card_type) || cover === null) return null;
  const preload = details.mainPicturePreload(cover);
  if (preload === null) return null;
  const head = imagePreloadLink(preload);
  const picture = pictureMarkup(details.mainPictureOf(cover), {
    className: 'detail-media-image',
    alt: item.title,
    width: cover.width,
    height: cover.height,
  });
  const framed =
    page.page === 'artwork'
      ? `<div class="detail-framed"${
          cover.width > 0 && cover.height > 0
            ? ` style="inline-size: min(100%, calc(78vh * ${cover.width} / ${cover.height}))"`
            : ''
        }>${picture}</div>`
      : picture;
  const screen = `<div class="boot-main"><article class="detail-page"><div class="detail-layout"><div class="detail-media">${framed}</div></div></article></div>`;
  return { head, screen, routeName: page.page === 'artwork' ? 'artworkDetail' : 'modelDetail' };
};

/**
 * The picture detail pages' addresses (with or without a language prefix) answer the built page
 * with the preload in its head and the picture drawn after the boot shell's header band, in the
 * page's language (server/routing/firstScreen.ts); where there is nothing to name, or the lookup
 * fails, the page as the other addresses send it. Without a built client (`page` null) they are
 * not found, as every page is then.
 */
export const detailPageRoutes = (app: FastifyInstance, ctx: ServerContext, page: string | null): void => {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (page === null) return reply.status(404).send(failure(CODES.notFound, 'no built client'));
    const pathname = req.url.split('?')[0] ?? '';
    const drawn = await detailFirstScreenOf(ctx, pathname).catch((err: unknown) => {
      req.log.warn({ err }, 'detail page first screen');
      return null;
    });
    if (drawn === null) return sendPage(reply);
    const locale = firstScreenLocale(
      pathname,
      drawn.routeName,
      req.headers.cookie,
      req.headers['accept-language'],
    );
    const html = withFirstScreen(page, locale, drawn.screen);
    if (html === null) return sendPageWithHead(reply, page, drawn.head, req.headers['if-none-match']);
    // The page depends on the language cookie and the browser's languages: a cache must keep them apart.
    void reply.header('vary', 'Cookie, Accept-Language');
    return sendPageWithHead(reply, html, drawn.head, req.headers['if-none-match']);
  };
  for (const address of detailPageAddresses) app.get(address, handler);
};

/** Every address `detailPageRoutes` serves (the authorisation matrix tries each). */
export const detailPageAddresses: readonly string[] = routing.SUPPORTED_LOCALES.flatMap((locale) =>
  ['/artwork/:id', '/models/:id'].map((bare) => routing.localizedPath(locale, bare)),
);
