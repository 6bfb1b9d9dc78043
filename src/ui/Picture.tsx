import { cloneElement, type ImgHTMLAttributes } from 'react';

/** One `<source>` of a picture: a MIME type and its candidates (`url 320w, url 640w`). */
export interface PictureSource {
  readonly type: string;
  readonly srcSet: string;
}

export interface PictureProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'alt'
> {
  /** The fallback, for a browser that takes none of the sources: the original. */
  src: string;
  /** Most compact first (AVIF, then WebP): the browser takes the first type it can show. */
  sources?: readonly PictureSource[];
  /** How wide the picture is shown (`300px`), so the browser picks the candidate for that width. */
  sizes?: string;
  /** The picture's own size (or its aspect ratio): the box is laid out before it loads. */
  width: number;
  height: number;
  /** Text for assistive technology; empty for a decorative picture. */
  alt: string;
  /**
   * The page's likely largest paint (a first card, a detail page's work): loaded at once with a
   * high fetch priority. Otherwise the picture loads lazily, when it nears the window.
   */
  priority?: boolean;
}

/**
 * The one type a lone source may have to go in the `<img>`'s own srcset: the format every browser
 * is assumed to show (spec §4 "Webp support is assumed by default"; which sources a caller gives
 * is the domain's rule, `images.assumedSources`). A lone source of any other type keeps its
 * `<picture>`, so a browser that cannot show it falls back to the original.
 */
const INLINE_TYPE = 'image/webp';

/**
 * A picture at the size it is shown: `<picture>` with one `<source>` per modern format over the
 * original `<img>`, width and height always given (no layout shift), lazy unless it is the likely
 * largest paint. The `<picture>` takes no box of its own and its sources none either (the base
 * stylesheet, tokens.css), so the `<img>` is styled and sized as it would be alone; with no
 * sources it is the `<img>` alone.
 */

export const Picture = ({
  src,
  sources = [],
  sizes,
  width,
  height,
  alt,
  priority = false,
  ...img
}: PictureProps) => {
  const image = (
    <img
      {...img}
      src={src}
      width={Math.max(1, Math.round(width))}
      height={Math.max(1, Math.round(height))}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
  if (sources.length === 0) return image;
  // One WebP set: the `<img>` takes it as its own srcset, three elements fewer (the square mounts
  // one avatar per card as it scrolls and keeps the page under 1,000 elements).
  const only = sources.length === 1 ? sources[0] : undefined;
  if (only !== undefined && only.type === INLINE_TYPE)
    return cloneElement(image, { srcSet: only.srcSet, sizes });
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
};
