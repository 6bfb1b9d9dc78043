import { Select as RadixSelect } from 'radix-ui';
import { forwardRef, useId, type ReactNode } from 'react';
import { cx } from './cx';
import { CheckIcon, ChevronDownIcon } from './icons';
import styles from './Select.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  options: SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The trigger's accessible name; shown above it unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Form field name (Radix renders a hidden native select for forms). */
  name?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    options,
    value,
    defaultValue,
    onValueChange,
    label,
    hideLabel = false,
    placeholder,
    disabled,
    required,
    name,
    open,
    onOpenChange,
    className,
  },
  ref,
) {
  const labelId = useId();
  const labelNode = (
    <span id={labelId} className={styles.label}>
      {label}
    </span>
  );
  return (
    <div className={cx(styles.root, className)}>
      {hideLabel ? <VisuallyHidden>{labelNode}</VisuallyHidden> : labelNode}
      <RadixSelect.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        disabled={disabled}
        required={required}
        name={name}
        open={open}
        onOpenChange={onOpenChange}
      >
        <RadixSelect.Trigger ref={ref} aria-labelledby={labelId} className={styles.trigger}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon className={styles.chevron}>
            <ChevronDownIcon />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            className={styles.content}
            position="popper"
            sideOffset={6}
            collisionPadding={8}
            aria-labelledby={labelId}
          >
            <RadixSelect.Viewport className={styles.viewport}>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <CheckIcon />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
});
