import { Slot } from 'radix-ui';
import { forwardRef, type HTMLAttributes } from 'react';
import styles from './Card.module.css';
import { cx } from './cx';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Hover/focus styles for a card that is (or wraps, via asChild) a link or button. */
  interactive?: boolean;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Render the single child (e.g. <a>, <article>, a router Link) with the card's look. */
  asChild?: boolean;
}

export const Card = forwardRef<HTMLDivElement, CardProps>(function Card(
  { interactive = false, padding = 'md', asChild = false, className, ...rest },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp
      ref={ref}
      className={cx(styles.card, styles[padding], interactive && styles.interactive, className)}
      {...rest}
    />
  );
});
