import type { Task, TasksState } from './state.js';

export const selectTaskList = (s: TasksState): readonly Task[] =>
  s.order.map((id) => s.byId[id]).filter((t): t is Task => t !== undefined);

export const selectTasksInProgress = (s: TasksState): readonly Task[] =>
  selectTaskList(s).filter((t) => t.phase.status === 'inProgress');

export const selectTaskById = (s: TasksState, id: string): Task | undefined => s.byId[id];
