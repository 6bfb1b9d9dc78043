import { forwardRef, type HTMLAttributes } from 'react';
import styles from './Badge.module.css';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', className, ...rest },
  ref,
) {
  return <span ref={ref} className={cx(styles.badge, styles[tone], className)} {...rest} />;
});
