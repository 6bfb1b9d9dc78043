import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';
import styles from './Skeleton.module.css';
import { VisuallyHidden } from './VisuallyHidden';

type Space = 'xs' | 'sm' | 'md' | 'lg' | 'full';

export interface SkeletonProps {
  /** CSS length; default 100%. */
  width?: string;
  /** CSS length; default 1em (one text line). */
  height?: string;
  radius?: Space;
  /** Number of text lines (the last one shorter). Default 1. */
  lines?: number;
  /**
   * While true (default) the placeholder shows; when false the children render instead, so a shimmer
   * never lingers (or keeps animating) once content has loaded.
   */
  loading?: boolean;
  children?: ReactNode;
  /** Announced once (role="status") while loading, e.g. "Loading tasks". */
  label?: string;
  className?: string;
}

export function Skeleton({
  width = '100%',
  height = '1em',
  radius = 'sm',
  lines = 1,
  loading = true,
  children,
  label,
  className,
}: SkeletonProps) {
  if (!loading) return <>{children}</>;
  const count = Math.max(1, Math.floor(lines));
  const shapes = Array.from({ length: count }, (_, i) => {
    const style: CSSProperties = {
      inlineSize: count > 1 && i === count - 1 ? `calc(${width} * 0.6)` : width,
      blockSize: height,
    };
    return <span key={i} className={cx(styles.shape, styles[radius])} style={style} />;
  });
  return (
    <span className={cx(styles.root, count > 1 && styles.lines, className)} data-skeleton="">
      <span aria-hidden="true" className={styles.shapes}>
        {shapes}
      </span>
      {label ? (
        <span role="status">
          <VisuallyHidden>{label}</VisuallyHidden>
        </span>
      ) : null}
    </span>
  );
}
