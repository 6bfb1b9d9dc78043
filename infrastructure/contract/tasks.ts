/**
 * Task calls of spec §7 (all POST): `/api/v1/task/tool/create`, `/api/v1/task/tool/batch-progress`
 * (body `task_ids`, `g_mode` 1 for guests, response `data.items`), `/api/v1/task/detail`,
 * `/api/v1/task/list`, `/api/v1/task/delete`, `/api/v1/task/estimate`, `/api/v1/task/tool/config`,
 * `/api/v1/task/v2/config/base` and the task options config (spec §3; its path is not shown:
 * we chose `/api/v1/task/config/options`).
 *
 * Payloads the spec does not show, as we chose them:
 * - create and estimate: `{ domain_type, prompt?, aspect_ratio?, seed?, g_mode? }` plus the
 *   kind's own fields (`input_url`, `scale`, `filter`, `style`, `workflow_id`, ... below); which
 *   fields a domain type needs is in the tool config. Create answers with the task item.
 * - detail `{ id, g_mode? }` -> `{ item }`; list `{ page?, page_size?, domain_types?, g_mode? }`
 *   -> `{ items, total, page, page_size }` (newest first); delete `{ ids, g_mode? }` ->
 *   `{ deleted, refunded_coins }`; estimate -> `{ coins, estimate_time, ... }`.
 * - A task item may carry `media` (every output with its kind: image, video (an animated GIF),
 *   audio (a WAV)) beside `img_uris` (the images and covers, as before).
 * - An input image (`input_url`, `mask_url`, `ref_url`) is refused with a code of its own
 *   (issue 21, `uploads.TASK_INPUT_LIMIT`): 30043 over 2048 × 2048 pixels, 30044 not a PNG,
 *   JPEG, WebP, AVIF or GIF image, 30045 a result over 3072 pixels on a side (input × scale).
 */
import * as t from 'io-ts';
import { tasks } from '../../domain/index.js';
import { AudioEmotion as SpeechEmotion, SongEmotion, SongInstrument, SongStyle, Voice } from './streaming';

export const TASK_CREATE_PATH = '/api/v1/task/tool/create';
export const TASK_BATCH_PROGRESS_PATH = '/api/v1/task/tool/batch-progress';
export const TASK_DETAIL_PATH = '/api/v1/task/detail';
export const TASK_LIST_PATH = '/api/v1/task/list';
export const TASK_DELETE_PATH = '/api/v1/task/delete';
export const TASK_ESTIMATE_PATH = '/api/v1/task/estimate';
export const TASK_TOOL_CONFIG_PATH = '/api/v1/task/tool/config';
export const TASK_OPTIONS_CONFIG_PATH = '/api/v1/task/config/options';
export const TASK_BASE_CONFIG_PATH = '/api/v1/task/v2/config/base';
/** Stops tasks still running (status 5, coins back); the spec names no path, this is ours. */
export const TASK_CANCEL_PATH = '/api/v1/task/cancel';
/** Publishes a finished task's image to the square as an artwork (spec §3 pub_community); ours. */
export const TASK_PUBLISH_PATH = '/api/v1/task/publish';
/**
 * Ours (issue 23, push the result): on the account socket (socket.io at /im/v1, where chat also
 * runs), the server tells every tab of a task's owner that tasks ended, at once; the client then
 * reads their progress with one batch-progress call. Polling every 3 s (spec §4) stays the fallback
 * while the socket is down. Guests have no socket and only poll.
 */
export const TASK_SETTLED_EVENT = 'task:settled';
export const TaskSettledPush = t.type({ task_ids: t.array(t.string) });
export type TaskSettledPush = t.TypeOf<typeof TaskSettledPush>;
/**
 * The prompt and parameters of a work to remix (spec §2 Remix). The spec names
 * `/task/stash/run-task/get` without its shape: we read it as "the stashed run parameters of a
 * work" and take `{ id }` (an artwork id).
 */
export const TASK_REMIX_PATH = '/api/v1/task/stash/run-task/get';

/** Coins one text-to-image task costs a signed-in account (the server debits; the client only shows it). */
export const IMAGE_TASK_COST = tasks.IMAGE_TASK_COST;
export const PROMPT_MAX_LENGTH = tasks.PROMPT_MAX_LENGTH;

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
  (s): s is t.Branded<string, PromptBrand> => tasks.promptProblem(s) === null,
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

const keyOf = <K extends string>(keys: readonly K[], name: string) =>
  t.keyof(Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>, name);

const bounded = (min: number, max: number, name: string, integer = true) =>
  t.refinement(t.number, (n) => (!integer || Number.isInteger(n)) && n >= min && n <= max, name);

const GMode = t.union([t.literal(0), t.literal(1)], 'GMode');

/** Spec §9 speed: 1 normal, 2 fast (twice the coins, half the time). */
export const SPEED_TYPES = [1, 2] as const;
export const SpeedType = t.union([t.literal(1), t.literal(2)], 'SpeedType');
export type SpeedType = t.TypeOf<typeof SpeedType>;

export const UPSCALE_METHODS = ['bilinear', 'bicubic'] as const;
export const UpscaleMethod = keyOf(UPSCALE_METHODS, 'UpscaleMethod');
export type UpscaleMethod = t.TypeOf<typeof UpscaleMethod>;

export const FILTERS = [
  'grayscale',
  'sepia',
  'posterize',
  'blur',
  'sharpen',
  'emboss',
  'invert',
  'vintage',
  'makeup',
] as const;
export const FilterName = keyOf(FILTERS, 'FilterName');
export type FilterName = t.TypeOf<typeof FilterName>;

/** Spec §9 song and speech vocabularies: the codecs are the streaming contract's (one list each). */
const keysOf = <K extends string>(codec: t.KeyofC<{ [P in K]: null }>): readonly K[] =>
  Object.keys(codec.keys) as K[];
export const SONG_STYLES = keysOf(SongStyle);
export const SONG_EMOTIONS = keysOf(SongEmotion);
export const SONG_INSTRUMENTS = keysOf(SongInstrument);
export const VOICES = keysOf(Voice);
export const SPEECH_EMOTIONS = keysOf(SpeechEmotion);

/** A URL of an image or audio file the caller owns: an upload or an output of their own task. */
export const InputUrl = t.refinement(t.string, (s) => s.length > 0 && s.length <= 500, 'InputUrl');

/** A rectangle in fractions of the image (0..1), for the magic eraser. */
export const FractionRect = t.refinement(
  t.type({ x: t.number, y: t.number, width: t.number, height: t.number }),
  (r) => r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0 && r.x + r.width <= 1 && r.y + r.height <= 1,
  'FractionRect',
);
export type FractionRect = t.TypeOf<typeof FractionRect>;

/** Limits of the kind-specific fields (the tool config reports the same numbers). */
export const BATCH_SIZE_MAX = tasks.BATCH_COUNT_MAX;
export const LORA_MAX = tasks.LORA_MAX;
export const CONTROL_UNITS_MAX = 3;

/** Spec §9 square modes: the long side of the picture. */
export const SizeMode = t.union(
  [t.literal(512), t.literal(768), t.literal(1024), t.literal(1536)],
  'SizeMode',
);
/** A custom side (spec §9 custom ranges 512-1024 and 768-1536; the pair is checked on the server). */
export const CustomSide = t.refinement(
  t.number,
  (n) => Number.isInteger(n) && n >= 512 && n <= 1536 && n % 8 === 0,
  'CustomSide',
);
export const VideoTier = keyOf(tasks.VIDEO_TIERS, 'VideoTier');
export type VideoTier = t.TypeOf<typeof VideoTier>;

const ShortName = t.refinement(t.string, (s) => s.length > 0 && s.length <= 80, 'ShortName');

export const LoraRef = t.type(
  {
    model_id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'ModelId'),
    weight: bounded(tasks.LORA_WEIGHT.min, tasks.LORA_WEIGHT.max, 'LoraWeight', false),
  },
  'LoraRef',
);
export const ControlUnit = t.type(
  {
    module: ShortName,
    weight: bounded(tasks.CONTROL_WEIGHT.min, tasks.CONTROL_WEIGHT.max, 'ControlWeight', false),
  },
  'ControlUnit',
);
/** A hires pass of text to image: the picture upscaled after it is made. */
export const HiresUpscaler = t.type(
  { method: t.keyof({ bilinear: null, bicubic: null }), scale: t.union([t.literal(1.5), t.literal(2)]) },
  'HiresUpscaler',
);

const shortArray = <C extends t.Mixed>(codec: C, max: number, name: string) =>
  t.refinement(t.array(codec), (a) => a.length <= max, name);
export const AUDIO_DURATION_RANGE = { min: 2, max: 12 } as const;

export const TaskCreateRequest = t.intersection(
  [
    t.type({ domain_type: DomainType }),
    t.partial({
      prompt: Prompt,
      negative_prompt: t.refinement(t.string, (s) => s.length <= PROMPT_MAX_LENGTH, 'NegativePrompt'),
      aspect_ratio: AspectRatio,
      seed: t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0 && n <= 2 ** 32, 'Seed'),
      g_mode: GMode,
      speed_type: SpeedType,
      batch_size: bounded(1, BATCH_SIZE_MAX, 'BatchSize'),
      input_url: InputUrl,
      ref_url: InputUrl,
      scale: t.union([t.literal(2), t.literal(4)]),
      upscale_method: UpscaleMethod,
      filter: FilterName,
      rect: FractionRect,
      style: SongStyle,
      emotion: t.union([SongEmotion, SpeechEmotion]),
      instrument: SongInstrument,
      voice: Voice,
      duration: bounded(AUDIO_DURATION_RANGE.min, AUDIO_DURATION_RANGE.max, 'AudioDuration', false),
      strength: bounded(0, 1, 'Strength', false),
      workflow_id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'WorkflowId'),
      model_id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'ModelId'),
      sampler_name: t.refinement(t.string, (s) => s.length > 0 && s.length <= 40, 'SamplerName'),
      steps: bounded(1, 150, 'Steps'),
      cfg_scale: bounded(1, 30, 'CfgScale', false),
      size: SizeMode,
      width: CustomSide,
      height: CustomSide,
      loras: shortArray(LoraRef, tasks.LORA_MAX, 'Loras'),
      control_units: shortArray(ControlUnit, CONTROL_UNITS_MAX, 'ControlUnits'),
      vae: ShortName,
      upscaler: HiresUpscaler,
      prompt_style: ShortName,
      tier: VideoTier,
      /** The eraser's mask: an image of the caller's, painted where the picture is erased. */
      mask_url: InputUrl,
      pub_community: GMode,
      /** A solved guest challenge (contract/captcha.ts), when the server answered 20011. */
      captcha_token: t.refinement(t.string, (s) => s.length > 0 && s.length <= 512, 'CaptchaToken'),
    }),
  ],
  'TaskCreateRequest',
);
export type TaskCreateRequest = t.TypeOf<typeof TaskCreateRequest>;

export const TaskImageUri = t.type({ url: t.string, width: t.number, height: t.number }, 'TaskImageUri');
export type TaskImageUri = t.TypeOf<typeof TaskImageUri>;

export const MEDIA_KINDS = ['image', 'video', 'audio', 'model'] as const;
export const MediaKind = keyOf(MEDIA_KINDS, 'MediaKind');
export type MediaKind = t.TypeOf<typeof MediaKind>;

/** One output file of a task: images (PNG), video (animated GIF), audio (WAV). */
export const TaskMedia = t.intersection(
  [
    t.type({ url: t.string, kind: MediaKind, content_type: t.string }),
    t.partial({ width: t.number, height: t.number, duration: t.number, frames: t.number }),
  ],
  'TaskMedia',
);
export type TaskMedia = t.TypeOf<typeof TaskMedia>;

/** What a task cost: coins per ledger kind (spec §3 deduction_detail). */
export const DeductionDetail = t.type(
  { coins: t.number, parts: t.array(t.type({ kind: t.string, amount: t.number })), refunded: t.boolean },
  'DeductionDetail',
);
export type DeductionDetail = t.TypeOf<typeof DeductionDetail>;

/**
 * One task as the server reports it (spec §3 Task). The fields after `aspect_ratio` are
 * optional on the wire so that older producers and fixtures still decode; the reference server
 * always sends them.
 */
export const TaskItem = t.intersection(
  [
    t.type({
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
    }),
    t.partial({
      media: t.array(TaskMedia),
      comfyui_current_node: t.union([t.string, t.null]),
      task_return: t.union([t.string, t.null]),
      pub_community: t.number,
      deduction_detail: t.union([DeductionDetail, t.null]),
      expiration_time: t.union([t.number, t.null]),
      speed_type: t.number,
      g_mode: t.number,
      seed: t.number,
      /** The kind fields it was created with (what a retry sends again); no internal keys. */
      params: t.UnknownRecord,
      /** The artwork it was published as. */
      artwork_id: t.string,
      /** The image of the production box its owner wears on it (spec §7 ornament use with work_id). */
      production_frame: t.union([t.string, t.null]),
    }),
  ],
  'TaskItem',
);
export type TaskItem = t.TypeOf<typeof TaskItem>;

export const TaskCreateResponse = t.type({ item: TaskItem }, 'TaskCreateResponse');
export type TaskCreateResponse = t.TypeOf<typeof TaskCreateResponse>;

export const BatchProgressRequest = t.intersection(
  [t.type({ task_ids: t.array(t.string) }), t.partial({ g_mode: t.union([t.literal(0), t.literal(1)]) })],
  'BatchProgressRequest',
);
export type BatchProgressRequest = t.TypeOf<typeof BatchProgressRequest>;

export const BatchProgressResponse = t.type({ items: t.array(TaskItem) }, 'BatchProgressResponse');
export type BatchProgressResponse = t.TypeOf<typeof BatchProgressResponse>;

export const TaskDetailRequest = t.intersection(
  [t.type({ id: t.string }), t.partial({ g_mode: GMode })],
  'TaskDetailRequest',
);
export type TaskDetailRequest = t.TypeOf<typeof TaskDetailRequest>;

export const TaskDetailResponse = t.type({ item: TaskItem }, 'TaskDetailResponse');
export type TaskDetailResponse = t.TypeOf<typeof TaskDetailResponse>;

export const TASK_LIST_PAGE_SIZE_MAX = 100;
export const TASK_LIST_DEFAULT_PAGE_SIZE = 20;

export const TaskListRequest = t.partial(
  {
    page: bounded(1, 10_000, 'Page'),
    page_size: bounded(1, TASK_LIST_PAGE_SIZE_MAX, 'PageSize'),
    domain_types: t.array(DomainType),
    g_mode: GMode,
  },
  'TaskListRequest',
);
export type TaskListRequest = t.TypeOf<typeof TaskListRequest>;

export const TaskListResponse = t.type(
  { items: t.array(TaskItem), total: t.number, page: t.number, page_size: t.number },
  'TaskListResponse',
);
export type TaskListResponse = t.TypeOf<typeof TaskListResponse>;

export const TASK_DELETE_MAX_IDS = 50;

export const TaskDeleteRequest = t.intersection(
  [
    t.type({
      ids: t.refinement(
        t.array(t.string),
        (a) => a.length >= 1 && a.length <= TASK_DELETE_MAX_IDS,
        'TaskIds',
      ),
    }),
    t.partial({ g_mode: GMode }),
  ],
  'TaskDeleteRequest',
);
export type TaskDeleteRequest = t.TypeOf<typeof TaskDeleteRequest>;

export const TaskDeleteResponse = t.type(
  { deleted: t.array(t.string), refunded_coins: t.number },
  'TaskDeleteResponse',
);
export type TaskDeleteResponse = t.TypeOf<typeof TaskDeleteResponse>;

export const TaskEstimateRequest = TaskCreateRequest;
export type TaskEstimateRequest = TaskCreateRequest;

/**
 * What a create with the same body would cost and take, without creating anything. Guests pay
 * no coins (they have a daily limit instead); `daily_limit` is null for members.
 */
export const TaskEstimateResponse = t.type(
  {
    coins: t.number,
    estimate_time: t.number,
    balance: t.union([t.number, t.null]),
    can_afford: t.boolean,
    queue: t.type({ active: t.number, limit: t.number, tier: t.string }),
    daily: t.type({ used: t.number, limit: t.union([t.number, t.null]) }),
  },
  'TaskEstimateResponse',
);
export type TaskEstimateResponse = t.TypeOf<typeof TaskEstimateResponse>;

export const TaskCancelRequest = TaskDeleteRequest;
export type TaskCancelRequest = TaskDeleteRequest;

export const TaskCancelResponse = t.type(
  { cancelled: t.array(t.string), refunded_coins: t.number },
  'TaskCancelResponse',
);
export type TaskCancelResponse = t.TypeOf<typeof TaskCancelResponse>;

export const PUBLISH_TITLE_MAX = 100;
export const PUBLISH_DESCRIPTION_MAX = 1000;

export const TaskPublishRequest = t.intersection(
  [
    t.type({
      id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'TaskId'),
      title: t.refinement(
        t.string,
        (s) => s.trim().length > 0 && s.length <= PUBLISH_TITLE_MAX,
        'PublishTitle',
      ),
    }),
    t.partial({
      description: t.refinement(t.string, (s) => s.length <= PUBLISH_DESCRIPTION_MAX, 'PublishDescription'),
      /** Which image of a batch (0 by default). */
      image_index: bounded(0, BATCH_SIZE_MAX - 1, 'ImageIndex'),
    }),
  ],
  'TaskPublishRequest',
);
export type TaskPublishRequest = t.TypeOf<typeof TaskPublishRequest>;

export const TaskPublishResponse = t.type({ artwork_id: t.string }, 'TaskPublishResponse');
export type TaskPublishResponse = t.TypeOf<typeof TaskPublishResponse>;

export const TaskRemixRequest = t.type(
  { id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 80, 'ArtworkId') },
  'TaskRemixRequest',
);
export type TaskRemixRequest = t.TypeOf<typeof TaskRemixRequest>;

/** What Create fills in from a work (spec §2 Remix). Nulls: the work does not say. */
export const TaskRemixResponse = t.type(
  {
    id: t.string,
    title: t.string,
    prompt: t.string,
    negative_prompt: t.string,
    aspect_ratio: t.string,
    seed: t.union([t.number, t.null]),
    model_id: t.union([t.string, t.null]),
    sampler_name: t.union([t.string, t.null]),
    steps: t.union([t.number, t.null]),
    cfg_scale: t.union([t.number, t.null]),
    size: t.union([t.number, t.null]),
    cover: t.union([t.type({ url: t.string, width: t.number, height: t.number }), t.null]),
  },
  'TaskRemixResponse',
);
export type TaskRemixResponse = t.TypeOf<typeof TaskRemixResponse>;

/** Which inputs a kind takes: required, optional, or none. */
export const InputNeed = keyOf(['required', 'optional', 'none'] as const, 'InputNeed');
export type InputNeed = t.TypeOf<typeof InputNeed>;

export const ToolConfigRequest = t.partial({ type: DomainType, g_mode: GMode }, 'ToolConfigRequest');
export type ToolConfigRequest = t.TypeOf<typeof ToolConfigRequest>;

export const ToolConfig = t.type(
  {
    domain_type: t.number,
    key: t.string,
    label_key: t.string,
    output: MediaKind,
    cost: t.number,
    estimate_time: t.number,
    guest_allowed: t.boolean,
    creatable: t.boolean,
    inputs: t.type({ prompt: InputNeed, image: InputNeed, ref_image: InputNeed }),
    options: t.record(t.string, t.array(t.union([t.string, t.number]))),
  },
  'ToolConfig',
);
export type ToolConfig = t.TypeOf<typeof ToolConfig>;

export const ToolConfigResponse = t.type({ items: t.array(ToolConfig) }, 'ToolConfigResponse');
export type ToolConfigResponse = t.TypeOf<typeof ToolConfigResponse>;

export const ModelOption = t.type(
  {
    id: t.string,
    name: t.string,
    type: t.string,
    base_model: t.string,
    trigger_words: t.array(t.string),
    disabled: t.boolean,
    owned: t.boolean,
  },
  'ModelOption',
);
export type ModelOption = t.TypeOf<typeof ModelOption>;

export const PromptStyle = t.type(
  { name: t.string, prompt: t.string, negative_prompt: t.string },
  'PromptStyle',
);
export type PromptStyle = t.TypeOf<typeof PromptStyle>;

/** Spec §3 task options config. */
export const TaskOptionsConfig = t.type(
  {
    base_model: t.array(t.type({ name: t.string, family: t.string })),
    models: t.array(ModelOption),
    modules: t.array(t.type({ name: t.string, category: t.string })),
    ctr_units: t.type({ max: t.number, default_weight: t.number }),
    sampler_name: t.array(t.string),
    upscaler: t.array(t.type({ name: t.string, method: t.string, scales: t.array(t.number) })),
    vae: t.array(t.string),
    prompt_styles: t.array(PromptStyle),
    video_config: t.type({
      tiers: t.array(t.string),
      frames: t.number,
      fps: t.number,
      long_side: t.number,
      aspect_ratios: t.array(t.string),
    }),
    audio_config: t.type({
      styles: t.array(t.string),
      emotions: t.array(t.string),
      instruments: t.array(t.string),
      voices: t.array(t.string),
      speech_emotions: t.array(t.string),
      sample_rate: t.number,
      duration: t.type({ min: t.number, max: t.number, default: t.number }),
    }),
    default_flux: t.type({
      model_id: t.string,
      base_model: t.string,
      sampler_name: t.string,
      steps: t.number,
      cfg_scale: t.number,
      aspect_ratio: t.string,
    }),
  },
  'TaskOptionsConfig',
);
export type TaskOptionsConfig = t.TypeOf<typeof TaskOptionsConfig>;

/** `model_id`: a model of the square the list must hold (Create opened with `?model=`). */
export const TaskOptionsConfigRequest = t.partial(
  { g_mode: GMode, model_id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 80, 'ModelId') },
  'TaskOptionsConfigRequest',
);
export type TaskOptionsConfigRequest = t.TypeOf<typeof TaskOptionsConfigRequest>;

/** Spec §9 image generation sizes: square modes, aspect ratios, custom ranges. */
export const SQUARE_SIZES = [512, 768, 1024, 1536] as const;
export const CUSTOM_SIZE_RANGES = [
  { min: 512, max: 1024 },
  { min: 768, max: 1536 },
] as const;

export const TaskBaseConfig = t.type(
  {
    task_flow_version: t.string,
    aspect_ratios: t.array(t.string),
    square_sizes: t.array(t.number),
    custom_ranges: t.array(t.type({ min: t.number, max: t.number })),
    prompt_max_length: t.number,
    batch_size_max: t.number,
    image_task_cost: t.number,
    speed_types: t.array(
      t.type({ value: t.number, key: t.string, cost_factor: t.number, time_factor: t.number }),
    ),
    defaults: t.type({
      aspect_ratio: t.string,
      sampler_name: t.string,
      steps: t.number,
      cfg_scale: t.number,
      batch_size: t.number,
      speed_type: t.number,
    }),
    domain_types: t.array(t.type({ domain_type: t.number, key: t.string, label_key: t.string })),
  },
  'TaskBaseConfig',
);
export type TaskBaseConfig = t.TypeOf<typeof TaskBaseConfig>;
