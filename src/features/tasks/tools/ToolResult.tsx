import { FormattedMessage, useIntl } from 'react-intl';
import { images, tasks } from '../../../../domain/index.js';
import { EmptyState, Picture, ProgressBar } from '../../../ui';
import { BeforeAfter } from '../queue';
import styles from './Tools.module.css';
import { useLatestToolTask } from './useTool';

/**
 * How wide the result is shown (Tools.module.css `.layout`): the whole column below 900 px, else
 * the column beside the form, about 60% of the window, at most 760 px.
 */
const RESULT_MAX_PX = 760;
const RESULT_SIZES = images.columnSizes(900, '60vw');
/** The newest result of this tool: its progress, its failure, or its picture (before/after where it fits). */
export const ToolResult = ({ spec }: { readonly spec: tasks.ToolSpec }) => {
  const intl = useIntl();
  const task = useLatestToolTask(spec);
  if (task === null)
    return (
      <EmptyState
        level={2}
        title={<FormattedMessage id="tools.result.empty" />}
        body={<FormattedMessage id={`tools.${spec.key}.description`} />}
      />
    );
  const alt = intl.formatMessage(
    { id: 'tools.result.alt' },
    { tool: intl.formatMessage({ id: `tools.${spec.key}.title` }) },
  );
  return (
    <div className={styles.result} data-testid="tool-result" data-status={task.status}>
      <h2 className={styles.resultTitle}>
        <FormattedMessage id="tools.result.title" />
      </h2>
      {task.status === 'inProgress' && (
        <ProgressBar
          value={task.indeterminate ? null : task.progress}
          label={intl.formatMessage({ id: 'tools.result.progress' })}
          text={
            task.progress === null ? undefined : intl.formatNumber(task.progress / 100, { style: 'percent' })
          }
        />
      )}
      {task.status === 'failed' && (
        <p className={styles.error} role="alert">
          <FormattedMessage id={task.statusKey} />
          {task.failureReason !== null && <> · {task.failureReason}</>}
        </p>
      )}
      {task.image && spec.beforeAfter && task.inputUrl !== null ? (
        <BeforeAfter
          before={task.inputUrl}
          after={task.image.url}
          width={task.image.width}
          height={task.image.height}
          alt={alt}
          cssWidth={RESULT_MAX_PX}
          sizes={RESULT_SIZES}
        />
      ) : task.image ? (
        <Picture
          className={styles.resultImage}
          {...images.pictureOf(task.image.url, RESULT_MAX_PX, task.image.width, RESULT_SIZES)}
          width={task.image.width}
          height={task.image.height}
          alt={alt}
          data-testid="tool-result-image"
        />
      ) : null}
    </div>
  );
};
