import { memo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { tasks } from '../../../domain/index.js';
import { createTask, deleteTask } from '../../../infrastructure/tasks/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Button, Card, ConfirmDialog, ProgressBar } from '../../ui';
import styles from './TaskCard.module.css';

const ratioStyle = (aspectRatio: string) => ({ aspectRatio: aspectRatio.replace(':', ' / ') });

const BADGE_TONE = { inProgress: 'info', completed: 'success', failed: 'danger' } as const;

/** One task of the queue as `tasks.taskView` describes it: what it made, or how far it is. */
export const TaskCard = memo(({ task }: { readonly task: tasks.TaskView }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card
      padding="none"
      className={styles.card}
      data-testid="task-card"
      data-task-id={task.id}
      data-status={task.status}
    >
      <div className={styles.media} style={ratioStyle(task.aspectRatio)}>
        {task.audio ? (
          <div className={styles.audio}>
            {/* The words of a speech or song are the prompt, written beside the player. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              controls
              preload="none"
              src={task.audio.url}
              aria-label={intl.formatMessage({ id: 'tasks.audioLabel' }, { prompt: task.prompt })}
              data-testid="task-audio"
            />
          </div>
        ) : task.image ? (
          <a
            href={task.image.url}
            target="_blank"
            rel="noreferrer"
            title={intl.formatMessage({ id: 'tasks.open' })}
          >
            <img
              src={task.image.url}
              width={task.image.width}
              height={task.image.height}
              alt={intl.formatMessage(
                { id: task.output === 'video' ? 'tasks.videoLabel' : 'tasks.imageAlt' },
                { prompt: task.prompt },
              )}
              data-testid="task-image"
            />
          </a>
        ) : (
          <div className={`${styles.placeholder} ${styles[task.status]}`} aria-hidden="true">
            {task.progress !== null && <span className={styles.percent}>{task.progress}%</span>}
          </div>
        )}
      </div>
      <div className={styles.body}>
        <p className={styles.prompt} title={task.prompt}>
          {task.prompt}
        </p>
        <div className={styles.meta}>
          <Badge tone={BADGE_TONE[task.status]}>
            <FormattedMessage id={task.statusKey} />
          </Badge>
          {task.toolLabelKey !== null && (
            <Badge>
              <FormattedMessage id={task.toolLabelKey} />
            </Badge>
          )}
          <span className={styles.muted}>{task.aspectRatio}</span>
          {task.etaSeconds !== null && (
            <span className={styles.muted}>
              <FormattedMessage id="tasks.eta" values={{ seconds: task.etaSeconds }} />
            </span>
          )}
        </div>
        {task.progress !== null && (
          <ProgressBar
            value={task.indeterminate ? null : task.progress}
            size="sm"
            label={intl.formatMessage({ id: 'tasks.progress' }, { prompt: task.prompt })}
          />
        )}
        {task.model && (
          <a className={styles.download} href={task.model.url} download data-testid="task-model">
            <FormattedMessage id="tasks.downloadModel" />
          </a>
        )}
        {task.failureReason !== null && (
          <p className={styles.error} role="alert">
            <FormattedMessage id="tasks.failedReason" values={{ reason: task.failureReason }} />
          </p>
        )}
        <div className={styles.actions}>
          {task.retry !== null && (
            <Button
              size="sm"
              variant="secondary"
              data-testid="task-retry"
              onClick={() => task.retry && dispatch(createTask({ ...task.retry, domainType: 0 }))}
            >
              <FormattedMessage id="tasks.retry" />
            </Button>
          )}
          <Button size="sm" variant="ghost" data-testid="task-delete" onClick={() => setConfirming(true)}>
            <FormattedMessage id="tasks.delete" />
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={intl.formatMessage({ id: 'tasks.delete.title' })}
          body={intl.formatMessage({ id: 'tasks.delete.body' })}
          confirmLabel={intl.formatMessage({ id: 'tasks.delete' })}
          cancelLabel={intl.formatMessage({ id: 'tasks.delete.cancel' })}
          danger
          onConfirm={() => dispatch(deleteTask({ id: task.id }))}
        />
      </div>
    </Card>
  );
});
TaskCard.displayName = 'TaskCard';
