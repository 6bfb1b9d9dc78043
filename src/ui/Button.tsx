import { Slot } from 'radix-ui';
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import styles from './Button.module.css';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Render the single child (e.g. a router Link) with the button's look and props. */
  asChild?: boolean;
  /** Stretch to the container's inline size. */
  block?: boolean;
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    loading = false,
    asChild = false,
    block = false,
    disabled,
    iconStart,
    iconEnd,
    className,
    children,
    type,
    onClick,
    ...rest
  },
  ref,
) {
  const classes = cx(styles.button, styles[variant], styles[size], block && styles.block, className);
  const inert = disabled || loading;
  const start = loading ? <Spinner size="sm" /> : iconStart;
  if (asChild) {
    return (
      <Slot.Root
        ref={ref}
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={inert || undefined}
        data-loading={loading || undefined}
        {...rest}
        onClick={
          inert
            ? (event: MouseEvent<HTMLButtonElement>) => {
                // a link cannot be disabled: swallow the activation instead
                event.preventDefault();
              }
            : onClick
        }
      >
        {start || iconEnd ? (
          <Slot.Slottable child={children}>
            {(child) => (
              <>
                {start ? <span className={styles.icon}>{start}</span> : null}
                {child}
                {iconEnd ? <span className={styles.icon}>{iconEnd}</span> : null}
              </>
            )}
          </Slot.Slottable>
        ) : (
          children
        )}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={inert}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      onClick={onClick}
      {...rest}
    >
      {start ? <span className={styles.icon}>{start}</span> : null}
      {children}
      {iconEnd ? <span className={styles.icon}>{iconEnd}</span> : null}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonProps, 'iconStart' | 'iconEnd' | 'block' | 'aria-label'> {
  /** Accessible name (the button shows only an icon). */
  label: string;
  children: ReactNode;
}

/** A square button holding one icon; `label` becomes its aria-label. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, variant = 'ghost', className, children, loading, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      aria-label={label}
      variant={variant}
      loading={loading}
      className={cx(styles.iconOnly, className)}
      {...rest}
    >
      {loading ? null : (
        <span className={styles.icon} aria-hidden="true">
          {children}
        </span>
      )}
    </Button>
  );
});
