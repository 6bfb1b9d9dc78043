/** Commands of the tasks area: create (text to image and every tool), delete, estimate. */
import type { TaskCreateRequest } from '../contract/tasks';
import { defineCommand } from '../store/commands';

export const createTask = defineCommand<CreateTaskPayload>()('tasks/create');

export interface CreateTaskPayload {
  readonly prompt: string;
  readonly aspectRatio: string;
  readonly domainType: number;
  readonly seed?: number;
}

/** Creates a task of any domain type with its kind's fields. */
export const createToolTask = defineCommand<{ readonly request: ToolTaskRequest }>()('tasks/createTool');

/** Fields of a tool task beyond the text-to-image ones (`input_url`, `scale`, `style`, ...). */
export type ToolTaskRequest = Omit<TaskCreateRequest, 'g_mode'>;

/** Deletes a task on the server (spec §7 /task/delete). */
export const deleteTask = defineCommand<{ readonly id: string }>()('tasks/delete');

/** Asks what a task with these fields would cost and take (spec §7 /task/estimate). */
export const estimateTask = defineCommand<{ readonly request: ToolTaskRequest }>()('tasks/estimate');
