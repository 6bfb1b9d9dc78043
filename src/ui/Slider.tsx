import { Slider as RadixSlider } from 'radix-ui';
import { forwardRef, useId, useState } from 'react';
import { cx } from './cx';
import styles from './Slider.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface SliderProps {
  value?: number;
  defaultValue?: number;
  onValueChange?: (value: number) => void;
  /** Fires once the user releases the thumb / key (for expensive updates). */
  onValueCommit?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** The thumb's accessible name; shown above the track unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  /** Show the current value next to the label. Default true. */
  showValue?: boolean;
  /** Formats the shown value and aria-valuetext (e.g. a percentage or "1.5×" from the caller's i18n). */
  formatValue?: (value: number) => string;
  disabled?: boolean;
  name?: string;
  className?: string;
}

export const Slider = forwardRef<HTMLSpanElement, SliderProps>(function Slider(
  {
    value,
    defaultValue,
    onValueChange,
    onValueCommit,
    min = 0,
    max = 100,
    step = 1,
    label,
    hideLabel = false,
    showValue = true,
    formatValue,
    disabled,
    name,
    className,
  },
  ref,
) {
  const labelId = useId();
  const [inner, setInner] = useState(defaultValue ?? min);
  const current = value ?? inner;
  const text = formatValue ? formatValue(current) : String(current);
  const labelNode = (
    <span id={labelId} className={styles.label}>
      {label}
    </span>
  );
  return (
    <div className={cx(styles.root, className)}>
      <div className={styles.header}>
        {hideLabel ? <VisuallyHidden>{labelNode}</VisuallyHidden> : labelNode}
        {showValue ? (
          <output className={styles.value} aria-hidden="true">
            {text}
          </output>
        ) : null}
      </div>
      <RadixSlider.Root
        ref={ref}
        className={styles.slider}
        value={[current]}
        onValueChange={([next]) => {
          if (next === undefined) return;
          if (value === undefined) setInner(next);
          onValueChange?.(next);
        }}
        onValueCommit={([next]) => {
          if (next !== undefined) onValueCommit?.(next);
        }}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        name={name}
      >
        <RadixSlider.Track className={styles.track}>
          <RadixSlider.Range className={styles.range} />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          className={styles.thumb}
          aria-labelledby={labelId}
          aria-valuetext={formatValue ? text : undefined}
        />
      </RadixSlider.Root>
    </div>
  );
});
