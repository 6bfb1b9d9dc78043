import * as RadixTooltip from 'radix-ui/tooltip';
import { useContext, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Tooltip.module.css';
import { TooltipDelaysContext } from './TooltipDelays';

export interface TooltipProps {
  /** Tooltip text: supplementary only, never the sole accessible name of the trigger. */
  content: ReactNode;
  /** The trigger: one focusable element. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

export function Tooltip({
  content,
  children,
  side = 'top',
  align = 'center',
  open,
  defaultOpen,
  onOpenChange,
  className,
}: TooltipProps) {
  const delays = useContext(TooltipDelaysContext);
  return (
    <RadixTooltip.Provider delayDuration={delays.delayDuration} skipDelayDuration={delays.skipDelayDuration}>
      <RadixTooltip.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            align={align}
            sideOffset={6}
            collisionPadding={8}
            className={cx(styles.content, className)}
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
