import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { images, moderation, type tasks } from '../../../../domain/index.js';
import { downloadImage } from '../../../../infrastructure/downloads/commands';
import { clearPublishCheck } from '../../../../infrastructure/moderation/commands';
import {
  cancelTask,
  deleteTask,
  markTasksSeen,
  publishTask,
  retryTask,
} from '../../../../infrastructure/tasks/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import {
  Badge,
  Button,
  Card,
  CoverFrame,
  ConfirmDialog,
  Dialog,
  Field,
  Picture,
  ProgressBar,
  TextArea,
  TextInput,
} from '../../../ui';
import { PublishCheckMessage, usePublishCheck } from '../../moderation';
import { BeforeAfter } from './BeforeAfter';
import styles from './TaskCard.module.css';
import { usePublishing } from './useTasks';

const ratioStyle = (aspectRatio: string) => ({ aspectRatio: aspectRatio.replace(':', ' / ') });

/** A result's shown width at most (QueuePanel.module.css: cards at least 260 px in a row), and a batch's half. */
const TASK_IMAGE_PX = 400;
const BATCH_IMAGE_PX = 200;

const BADGE_TONE = { inProgress: 'info', completed: 'success', failed: 'danger' } as const;

const TITLE_FROM_PROMPT = 60;

/**
 * Spec §5: a title and a description, checked for sensitive words before the work is published.
 * The dialog follows the check's events: it stays open with its text while the check runs, when
 * a sensitive word blocks the publish (naming the fields) or when the check failed; it closes
 * when the task is published (the card no longer offers Publish, so the dialog unmounts).
 */
const PublishDialog = ({
  task,
  open,
  onOpenChange,
}: {
  readonly task: tasks.TaskView;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const subject = moderation.taskPublishSubject(task.id);
  const check = usePublishCheck(subject);
  const publishPending = usePublishing(task.id);
  const busy = check.status === 'checking' || publishPending;
  const [title, setTitle] = useState(task.prompt.slice(0, TITLE_FROM_PROMPT).trim());
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const titleEmpty = title.trim() === '';
  // The outcome of a check belongs to this opening of the dialog only.
  useEffect(() => () => void dispatch(clearPublishCheck({ subject })), [dispatch, subject]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (titleEmpty || busy) return;
    dispatch(
      publishTask({
        id: task.id,
        title: { text: title, label: intl.formatMessage({ id: 'tasks.publish.titleLabel' }) },
        description: {
          text: description,
          label: intl.formatMessage({ id: 'tasks.publish.descriptionLabel' }),
        },
        separator: intl.formatMessage({ id: 'tasks.publish.separator' }),
      }),
    );
  };
  const blocked = check.status === 'blocked' ? check.categories : [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'tasks.publish.title' })}
      description={intl.formatMessage({ id: 'tasks.publish.body' })}
      closeLabel={intl.formatMessage({ id: 'tasks.publish.close' })}
    >
      <form className={styles.publishForm} onSubmit={submit} noValidate data-testid="publish-form">
        <Field
          label={<FormattedMessage id="tasks.publish.titleLabel" />}
          error={touched && titleEmpty ? <FormattedMessage id="tasks.publish.titleEmpty" /> : undefined}
        >
          <TextInput
            value={title}
            maxLength={100}
            data-testid="publish-title"
            aria-invalid={blocked.includes('title') ? true : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label={<FormattedMessage id="tasks.publish.descriptionLabel" />}>
          <TextArea
            rows={3}
            value={description}
            maxLength={1000}
            data-testid="publish-description"
            aria-invalid={blocked.includes('description') ? true : undefined}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <PublishCheckMessage check={check} />
        <Button type="submit" variant="primary" data-testid="publish-submit" loading={busy}>
          <FormattedMessage id="tasks.publish.submit" />
        </Button>
      </form>
    </Dialog>
  );
};

const Media = ({ task }: { readonly task: tasks.TaskView }) => {
  const intl = useIntl();
  const alt = intl.formatMessage(
    { id: task.output === 'video' ? 'tasks.videoLabel' : 'tasks.imageAlt' },
    { prompt: task.prompt },
  );
  if (task.audio)
    return (
      <div className={styles.media} style={ratioStyle(task.aspectRatio)}>
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
      </div>
    );
  if (task.image && task.inputUrl !== null)
    return (
      <div className={styles.compare}>
        <BeforeAfter
          before={task.inputUrl}
          after={task.image.url}
          width={task.image.width}
          height={task.image.height}
          alt={alt}
          cssWidth={TASK_IMAGE_PX}
        />
      </div>
    );
  if (task.images.length > 1)
    return (
      <div className={styles.batch} data-testid="task-batch">
        {task.images.map((img, i) => (
          <a key={img.url} href={img.url} target="_blank" rel="noreferrer">
            <Picture
              {...images.pictureOf(img.url, BATCH_IMAGE_PX, img.width)}
              width={img.width}
              height={img.height}
              alt={intl.formatMessage({ id: 'tasks.batchAlt' }, { prompt: task.prompt, n: i + 1 })}
              data-testid="task-image"
            />
          </a>
        ))}
      </div>
    );
  if (task.image)
    return (
      <div className={styles.media} style={ratioStyle(`${task.image.width}:${task.image.height}`)}>
        <a
          href={task.image.url}
          target="_blank"
          rel="noreferrer"
          title={intl.formatMessage({ id: 'tasks.open' })}
        >
          <Picture
            {...images.pictureOf(task.image.url, TASK_IMAGE_PX, task.image.width)}
            width={task.image.width}
            height={task.image.height}
            alt={alt}
            data-testid="task-image"
          />
        </a>
        {task.productionFrame !== null && <CoverFrame src={task.productionFrame} />}
      </div>
    );
  return (
    <div className={styles.media} style={ratioStyle(task.aspectRatio)}>
      <div className={`${styles.placeholder} ${styles[task.status]}`} aria-hidden="true">
        {task.progress !== null && <span className={styles.percent}>{task.progress}%</span>}
      </div>
    </div>
  );
};

/** The status, new, tool and wait badges. */
const TaskMeta = ({ task }: { readonly task: tasks.TaskView }) => (
  <div className={styles.meta}>
    <Badge tone={BADGE_TONE[task.status]} data-testid="task-status">
      <FormattedMessage id={task.statusKey} />
    </Badge>
    {task.unseen && (
      <Badge tone="warning" data-testid="task-new">
        <FormattedMessage id="tasks.new" />
      </Badge>
    )}
    {task.toolLabelKey !== null && (
      <Badge>
        <FormattedMessage id={task.toolLabelKey} />
      </Badge>
    )}
    {task.etaSeconds !== null && (
      <span className={styles.muted}>
        <FormattedMessage id="tasks.eta" values={{ seconds: task.etaSeconds }} />
      </span>
    )}
  </div>
);

/** Cancel, retry, download, publish and delete, with the publish and delete dialogs. */
const TaskActions = ({ task, seen }: { readonly task: tasks.TaskView; readonly seen: () => void }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const publishPending = usePublishing(task.id);
  return (
    <>
      <div className={styles.actions}>
        {task.canCancel && (
          <Button
            size="sm"
            variant="secondary"
            data-testid="task-cancel"
            onClick={() => dispatch(cancelTask({ id: task.id }))}
          >
            <FormattedMessage id="tasks.cancel" />
          </Button>
        )}
        {task.canRetry && (
          <Button
            size="sm"
            variant="secondary"
            data-testid="task-retry"
            onClick={() => dispatch(retryTask({ id: task.id }))}
          >
            <FormattedMessage id="tasks.retry" />
          </Button>
        )}
        {task.download !== null && (
          <Button
            size="sm"
            variant="secondary"
            data-testid="task-download"
            onClick={() => {
              seen();
              if (task.download)
                dispatch(
                  downloadImage({
                    url: task.download.url,
                    scene: 'task',
                    fileName: task.download.fileName,
                    parameters: task.download.parameters,
                  }),
                );
            }}
          >
            <FormattedMessage id="tasks.download" />
          </Button>
        )}
        {task.canPublish && (
          <Button
            size="sm"
            variant="secondary"
            data-testid="task-publish"
            loading={publishPending}
            onClick={() => setPublishing(true)}
          >
            <FormattedMessage id="tasks.publish" />
          </Button>
        )}
        <Button size="sm" variant="ghost" data-testid="task-delete" onClick={() => setConfirming(true)}>
          <FormattedMessage id="tasks.delete" />
        </Button>
      </div>
      {task.canPublish && publishing && (
        <PublishDialog task={task} open={publishing} onOpenChange={setPublishing} />
      )}
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
    </>
  );
};

/**
 * A task that finishes in front of the person (its card shown, the page visible) is seen; one
 * that finished while they were away stays new until they look at it.
 */
const useSeenWhenFinishedInView = (task: tasks.TaskView) => {
  const dispatch = useAppDispatch();
  const watched = useRef(task.status);
  useEffect(() => {
    const was = watched.current;
    watched.current = task.status;
    if (was === 'inProgress' && task.status !== 'inProgress' && document.visibilityState === 'visible')
      dispatch(markTasksSeen({ ids: [task.id] }));
  }, [dispatch, task.id, task.status]);
};

/** One task of the queue as `tasks.taskView` describes it: what it made, or how far it is, and what can be done with it. */
export const TaskCard = memo(({ task }: { readonly task: tasks.TaskView }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const seen = () => {
    if (task.unseen) dispatch(markTasksSeen({ ids: [task.id] }));
  };
  useSeenWhenFinishedInView(task);
  return (
    <Card
      padding="none"
      className={styles.card}
      data-testid="task-card"
      data-task-id={task.id}
      data-status={task.status}
      data-group={task.group}
      data-unseen={task.unseen || undefined}
      onFocusCapture={seen}
      onPointerEnter={seen}
    >
      <Media task={task} />
      <div className={styles.body}>
        {task.prompt !== '' && (
          <p className={styles.prompt} title={task.prompt}>
            {task.prompt}
          </p>
        )}
        <TaskMeta task={task} />
        {task.currentNode !== null && (
          <p className={styles.node} data-testid="task-node">
            <FormattedMessage id="tasks.currentNode" values={{ node: task.currentNode }} />
          </p>
        )}
        {task.progress !== null && (
          <ProgressBar
            value={task.indeterminate ? null : task.progress}
            size="sm"
            label={intl.formatMessage({ id: 'tasks.progress' }, { prompt: task.prompt || task.id })}
            text={
              task.indeterminate ? undefined : intl.formatNumber(task.progress / 100, { style: 'percent' })
            }
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
        {task.publishedAs !== null && (
          <Link
            className={styles.download}
            to={to(`/artwork/${task.publishedAs}`)}
            data-testid="task-published"
          >
            <FormattedMessage id="tasks.publish.done" />
          </Link>
        )}
        <TaskActions task={task} seen={seen} />
      </div>
    </Card>
  );
});
TaskCard.displayName = 'TaskCard';
