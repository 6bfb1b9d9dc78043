import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { markTasksSeen } from '../../../../infrastructure/tasks/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, EmptyState, Tabs } from '../../../ui';
import styles from './QueuePanel.module.css';
import { TaskCard } from './TaskCard';
import { useQueueSummary, useTaskViews } from './useTasks';

type Filter = tasks.TaskGroup | 'all';

/**
 * The queue: every job of this browser's person, of every kind (images, tools, video, audio,
 * songs, LoRA trainings, workflow runs), newest first, with what each made or how far it is.
 * Above it: how many run against the tier's queue, today's generations against the daily
 * limit (spec §8 70002 and 70001, told before a task is refused), and what finished while the
 * person was away. The list survives a reload (infrastructure/tasks/taskStore.ts).
 */
export const QueuePanel = ({
  headingId,
  initialFilter = 'all',
}: {
  readonly headingId: string;
  readonly initialFilter?: Filter;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const list = useTaskViews();
  const summary = useQueueSummary();
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const shown = useMemo(() => tasks.filterTaskViews(list, filter), [list, filter]);
  const groups = tasks.TASK_GROUPS.filter((g) => (summary.counts[g] ?? 0) > 0);
  const items = [
    { value: 'all', label: <FormattedMessage id="tasks.group.all" values={{ count: list.length }} /> },
    ...groups.map((g) => ({
      value: g,
      label: <FormattedMessage id={`tasks.group.${g}`} values={{ count: summary.counts[g] ?? 0 }} />,
    })),
  ];
  return (
    <section aria-labelledby={headingId} className={styles.panel} data-testid="queue-panel" data-tour="queue">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          <FormattedMessage id="tasks.title" />
        </h2>
        <p className={styles.summary} data-testid="queue-summary">
          {summary.queueLimit !== null ? (
            <FormattedMessage
              id="tasks.queue.running"
              values={{ running: summary.running, limit: summary.queueLimit }}
            />
          ) : (
            <FormattedMessage id="tasks.queue.runningOnly" values={{ running: summary.running }} />
          )}
          {summary.dailyLimit !== null && summary.dailyUsed !== null && (
            <>
              {' · '}
              <FormattedMessage
                id="tasks.queue.daily"
                values={{ used: summary.dailyUsed, limit: summary.dailyLimit }}
              />
            </>
          )}
        </p>
      </div>
      {summary.notice !== null && (
        <p className={styles.notice} role="status" data-testid="queue-notice" data-notice={summary.notice}>
          <FormattedMessage id={summary.notice === 'queueFull' ? 'taskQueueFull' : 'HttpErrorCode_70001'} />
        </p>
      )}
      {summary.unseen.length > 0 && (
        <div className={styles.away} data-testid="queue-away">
          <span>
            <FormattedMessage id="tasks.away" values={{ count: summary.unseen.length }} />
          </span>
          <Button size="sm" variant="ghost" onClick={() => dispatch(markTasksSeen({ ids: summary.unseen }))}>
            <FormattedMessage id="tasks.away.markSeen" />
          </Button>
        </div>
      )}
      {list.length > 0 && groups.length > 1 && (
        <Tabs
          items={items}
          value={filter}
          onValueChange={(v) => setFilter(v as Filter)}
          label={intl.formatMessage({ id: 'tasks.group.label' })}
          className={styles.tabs}
        />
      )}
      {shown.length === 0 ? (
        <div data-testid="tasks-empty">
          <EmptyState
            title={<FormattedMessage id="tasks.empty.title" />}
            body={<FormattedMessage id="tasks.empty.body" />}
            level={3}
          />
        </div>
      ) : (
        <div className={styles.grid}>
          {shown.map((t) => (
            <TaskCard key={t.id} task={t} />
          ))}
        </div>
      )}
    </section>
  );
};
