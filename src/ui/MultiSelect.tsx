import { Popover as RadixPopover } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { CheckIcon, ChevronDownIcon } from './icons';
import styles from './Select.module.css';
import own from './MultiSelect.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface MultiSelectOption {
  value: string;
  label: ReactNode;
}

export interface MultiSelectProps {
  options: MultiSelectOption[];
  /** The chosen values, in the order they were chosen. */
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** The trigger's accessible name; shown above it unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  /** What the trigger reads when nothing is chosen. */
  placeholder: string;
  /** The text of a "clear" row at the top of the list; none without it. */
  clearLabel?: string;
  className?: string;
}

/**
 * A select of several values: a combobox trigger that opens a multi-selectable listbox in a Radix
 * popover (focus moves in and back, Escape and a click outside close it). Arrow keys, Home and End
 * move between options; Enter or Space toggles one; the list stays open while choosing.
 */
export function MultiSelect({
  options,
  value,
  onValueChange,
  label,
  hideLabel = false,
  placeholder,
  clearLabel,
  className,
}: MultiSelectProps) {
  const labelId = useId();
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const chosen = new Set(value);
  const toggle = (v: string) => onValueChange(chosen.has(v) ? value.filter((x) => x !== v) : [...value, v]);
  const shown = options.filter((o) => chosen.has(o.value));
  const labelNode = (
    <span id={labelId} className={styles.label}>
      {label}
    </span>
  );
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[data-item]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to =
      event.key === 'ArrowDown'
        ? Math.min(items.length - 1, at + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    items[to]?.focus();
  };
  const activate = (event: KeyboardEvent<HTMLElement>, run: () => void) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    run();
  };
  return (
    <div className={cx(styles.root, className)}>
      {hideLabel ? <VisuallyHidden>{labelNode}</VisuallyHidden> : labelNode}
      <RadixPopover.Root open={open} onOpenChange={setOpen}>
        <RadixPopover.Trigger asChild>
          <button
            type="button"
            role="combobox"
            aria-labelledby={labelId}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={listId}
            className={styles.trigger}
            data-placeholder={shown.length === 0 || undefined}
          >
            <span className={own.value}>
              {shown.length === 0
                ? placeholder
                : shown.map((o, i) => (
                    <span key={o.value}>
                      {i > 0 ? ', ' : null}
                      {o.label}
                    </span>
                  ))}
            </span>
            <span className={styles.chevron} aria-hidden="true">
              <ChevronDownIcon />
            </span>
          </button>
        </RadixPopover.Trigger>
        <RadixPopover.Portal>
          <RadixPopover.Content
            className={cx(styles.content, own.content)}
            side="bottom"
            align="start"
            sideOffset={6}
            collisionPadding={8}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              list.current?.querySelector<HTMLElement>('[data-item]')?.focus();
            }}
          >
            <div
              ref={list}
              id={listId}
              role="listbox"
              aria-multiselectable="true"
              aria-labelledby={labelId}
              tabIndex={-1}
              className={styles.viewport}
              onKeyDown={move}
            >
              {clearLabel !== undefined && (
                <div
                  role="option"
                  aria-selected={value.length === 0}
                  tabIndex={-1}
                  data-item=""
                  className={styles.item}
                  onClick={() => onValueChange([])}
                  onKeyDown={(e) => activate(e, () => onValueChange([]))}
                >
                  <span>{clearLabel}</span>
                  {value.length === 0 ? (
                    <span className={styles.indicator}>
                      <CheckIcon />
                    </span>
                  ) : null}
                </div>
              )}
              {options.map((o) => (
                <div
                  key={o.value}
                  role="option"
                  aria-selected={chosen.has(o.value)}
                  tabIndex={-1}
                  data-item=""
                  className={styles.item}
                  onClick={() => toggle(o.value)}
                  onKeyDown={(e) => activate(e, () => toggle(o.value))}
                >
                  <span>{o.label}</span>
                  <span className={cx(own.box, chosen.has(o.value) && own.on)} aria-hidden="true">
                    {chosen.has(o.value) ? <CheckIcon /> : null}
                  </span>
                </div>
              ))}
            </div>
          </RadixPopover.Content>
        </RadixPopover.Portal>
      </RadixPopover.Root>
    </div>
  );
}
