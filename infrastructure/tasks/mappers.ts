/** Task-area contract values to domain values: options, the task options config, a remix, a creation. */
import { tasks } from '../../domain/index.js';
import { refreshPayment } from '../billing/commands';
import type { TaskItem, TaskMedia, TaskOptionsConfig, TaskRemixResponse } from '../contract/tasks';
import type { Action } from '../epics/types';

const MAX_DEPTH = 6;

/** A JSON value as the domain takes it, or undefined (functions, NaN, cycles never pass). */
const toOptionValue = (v: unknown, depth = 0): tasks.TaskOptionValue | undefined => {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (depth >= MAX_DEPTH || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) {
    const out: tasks.TaskOptionValue[] = [];
    for (const x of v) {
      const y = toOptionValue(x, depth + 1);
      if (y !== undefined) out.push(y);
    }
    return out;
  }
  const out: Record<string, tasks.TaskOptionValue> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === '__proto__') continue;
    const y = toOptionValue(x, depth + 1);
    if (y !== undefined) out[k] = y;
  }
  return out;
};

/** A task's kind fields (a request, or the server's echo of one) as domain options. */
export const toTaskOptions = (
  record: Readonly<Record<string, unknown>>,
  omit: readonly string[] = [],
): tasks.TaskOptions => {
  const out: Record<string, tasks.TaskOptionValue> = {};
  for (const [k, v] of Object.entries(record)) {
    if (omit.includes(k) || k === '__proto__') continue;
    const y = toOptionValue(v);
    if (y !== undefined) out[k] = y;
  }
  return out;
};

/** The request fields that are the task's identity, not its options. */
export const IDENTITY_FIELDS = ['domain_type', 'prompt', 'seed', 'g_mode', 'captcha_token'] as const;

export const toGenerationOptions = (c: TaskOptionsConfig): tasks.GenerationOptions => ({
  baseModels: c.base_model,
  models: c.models.map((m) => ({
    id: m.id,
    name: m.name,
    type: m.type,
    baseModel: m.base_model,
    triggerWords: m.trigger_words,
    disabled: m.disabled,
    owned: m.owned,
  })),
  modules: c.modules,
  controlUnits: { max: c.ctr_units.max, defaultWeight: c.ctr_units.default_weight },
  samplers: c.sampler_name,
  upscalers: c.upscaler,
  vaes: c.vae,
  promptStyles: c.prompt_styles.map((s) => ({
    name: s.name,
    prompt: s.prompt,
    negativePrompt: s.negative_prompt,
  })),
  videoTiers: c.video_config.tiers,
  defaults: {
    modelId: c.default_flux.model_id,
    baseModel: c.default_flux.base_model,
    sampler: c.default_flux.sampler_name,
    steps: c.default_flux.steps,
    cfgScale: c.default_flux.cfg_scale,
    aspectRatio: c.default_flux.aspect_ratio,
  },
});

export const toRemixSource = (r: TaskRemixResponse): tasks.RemixSource => ({
  artworkId: r.id,
  title: r.title,
  prompt: r.prompt,
  negativePrompt: r.negative_prompt,
  aspectRatio: r.aspect_ratio,
  seed: r.seed,
  modelId: r.model_id,
  sampler: r.sampler_name,
  steps: r.steps,
  cfgScale: r.cfg_scale,
  sizeMode: r.size,
  cover: r.cover,
});

export const toTaskMedia = (m: TaskMedia): tasks.TaskMediaItem => ({
  url: m.url,
  kind: m.kind,
  contentType: m.content_type,
  width: m.width ?? null,
  height: m.height ?? null,
  durationS: m.duration ?? null,
});

export const toTaskReport = (item: TaskItem): tasks.TaskReport => ({
  id: item.id,
  status: item.status,
  progress: item.process,
  statusDesc: item.status_desc,
  estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
  images: item.img_uris,
  ...(item.media && item.media.length > 0 ? { media: item.media.map(toTaskMedia) } : {}),
  ...(item.comfyui_current_node ? { currentNode: item.comfyui_current_node } : {}),
});

/** One item of the server's task list as a domain snapshot (`guest` by who owns it). */
export const toTaskSnapshot = (item: TaskItem, guest: boolean): tasks.TaskSnapshot => ({
  id: item.id,
  params: {
    domainType: item.domain_type,
    prompt: item.prompt,
    aspectRatio: item.aspect_ratio,
    seed: item.seed ?? null,
    ...(item.params ? { options: toTaskOptions(item.params) } : {}),
  },
  guest,
  createdAt: item.create_at,
  estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
  status: item.status,
  progress: item.process,
  statusDesc: item.status_desc,
  images: item.img_uris,
  media: (item.media ?? []).map(toTaskMedia),
  ...(item.artwork_id === undefined ? {} : { publishedAs: item.artwork_id }),
  ...(typeof item.production_frame === 'string' ? { productionFrame: item.production_frame } : {}),
});

/** What a created task's answer records: the task (its parameters, the seed the server chose) and a coin refresh. */
export const createdActions = (
  item: {
    id: string;
    domain_type: number;
    prompt: string;
    aspect_ratio: string;
    estimate_time: number | null;
    seed?: number;
  },
  seed: number | undefined,
  guest: boolean,
  now: number,
  request?: Readonly<Record<string, unknown>>,
): Action[] => [
  tasks.taskCreated({
    id: item.id,
    params: {
      domainType: item.domain_type,
      prompt: item.prompt,
      aspectRatio: item.aspect_ratio,
      // The seed the server chose when none was asked for: a retry gives the same picture.
      seed: seed ?? item.seed ?? null,
      ...(request ? { options: toTaskOptions(request, IDENTITY_FIELDS) } : {}),
    },
    guest,
    estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
    createdAt: now,
  }),
  refreshPayment({}),
];
