/** Commands of the tasks area: create (text to image and every tool), delete, cancel, retry, estimate, publish, the options config and remix. */
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

/**
 * A task as a form built it (domain `generationRequest`, `toolRequest`): plain fields that the
 * epic decodes with the create codec before sending, so a form can never send a malformed task.
 */
export const submitTask = defineCommand<{ readonly fields: Readonly<Record<string, unknown>> }>()(
  'tasks/submit',
);

/**
 * A task whose input is still going up (a sketch, an eraser mask): once the newest upload of
 * `field` is done (another URL than `previousUrl`), the task is submitted with its URL as
 * `key`. A failed upload sends nothing; a newer command for the field replaces this one.
 */
export const submitAfterUpload = defineCommand<{
  readonly field: string;
  readonly previousUrl: string | null;
  readonly key: 'input_url' | 'mask_url';
  readonly fields: Readonly<Record<string, unknown>>;
}>()('tasks/submitAfterUpload');

/** Deletes a task on the server (spec §7 /task/delete). */
export const deleteTask = defineCommand<{ readonly id: string }>()('tasks/delete');

/** Stops a task still running; its coins come back. */
export const cancelTask = defineCommand<{ readonly id: string }>()('tasks/cancel');

/** Sends a failed or cancelled task again with the same parameters. */
export const retryTask = defineCommand<{ readonly id: string }>()('tasks/retry');

/** The person looked at these finished tasks. */
export const markTasksSeen = defineCommand<{ readonly ids: readonly string[] }>()('tasks/markSeen');

/** Asks what a task with these fields would cost and take (spec §7 /task/estimate). */
export const estimateTask = defineCommand<{ readonly request: ToolTaskRequest }>()('tasks/estimate');

/** Asks for an estimate of form fields (decoded first; fields that do not decode ask nothing). */
export const estimateFields = defineCommand<{ readonly fields: Readonly<Record<string, unknown>> }>()(
  'tasks/estimateFields',
);

/** Loads the task options config (spec §3), with a square model it must list (`?model=`). */
export const loadTaskOptions = defineCommand<{ readonly modelId?: string }>()('tasks/loadOptions');

/** Loads the prompt and parameters of a work to remix (spec §2 Remix). */
export const loadRemix = defineCommand<{ readonly artworkId: string }>()('tasks/loadRemix');

/**
 * Publishes a finished task's image to the square after the sensitive-word check of spec §5:
 * the fields carry their translated labels, which an error names.
 */
export const publishTask = defineCommand<{
  readonly id: string;
  readonly title: { readonly text: string; readonly label: string };
  readonly description: { readonly text: string; readonly label: string };
  readonly separator: string;
}>()('tasks/publish');
