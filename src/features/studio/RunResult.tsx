import { FormattedMessage, useIntl } from 'react-intl';
import { ProgressBar } from '../../ui';
import { Palette } from './Palette';
import styles from './Studio.module.css';
import { useRunTask, viewOfTask } from './useStudio';

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
          <img
            className={styles.result}
            src={view.image.url}
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
