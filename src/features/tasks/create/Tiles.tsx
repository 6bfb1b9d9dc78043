import styles from './Create.module.css';

/** The little box drawn for an aspect ratio, 18 px on its long side. */
export const ratioBox = (ratio: string) => {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(w, h);
  return { inlineSize: `${Math.round(w * scale)}px`, blockSize: `${Math.round(h * scale)}px` };
};

/** A radio group drawn as tiles (the aspect ratios, the square modes, the batch count). */
export const Tiles = <V extends string | number>({
  legend,
  name,
  values,
  value,
  onChange,
  label,
  shape,
  columns = 4,
  testId,
}: {
  readonly legend: React.ReactNode;
  readonly name: string;
  readonly values: readonly V[];
  readonly value: V | null;
  readonly onChange: (v: V) => void;
  readonly label: (v: V) => React.ReactNode;
  readonly shape?: (v: V) => React.CSSProperties;
  readonly columns?: number;
  readonly testId?: string;
}) => (
  <fieldset className={styles.ratios} data-testid={testId}>
    <legend className={styles.legend}>{legend}</legend>
    <div
      className={styles.ratioOptions}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {values.map((v) => (
        <label key={String(v)} className={styles.ratio} data-selected={v === value || undefined}>
          <input
            type="radio"
            name={name}
            value={String(v)}
            checked={v === value}
            onChange={() => onChange(v)}
          />
          {shape && <span className={styles.ratioShape} style={shape(v)} aria-hidden="true" />}
          <span>{label(v)}</span>
        </label>
      ))}
    </div>
  </fieldset>
);
