/**
 * A task's parameters: the request fields a task keeps as they were sent (one list, used both to
 * copy them from a create request and to show them again in the task's `params`).
 */
import type { TaskCreateRequest } from '../../infrastructure/contract/tasks';
import type { StoredParams } from './render';

/** The request fields a task stores as sent (input and reference urls are replaced once resolved). */
const TASK_PARAM_KEYS = [
  'negative_prompt',
  'aspect_ratio',
  'batch_size',
  'speed_type',
  'input_url',
  'ref_url',
  'scale',
  'upscale_method',
  'filter',
  'rect',
  'style',
  'emotion',
  'instrument',
  'voice',
  'duration',
  'strength',
  'model_id',
  'sampler_name',
  'steps',
  'cfg_scale',
  'size',
  'width',
  'height',
  'loras',
  'control_units',
  'vae',
  'upscaler',
  'prompt_style',
  'tier',
] as const;

/** What a create request sets: the task's fields and whether it goes to the community. */
const REQUEST_PARAM_KEYS = [...TASK_PARAM_KEYS, 'pub_community'] as const;

/** The stored fields a client may see again (what it sent, resolved): no blob keys, no workflow graph. */
const PUBLIC_PARAM_KEYS = [...TASK_PARAM_KEYS, 'mask_url'] as const;

export type MutableParams = { -readonly [K in keyof StoredParams]: StoredParams[K] };

/** The request's fields a task keeps, as they were sent. */
export const requestParams = (req: TaskCreateRequest): MutableParams => {
  const params: MutableParams = {};
  for (const key of REQUEST_PARAM_KEYS) {
    const v = req[key];
    if (v !== undefined) (params as Record<string, unknown>)[key] = v;
  }
  return params;
};

export const publicParams = (p: StoredParams): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of PUBLIC_PARAM_KEYS) if (p[key] !== undefined) out[key] = p[key];
  if (p.workflow) out['workflow_id'] = p.workflow.id;
  return out;
};
