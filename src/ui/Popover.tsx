import { deferOverlay } from './deferredOverlay';
import type { PopoverProps } from './PopoverRadix';

export type { PopoverProps } from './PopoverRadix';

/** A popover (Radix): its code loads after the first paint, its trigger is there at once. */
export const Popover = deferOverlay<PopoverProps>('dialog', () =>
  import('./PopoverRadix').then((m) => m.Popover),
);
