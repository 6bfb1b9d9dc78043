/**
 * Text put into markup the server writes (the checkout page, the development outbox, the support
 * log viewer, sitemap.xml, a detail page's preload link): the five characters that could end a
 * text or an attribute, as entities. One rule for HTML and XML alike.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeMarkup = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** What an image preload names: the picture's first source (`images.PictureSet`), and where it applies. */
export interface ImagePreload {
  readonly type: string;
  readonly srcSet: string;
  readonly sizes: string;
  /** A media query the window must meet (the link is ignored elsewhere); none: every window. */
  readonly media?: string;
}

/**
 * A head link that asks for a picture beside the scripts, first in line, with the candidates and
 * sizes the page's `<picture>` will use, so the page takes the preloaded file (a detail page's
 * work, server/details/preload.ts; the square's first covers, server/feed/preload.ts).
 */
export const imagePreloadLink = ({ type, srcSet, sizes, media }: ImagePreload): string =>
  `<link rel="preload" as="image" type="${escapeMarkup(type)}" ` +
  `imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(sizes)}" ` +
  (media === undefined ? '' : `media="${escapeMarkup(media)}" `) +
  'fetchpriority="high">';
