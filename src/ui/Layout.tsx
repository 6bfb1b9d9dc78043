import { forwardRef, type CSSProperties, type ElementType, type HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './Layout.module.css';

export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
export type Justify = 'start' | 'center' | 'end' | 'between';

interface LayoutProps extends HTMLAttributes<HTMLElement> {
  /** Gap as a step of the spacing scale (--space-N). */
  gap?: SpaceStep;
  align?: Align;
  justify?: Justify;
  wrap?: boolean;
  /** Element to render; default div. */
  as?: ElementType;
}

export interface StackProps extends LayoutProps {
  direction?: 'column' | 'row';
}

export type ClusterProps = LayoutProps;

const space = (step: SpaceStep) => (step === 0 ? '0' : `var(--space-${step})`);

const flexAlign = (a: Align | Justify | undefined) =>
  a === 'start' ? 'flex-start' : a === 'end' ? 'flex-end' : a === 'between' ? 'space-between' : a;

function layoutStyle(gap: SpaceStep, align?: Align, justify?: Justify, style?: CSSProperties): CSSProperties {
  return {
    gap: space(gap),
    alignItems: flexAlign(align),
    justifyContent: flexAlign(justify),
    ...style,
  };
}

/** Vertical (or row) flow with a token gap. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  {
    gap = 3,
    direction = 'column',
    align,
    justify,
    wrap = false,
    as: Comp = 'div',
    className,
    style,
    ...rest
  },
  ref,
) {
  return (
    <Comp
      ref={ref}
      className={cx(styles.stack, direction === 'row' && styles.row, wrap && styles.wrap, className)}
      style={layoutStyle(gap, align, justify, style)}
      {...rest}
    />
  );
});

/** Inline items that wrap onto new lines (tags, buttons, toolbars). */
export const Cluster = forwardRef<HTMLElement, ClusterProps>(function Cluster(
  { gap = 2, align = 'center', justify, wrap = true, as: Comp = 'div', className, style, ...rest },
  ref,
) {
  return (
    <Comp
      ref={ref}
      className={cx(styles.cluster, wrap && styles.wrap, className)}
      style={layoutStyle(gap, align, justify, style)}
      {...rest}
    />
  );
});
