/**
 * Image generation on Create (spec §3 task options config, §9 image generation): the form's
 * rules and the request it becomes. The sizes (square modes 512/768/1024/1536 with the aspect
 * ratios, custom ranges 512-1024 and 768-1536) are `format`'s; this module decides which custom
 * range a base model uses, validates the form, merges a prompt style, picks the domain type
 * (an attached reference image makes it image to image), and writes the parameters text a
 * download keeps (the "parameters" text of Stable Diffusion front ends).
 */
import {
  ASPECT_RATIOS,
  CUSTOM_SIZE_RANGES,
  IMAGE_SIZE_MODES,
  imageSize,
  type AspectRatio,
  type CustomSizeRange,
  type ImageSize,
  type ImageSizeMode,
} from '../format/rules.js';
import { DOMAIN_TYPE } from './domainTypes.js';
import { promptProblem, PROMPT_MAX_LENGTH, type PromptProblem } from './rules.js';

export { ASPECT_RATIOS, CUSTOM_SIZE_RANGES, IMAGE_SIZE_MODES, imageSize };
export type { AspectRatio, CustomSizeRange, ImageSize, ImageSizeMode };

/** A JSON value: what a task's options may hold (they travel in events and the stored list). */
export type TaskOptionValue =
  string | number | boolean | null | readonly TaskOptionValue[] | { readonly [key: string]: TaskOptionValue };

/** The kind fields a task was created with (`negative_prompt`, `input_url`, `loras`, ...). */
export type TaskOptions = Readonly<Record<string, TaskOptionValue>>;

export const DEFAULT_SIZE_MODE: ImageSizeMode = 768;
export const BATCH_COUNT_MAX = 4;
/** The contract's seed bound (0 .. 2^32). */
export const SEED_MAX = 2 ** 32;
/** LoRAs one task may stack, and the weight range each takes. */
export const LORA_MAX = 3;
export const LORA_WEIGHT = { min: -1, max: 2, step: 0.05, default: 0.8 } as const;
/** The weight of one control unit (spec §3 ctr_units; its count comes from the config). */
export const CONTROL_WEIGHT = { min: 0, max: 2, step: 0.05 } as const;
export const STEPS_RANGE = { min: 1, max: 150 } as const;
export const CFG_RANGE = { min: 1, max: 30, step: 0.5 } as const;
/** How much of the reference image an image-to-image task keeps (0: all of it, 1: none). */
export const STRENGTH_RANGE = { min: 0.05, max: 0.95, step: 0.05, default: 0.5 } as const;

/** The hires pass of text to image: how much the picture is upscaled after it is made. */
export const HIRES_SCALES = [1.5, 2] as const;

/** Spec §9 video tiers. */
export const VIDEO_TIERS = ['Lite', 'Depth', 'Ultra', 'Sparkle', 'Turbo', 'Plus'] as const;
export type VideoTier = (typeof VIDEO_TIERS)[number];

/**
 * Spec §9 "custom ranges 512-1024 and 768-1536": the SD 1.x and 2.x families were trained
 * around 512 px and take the first range; the later families (SDXL, Flux, Pony ...) the second.
 */
export const customRangeFor = (baseModel: string | null): CustomSizeRange =>
  baseModel !== null && /^SD\s*[12]/i.test(baseModel.trim()) ? 'standard' : 'large';

export type CustomSizeProblem = 'outOfRange' | 'notMultipleOf8';

/** A custom side must be a whole multiple of 8 inside its range. */
export const customSideProblem = (value: number, range: CustomSizeRange): CustomSizeProblem | null => {
  const { min, max } = CUSTOM_SIZE_RANGES[range];
  if (!Number.isInteger(value) || value < min || value > max) return 'outOfRange';
  return value % 8 === 0 ? null : 'notMultipleOf8';
};

/** The server's check: a custom size fits when both sides fit one of the ranges. */
export const customSizeFits = (width: number, height: number): boolean =>
  (Object.keys(CUSTOM_SIZE_RANGES) as CustomSizeRange[]).some(
    (r) => customSideProblem(width, r) === null && customSideProblem(height, r) === null,
  );

const ratioValue = (ratio: string): number => {
  const [w, h] = ratio.split(':').map(Number);
  return w && h && w > 0 && h > 0 ? w / h : 1;
};

/** The listed aspect ratio closest to `width:height` (compared on a log scale, so 2:1 and 1:2 are as far from 1:1). */
export const nearestAspectRatio = (width: number, height: number): AspectRatio => {
  const target = width > 0 && height > 0 && Number.isFinite(width / height) ? Math.log(width / height) : 0;
  let best: AspectRatio = '1:1';
  let bestDistance = Infinity;
  for (const r of ASPECT_RATIOS) {
    const d = Math.abs(Math.log(ratioValue(r)) - target);
    if (d < bestDistance) {
      best = r;
      bestDistance = d;
    }
  }
  return best;
};

/** A ratio written as `w:h` (e.g. from a remixed work) as one of the listed ones. */
export const asAspectRatio = (ratio: string): AspectRatio =>
  (ASPECT_RATIOS as readonly string[]).includes(ratio)
    ? (ratio as AspectRatio)
    : nearestAspectRatio(ratioValue(ratio), 1);

export type SeedProblem = 'notANumber' | 'outOfRange';

/** An empty seed means "random"; otherwise a whole number 0 .. 2^32. */
export const parseSeed = (
  text: string,
): { readonly seed: number | null; readonly problem: SeedProblem | null } => {
  const t = text.trim();
  if (t === '') return { seed: null, problem: null };
  if (!/^\d+$/.test(t)) return { seed: null, problem: 'notANumber' };
  const n = Number(t);
  return n <= SEED_MAX ? { seed: n, problem: null } : { seed: null, problem: 'outOfRange' };
};

export interface PromptStyleOption {
  readonly name: string;
  readonly prompt: string;
  readonly negativePrompt: string;
}

const joinParts = (...parts: readonly string[]): string =>
  parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');

/** A prompt style adds its words after the person's own (prompt and negative prompt alike). */
export const applyPromptStyle = (
  prompt: string,
  negativePrompt: string,
  style: PromptStyleOption | null,
): { readonly prompt: string; readonly negativePrompt: string } =>
  style === null
    ? { prompt: prompt.trim(), negativePrompt: negativePrompt.trim() }
    : {
        prompt: joinParts(prompt, style.prompt),
        negativePrompt: joinParts(negativePrompt, style.negativePrompt),
      };

export interface LoraChoice {
  readonly modelId: string;
  readonly weight: number;
}

export interface ControlUnitChoice {
  readonly module: string;
  readonly weight: number;
}

export type SizeChoice =
  | { readonly kind: 'mode'; readonly mode: ImageSizeMode; readonly aspectRatio: AspectRatio }
  | { readonly kind: 'custom'; readonly width: number; readonly height: number };

/** What the Create form holds, in domain terms. */
export interface GenerationForm {
  readonly prompt: string;
  readonly negativePrompt: string;
  readonly style: PromptStyleOption | null;
  readonly size: SizeChoice;
  readonly batchCount: number;
  readonly seedText: string;
  readonly baseModel: string | null;
  readonly modelId: string | null;
  readonly loras: readonly LoraChoice[];
  readonly sampler: string | null;
  readonly steps: number;
  readonly cfgScale: number;
  readonly vae: string | null;
  readonly upscaler: { readonly method: string; readonly scale: number } | null;
  readonly controlUnits: readonly ControlUnitChoice[];
  /** The uploaded reference image: the task becomes image to image. */
  readonly reference: { readonly url: string } | null;
  readonly strength: number;
}

export interface GenerationProblems {
  readonly prompt: PromptProblem | null;
  readonly width: CustomSizeProblem | null;
  readonly height: CustomSizeProblem | null;
  readonly seed: SeedProblem | null;
  readonly loras: 'tooMany' | null;
}

export const generationProblems = (form: GenerationForm): GenerationProblems => {
  const styled = applyPromptStyle(form.prompt, form.negativePrompt, form.style);
  const range = customRangeFor(form.baseModel);
  return {
    prompt:
      promptProblem(form.prompt) ??
      (styled.prompt.length > PROMPT_MAX_LENGTH || styled.negativePrompt.length > PROMPT_MAX_LENGTH
        ? 'tooLong'
        : null),
    width: form.size.kind === 'custom' ? customSideProblem(form.size.width, range) : null,
    height: form.size.kind === 'custom' ? customSideProblem(form.size.height, range) : null,
    seed: parseSeed(form.seedText).problem,
    loras: form.loras.length > LORA_MAX ? 'tooMany' : null,
  };
};

export const hasProblem = (p: GenerationProblems): boolean =>
  p.prompt !== null || p.width !== null || p.height !== null || p.seed !== null || p.loras !== null;

/** The picture the form asks for, before the engine: its size (a reference image sets its own). */
export const plannedSize = (form: GenerationForm): ImageSize | null => {
  if (form.reference !== null) return null;
  const base =
    form.size.kind === 'mode'
      ? imageSize(form.size.mode, form.size.aspectRatio)
      : { width: form.size.width, height: form.size.height };
  const scale = form.upscaler?.scale ?? 1;
  return { width: Math.round(base.width * scale), height: Math.round(base.height * scale) };
};

const clampNumber = (n: number, min: number, max: number): number =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;

/**
 * The create request's fields for the form (the wire names of the contract): text to image, or
 * image to image when a reference is attached (its URL as `input_url`, with the strength; the
 * control units read the reference, so they go only with one).
 */
export const generationRequest = (form: GenerationForm): TaskOptions & { readonly domain_type: number } => {
  const styled = applyPromptStyle(form.prompt, form.negativePrompt, form.style);
  const seed = parseSeed(form.seedText).seed;
  const withReference = form.reference !== null;
  const size: Record<string, TaskOptionValue> =
    form.size.kind === 'mode'
      ? { size: form.size.mode, aspect_ratio: form.size.aspectRatio }
      : {
          width: form.size.width,
          height: form.size.height,
          aspect_ratio: nearestAspectRatio(form.size.width, form.size.height),
        };
  return {
    domain_type: withReference ? DOMAIN_TYPE.imageToImage : DOMAIN_TYPE.textToImage,
    prompt: styled.prompt,
    ...(styled.negativePrompt === '' ? {} : { negative_prompt: styled.negativePrompt }),
    ...(form.style === null ? {} : { prompt_style: form.style.name }),
    ...size,
    batch_size: Math.round(clampNumber(form.batchCount, 1, BATCH_COUNT_MAX)),
    ...(seed === null ? {} : { seed }),
    ...(form.modelId === null ? {} : { model_id: form.modelId }),
    ...(form.loras.length === 0
      ? {}
      : {
          loras: form.loras.slice(0, LORA_MAX).map((l) => ({
            model_id: l.modelId,
            weight: clampNumber(l.weight, LORA_WEIGHT.min, LORA_WEIGHT.max),
          })),
        }),
    ...(form.sampler === null ? {} : { sampler_name: form.sampler }),
    steps: Math.round(clampNumber(form.steps, STEPS_RANGE.min, STEPS_RANGE.max)),
    cfg_scale: clampNumber(form.cfgScale, CFG_RANGE.min, CFG_RANGE.max),
    ...(form.vae === null ? {} : { vae: form.vae }),
    ...(form.upscaler === null || withReference
      ? {}
      : { upscaler: { method: form.upscaler.method, scale: form.upscaler.scale } }),
    ...(withReference
      ? {
          input_url: form.reference.url,
          strength: clampNumber(form.strength, STRENGTH_RANGE.min, STRENGTH_RANGE.max),
          ...(form.controlUnits.length === 0
            ? {}
            : {
                control_units: form.controlUnits.map((u) => ({
                  module: u.module,
                  weight: clampNumber(u.weight, CONTROL_WEIGHT.min, CONTROL_WEIGHT.max),
                })),
              }),
        }
      : {}),
  };
};

const str = (v: TaskOptionValue | undefined): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/**
 * The generation parameters as the "parameters" text Stable Diffusion front ends write into a
 * PNG (prompt; `Negative prompt:` line; then `Key: value` pairs): a downloaded image carries
 * what made it, and tools that read that text can load it back.
 */
export const parametersText = (params: {
  readonly prompt: string;
  readonly seed: number | null;
  readonly aspectRatio: string;
  readonly options?: TaskOptions;
}): string => {
  const o = params.options ?? {};
  const lines = [params.prompt];
  const negative = str(o['negative_prompt']);
  if (negative) lines.push(`Negative prompt: ${negative}`);
  const pairs: [string, string | null][] = [
    ['Steps', str(o['steps'])],
    ['Sampler', str(o['sampler_name'])],
    ['CFG scale', str(o['cfg_scale'])],
    ['Seed', params.seed === null ? str(o['seed']) : String(params.seed)],
    [
      'Size',
      typeof o['width'] === 'number' && typeof o['height'] === 'number'
        ? `${o['width']}x${o['height']}`
        : typeof o['size'] === 'number'
          ? (() => {
              const s = imageSize(o['size'] as ImageSizeMode, asAspectRatio(params.aspectRatio));
              return `${s.width}x${s.height}`;
            })()
          : null,
    ],
    ['Model', str(o['model_id'])],
    ['VAE', str(o['vae'])],
    ['Denoising strength', str(o['strength'])],
    ['Style', str(o['prompt_style'])],
    ['Aspect ratio', params.aspectRatio],
  ];
  const loras = Array.isArray(o['loras'])
    ? (o['loras'] as readonly TaskOptionValue[])
        .map((l) =>
          l !== null && typeof l === 'object' && !Array.isArray(l)
            ? `${str((l as Record<string, TaskOptionValue>)['model_id']) ?? '?'}:${str((l as Record<string, TaskOptionValue>)['weight']) ?? '1'}`
            : null,
        )
        .filter((x): x is string => x !== null)
    : [];
  if (loras.length > 0) pairs.push(['Lora hashes', loras.join(', ')]);
  lines.push(
    pairs
      .filter((p): p is [string, string] => p[1] !== null && p[1] !== '')
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  );
  return lines.join('\n');
};

// ---- the task options config (spec §3) and the form it starts ----------------------------------

export interface ModelChoice {
  readonly id: string;
  readonly name: string;
  /** Spec §3 model types: Checkpoint, LORA, LoCon, DoRA, VAE ... */
  readonly type: string;
  readonly baseModel: string;
  readonly triggerWords: readonly string[];
  /** A retired model: listed, not usable (the server answers 70009). */
  readonly disabled: boolean;
  readonly owned: boolean;
}

export interface GenerationOptions {
  readonly baseModels: readonly { readonly name: string; readonly family: string }[];
  readonly models: readonly ModelChoice[];
  readonly modules: readonly { readonly name: string; readonly category: string }[];
  readonly controlUnits: { readonly max: number; readonly defaultWeight: number };
  readonly samplers: readonly string[];
  readonly upscalers: readonly {
    readonly name: string;
    readonly method: string;
    readonly scales: readonly number[];
  }[];
  readonly vaes: readonly string[];
  readonly promptStyles: readonly PromptStyleOption[];
  readonly videoTiers: readonly string[];
  readonly defaults: {
    readonly modelId: string;
    readonly baseModel: string;
    readonly sampler: string;
    readonly steps: number;
    readonly cfgScale: number;
    readonly aspectRatio: string;
  };
}

/** LoRA-like model types stack on a checkpoint with a weight; every other type is the model itself. */
export const LORA_TYPES = ['LORA', 'LoCon', 'DoRA'] as const;
export const isLoraType = (type: string): boolean => (LORA_TYPES as readonly string[]).includes(type);

/** The checkpoints of a base model (all of them when no base is chosen), usable ones first. */
export const checkpointsFor = (
  options: GenerationOptions,
  baseModel: string | null,
): readonly ModelChoice[] =>
  options.models
    .filter((m) => !isLoraType(m.type) && (baseModel === null || m.baseModel === baseModel))
    .sort((a, b) => Number(a.disabled) - Number(b.disabled));

/** The LoRAs that fit a base model and are not stacked yet. */
export const lorasFor = (
  options: GenerationOptions,
  baseModel: string | null,
  chosen: readonly LoraChoice[],
): readonly ModelChoice[] =>
  options.models.filter(
    (m) =>
      isLoraType(m.type) &&
      (baseModel === null || m.baseModel === baseModel) &&
      !chosen.some((c) => c.modelId === m.id),
  );

/** A remixed work (spec §2 Remix): what Create fills in from it. */
export interface RemixSource {
  readonly artworkId: string;
  readonly title: string;
  readonly prompt: string;
  readonly negativePrompt: string;
  readonly aspectRatio: string;
  readonly seed: number | null;
  readonly modelId: string | null;
  readonly sampler: string | null;
  readonly steps: number | null;
  readonly cfgScale: number | null;
  readonly sizeMode: number | null;
  readonly cover: { readonly url: string; readonly width: number; readonly height: number } | null;
}

const isSizeMode = (n: number | null): n is ImageSizeMode =>
  n !== null && (IMAGE_SIZE_MODES as readonly number[]).includes(n);

/**
 * The form Create opens with: the config's defaults, then a remixed work's prompt and
 * parameters (spec §2 Remix), then a model asked for by the address (`?model=`: a checkpoint
 * becomes the model and its base, a LoRA is stacked on the default checkpoint of its base).
 */
export const initialForm = (
  options: GenerationOptions | null,
  remix: RemixSource | null,
  modelId: string | null,
): GenerationForm => {
  const defaults = options?.defaults;
  const base: GenerationForm = {
    prompt: '',
    negativePrompt: '',
    style: null,
    size: {
      kind: 'mode',
      mode: DEFAULT_SIZE_MODE,
      aspectRatio: asAspectRatio(defaults?.aspectRatio ?? '1:1'),
    },
    batchCount: 1,
    seedText: '',
    baseModel: defaults?.baseModel ?? null,
    modelId: defaults?.modelId ?? null,
    loras: [],
    sampler: defaults?.sampler ?? null,
    steps: defaults?.steps ?? 25,
    cfgScale: defaults?.cfgScale ?? 7,
    vae: null,
    upscaler: null,
    controlUnits: [],
    reference: null,
    strength: STRENGTH_RANGE.default,
  };
  const model = (id: string | null) => (id === null ? undefined : options?.models.find((m) => m.id === id));
  let form = base;
  if (remix !== null) {
    const remixModel = model(remix.modelId);
    form = {
      ...form,
      prompt: remix.prompt.slice(0, PROMPT_MAX_LENGTH),
      negativePrompt: remix.negativePrompt.slice(0, PROMPT_MAX_LENGTH),
      size: {
        kind: 'mode',
        mode: isSizeMode(remix.sizeMode) ? remix.sizeMode : DEFAULT_SIZE_MODE,
        aspectRatio: asAspectRatio(remix.aspectRatio),
      },
      seedText: remix.seed === null ? '' : String(remix.seed),
      ...(remixModel && !isLoraType(remixModel.type)
        ? { modelId: remixModel.id, baseModel: remixModel.baseModel }
        : {}),
      ...(remix.sampler !== null && (options?.samplers ?? []).includes(remix.sampler)
        ? { sampler: remix.sampler }
        : {}),
      ...(remix.steps !== null ? { steps: remix.steps } : {}),
      ...(remix.cfgScale !== null ? { cfgScale: remix.cfgScale } : {}),
    };
  }
  const asked = model(modelId);
  if (asked && !asked.disabled) {
    if (isLoraType(asked.type)) {
      const checkpoint =
        form.baseModel === asked.baseModel && form.modelId !== null
          ? form.modelId
          : ((options ? checkpointsFor(options, asked.baseModel).find((m) => !m.disabled)?.id : undefined) ??
            null);
      form = {
        ...form,
        baseModel: asked.baseModel,
        modelId: checkpoint,
        loras: [{ modelId: asked.id, weight: LORA_WEIGHT.default }],
      };
    } else form = { ...form, baseModel: asked.baseModel, modelId: asked.id, loras: [] };
  }
  return form;
};
