/**
 * The square's first pictures named in its page's head (issue 22): on a phone the largest paint of
 * `/explore` is the first card of a column, and its cover's request waited for the scripts, the
 * route's request for the first page, its answer and the masonry's layout (Lighthouse mobile: LCP
 * about 4.2 s against a first paint at 2 s). The server knows the first page from the address (the
 * tab, its sort, time and filters, read as the page reads them: `feed.parseSquareSearch`) and the
 * order is everyone's (a guest's page is asked for; only the like and follow marks differ for a
 * person), so the page it sends preloads the covers `feed.phoneFirstRowPreloads` names, each where
 * the window is a phone's, before the page's own scripts (a cover whose variants are made by its
 * immutable address, the stable one after it at low priority); it draws the square's head and first
 * cards for the tabs that have them (server/feed/squareScreen.ts), whose pictures take those files;
 * and it names the page's own code (server/routing/routeChunks.ts), which the router would ask for
 * only once the entry has run. Anything that does not resolve (an unknown tab, a lookup that fails)
 * sends the page as it is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { feed, images, routing } from '../../domain/index.js';
import { madeVariantsOf } from '../blobs/variants';
import {
  FEED_PATHS,
  FeedRequest,
  type ContentItem,
  type FeedRoute,
} from '../../infrastructure/contract/feed';
import type { Caller } from '../auth';
import type { ServerContext } from '../context';
import { sendPage, sendPageWithHead, withTagsFirst } from '../delivery';
import { CODES, decodeBody, failure } from '../envelope';
import { imagePreloadLink } from '../markup';
import { firstScreenLocale, translations, withFirstScreen } from '../routing/firstScreen';
import { readManifest, routeChunkLinks } from '../routing/routeChunks';
import { listFeed } from './feed';
import { squareDrawsFirstScreen, squareScreenMarkup } from './squareScreen';

/** The square's route name (its guard meta name and its translation file, src/routes/explore.ts). */
const SQUARE_ROUTE = 'explore';

const GUEST: Caller = { accountId: null, deviceId: null, token: null };

/** The feed route whose path a query asks (the contract's paths), or null. */
const routeOfPath = (path: string): FeedRoute | null =>
  (Object.keys(FEED_PATHS) as FeedRoute[]).find((route) => FEED_PATHS[route] === path) ?? null;

/** The square's first page for an address: its tab, its query and a guest's first page of it. */
interface SquareFirstPage {
  readonly tab: feed.FeedTab;
  readonly query: feed.FeedQuery;
  readonly items: readonly ContentItem[];
  /** The variants already made of the first covers a phone shows (one per column), by item. */
  readonly made: readonly images.MadeVariants[];
}

/**
 * The first page of the square's page for the tab `tabName` and the query `search`
 * (`/explore[/:tab][?query]`), as a guest has it; null for no such tab.
 */
export const squareFirstPageOf = async (
  ctx: ServerContext,
  tabName: string | undefined,
  search: string,
): Promise<SquareFirstPage | null> => {
  const tab = feed.squareTabOf(tabName);
  if (tab === null) return null;
  const query = feed.parseSquareSearch(tab, [...new URLSearchParams(search)]);
  const route = routeOfPath(query.path);
  if (route === null) return null;
  const page = await listFeed(ctx, GUEST, route, decodeBody(FeedRequest, query.params));
  const made = await Promise.all(
    page.items
      .slice(0, feed.MIN_COLUMNS)
      .map((item) =>
        item.cover === null
          ? images.NONE_MADE
          : madeVariantsOf(
              ctx.blobs,
              item.cover.url,
              images.ladderFor(feed.PHONE_COLUMN_PX, item.cover.width),
            ),
      ),
  );
  return { tab, query, items: page.items, made };
};

/**
 * The preload links of a first page's first covers: none for a first page without pictures. A variant
 * already made is named by its immutable address, first in line (the drawn card's picture takes it without
 * the stable address's redirect); the stable address then follows at low priority, so its redirect is in
 * the browser's cache when the page's own card asks for it, and the card shows its cover at once.
 */
export const squarePreloadsOf = ({ items, made }: SquareFirstPage): string => {
  const covers = items.map((item) => (item.cover ? { url: item.cover.url, width: item.cover.width } : null));
  const stable = feed.phoneFirstRowPreloads(covers);
  const direct = feed.phoneFirstRowPreloads(
    covers.map((cover, i) => (cover === null ? null : { ...cover, made: made[i] ?? images.NONE_MADE })),
  );
  return direct
    .flatMap((preload, i) => {
      const later = stable[i];
      return later === undefined || later.srcSet === preload.srcSet
        ? [preload]
        : [preload, { ...later, priority: 'low' as const }];
    })
    .map(imagePreloadLink)
    .join('');
};

/**
 * The square's page and its epic modules (src/routes/explore.ts: `page`, and `modules`: the feed's
 * and the studio's four, infrastructure/app/registry.ts), as the build's manifest keys them (its
 * root is src/). The image-variants e2e test checks the page asks for no other code of its own.
 */
export const SQUARE_SOURCES: readonly string[] = [
  'features/feed/pages/ExplorePage.tsx',
  '../infrastructure/feed/module.ts',
  '../infrastructure/editor/module.ts',
  '../infrastructure/downloads/module.ts',
  '../infrastructure/moderation/module.ts',
  '../infrastructure/studio/module.ts',
];

/** Every address `squarePageRoutes` serves (the authorisation matrix tries each). */
export const squarePageAddresses: readonly string[] = routing.SUPPORTED_LOCALES.flatMap((locale) =>
  ['/explore', '/explore/:tab'].map((bare) => routing.localizedPath(locale, bare)),
);

/**
 * The square's addresses (with or without a language prefix) answer the built page with its first
 * covers' preloads and its code in its head and, for a tab `squareDrawsFirstScreen` names, its head and
 * first cards drawn after the header band in the page's language (server/feed/squareScreen.ts); where there is nothing to name, or the lookup fails, the page as
 * the other addresses send it. Without a built client (`page` null) they are not found, as every
 * page is then.
 */
export const squarePageRoutes = (app: FastifyInstance, ctx: ServerContext, page: string | null): void => {
  const chunks = page === null ? '' : routeChunkLinks(readManifest(ctx.config.webRoot), SQUARE_SOURCES, page);
  const intlOf = translations(ctx.config.webRoot);
  const handler = async (req: FastifyRequest<{ Params: { tab?: string } }>, reply: FastifyReply) => {
    if (page === null) return reply.status(404).send(failure(CODES.notFound, 'no built client'));
    const [pathname = '', query = ''] = req.url.split('?');
    const first = await squareFirstPageOf(ctx, req.params.tab, query).catch((err: unknown) => {
      req.log.warn({ err }, 'square page preloads');
      return null;
    });
    if (first === null) return sendPage(reply);
    // The covers before the page's own scripts and styles, its code after them.
    const covers = withTagsFirst(page, squarePreloadsOf(first));
    if (!squareDrawsFirstScreen(first.tab))
      return sendPageWithHead(reply, covers, chunks, req.headers['if-none-match']);
    const locale = firstScreenLocale(
      pathname,
      SQUARE_ROUTE,
      req.headers.cookie,
      req.headers['accept-language'],
    );
    const screen = squareScreenMarkup(
      intlOf(locale, SQUARE_ROUTE),
      locale,
      first.tab,
      first.query,
      first.items,
      first.made,
    );
    const html = withFirstScreen(covers, locale, screen);
    if (html === null) return sendPageWithHead(reply, covers, chunks, req.headers['if-none-match']);
    // The page depends on the language cookie and the browser's languages: a cache must keep them apart.
    void reply.header('vary', 'Cookie, Accept-Language');
    return sendPageWithHead(reply, html, chunks, req.headers['if-none-match']);
  };
  for (const address of squarePageAddresses) app.get(address, handler);
};
