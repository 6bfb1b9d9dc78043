import { useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { images } from '../../../../domain/index.js';
import { Picture, Slider } from '../../../ui';
import styles from './BeforeAfter.module.css';

/**
 * An input and its result over each other: the input covers the frame from its start side up to
 * the slider's value, the result shows beyond. Everything follows the writing direction: in
 * right-to-left the input is on the right, the slider grows leftwards, and the clip, the divider
 * and the labels go with it (the clip is chosen by `:dir()` in the CSS, as `inset()` has no
 * logical form). The images keep the result's ratio (an upscale or a filter keeps the input's anyway).
 * Both are shown through variants for the frame's width (`cssWidth`, or `sizes` where it follows
 * the window).
 */
export const BeforeAfter = ({
  before,
  after,
  width,
  height,
  alt,
  cssWidth,
  sizes,
}: {
  readonly before: string;
  readonly after: string;
  /** The result's own size. */
  readonly width: number;
  readonly height: number;
  readonly alt: string;
  /** How wide the frame is shown at most, in CSS px. */
  readonly cssWidth: number;
  /** How wide it is shown where that follows the window; `cssWidth` px by default. */
  readonly sizes?: string;
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
        <Picture
          className={styles.image}
          {...images.pictureOf(after, cssWidth, width, sizes)}
          alt={alt}
          width={width}
          height={height}
          data-testid="after-image"
        />
        <div className={styles.beforeLayer} data-testid="before-layer">
          <Picture
            className={styles.image}
            {...images.pictureOf(before, cssWidth, undefined, sizes)}
            alt={intl.formatMessage({ id: 'tasks.beforeAlt' })}
            width={width}
            height={height}
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
