import { createSelector } from '@reduxjs/toolkit';
import { tasks, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

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
