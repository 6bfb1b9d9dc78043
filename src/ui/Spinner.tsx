import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './Spinner.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Announced text (role="status"). Omit only when the spinner is decorative (e.g. inside a busy button). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label, size = 'md', className, ...rest },
  ref,
) {
  const decorative = !label;
  return (
    <span
      ref={ref}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative ? true : undefined}
      className={cx(styles.root, styles[size], className)}
      {...rest}
    >
      <span className={styles.ring} aria-hidden="true" />
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
});
