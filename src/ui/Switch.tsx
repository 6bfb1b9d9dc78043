import { Switch as RadixSwitch } from 'radix-ui';
import { forwardRef, useId, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Switch.module.css';

export interface SwitchProps {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Visible label, also the switch's accessible name. */
  label: ReactNode;
  /** Optional help line under the label (wired to aria-describedby). */
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  className?: string;
}

export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { checked, defaultChecked, onCheckedChange, label, description, disabled, name, className },
  ref,
) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={cx(styles.root, className)}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </div>
      <RadixSwitch.Root
        ref={ref}
        id={id}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        name={name}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.switch}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
});
