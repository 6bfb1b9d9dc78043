/**
 * Images at the size shown (issue 22): the server keeps each image's original and makes, on first
 * request, width-bounded variants in AVIF and WebP. This module is the one rule both sides read:
 * the ladder of widths, the formats, the variant address of an original, and the `srcset`/`sizes`
 * a view gives for the CSS width it shows an image at.
 *
 * Addresses. An original is served at `/blobs/<key>`. Its variant `width` x `format` is asked for
 * at `/img/<width>/<format>/<key>` (the client builds it from the original's address); the server
 * answers with a redirect to `/img/v/<hash>/<width>.<format>`, where `<hash>` is the original's
 * content hash: that address is immutable and cached for a year.
 */

/** The widths a variant may have, in px, smallest first. The server refuses any other. */
export const VARIANT_WIDTHS = [160, 320, 640, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** The encodings a variant may have, most compact first (the order of a `<picture>`'s sources). */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_MIME: Readonly<Record<VariantFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/** The largest device pixel ratio a srcset provides for: past 2x the eye sees no difference. */
export const MAX_DENSITY = 2;

/** Where originals are served, and where variants are asked for. */
export const ORIGINAL_ROOT = '/blobs/';
export const VARIANT_ROOT = '/img/';
/** Under VARIANT_ROOT, the content-hashed (immutable) addresses. */
export const HASHED_SEGMENT = 'v';

const IMAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}\.(png|jpe?g|webp|avif|gif)$/i;

export const isVariantWidth = (w: unknown): w is VariantWidth =>
  typeof w === 'number' && (VARIANT_WIDTHS as readonly number[]).includes(w);

export const isVariantFormat = (f: unknown): f is VariantFormat =>
  typeof f === 'string' && (VARIANT_FORMATS as readonly string[]).includes(f);

/**
 * The blob key of an image original the server can make variants of (a same-site `/blobs/` address
 * of a PNG, JPEG, WebP, AVIF or GIF file), and its query kept as a version (`?v=3`), or null for
 * anything else (another site, a data URL, a sound, a path that climbs out).
 */
export const originalOf = (url: string): { readonly key: string; readonly query: string } | null => {
  if (!url.startsWith(ORIGINAL_ROOT)) return null;
  const noFragment = url.split('#')[0] ?? '';
  const q = noFragment.indexOf('?');
  const key = (q === -1 ? noFragment : noFragment.slice(0, q)).slice(ORIGINAL_ROOT.length);
  // A srcset splits on commas and spaces: those of the query are written percent-encoded.
  const query = q === -1 ? '' : noFragment.slice(q).replace(/[\s,]/g, encodeURIComponent);
  if (!IMAGE_KEY.test(key) || key.includes('..') || key.includes('//')) return null;
  return { key, query };
};

/** Whether a blob key names an image the server makes variants of. */
export const isVariantSourceKey = (key: string): boolean => originalOf(`${ORIGINAL_ROOT}${key}`) !== null;

/** The address to ask for the `width` x `format` variant of the original at `url`; null when it has none. */
export const variantUrl = (url: string, width: VariantWidth, format: VariantFormat): string | null => {
  const o = originalOf(url);
  return o ? `${VARIANT_ROOT}${width}/${format}/${o.key}${o.query}` : null;
};

/** The immutable address of a variant: the original's content hash, the width and the format. */
export const hashedVariantPath = (hash: string, width: VariantWidth, format: VariantFormat): string =>
  `${VARIANT_ROOT}${HASHED_SEGMENT}/${hash}/${width}.${format}`;

/**
 * The widths a srcset offers for an image shown `cssWidth` px wide: every ladder width up to the
 * first that covers `cssWidth` at MAX_DENSITY (the whole ladder when none does). When the
 * original's own width is known, widths past it add nothing (the server never enlarges): the
 * ladder stops at the first width that reaches it.
 */
export const ladderFor = (cssWidth: number, intrinsicWidth?: number): readonly VariantWidth[] => {
  const need = Number.isFinite(cssWidth) && cssWidth > 0 ? cssWidth * MAX_DENSITY : 0;
  const cap =
    intrinsicWidth !== undefined && Number.isFinite(intrinsicWidth) && intrinsicWidth > 0
      ? Math.min(need, intrinsicWidth)
      : need;
  const out: VariantWidth[] = [];
  for (const w of VARIANT_WIDTHS) {
    out.push(w);
    if (w >= cap) break;
  }
  return out;
};

/** A `sizes` attribute for an image shown `cssWidth` px wide. */
export const sizesFor = (cssWidth: number): string =>
  `${Math.max(1, Math.round(Number.isFinite(cssWidth) ? cssWidth : 1))}px`;

/**
 * A `sizes` attribute for an image that spans the window on narrow screens (below
 * `narrowBelowPx`, where its page lays out one column) and is `wide` from there on: a width in
 * px (`300px`), or a length that follows the window (`60vw`).
 */
export const columnSizes = (narrowBelowPx: number, wide: number | string): string =>
  `(max-width: ${Math.max(1, Math.round(narrowBelowPx)) - 0.02}px) 100vw, ${
    typeof wide === 'number' ? sizesFor(wide) : wide
  }`;

const COLOUR = /^#[0-9a-f]{6}$/;

/**
 * The colour painted where an image will be, before it loads: its dominant colour (spec §9 colour
 * extraction, `format.extractPalette`) as `#rrggbb`; anything else (absent, or not a plain colour)
 * paints nothing, so no CSS but a colour reaches a style.
 */
export const placeholderColour = (colour: string | null | undefined): string | undefined =>
  typeof colour === 'string' && COLOUR.test(colour) ? colour : undefined;

/** What a `<picture>` needs to show an original at a width: one source per format, and the fallback. */
export interface PictureSet {
  /** The fallback `<img src>`: the original itself. */
  readonly src: string;
  readonly sources: readonly { readonly type: string; readonly srcSet: string }[];
  readonly sizes: string;
}

/** An animation's variants are its first frame (server/blobs/variants.ts): it is shown as it is. */
const ANIMATION_KEY = /\.gif$/i;

/** Whether the original at `url` is shown through variants: a same-site still image. */
export const hasVariants = (url: string): boolean => {
  const o = originalOf(url);
  return o !== null && !ANIMATION_KEY.test(o.key);
};

/**
 * The width a candidate claims in a srcset: its ladder width, or the original's own when that is
 * narrower (the server never enlarges, so the variant is the original's width; claiming the ladder
 * width would make the browser take it for a denser image and report a smaller natural size).
 */
export const descriptorWidth = (ladderWidth: VariantWidth, intrinsicWidth?: number): number =>
  intrinsicWidth !== undefined && Number.isFinite(intrinsicWidth) && intrinsicWidth > 0
    ? Math.min(ladderWidth, Math.round(intrinsicWidth))
    : ladderWidth;

/**
 * The immutable address (`hashedVariantPath`) of an original's variant already made, or null: what a
 * page the server writes may name instead of the stable address, whose answer is a redirect to it (one
 * round trip fewer for the page's first pictures, server/feed/squareScreen.ts).
 */
export type MadeVariants = (width: VariantWidth, format: VariantFormat) => string | null;
/** No variant made (the stable addresses throughout). */
export const NONE_MADE: MadeVariants = () => null;

/**
 * The `<picture>` of the original at `url` shown at most `cssWidth` px wide: AVIF then WebP sources
 * over the ladder (each width once, `320w`), the original as the fallback. `sizes` says how wide
 * it is shown where that depends on the window (`(max-width: 899.98px) 100vw, 60vw`); by default,
 * exactly `cssWidth` px. An address with no variants (another site, a data URL, a blob URL of a
 * local file) has no sources, and neither has an animation (a GIF: a variant would be its first
 * frame, a still): the original is shown. A variant `made` names is named by its immutable address.
 */
export const pictureOf = (
  url: string,
  cssWidth: number,
  intrinsicWidth?: number,
  sizes: string = sizesFor(cssWidth),
  made: MadeVariants = NONE_MADE,
): PictureSet => {
  const widths = ladderFor(cssWidth, intrinsicWidth);
  const sources = !hasVariants(url)
    ? []
    : VARIANT_FORMATS.map((format) => ({
        type: VARIANT_MIME[format],
        srcSet: widths
          .map(
            (w) =>
              `${made(w, format) ?? variantUrl(url, w, format) ?? ''} ${descriptorWidth(w, intrinsicWidth)}w`,
          )
          .join(', '),
      }));
  return { src: url, sources, sizes };
};

/**
 * The picture of an original that spans the window on narrow screens (below `narrowBelowPx`) and
 * is `cssWidth` px wide from there on (`columnSizes`): its ladder reaches the wider of the two.
 */
export const columnPictureOf = (
  url: string,
  narrowBelowPx: number,
  cssWidth: number,
  intrinsicWidth?: number,
): PictureSet =>
  pictureOf(url, Math.max(narrowBelowPx, cssWidth), intrinsicWidth, columnSizes(narrowBelowPx, cssWidth));

/** The sources a browser is assumed to take (spec §4 "Webp support is assumed by default"): WebP alone. */
export const assumedSources = (sources: PictureSet['sources']): PictureSet['sources'] =>
  sources.filter((s) => s.type === VARIANT_MIME.webp);

/**
 * The sources a browser is assumed to take (`assumedSources`) of the original at `url` shown
 * `cssWidth` px wide, for a small picture mounted many times that draws its own fallback (an
 * avatar, its frame): none for no address or one without variants.
 */
export const assumedSourcesOf = (url: string | null | undefined, cssWidth: number): PictureSet['sources'] =>
  url ? assumedSources(pictureOf(url, cssWidth).sources) : [];
