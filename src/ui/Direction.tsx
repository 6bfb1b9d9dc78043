import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';

export interface DirectionProviderProps {
  /** Writing direction of the locale: 'rtl' for Arabic/Hebrew. Keep it equal to <html dir>. */
  dir: 'ltr' | 'rtl';
  children: ReactNode;
}

/**
 * Radix reads the direction from this context, not from the DOM `dir` attribute: mount it once at the root
 * so keyboard arrows (Tabs, Menu, Slider) and popper placement mirror in right-to-left locales.
 */
export function DirectionProvider({ dir, children }: DirectionProviderProps) {
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}
