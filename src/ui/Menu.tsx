import { DropdownMenu } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Menu.module.css';

export interface MenuItemSpec {
  key: string;
  label: ReactNode;
  onSelect?: () => void;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Renders the item as a link (<a href>). */
  href?: string;
}

export interface MenuProps {
  /** The element that opens the menu (a Button / IconButton: it must carry its own accessible name). */
  trigger: ReactElement;
  /** Items as data; or pass MenuItem / MenuSeparator / MenuLabel as children. */
  items?: MenuItemSpec[];
  children?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  modal?: boolean;
  className?: string;
}

export function Menu({
  trigger,
  items,
  children,
  open,
  defaultOpen,
  onOpenChange,
  align = 'end',
  side = 'bottom',
  modal,
  className,
}: MenuProps) {
  return (
    <DropdownMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={modal}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={cx(styles.content, className)}
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          avoidCollisions
        >
          {items?.map((item) => (
            <MenuItem
              key={item.key}
              icon={item.icon}
              danger={item.danger}
              disabled={item.disabled}
              href={item.href}
              onSelect={item.onSelect}
            >
              {item.label}
            </MenuItem>
          ))}
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps extends Omit<ComponentPropsWithoutRef<typeof DropdownMenu.Item>, 'onSelect'> {
  onSelect?: () => void;
  icon?: ReactNode;
  danger?: boolean;
  href?: string;
}

export const MenuItem = forwardRef<HTMLDivElement, MenuItemProps>(function MenuItem(
  { onSelect, icon, danger, href, className, children, asChild, ...rest },
  ref,
) {
  const content = (
    <>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.text}>{children}</span>
    </>
  );
  return (
    <DropdownMenu.Item
      ref={ref}
      className={cx(styles.item, danger && styles.danger, className)}
      onSelect={onSelect ? () => onSelect() : undefined}
      asChild={asChild || Boolean(href)}
      {...rest}
    >
      {href ? <a href={href}>{content}</a> : asChild ? children : content}
    </DropdownMenu.Item>
  );
});

export const MenuSeparator = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof DropdownMenu.Separator>
>(function MenuSeparator({ className, ...rest }, ref) {
  return <DropdownMenu.Separator ref={ref} className={cx(styles.separator, className)} {...rest} />;
});

export const MenuLabel = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DropdownMenu.Label>>(
  function MenuLabel({ className, ...rest }, ref) {
    return <DropdownMenu.Label ref={ref} className={cx(styles.label, className)} {...rest} />;
  },
);
