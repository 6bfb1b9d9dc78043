import styles from './CoverFrame.module.css';
import { cx } from './cx';

export interface CoverFrameProps {
  /** The frame picture (a transparent middle), stretched over the whole cover. */
  src: string;
  className?: string;
}

/**
 * A decoration frame drawn over a cover: an absolutely placed, decorative picture filling its
 * positioned parent. It takes no room and changes no size (a measured masonry card keeps its
 * height), is fetched lazily and decoded off the main thread, and lets clicks through.
 */
export const CoverFrame = ({ src, className }: CoverFrameProps) => (
  <img
    className={cx(styles.frame, className)}
    src={src}
    alt=""
    aria-hidden="true"
    loading="lazy"
    decoding="async"
    draggable={false}
    data-frame="cover"
  />
);
