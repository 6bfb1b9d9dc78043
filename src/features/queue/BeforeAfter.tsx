import { useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { Slider } from '../../ui';
import styles from './BeforeAfter.module.css';

/**
 * An input and its result over each other: the input covers the frame from its start side up to
 * the slider's value, the result shows beyond. Everything follows the writing direction: in
 * right-to-left the input is on the right, the slider grows leftwards, and the clip, the divider
 * and the labels go with it (the clip is chosen by `:dir()` in the CSS, as `inset()` has no
 * logical form). The images keep the result's ratio (an upscale or a filter keeps the input's anyway).
 */
export const BeforeAfter = ({
  before,
  after,
  width,
  height,
  alt,
}: {
  readonly before: string;
  readonly after: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}) => {
  const intl = useIntl();
  const [split, setSplit] = useState(50);
  return (
    <figure className={styles.figure} data-testid="before-after">
      <div
        className={styles.frame}
        style={{ aspectRatio: `${width} / ${height}`, '--split': `${split}%` } as CSSProperties}
        data-testid="before-after-frame"
      >
        <img
          className={styles.image}
          src={after}
          alt={alt}
          width={width}
          height={height}
          data-testid="after-image"
        />
        <div className={styles.beforeLayer} data-testid="before-layer">
          <img
            className={styles.image}
            src={before}
            alt={intl.formatMessage({ id: 'tasks.beforeAlt' })}
            data-testid="before-image"
          />
        </div>
        <span className={styles.divider} aria-hidden="true" data-testid="before-after-divider" />
        <span className={`${styles.tag} ${styles.tagStart}`} aria-hidden="true">
          {intl.formatMessage({ id: 'tasks.before' })}
        </span>
        <span className={`${styles.tag} ${styles.tagEnd}`} aria-hidden="true">
          {intl.formatMessage({ id: 'tasks.after' })}
        </span>
      </div>
      <Slider
        className={styles.slider}
        label={intl.formatMessage({ id: 'tasks.compare' })}
        hideLabel
        showValue={false}
        min={0}
        max={100}
        value={split}
        onValueChange={setSplit}
        formatValue={(v) => intl.formatNumber(v / 100, { style: 'percent' })}
      />
    </figure>
  );
};
