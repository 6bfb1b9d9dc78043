import type { BoundedContext } from '../kernel/context.js';
import { taskEventTypes, type TaskEvent } from './events.js';
import { taskInvariants } from './invariants.js';
import { evolveTasks, initialTasksState, type TasksState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './domainTypes.js';
export * from './view.js';
export * from './generation.js';
export * from './tools.js';

export const tasksContext: BoundedContext<TasksState, TaskEvent> = {
  name: 'tasks',
  initialState: initialTasksState,
  evolve: evolveTasks,
  eventTypes: taskEventTypes,
  invariants: taskInvariants,
};
