import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Slider } from '../../ui';
import styles from './BeforeAfter.module.css';

/**
 * An input and its result over each other: the slider uncovers the result from the start side.
 * The images keep the result's ratio (an upscale or a filter keeps the input's anyway).
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
      <div className={styles.frame} style={{ aspectRatio: `${width} / ${height}` }}>
        <img
          className={styles.image}
          src={after}
          alt={alt}
          width={width}
          height={height}
          data-testid="after-image"
        />
        <div className={styles.beforeLayer} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
          <img
            className={styles.image}
            src={before}
            alt={intl.formatMessage({ id: 'tasks.beforeAlt' })}
            data-testid="before-image"
          />
        </div>
        <span className={styles.divider} style={{ insetInlineStart: `${split}%` }} aria-hidden="true" />
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
