import { Popover as RadixPopover } from 'radix-ui';
import { forwardRef, type ReactElement, type ReactNode } from 'react';
import { IconButton } from './Button';
import { cx } from './cx';
import { CloseIcon } from './icons';
import styles from './Popover.module.css';

export interface PopoverProps {
  /** The element that toggles the popover (must carry its own accessible name). */
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the popover content (role="dialog"). */
  label?: string;
  /** Accessible name of a × close button; none is drawn without it. */
  closeLabel?: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  className?: string;
}

export const Popover = forwardRef<HTMLDivElement, PopoverProps>(function Popover(
  {
    trigger,
    children,
    open,
    defaultOpen,
    onOpenChange,
    label,
    closeLabel,
    side = 'bottom',
    align = 'center',
    className,
  },
  ref,
) {
  return (
    <RadixPopover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          ref={ref}
          aria-label={label}
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className={cx(styles.content, className)}
        >
          {closeLabel ? (
            <RadixPopover.Close asChild>
              <IconButton label={closeLabel} size="sm" className={styles.close}>
                <CloseIcon />
              </IconButton>
            </RadixPopover.Close>
          ) : null}
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
});
