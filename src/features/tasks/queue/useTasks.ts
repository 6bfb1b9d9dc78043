import { createSelector } from '../../../../domain/kernel/memo.js';
import { tasks, type RootState } from '../../../../domain/index.js';
import { useAppSelector } from '../../../../infrastructure/store/hooks';

/** One view per task object: a task the last event did not touch keeps its view (and its card is not redrawn). */
const views = new WeakMap<tasks.Task, tasks.TaskView>();
const viewOf = (task: tasks.Task): tasks.TaskView => {
  const known = views.get(task);
  if (known) return known;
  const view = tasks.taskView(task);
  views.set(task, view);
  return view;
};

/** The task list, recomputed only when the tasks state changes (not on polls of other contexts, chat tokens, telemetry). */
const selectTaskViews = createSelector([(s: RootState) => s.tasks], (t) =>
  tasks.selectTaskList(t).map(viewOf),
);

export const useTaskViews = () => useAppSelector(selectTaskViews);

export interface QueueSummary {
  readonly running: number;
  readonly queueLimit: number | null;
  readonly dailyUsed: number | null;
  readonly dailyLimit: number | null;
  readonly notice: tasks.QueueNotice | null;
  /** Finished tasks the person has not looked at yet. */
  readonly unseen: readonly string[];
  readonly counts: Readonly<Partial<Record<tasks.TaskGroup, number>>>;
}

const selectQueueSummary = createSelector(
  [selectTaskViews, (s: RootState) => tasks.selectEstimate(s.tasks)],
  (list, estimate): QueueSummary => {
    const running = list.filter((v) => v.status === 'inProgress').length;
    return {
      running,
      queueLimit: estimate?.queue?.limit ?? null,
      dailyUsed: estimate?.daily?.used ?? null,
      dailyLimit: estimate?.daily?.limit ?? null,
      notice: tasks.queueNoticeOf(estimate, running),
      unseen: list.filter((v) => v.unseen).map((v) => v.id),
      counts: tasks.taskGroupCounts(list),
    };
  },
);

export const useQueueSummary = () => useAppSelector(selectQueueSummary);

/** Whether a publish of this task is under way. */
export const usePublishing = (id: string) => useAppSelector((s) => s.tasks.publishing?.[id] === true);
