/**
 * The quiet default of the task calls for store tests: no call ever answers. Tests of those
 * epics pass their own scripted `TasksDeps` (tests/infrastructure/epics/tasks.test.ts).
 */
import { EMPTY } from 'rxjs';
import type { TasksDeps } from '../../../infrastructure/tasks/deps';

export const fakeTasksDeps = (): TasksDeps => ({
  deleteTasks: () => EMPTY,
  estimateTask: () => EMPTY,
  listTasks: () => EMPTY,
  cancelTasks: () => EMPTY,
  optionsConfig: () => EMPTY,
  publishTask: () => EMPTY,
  remixOf: () => EMPTY,
  settledPushes: () => EMPTY,
});
