import type { CSSProperties } from 'react';
import styles from './CoverFrame.module.css';
import { cx } from './cx';

export interface CoverFrameProps {
  /** The frame picture: a border with corner pieces and a transparent middle. */
  src: string;
  className?: string;
}

/** A URL as a CSS `url("…")`, its quotes, backslashes and line breaks percent-encoded. */
const cssUrl = (src: string): string => `url("${src.replace(/["\\\n\r]/g, encodeURIComponent)}")`;

/**
 * A decoration frame drawn over a cover, filling its positioned parent. It is drawn nine-sliced
 * (CSS `border-image`): the corner pieces keep their shape and the edges repeat along the sides,
 * so the frame looks the same on a square, a panorama or a tall strip instead of stretching into
 * an oval; its thickness follows the cover's shorter side. The slices are set once, in the module's
 * stylesheet. It takes no room and changes no size (a measured masonry card keeps its height), has
 * no name for assistive technology, and lets clicks through.
 */
export const CoverFrame = ({ src, className }: CoverFrameProps) => (
  <span className={cx(styles.frame, className)} aria-hidden="true" data-frame="cover" data-src={src}>
    <span className={styles.art} style={{ '--cover-frame': cssUrl(src) } as CSSProperties} />
  </span>
);
