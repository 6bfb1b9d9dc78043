/**
 * The square's first screen in its page's HTML (issue 22): on a phone the square's largest paint is the
 * first card of a column, and the page's preloads (server/feed/preload.ts) fetched its cover early, but it
 * was painted only once the page's scripts had run, asked for the list and laid out the masonry (Lighthouse
 * mobile: LCP about 4 s against a first paint at 2.5). The server knows the first page from the address (a
 * guest's, as the preloads name it), so the page it sends draws the page's head (its title, tabs, sort and
 * time) and the first card of each column, where ExplorePage and Masonry draw them, with their global
 * classes (src/features/feed/SquareHead.css, src/ui/TabsBase.css, src/ui/SelectBase.css): the number of
 * columns and each card's height follow the masonry's width in CSS (container queries), as
 * `feed.columnCountFor`, `feed.columnGapFor` and Masonry's sizes do. The route waits for the first page
 * (src/routes/explore.ts), so React's first render puts the real cards in their place.
 *
 * Drawn only for a tab whose head is the title, the tabs and the two selects: a tab with filters or a
 * create entry (model, post, workflow) keeps its preloads alone.
 */
import type { IntlShape } from '@formatjs/intl';
import { feed, images, routing } from '../../domain/index.js';
import type { ContentItem } from '../../infrastructure/contract/feed';
import { escapeMarkup, pictureMarkup } from '../markup';
import { text } from '../routing/firstScreen';

/** The selects' chevron (src/ui/icons.tsx, ChevronDownIcon). */
const CHEVRON =
  '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">' +
  '<path d="M4 6l4 4 4-4" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" fill="none"></path></svg>';

/** The most columns the masonry makes (`feed.MAX_COLUMNS`): one card drawn for each. */
const FIRST_ROW = feed.MAX_COLUMNS;

/** Whether the page of `tab` has its head and first cards drawn: its head is the title, tabs and two selects. */
export const squareDrawsFirstScreen = (tab: feed.FeedTab): boolean =>
  feed.filterKeysOf(tab).length === 0 && feed.createEntryOf(tab) === null;

/** A select as src/ui/Select.tsx draws it (label, trigger with its value and chevron), disabled until the page's. */
const selectMarkup = (label: string, value: string): string =>
  `<div class="ui-field"><span class="ui-field-label">${label}</span>` +
  `<button type="button" class="ui-select-trigger" disabled><span>${value}</span>` +
  `<span class="ui-select-chevron">${CHEVRON}</span></button></div>`;

/** The tabs as src/ui/Tabs.tsx's TabsNav draws them, the current one marked. */
const tabsMarkup = (intl: IntlShape, locale: routing.Locale, current: feed.FeedTab): string =>
  `<div class="square-tabs"><nav aria-label="${text(intl, 'explore.tabs')}" class="ui-tabs-root"><ul class="ui-tabs-list">` +
  feed.FEED_TABS.map(
    (t) =>
      `<li class="ui-tabs-item"><a class="ui-tabs-tab" href="${escapeMarkup(
        routing.localizedPath(locale, feed.squareTabPath(t)),
      )}"${t === current ? ' aria-current="page"' : ''}>${text(intl, `feed.tab.${t}`)}</a></li>`,
  ).join('') +
  '</ul></nav></div>';

/**
 * One card as FeedCard and CardMeta draw it: its cover (the first-row picture, over its colour) and type,
 * its title and its author; the like row and the actions come with the page's own card.
 */
const cardMarkup = (
  intl: IntlShape,
  locale: routing.Locale,
  item: ContentItem,
  column: number,
  made: images.MadeVariants,
): string => {
  const detail = escapeMarkup(
    routing.localizedPath(
      locale,
      feed.cardDetailPath({
        id: item.id,
        cardType: item.card_type as feed.FeedCard['cardType'],
        ...(item.trained_model_id === undefined ? {} : { trainedModelId: item.trained_model_id }),
      }),
    ),
  );
  const cover = item.cover;
  const colour = images.placeholderColour(cover?.color);
  const picture =
    cover === null
      ? ''
      : pictureMarkup(feed.firstRowPictureOf({ url: cover.url, width: cover.width, made }), {
          alt: '',
          width: cover.width,
          height: cover.height,
          // A phone's two columns are its first screen; the others show only on wider windows, and a lazy
          // picture in a column that is not shown is not fetched.
          eager: column < feed.MIN_COLUMNS,
        });
  const title = escapeMarkup(item.title);
  return (
    `<div class="square-first-column"><article class="square-card square-first-card" style="--cover-ratio: ${feed.coverRatioOf(cover)}">` +
    `<div class="square-cover"><a class="square-cover-link" href="${detail}" aria-label="${title}">` +
    `<span class="square-placeholder" data-state="loaded"${colour === undefined ? '' : ` style="background-color: ${colour}"`}>${picture}</span></a>` +
    `<span class="square-type">${text(intl, `feed.card.${item.card_type}`)}</span></div>` +
    `<div class="square-meta"><a dir="auto" class="square-title" href="${detail}" tabindex="-1" title="${title}">${title}</a>` +
    `<div class="square-author"><a class="square-author-link" href="${escapeMarkup(
      routing.localizedPath(locale, `/user/${encodeURIComponent(item.author.id)}`),
    )}"><span class="square-avatar-slot"></span><span dir="auto" class="square-author-name">${escapeMarkup(
      item.author.name,
    )}</span></a></div></div></article></div>`
  );
};

/**
 * The square's head and its first cards for the tab `tab`, its query and a guest's first page `items`, in
 * the page's language (`intl`, `locale`), after the header band as the page draws them: no cards for an
 * empty first page (the page shows its empty state there). A cover's variants already made (`made`, by
 * item) are named by their immutable addresses, as the page's preloads name them.
 */
export const squareScreenMarkup = (
  intl: IntlShape,
  locale: routing.Locale,
  tab: feed.FeedTab,
  query: feed.FeedQuery,
  items: readonly ContentItem[],
  made: readonly images.MadeVariants[] = [],
): string =>
  '<div class="boot-main"><div class="square-page">' +
  `<div class="square-heading-row"><h1 class="square-heading">${text(intl, 'explore.title')}</h1></div>` +
  tabsMarkup(intl, locale, tab) +
  '<div class="square-controls">' +
  selectMarkup(text(intl, 'feed.sort'), text(intl, `feed.sort.${query.params.order_by}`)) +
  selectMarkup(text(intl, 'feed.time'), text(intl, `feed.time.${query.params.timeType}`)) +
  '</div>' +
  (items.length === 0
    ? ''
    : '<div class="square-masonry"><div class="square-first"><div class="square-first-columns">' +
      items
        .slice(0, FIRST_ROW)
        .map((item, column) => cardMarkup(intl, locale, item, column, made[column] ?? images.NONE_MADE))
        .join('') +
      '</div></div></div>') +
  '</div></div>';
