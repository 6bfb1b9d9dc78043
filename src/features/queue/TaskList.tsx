import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../ui';
import { TaskCard } from './TaskCard';
import styles from './TaskList.module.css';
import { useTaskViews } from './useTasks';

/** Every task of this browser's queue, newest first; an empty queue says how to start one. */
export const TaskList = ({ headingId }: { readonly headingId: string }) => {
  const list = useTaskViews();
  return (
    <section aria-labelledby={headingId} data-tour="queue">
      <h2 id={headingId} className={styles.heading}>
        <FormattedMessage id="tasks.title" />
      </h2>
      {list.length === 0 ? (
        <div data-testid="tasks-empty">
          <EmptyState
            title={<FormattedMessage id="tasks.empty.title" />}
            body={<FormattedMessage id="tasks.empty.body" />}
            level={3}
          />
        </div>
      ) : (
        <div className={styles.grid}>
          {list.map((t) => (
            <TaskCard key={t.id} task={t} />
          ))}
        </div>
      )}
    </section>
  );
};
