import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../domain/index.js';
import { ProgressBar } from './ProgressBar';

const ratioStyle = (aspectRatio: string) => {
  const [w, h] = aspectRatio.split(':').map(Number);
  return { aspectRatio: w && h ? `${w} / ${h}` : '1 / 1' };
};

export const TaskCard = ({ task }: { task: tasks.Task }) => {
  const intl = useIntl();
  const { phase, params } = task;
  const statusKey =
    phase.status === 'completed'
      ? 'tasks.status.completed'
      : phase.status === 'failed'
        ? 'tasks.status.failed'
        : phase.code === 1
          ? 'tasks.status.queued'
          : 'tasks.status.rendering';
  const image = phase.status === 'completed' ? phase.images[0] : undefined;
  const media = phase.status === 'completed' ? (phase.media ?? []) : [];
  const audio = media.find((m) => m.kind === 'audio');
  const model = media.find((m) => m.kind === 'model');
  const typeInfo = tasks.domainTypeInfo(params.domainType);
  return (
    <article
      className={`task-card ${phase.status}`}
      data-testid="task-card"
      data-task-id={task.id}
      data-status={phase.status}
    >
      <div className="task-media" style={ratioStyle(params.aspectRatio)}>
        {audio ? (
          <div className="task-audio">
            <audio
              controls
              preload="none"
              src={audio.url}
              aria-label={intl.formatMessage({ id: 'tasks.audioLabel' }, { prompt: params.prompt })}
              data-testid="task-audio"
            />
          </div>
        ) : image ? (
          <a
            href={image.url}
            target="_blank"
            rel="noreferrer"
            title={intl.formatMessage({ id: 'tasks.open' })}
          >
            <img
              src={image.url}
              width={image.width}
              height={image.height}
              alt={intl.formatMessage(
                { id: typeInfo.output === 'video' ? 'tasks.videoLabel' : 'tasks.imageAlt' },
                { prompt: params.prompt },
              )}
              data-testid="task-image"
            />
          </a>
        ) : (
          <div className={`task-placeholder ${phase.status}`} aria-hidden="true">
            {phase.status === 'inProgress' && (
              <span className="task-percent">{Math.round(phase.progress)}%</span>
            )}
          </div>
        )}
      </div>
      <div className="task-body">
        <p className="task-prompt" title={params.prompt}>
          {params.prompt}
        </p>
        <div className="task-meta">
          <span className={`badge ${phase.status}`}>
            <FormattedMessage id={statusKey} />
          </span>
          {typeInfo.id !== 0 && (
            <span className="badge">
              <FormattedMessage id={typeInfo.labelKey} />
            </span>
          )}
          <span className="muted">{params.aspectRatio}</span>
          {phase.status === 'inProgress' && task.estimateMs !== null && task.estimateMs > 0 && (
            <span className="muted">
              <FormattedMessage id="tasks.eta" values={{ seconds: Math.ceil(task.estimateMs / 1000) }} />
            </span>
          )}
        </div>
        {phase.status === 'inProgress' && (
          <ProgressBar
            value={phase.progress}
            indeterminate={phase.code === 1 && phase.progress === 0}
            label={intl.formatMessage({ id: 'tasks.progress' }, { prompt: params.prompt })}
          />
        )}
        {model && (
          <a className="task-download" href={model.url} download data-testid="task-model">
            <FormattedMessage id="tasks.downloadModel" />
          </a>
        )}
        {phase.status === 'failed' && (
          <p className="task-error" role="alert">
            <FormattedMessage id="tasks.failedReason" values={{ reason: phase.reason }} />
          </p>
        )}
      </div>
    </article>
  );
};
