import { ScrollArea as RadixScrollArea } from 'radix-ui';
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './ScrollArea.module.css';

export interface ScrollAreaProps {
  children: ReactNode;
  /** Max block size (CSS length, e.g. '320px' or '50vh'). Without it the area fills its parent. */
  maxHeight?: string;
  orientation?: 'vertical' | 'horizontal' | 'both';
  /** When given, the viewport becomes a focusable named region (keyboard users can scroll it). */
  label?: string;
  className?: string;
}

export const ScrollArea = forwardRef<HTMLDivElement, ScrollAreaProps>(function ScrollArea(
  { children, maxHeight, orientation = 'vertical', label, className },
  ref,
) {
  const style = maxHeight ? ({ '--scroll-area-max': maxHeight } as CSSProperties) : undefined;
  return (
    <RadixScrollArea.Root ref={ref} className={cx(styles.root, className)} style={style} type="hover">
      <RadixScrollArea.Viewport
        className={styles.viewport}
        role={label ? 'region' : undefined}
        aria-label={label}
        tabIndex={label ? 0 : undefined}
      >
        {children}
      </RadixScrollArea.Viewport>
      {orientation !== 'horizontal' ? (
        <RadixScrollArea.Scrollbar orientation="vertical" className={styles.scrollbar}>
          <RadixScrollArea.Thumb className={styles.thumb} />
        </RadixScrollArea.Scrollbar>
      ) : null}
      {orientation !== 'vertical' ? (
        <RadixScrollArea.Scrollbar orientation="horizontal" className={styles.scrollbar}>
          <RadixScrollArea.Thumb className={styles.thumb} />
        </RadixScrollArea.Scrollbar>
      ) : null}
      <RadixScrollArea.Corner />
    </RadixScrollArea.Root>
  );
});
