import { createContext, useMemo, type ReactNode } from 'react';

export interface TooltipProviderProps {
  children: ReactNode;
  /** ms before a tooltip opens on hover. Default 400. */
  delayDuration?: number;
  skipDelayDuration?: number;
}

export interface TooltipDelays {
  readonly delayDuration: number;
  readonly skipDelayDuration?: number;
}

export const TooltipDelaysContext = createContext<TooltipDelays>({ delayDuration: 400 });

/**
 * Mount once near the root: the tooltips' delays. Radix's own provider is drawn by each tooltip
 * (src/ui/Tooltip.tsx), so a page without a tooltip does not load Radix's tooltip code (issue 22).
 */
export function TooltipProvider({ children, delayDuration = 400, skipDelayDuration }: TooltipProviderProps) {
  const value = useMemo(() => ({ delayDuration, skipDelayDuration }), [delayDuration, skipDelayDuration]);
  return <TooltipDelaysContext.Provider value={value}>{children}</TooltipDelaysContext.Provider>;
}
