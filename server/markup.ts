import type { images } from '../domain/index.js';

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

/** Attributes of a tag, each value escaped. */
const attributes = (pairs: readonly (readonly [string, string | number])[]): string =>
  pairs.map(([name, value]) => ` ${name}="${escapeMarkup(String(value))}"`).join('');

/**
 * A picture the server draws into a page before its scripts (a detail page's work,
 * server/details/preload.ts; the square's first covers, server/feed/squareScreen.ts) as src/ui/Picture.tsx
 * draws it: the same `<picture>` sources and sizes, so the browser takes the same file, eager and first in
 * line. One WebP set goes in the `<img>` itself, as Picture does.
 */
export const pictureMarkup = (
  set: images.PictureSet,
  img: {
    readonly className?: string;
    readonly alt: string;
    readonly width: number;
    readonly height: number;
    /** Eager and first in line (the default), or lazy (a picture that may not be shown). */
    readonly eager?: boolean;
  },
): string => {
  const only = set.sources.length === 1 ? set.sources[0] : undefined;
  const inline = only !== undefined && only.type === 'image/webp';
  const tag =
    '<img' +
    attributes([
      ...(img.className === undefined ? [] : ([['class', img.className]] as const)),
      ['src', set.src],
      ...(inline
        ? ([
            ['srcset', only.srcSet],
            ['sizes', set.sizes],
          ] as const)
        : []),
      ['width', Math.max(1, Math.round(img.width))],
      ['height', Math.max(1, Math.round(img.height))],
      ['alt', img.alt],
      ...(img.eager === false
        ? ([['loading', 'lazy']] as const)
        : ([
            ['loading', 'eager'],
            ['fetchpriority', 'high'],
          ] as const)),
      ['decoding', 'async'],
    ]) +
    '>';
  if (set.sources.length === 0 || inline) return tag;
  const sources = set.sources
    .map(
      (source) =>
        `<source${attributes([
          ['type', source.type],
          ['srcset', source.srcSet],
          ['sizes', set.sizes],
        ])}>`,
    )
    .join('');
  return `<picture>${sources}${tag}</picture>`;
};

/** What an image preload names: the picture's first source (`images.PictureSet`), and where it applies. */
export interface ImagePreload {
  readonly type: string;
  readonly srcSet: string;
  readonly sizes: string;
  /** A media query the window must meet (the link is ignored elsewhere); none: every window. */
  readonly media?: string;
  /** First in line (the default), or after everything else (a file the page needs later). */
  readonly priority?: 'high' | 'low';
}

/**
 * A head link that asks for a picture beside the scripts, first in line, with the candidates and
 * sizes the page's `<picture>` will use, so the page takes the preloaded file (a detail page's
 * work, server/details/preload.ts; the square's first covers, server/feed/preload.ts).
 */
export const imagePreloadLink = ({ type, srcSet, sizes, media, priority = 'high' }: ImagePreload): string =>
  `<link rel="preload" as="image" type="${escapeMarkup(type)}" ` +
  `imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(sizes)}" ` +
  (media === undefined ? '' : `media="${escapeMarkup(media)}" `) +
  `fetchpriority="${priority}">`;
