import { forwardRef, useEffect, useState, type ReactElement } from 'react';
import type { DialogProps } from './DialogRadix';
import { deferOverlay, loadOnce } from './deferredOverlay';

export type { DialogProps } from './DialogRadix';

const real = loadOnce(() => import('./DialogRadix').then((m) => m.Dialog));
const TriggeredDialog = deferOverlay<DialogProps & { trigger: ReactElement }>('dialog', real.preload);

const DialogImpl = forwardRef<HTMLDivElement, DialogProps>(function Dialog(props, ref) {
  const [Real, setReal] = useState(real.current);
  const shown = props.open === true || props.defaultOpen === true;
  useEffect(() => {
    if (Real !== null || !shown) return;
    let live = true;
    void real.preload().then((c) => {
      if (live) setReal(() => c);
    });
    return () => {
      live = false;
    };
  }, [Real, shown]);
  if (props.trigger !== undefined && props.trigger !== null && typeof props.trigger === 'object')
    return <TriggeredDialog {...props} trigger={props.trigger as ReactElement} />;
  return Real === null ? null : <Real ref={ref} {...props} />;
});

/**
 * A modal dialog (Radix). Its code loads when it first opens (or, with a trigger, after the first
 * paint, the trigger drawn at once): a closed dialog is not part of a first visit (issue 22).
 */
export const Dialog = Object.assign(DialogImpl, { preload: real.preload });
