import { VisuallyHidden as RadixVisuallyHidden } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import styles from './visuallyHidden.module.css';

export type VisuallyHiddenProps = ComponentPropsWithoutRef<typeof RadixVisuallyHidden.Root>;

/** The same as a class, for an element that is hidden only in some states (a label shown when it fits). */
export const visuallyHiddenClass: string = styles.visuallyHidden ?? '';

/** Content read by assistive technology but not shown. */
export const VisuallyHidden = forwardRef<HTMLSpanElement, VisuallyHiddenProps>(
  function VisuallyHidden(props, ref) {
    return <RadixVisuallyHidden.Root ref={ref} {...props} />;
  },
);
