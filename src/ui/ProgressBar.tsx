import { Progress } from 'radix-ui';
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** 0..100, or null for indeterminate. */
  value: number | null;
  /** Accessible name of the progressbar. */
  label: string;
  /** Optional visible text next to the bar (e.g. "42 %" formatted by the caller). */
  text?: ReactNode;
  /** aria-valuetext, when the number alone is not meaningful. */
  valueText?: string;
  tone?: 'accent' | 'success' | 'warning' | 'danger';
  size?: 'sm' | 'md';
  className?: string;
}

export const ProgressBar = forwardRef<HTMLDivElement, ProgressBarProps>(function ProgressBar(
  { value, label, text, valueText, tone = 'accent', size = 'md', className },
  ref,
) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, value));
  const style = clamped === null ? undefined : ({ '--progress': `${clamped}%` } as CSSProperties);
  return (
    <div className={cx(styles.root, className)}>
      <Progress.Root
        ref={ref}
        value={clamped}
        max={100}
        aria-label={label}
        getValueLabel={valueText ? () => valueText : undefined}
        className={cx(styles.track, styles[size], styles[tone])}
      >
        <Progress.Indicator className={styles.indicator} style={style} />
      </Progress.Root>
      {text ? (
        <span className={styles.text} aria-hidden="true">
          {text}
        </span>
      ) : null}
    </div>
  );
});
