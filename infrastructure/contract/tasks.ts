/**
 * Task calls of spec §7: `/api/v1/task/tool/create` and `/api/v1/task/tool/batch-progress`
 * (body `task_ids`, `g_mode` 1 for guests, response `data.items`).
 * Create's payload is "not shown" in the spec; we chose `{ domain_type, prompt, aspect_ratio,
 * seed?, g_mode? }` and answer with the created task item.
 */
import * as t from 'io-ts';

export const TASK_CREATE_PATH = '/api/v1/task/tool/create';
export const TASK_BATCH_PROGRESS_PATH = '/api/v1/task/tool/batch-progress';

/** Coins one text-to-image task costs a signed-in account (the server debits; the client only shows it). */
export const IMAGE_TASK_COST = 10;
export const PROMPT_MAX_LENGTH = 2000;

/** Spec §9 aspect ratios of image generation. */
export const ASPECT_RATIOS = ['1:1', '3:4', '2:3', '9:16', '4:3', '3:2', '16:9', '21:9'] as const;
export const AspectRatio = t.keyof(
  Object.fromEntries(ASPECT_RATIOS.map((r) => [r, null])) as Record<(typeof ASPECT_RATIOS)[number], null>,
  'AspectRatio',
);
export type AspectRatio = t.TypeOf<typeof AspectRatio>;

interface PromptBrand {
  readonly Prompt: unique symbol;
}
/** A prompt of 1..2000 characters that is not only whitespace. */
export const Prompt = t.brand(
  t.string,
  (s): s is t.Branded<string, PromptBrand> => s.trim().length > 0 && s.length <= PROMPT_MAX_LENGTH,
  'Prompt',
);
export type Prompt = t.TypeOf<typeof Prompt>;

interface DomainTypeBrand {
  readonly DomainType: unique symbol;
}
/** Spec §3: task domain types 0 to 25. */
export const DomainType = t.brand(
  t.number,
  (n): n is t.Branded<number, DomainTypeBrand> => Number.isInteger(n) && n >= 0 && n <= 25,
  'DomainType',
);
export type DomainType = t.TypeOf<typeof DomainType>;

export const TaskCreateRequest = t.intersection(
  [
    t.type({ domain_type: DomainType, prompt: Prompt, aspect_ratio: AspectRatio }),
    t.partial({ seed: t.number, g_mode: t.union([t.literal(0), t.literal(1)]) }),
  ],
  'TaskCreateRequest',
);
export type TaskCreateRequest = t.TypeOf<typeof TaskCreateRequest>;

export const TaskImageUri = t.type({ url: t.string, width: t.number, height: t.number }, 'TaskImageUri');
export type TaskImageUri = t.TypeOf<typeof TaskImageUri>;

/** One task as the server reports it (spec §3 Task). */
export const TaskItem = t.type(
  {
    id: t.string,
    status: t.number,
    process: t.number,
    status_desc: t.string,
    img_uris: t.array(TaskImageUri),
    estimate_time: t.union([t.number, t.null]),
    create_at: t.number,
    domain_type: t.number,
    prompt: t.string,
    aspect_ratio: t.string,
  },
  'TaskItem',
);
export type TaskItem = t.TypeOf<typeof TaskItem>;

export const TaskCreateResponse = t.type({ item: TaskItem }, 'TaskCreateResponse');
export type TaskCreateResponse = t.TypeOf<typeof TaskCreateResponse>;

export const BatchProgressRequest = t.intersection(
  [
    t.type({ task_ids: t.array(t.string) }),
    t.partial({ g_mode: t.union([t.literal(0), t.literal(1)]) }),
  ],
  'BatchProgressRequest',
);
export type BatchProgressRequest = t.TypeOf<typeof BatchProgressRequest>;

export const BatchProgressResponse = t.type({ items: t.array(TaskItem) }, 'BatchProgressResponse');
export type BatchProgressResponse = t.TypeOf<typeof BatchProgressResponse>;
