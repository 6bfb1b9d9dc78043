/**
 * The configuration calls of the task tools: the task options config (spec §3 base_model,
 * models, modules, ctr_units, sampler_name, upscaler, vae, prompt_styles, video_config,
 * audio_config, default_flux), the tool config per domain type (spec §7 /task/tool/config,
 * e.g. "video tool config (type 6)") and the v2 base config (spec §9 image sizes).
 *
 * The spec names 25 samplers without listing them; ours are the 25 a Stable Diffusion
 * front end commonly offers. Models: four built-in checkpoints and three LoRAs (one of them
 * retired: using it answers 70009), plus the LoRAs the caller trained and saved.
 */
import {
  ASPECT_RATIOS,
  AUDIO_DURATION_RANGE,
  BATCH_SIZE_MAX,
  CUSTOM_SIZE_RANGES,
  IMAGE_TASK_COST,
  PROMPT_MAX_LENGTH,
  SONG_EMOTIONS,
  SONG_INSTRUMENTS,
  SONG_STYLES,
  SPEECH_EMOTIONS,
  SQUARE_SIZES,
  VOICES,
  type ModelOption,
  type TaskBaseConfig,
  type TaskOptionsConfig,
  type ToolConfig,
} from '../../infrastructure/contract/tasks';
import { BASE_MODELS } from '../../infrastructure/contract/feed';
import { tasks } from '../../domain/index.js';
import type { Queryable } from '../db/database';
import { SAMPLE_RATE } from '../engines/audio';
import { KINDS } from './kinds';

export const SAMPLER_NAMES = [
  'Euler',
  'Euler a',
  'LMS',
  'Heun',
  'DPM2',
  'DPM2 a',
  'DPM++ 2S a',
  'DPM++ 2M',
  'DPM++ SDE',
  'DPM++ 2M SDE',
  'DPM++ 3M SDE',
  'DPM fast',
  'DPM adaptive',
  'LMS Karras',
  'DPM2 Karras',
  'DPM2 a Karras',
  'DPM++ 2S a Karras',
  'DPM++ 2M Karras',
  'DPM++ SDE Karras',
  'DPM++ 2M SDE Karras',
  'DPM++ 3M SDE Karras',
  'DDIM',
  'PLMS',
  'UniPC',
  'LCM',
] as const;

export const VIDEO = { frames: 16, fps: 10, longSide: 320, delayCs: 10 } as const;
export const VIDEO_TIERS = tasks.VIDEO_TIERS;

export { VIDEO_TIER_SPECS, videoTierOf } from './kinds';
export const AUDIO_DEFAULT_DURATION = 6;

export interface BuiltInModel {
  readonly id: string;
  readonly name: string;
  readonly type: 'Checkpoint' | 'LORA';
  readonly baseModel: string;
  readonly triggerWords: readonly string[];
  readonly disabled: boolean;
}

export const BUILT_IN_MODELS: readonly BuiltInModel[] = [
  {
    id: 'atelier-xl',
    name: 'Atelier XL',
    type: 'Checkpoint',
    baseModel: 'SDXL',
    triggerWords: [],
    disabled: false,
  },
  {
    id: 'flux-dev',
    name: 'Flux Dev',
    type: 'Checkpoint',
    baseModel: 'Flux',
    triggerWords: [],
    disabled: false,
  },
  {
    id: 'anime-pony',
    name: 'Anime Pony',
    type: 'Checkpoint',
    baseModel: 'Pony',
    triggerWords: ['anime'],
    disabled: false,
  },
  {
    id: 'illustrious-ink',
    name: 'Illustrious Ink',
    type: 'Checkpoint',
    baseModel: 'Illustrious',
    triggerWords: ['ink'],
    disabled: false,
  },
  {
    id: 'lora-watercolor',
    name: 'Soft Watercolor',
    type: 'LORA',
    baseModel: 'SDXL',
    triggerWords: ['watercolor'],
    disabled: false,
  },
  {
    id: 'lora-neon',
    name: 'Neon Nights',
    type: 'LORA',
    baseModel: 'Flux',
    triggerWords: ['neon', 'night city'],
    disabled: false,
  },
  {
    id: 'lora-retro-15',
    name: 'Retro 1.5',
    type: 'LORA',
    baseModel: 'SD 1.x',
    triggerWords: ['retro'],
    disabled: true,
  },
];

export const DEFAULT_FLUX = {
  model_id: 'flux-dev',
  base_model: 'Flux',
  sampler_name: 'Euler',
  steps: 24,
  cfg_scale: 3.5,
  aspect_ratio: '1:1',
};

const PROMPT_STYLES = [
  {
    name: 'Cinematic',
    prompt: 'cinematic still, dramatic light, film grain',
    negative_prompt: 'cartoon, flat',
  },
  { name: 'Anime', prompt: 'anime style, cel shading, vivid colors', negative_prompt: 'photo, realistic' },
  {
    name: 'Watercolor',
    prompt: 'watercolor painting, soft edges, paper texture',
    negative_prompt: 'hard edges',
  },
  { name: 'Pixel art', prompt: 'pixel art, 16-bit, limited palette', negative_prompt: 'blurry, smooth' },
  { name: 'Photoreal', prompt: 'photorealistic, 85mm, natural light', negative_prompt: 'painting, drawing' },
  { name: 'Ink', prompt: 'ink drawing, cross hatching, monochrome', negative_prompt: 'color' },
];

const MODULES = [
  { name: 'canny', category: 'edges' },
  { name: 'lineart', category: 'edges' },
  { name: 'scribble', category: 'edges' },
  { name: 'depth', category: 'depth' },
  { name: 'openpose', category: 'pose' },
  { name: 'tile', category: 'detail' },
  { name: 'reference', category: 'style' },
];

/** The caller's saved LoRAs (trainings kept with /model/train/save). */
export const savedLoras = async (db: Queryable, accountId: string | null): Promise<ModelOption[]> => {
  if (accountId === null) return [];
  const rows = await db.query<{ id: string; name: string; base_model: string; trigger_word: string }>(
    `SELECT id, name, base_model, trigger_word FROM lora_trainings WHERE account_id = $1 AND saved_at IS NOT NULL AND status = 3 ORDER BY saved_at DESC`,
    [accountId],
  );
  return rows.map((r) => ({
    id: `train-${r.id}`,
    name: r.name,
    type: 'LORA',
    base_model: r.base_model,
    trigger_words: [r.trigger_word],
    disabled: false,
    owned: true,
  }));
};

/** A model of the square (a content item of kind model) as an option of the form. */
export const squareModel = async (db: Queryable, id: string): Promise<ModelOption | null> => {
  const [r] = await db.query<{
    id: string;
    title: string;
    model_type: string | null;
    base_model: string | null;
    extra: { trigger_words?: string[] } | string;
  }>(`SELECT id, title, model_type, base_model, extra FROM content_items WHERE id = $1 AND kind = 'model'`, [
    id,
  ]);
  if (!r) return null;
  const extra = typeof r.extra === 'string' ? (JSON.parse(r.extra) as { trigger_words?: string[] }) : r.extra;
  return {
    id: r.id,
    name: r.title,
    type: r.model_type ?? 'Checkpoint',
    base_model: r.base_model ?? 'SDXL',
    trigger_words: Array.isArray(extra.trigger_words)
      ? extra.trigger_words.filter((w) => typeof w === 'string')
      : [],
    disabled: false,
    owned: false,
  };
};

export interface ResolvedModel {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly triggerWords: readonly string[];
  readonly disabled: boolean;
  /** Null for built-in models. */
  readonly ownerId: string | null;
}

/** A model by id: built in, or a saved training (`train-<id>`, of any owner: the caller checks). */
export const findModel = async (db: Queryable, id: string): Promise<ResolvedModel | null> => {
  const builtIn = BUILT_IN_MODELS.find((m) => m.id === id);
  if (builtIn)
    return {
      id,
      name: builtIn.name,
      type: builtIn.type,
      triggerWords: builtIn.triggerWords,
      disabled: builtIn.disabled,
      ownerId: null,
    };
  if (!id.startsWith('train-')) {
    const square = await squareModel(db, id);
    return square === null
      ? null
      : {
          id,
          name: square.name,
          type: square.type,
          triggerWords: square.trigger_words,
          disabled: false,
          ownerId: null,
        };
  }
  const [r] = await db.query<{
    account_id: string;
    name: string;
    trigger_word: string;
    saved_at: string | null;
    status: number;
  }>('SELECT account_id, name, trigger_word, saved_at, status FROM lora_trainings WHERE id = $1', [
    id.slice('train-'.length),
  ]);
  if (!r) return null;
  return {
    id,
    name: r.name,
    type: 'LORA',
    triggerWords: [r.trigger_word],
    disabled: r.saved_at === null || r.status !== 3,
    ownerId: r.account_id,
  };
};

export const optionsConfig = async (
  db: Queryable,
  accountId: string | null,
  withModel?: string,
): Promise<TaskOptionsConfig> => {
  const config = await baseOptionsConfig(db, accountId);
  if (withModel === undefined || config.models.some((m) => m.id === withModel)) return config;
  const square = await squareModel(db, withModel);
  return square === null ? config : { ...config, models: [...config.models, square] };
};

const baseOptionsConfig = async (db: Queryable, accountId: string | null): Promise<TaskOptionsConfig> => ({
  base_model: BASE_MODELS.map((name) => ({
    name,
    family: name.startsWith('SD') ? 'Stable Diffusion' : name,
  })),
  models: [
    ...BUILT_IN_MODELS.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      base_model: m.baseModel,
      trigger_words: [...m.triggerWords],
      disabled: m.disabled,
      owned: false,
    })),
    ...(await savedLoras(db, accountId)),
  ],
  modules: MODULES,
  ctr_units: { max: 3, default_weight: 1 },
  sampler_name: [...SAMPLER_NAMES],
  upscaler: [
    { name: 'Bilinear', method: 'bilinear', scales: [2, 4] },
    { name: 'Bicubic', method: 'bicubic', scales: [2, 4] },
  ],
  vae: ['Automatic', 'sdxl_vae.safetensors', 'vae-ft-mse-840000-ema-pruned.safetensors', 'None'],
  prompt_styles: PROMPT_STYLES,
  video_config: {
    tiers: [...VIDEO_TIERS],
    frames: VIDEO.frames,
    fps: VIDEO.fps,
    long_side: VIDEO.longSide,
    aspect_ratios: ['16:9', '9:16', '1:1', '4:3', '3:4'],
  },
  audio_config: {
    styles: [...SONG_STYLES],
    emotions: [...SONG_EMOTIONS],
    instruments: [...SONG_INSTRUMENTS],
    voices: [...VOICES],
    speech_emotions: [...SPEECH_EMOTIONS],
    sample_rate: SAMPLE_RATE,
    duration: {
      min: AUDIO_DURATION_RANGE.min,
      max: AUDIO_DURATION_RANGE.max,
      default: AUDIO_DEFAULT_DURATION,
    },
  },
  default_flux: DEFAULT_FLUX,
});

export const toolConfigs = (durationMs: number, type: number | undefined): ToolConfig[] =>
  KINDS.filter((k) => type === undefined || k.type === type).map((k) => ({
    domain_type: k.type,
    key: k.key,
    label_key: tasks.domainTypeLabelKey(k.type),
    output: k.output,
    cost: k.cost,
    estimate_time: Math.ceil((durationMs * k.timeFactor) / 1000),
    guest_allowed: k.guestAllowed,
    creatable: k.creatable,
    inputs: { prompt: k.prompt, image: k.image, ref_image: k.refImage },
    options: Object.fromEntries(Object.entries(k.options).map(([key, values]) => [key, [...values]])),
  }));

export const baseConfig = (): TaskBaseConfig => ({
  task_flow_version: 'v2',
  aspect_ratios: [...ASPECT_RATIOS],
  square_sizes: [...SQUARE_SIZES],
  custom_ranges: CUSTOM_SIZE_RANGES.map((r) => ({ ...r })),
  prompt_max_length: PROMPT_MAX_LENGTH,
  batch_size_max: BATCH_SIZE_MAX,
  image_task_cost: IMAGE_TASK_COST,
  speed_types: [
    { value: 1, key: 'normal', cost_factor: 1, time_factor: 1 },
    { value: 2, key: 'fast', cost_factor: 2, time_factor: 0.5 },
  ],
  defaults: {
    aspect_ratio: '1:1',
    sampler_name: 'DPM++ 2M Karras',
    steps: 25,
    cfg_scale: 7,
    batch_size: 1,
    speed_type: 1,
  },
  domain_types: tasks.TASK_DOMAIN_TYPES.map((d) => ({
    domain_type: d.id,
    key: d.key,
    label_key: d.labelKey,
  })),
});
