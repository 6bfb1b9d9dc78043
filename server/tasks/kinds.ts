/**
 * What each task domain type (domain/tasks/domainTypes.ts) is on the server: the engine that
 * runs it, its coin cost, how long it takes relative to TASK_DURATION_MS, which inputs it
 * takes, and its options. The tool config route reports this table as it is.
 *
 * Costs (coins, signed-in callers; guests pay nothing within their daily limit): an image 10
 * (per image of a batch), upscale 4 (2x) or 8 (4x), video 40, lip sync 30, music 20 ... see
 * KINDS. Fast speed (speed_type 2) costs twice as much and takes half the time.
 */
import { tasks } from '../../domain/index.js';
import {
  ASPECT_RATIOS,
  BATCH_SIZE_MAX,
  FILTERS,
  IMAGE_TASK_COST,
  SONG_EMOTIONS,
  SONG_INSTRUMENTS,
  SONG_STYLES,
  SPEECH_EMOTIONS,
  UPSCALE_METHODS,
  VOICES,
  type InputNeed,
  type MediaKind,
  type TaskCreateRequest,
} from '../../infrastructure/contract/tasks';

export type EngineName =
  | 'image'
  | 'upscale'
  | 'video'
  | 'lipSync'
  | 'song'
  | 'imageToImage'
  | 'animate'
  | 'removeBackground'
  | 'filter'
  | 'speech'
  | 'erase'
  | 'faceSwap'
  | 'scribble'
  | 'workflow'
  | 'training'
  | 'storyboard'
  | 'comic'
  | 'sfx'
  | 'expand'
  | 'colorize'
  | 'lineArt';

export interface KindSpec {
  readonly type: number;
  readonly key: tasks.DomainTypeKey;
  readonly engine: EngineName;
  readonly output: MediaKind;
  readonly cost: number;
  /** Duration as a multiple of the configured task duration. */
  readonly timeFactor: number;
  readonly prompt: InputNeed;
  readonly image: InputNeed;
  readonly refImage: InputNeed;
  readonly guestAllowed: boolean;
  /** False for kinds with their own API (LoRA training). */
  readonly creatable: boolean;
  readonly options: Readonly<Record<string, readonly (string | number)[]>>;
}

const IMAGE_OPTIONS = {
  aspect_ratio: ASPECT_RATIOS,
  batch_size: [1, 2, 3, 4].slice(0, BATCH_SIZE_MAX),
  speed_type: [1, 2],
};
const SONG_OPTIONS = {
  style: SONG_STYLES,
  emotion: SONG_EMOTIONS,
  instrument: SONG_INSTRUMENTS,
  duration: [4, 6, 8, 12],
};

const k = (
  key: tasks.DomainTypeKey,
  engine: EngineName,
  cost: number,
  timeFactor: number,
  inputs: { prompt: InputNeed; image: InputNeed; refImage?: InputNeed },
  options: KindSpec['options'] = {},
  extra: Partial<Pick<KindSpec, 'guestAllowed' | 'creatable'>> = {},
): KindSpec => ({
  type: tasks.DOMAIN_TYPE[key],
  key,
  engine,
  output: tasks.domainTypeInfo(tasks.DOMAIN_TYPE[key]).output,
  cost,
  timeFactor,
  prompt: inputs.prompt,
  image: inputs.image,
  refImage: inputs.refImage ?? 'none',
  guestAllowed: extra.guestAllowed ?? true,
  creatable: extra.creatable ?? true,
  options,
});

const P = { prompt: 'required', image: 'none' } as const;
const I = { prompt: 'none', image: 'required' } as const;
const PI = { prompt: 'required', image: 'required' } as const;

export const KINDS: readonly KindSpec[] = [
  k('textToImage', 'image', IMAGE_TASK_COST, 1, P, IMAGE_OPTIONS),
  k('upscale', 'upscale', 4, 0.6, I, { scale: [2, 4], upscale_method: UPSCALE_METHODS }),
  k('textToVideo', 'video', 40, 2, P, {
    aspect_ratio: ['16:9', '9:16', '1:1', '4:3', '3:4'],
    speed_type: [1, 2],
    tier: tasks.VIDEO_TIERS,
  }),
  k('lipSync', 'lipSync', 30, 2, PI, { voice: VOICES, emotion: SPEECH_EMOTIONS }),
  k('textToMusic', 'song', 20, 1.6, P, SONG_OPTIONS),
  k('imageToImage', 'imageToImage', 10, 1, PI, { strength: [0.25, 0.5, 0.75] }),
  k('imageToVideo', 'animate', 30, 2, { prompt: 'optional', image: 'required' }, { tier: tasks.VIDEO_TIERS }),
  k('removeBackground', 'removeBackground', 4, 0.6, I),
  k('aiFilter', 'filter', 2, 0.4, I, { filter: FILTERS }),
  k('textToSpeech', 'speech', 5, 0.8, P, { voice: VOICES, emotion: SPEECH_EMOTIONS }),
  k('magicEraser', 'erase', 4, 0.6, I, { rect: ['x', 'y', 'width', 'height'] }),
  k('faceSwap', 'faceSwap', 8, 1, { prompt: 'none', image: 'required', refImage: 'required' }),
  k('scribbleToImage', 'scribble', 10, 1, PI),
  k('aiDance', 'animate', 30, 2, I),
  k('aiMakeup', 'filter', 4, 0.6, I),
  k('ultraHd', 'upscale', 12, 1, I, { scale: [4] }),
  k('comfyuiWorkflow', 'workflow', 15, 1.5, { prompt: 'none', image: 'none' }, {}, { guestAllowed: false }),
  k(
    'loraTraining',
    'training',
    30,
    3,
    { prompt: 'none', image: 'required' },
    {},
    { guestAllowed: false, creatable: false },
  ),
  k('aiPortrait', 'image', 12, 1, P, { batch_size: [1, 2, 3, 4] }),
  k('storyboard', 'storyboard', 20, 1.5, P, { aspect_ratio: ['16:9', '4:3', '1:1'] }),
  k('comic', 'comic', 20, 1.5, P),
  k('vocalSong', 'song', 30, 2, P, { ...SONG_OPTIONS, voice: VOICES }),
  k('soundEffect', 'sfx', 5, 0.6, P, { duration: [2, 4, 6] }),
  k('imageExpand', 'expand', 8, 1, I, { aspect_ratio: ASPECT_RATIOS }),
  k('colorize', 'colorize', 4, 0.6, { prompt: 'optional', image: 'required' }),
  k('lineArt', 'lineArt', 2, 0.4, I),
];

/**
 * Spec §9 video tiers as the simulated engine reads them: more frames cost more and take longer;
 * Turbo is the fast one. (The spec names the tiers only.)
 */
export const VIDEO_TIER_SPECS: Readonly<
  Record<
    tasks.VideoTier,
    { readonly frames: number; readonly costFactor: number; readonly timeFactor: number }
  >
> = {
  Lite: { frames: 12, costFactor: 1, timeFactor: 1 },
  Depth: { frames: 16, costFactor: 1.5, timeFactor: 1.25 },
  Ultra: { frames: 24, costFactor: 2, timeFactor: 1.5 },
  Sparkle: { frames: 16, costFactor: 1.5, timeFactor: 1 },
  Turbo: { frames: 12, costFactor: 1.5, timeFactor: 0.5 },
  Plus: { frames: 32, costFactor: 3, timeFactor: 2 },
};

/** A task without a tier (older requests, lip sync) renders as before: 16 frames (VIDEO.frames) at the base cost. */
export const videoTierOf = (tier: string | undefined) =>
  tier !== undefined && tier in VIDEO_TIER_SPECS
    ? VIDEO_TIER_SPECS[tier as tasks.VideoTier]
    : { frames: 16, costFactor: 1, timeFactor: 1 };

export const kindOf = (domainType: number): KindSpec => {
  const spec = KINDS[domainType];
  if (!spec || spec.type !== domainType) throw new Error(`no kind for domain type ${domainType}`);
  return spec;
};

/** Coins for a request: per image of a batch, by upscale factor, doubled for fast speed. */
export const costOf = (spec: KindSpec, req: TaskCreateRequest): number => {
  let cost = spec.cost;
  if (spec.engine === 'image') cost *= req.batch_size ?? 1;
  if (spec.key === 'upscale' && req.scale === 4) cost *= 2;
  if (spec.engine === 'video' || spec.key === 'imageToVideo')
    cost = Math.ceil(cost * videoTierOf(req.tier).costFactor);
  if (req.speed_type === 2) cost *= 2;
  return cost;
};

export const durationOf = (spec: KindSpec, req: TaskCreateRequest, baseMs: number): number => {
  let ms = baseMs * spec.timeFactor;
  if (spec.engine === 'image') ms *= 1 + 0.25 * ((req.batch_size ?? 1) - 1);
  if (spec.engine === 'video' || spec.key === 'imageToVideo') ms *= videoTierOf(req.tier).timeFactor;
  if (req.speed_type === 2) ms /= 2;
  return Math.max(200, Math.round(ms));
};
