/**
 * The nine AI tool pages of spec §2 (`/ai-tools/<slug>`), one row each: which task domain
 * type it runs, what it takes (uploads, a scribble canvas, a mask painted on the image, a
 * filter picker, upscale factors, the video tiers of spec §9, a prompt), and whether its result
 * is shown before/after against the input. One page component renders any row; the request a
 * filled-in tool sends is decided here.
 */
import { DOMAIN_TYPE } from './domainTypes.js';
import { VIDEO_TIERS, type TaskOptions, type TaskOptionValue, type VideoTier } from './generation.js';
import { promptProblem, type PromptProblem } from './rules.js';

export const TOOL_SLUGS = [
  'ai-face-swap',
  'ai_erase',
  'ai-filter',
  'image-upscaler',
  'scribble2img',
  'remove-background',
  'ai-dance',
  'ai-makeup',
  'ai-video-generator',
] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

export const isToolSlug = (s: string | undefined): s is ToolSlug =>
  s !== undefined && (TOOL_SLUGS as readonly string[]).includes(s);

/** Spec §7 filter names of the AI filter (the server's list; `makeup` is the makeup tool's). */
export const TOOL_FILTERS = [
  'grayscale',
  'sepia',
  'posterize',
  'blur',
  'sharpen',
  'emboss',
  'invert',
  'vintage',
] as const;
export type ToolFilter = (typeof TOOL_FILTERS)[number];

export const UPSCALE_FACTORS = [2, 4] as const;
export const UPSCALE_METHODS = ['bicubic', 'bilinear'] as const;

/** The aspect ratios of text to video (the server's video config). */
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4'] as const;

export type ImageNeed = 'required' | 'optional' | 'none';

export interface ToolSpec {
  readonly slug: ToolSlug;
  /** i18n key stem: `tools.<key>.title`, `.description`. */
  readonly key: string;
  /** The domain type it runs (the video generator: with an image, image to video). */
  readonly domainType: number;
  /** The main picture: uploaded, drawn on a canvas (scribble), or none. */
  readonly image: { readonly need: ImageNeed; readonly source: 'upload' | 'scribble' };
  /** A second upload (the face of a face swap). */
  readonly secondImage: boolean;
  readonly prompt: 'required' | 'optional' | 'none';
  readonly mask: boolean;
  readonly filter: boolean;
  readonly upscale: boolean;
  readonly videoTiers: boolean;
  readonly output: 'image' | 'video';
  /** The result compares with the input (a slider over both). */
  readonly beforeAfter: boolean;
}

const tool = (
  slug: ToolSlug,
  key: string,
  domainType: number,
  over: Partial<Omit<ToolSpec, 'slug' | 'key' | 'domainType'>> = {},
): ToolSpec => ({
  slug,
  key,
  domainType,
  image: { need: 'required', source: 'upload' },
  secondImage: false,
  prompt: 'none',
  mask: false,
  filter: false,
  upscale: false,
  videoTiers: false,
  output: 'image',
  beforeAfter: true,
  ...over,
});

export const TOOLS: readonly ToolSpec[] = [
  tool('ai-face-swap', 'faceSwap', DOMAIN_TYPE.faceSwap, { secondImage: true }),
  tool('ai_erase', 'eraser', DOMAIN_TYPE.magicEraser, { mask: true }),
  tool('ai-filter', 'filter', DOMAIN_TYPE.aiFilter, { filter: true }),
  tool('image-upscaler', 'upscaler', DOMAIN_TYPE.upscale, { upscale: true }),
  tool('scribble2img', 'scribble', DOMAIN_TYPE.scribbleToImage, {
    image: { need: 'required', source: 'scribble' },
    prompt: 'required',
  }),
  tool('remove-background', 'removeBackground', DOMAIN_TYPE.removeBackground),
  tool('ai-dance', 'dance', DOMAIN_TYPE.aiDance, { output: 'video', beforeAfter: false }),
  tool('ai-makeup', 'makeup', DOMAIN_TYPE.aiMakeup),
  tool('ai-video-generator', 'video', DOMAIN_TYPE.imageToVideo, {
    image: { need: 'optional', source: 'upload' },
    prompt: 'optional',
    videoTiers: true,
    output: 'video',
    beforeAfter: false,
  }),
];

export const toolOf = (slug: ToolSlug): ToolSpec => TOOLS.find((t) => t.slug === slug)!;

/** The tool whose page made a task of this domain type (text to video counts as the video generator's). */
export const toolOfDomainType = (domainType: number): ToolSpec | undefined =>
  domainType === DOMAIN_TYPE.textToVideo
    ? toolOf('ai-video-generator')
    : TOOLS.find((t) => t.domainType === domainType);

/** The fractions of a painted mask's bounding box, or null when nothing is painted. */
export interface MaskInput {
  readonly url: string;
  /** True once at least one stroke was painted. */
  readonly painted: boolean;
}

export interface ToolInputs {
  readonly imageUrl: string | null;
  readonly secondImageUrl: string | null;
  readonly prompt: string;
  readonly mask: MaskInput | null;
  readonly filter: ToolFilter | null;
  readonly scale: 2 | 4;
  readonly upscaleMethod: (typeof UPSCALE_METHODS)[number];
  readonly tier: VideoTier;
  readonly aspectRatio: (typeof VIDEO_ASPECT_RATIOS)[number];
}

export const defaultToolInputs: ToolInputs = {
  imageUrl: null,
  secondImageUrl: null,
  prompt: '',
  mask: null,
  filter: null,
  scale: 2,
  upscaleMethod: 'bicubic',
  tier: VIDEO_TIERS[0],
  aspectRatio: '16:9',
};

export type ToolProblem =
  'imageMissing' | 'secondImageMissing' | 'maskMissing' | 'filterMissing' | `prompt.${PromptProblem}`;

/** What still stops a tool from running, first problem first; null when it can run. */
export const toolProblem = (spec: ToolSpec, inputs: ToolInputs): ToolProblem | null => {
  const hasImage = inputs.imageUrl !== null;
  if (spec.image.need === 'required' && !hasImage) return 'imageMissing';
  if (spec.secondImage && inputs.secondImageUrl === null) return 'secondImageMissing';
  if (spec.mask && (inputs.mask === null || !inputs.mask.painted)) return 'maskMissing';
  if (spec.filter && inputs.filter === null) return 'filterMissing';
  const promptNeeded = spec.prompt === 'required' || (spec.videoTiers && !hasImage);
  if (promptNeeded) {
    const p = promptProblem(inputs.prompt);
    if (p !== null) return `prompt.${p}`;
  } else if (inputs.prompt.trim() !== '') {
    const p = promptProblem(inputs.prompt);
    if (p === 'tooLong') return 'prompt.tooLong';
  }
  return null;
};

/**
 * The create request of a filled-in tool (contract field names). The video generator runs image
 * to video with an image and text to video without one; both take the chosen tier.
 */
export const toolRequest = (
  spec: ToolSpec,
  inputs: ToolInputs,
): (TaskOptions & { readonly domain_type: number }) | null => {
  if (toolProblem(spec, inputs) !== null) return null;
  const fields: Record<string, TaskOptionValue> = {};
  const prompt = inputs.prompt.trim();
  if (spec.prompt !== 'none' && prompt !== '') fields['prompt'] = prompt;
  if (inputs.imageUrl !== null && spec.image.need !== 'none') fields['input_url'] = inputs.imageUrl;
  if (spec.secondImage && inputs.secondImageUrl !== null) fields['ref_url'] = inputs.secondImageUrl;
  if (spec.mask && inputs.mask !== null) fields['mask_url'] = inputs.mask.url;
  if (spec.filter && inputs.filter !== null) fields['filter'] = inputs.filter;
  if (spec.upscale) {
    fields['scale'] = inputs.scale;
    fields['upscale_method'] = inputs.upscaleMethod;
  }
  let domainType = spec.domainType;
  if (spec.videoTiers) {
    fields['tier'] = inputs.tier;
    if (inputs.imageUrl === null) {
      domainType = DOMAIN_TYPE.textToVideo;
      fields['aspect_ratio'] = inputs.aspectRatio;
    }
  }
  return { domain_type: domainType, ...fields };
};

/**
 * Spec §2 image to video: `?image=<url>` pre-fills the video generator. Only a path on this
 * site or an http(s) address is taken; anything else (javascript:, data:) is ignored.
 */
export const prefillImageOf = (raw: string | null): string | null => {
  if (raw === null) return null;
  const url = raw.trim();
  if (url === '' || url.length > 500) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
};
