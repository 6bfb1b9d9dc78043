import { useEffect } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { extractPalette } from '../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Skeleton } from '../../ui';
import styles from './Studio.module.css';
import { usePalette } from './useStudio';

/**
 * The five main colours of an image (spec §9 colour extraction) as swatches with their share.
 * Exported for other features: `<Palette url={imageUrl} />`.
 */
export const Palette = ({ url }: { readonly url: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const palette = usePalette(url);
  useEffect(() => {
    dispatch(extractPalette({ url }));
  }, [dispatch, url]);
  const label = intl.formatMessage({ id: 'studio.palette.title' });
  if (palette === null)
    return (
      <div aria-busy="true" aria-label={label}>
        <Skeleton height="40px" width="220px" />
      </div>
    );
  if (palette.status === 'failed')
    return (
      <p className={styles.muted}>
        <FormattedMessage id="studio.palette.failed" />
      </p>
    );
  return (
    <ul className={styles.palette} aria-label={label} data-testid="palette">
      {palette.colours.map((c) => (
        <li key={c.hex} className={styles.swatch}>
          <span className={styles.swatchColour} style={{ background: c.hex }} aria-hidden="true" />
          <span>{c.hex}</span>
          <span>
            <FormattedNumber value={c.share} style="percent" />
          </span>
        </li>
      ))}
    </ul>
  );
};
