import { Tabs as RadixTabs } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  /** TabsPanel elements, one per item value (optional: the tabs can drive something else). */
  children?: ReactNode;
  /** 'manual': arrows move focus, Enter/Space activates. Default 'automatic'. */
  activationMode?: 'automatic' | 'manual';
  className?: string;
}

/** Tabs with a horizontally scrollable list (no visible scrollbar) on narrow screens. */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  { items, value, defaultValue, onValueChange, label, children, activationMode, className },
  ref,
) {
  return (
    <RadixTabs.Root
      ref={ref}
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items[0]?.value : undefined)}
      onValueChange={onValueChange}
      activationMode={activationMode}
      className={cx(styles.root, className)}
    >
      <RadixTabs.List aria-label={label} className={styles.list}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={styles.tab}
            // Without panels (a segmented control) there is no panel for aria-controls to name.
            {...(children === undefined ? { 'aria-controls': undefined } : {})}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
});

export type TabsPanelProps = ComponentPropsWithoutRef<typeof RadixTabs.Content>;

export const TabsPanel = forwardRef<HTMLDivElement, TabsPanelProps>(function TabsPanel(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Content ref={ref} className={cx(styles.panel, className)} {...rest} />;
});

export interface TabsNavItem {
  href: string;
  label: ReactNode;
}

export interface TabsNavLinkProps {
  href: string;
  className: string;
  'aria-current': 'page' | undefined;
  children: ReactNode;
}

export interface TabsNavProps {
  items: TabsNavItem[];
  /** href of the active item (it gets aria-current="page"). */
  current: string;
  /** Accessible name of the <nav>. */
  label: string;
  /** Renders one link, e.g. `(p) => <Link to={p.href} {...p} />` for a router; default: a plain <a>. */
  renderLink?: (props: TabsNavLinkProps) => ReactNode;
  className?: string;
}

/** Router-driven tabs: a <nav> of links that look like tabs, the active one marked aria-current="page". */
export const TabsNav = forwardRef<HTMLElement, TabsNavProps>(function TabsNav(
  { items, current, label, renderLink, className },
  ref,
) {
  return (
    <nav ref={ref} aria-label={label} className={cx(styles.root, className)}>
      <ul className={styles.list}>
        {items.map((item) => {
          const props: TabsNavLinkProps = {
            href: item.href,
            className: cx(styles.tab),
            'aria-current': item.href === current ? 'page' : undefined,
            children: item.label,
          };
          return (
            <li key={item.href} className={styles.navItem}>
              {renderLink ? (
                renderLink(props)
              ) : (
                <a href={props.href} className={props.className} aria-current={props['aria-current']}>
                  {props.children}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
