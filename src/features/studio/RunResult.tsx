import { FormattedMessage, useIntl } from 'react-intl';
import { images } from '../../../domain/index.js';
import { Picture, ProgressBar } from '../../ui';
import { Palette } from './Palette';
import styles from './Studio.module.css';
import { useRunTask, viewOfTask } from './useStudio';

/**
 * How wide a run's image is shown (Studio.module.css `.two`: the card beside the item, at most
 * 380 px, about 340 px inside it), or the window's width where the page has one column.
 */
const RESULT_PX = 340;
const ONE_COLUMN_BELOW_PX = 900;

/** What a run made (a workflow's, an app's Try): its progress, then the image and its colours. */
export const RunResult = ({ runKey }: { readonly runKey: string }) => {
  const intl = useIntl();
  const task = useRunTask(runKey);
  if (task === null) return null;
  const view = viewOfTask(task);
  return (
    <section className={styles.form} aria-live="polite" data-testid="run-result" data-status={view.status}>
      {view.status === 'inProgress' && (
        <ProgressBar
          value={view.indeterminate ? null : view.progress}
          label={intl.formatMessage({ id: 'workflows.progress' })}
          text={<FormattedMessage id={view.statusKey} />}
        />
      )}
      {view.status === 'failed' && (
        <p className={styles.error} role="alert">
          <FormattedMessage id="tasks.status.failed" />
          {view.failureReason ? ` — ${view.failureReason}` : ''}
        </p>
      )}
      {view.image !== null && (
        <>
          <Picture
            className={styles.result}
            {...images.columnPictureOf(view.image.url, ONE_COLUMN_BELOW_PX, RESULT_PX, view.image.width)}
            width={view.image.width}
            height={view.image.height}
            alt={intl.formatMessage({ id: 'workflows.resultAlt' })}
            data-testid="run-image"
          />
          <h3 className={styles.sectionTitle}>
            <FormattedMessage id="studio.palette.title" />
          </h3>
          <Palette url={view.image.url} />
        </>
      )}
    </section>
  );
};
