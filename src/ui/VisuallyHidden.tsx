import { VisuallyHidden as RadixVisuallyHidden } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

export type VisuallyHiddenProps = ComponentPropsWithoutRef<typeof RadixVisuallyHidden.Root>;

/** Content read by assistive technology but not shown. */
export const VisuallyHidden = forwardRef<HTMLSpanElement, VisuallyHiddenProps>(
  function VisuallyHidden(props, ref) {
    return <RadixVisuallyHidden.Root ref={ref} {...props} />;
  },
);
