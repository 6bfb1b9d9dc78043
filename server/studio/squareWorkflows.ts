/**
 * The graph behind a workflow card of the square (spec §2 "workflow: Try"). A square workflow
 * published with a graph keeps it in its item's `extra.graph`; the seeded cards carry none, so
 * theirs is the pipeline their `nodes_type` names, built from the card itself: its cover prompt
 * is the positive prompt, its cover's aspect the latent's size, its id the sampler's seed. The
 * same card always gives the same graph, and every graph passes the import validation.
 */
import * as E from 'fp-ts/Either';
import { ComfyGraph } from '../../infrastructure/contract/creation';
import { hashString } from '../engines/random';
import { CHECKPOINTS, validateGraph } from './workflows';

export interface SquareWorkflowSource {
  readonly id: string;
  readonly title: string;
  readonly coverPrompt: string;
  readonly coverWidth: number;
  readonly coverHeight: number;
  readonly nodesType: string | null;
  readonly extra: unknown;
}

/** The latent's long side (each side a multiple of 64): light enough for a first try. */
const LONG_SIDE = 512;

const latentSize = (width: number, height: number): { width: number; height: number } => {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const snap = (v: number) => Math.min(1536, Math.max(64, Math.round(v / 64) * 64));
  return w >= h
    ? { width: LONG_SIDE, height: snap((LONG_SIDE * h) / w) }
    : { width: snap((LONG_SIDE * w) / h), height: LONG_SIDE };
};

const NEGATIVE = 'blurry, low quality, watermark, text';

/** Text to image: nodes 1-7, the decoded image at output 0 of node 7. */
const textToImage = (source: SquareWorkflowSource): Record<string, ComfyGraph[string]> => {
  const size = latentSize(source.coverWidth, source.coverHeight);
  const seed = hashString(`square-workflow:${source.id}`) % 2 ** 32;
  return {
    '1': {
      class_type: 'CheckpointLoaderSimple',
      inputs: { ckpt_name: CHECKPOINTS[seed % CHECKPOINTS.length]! },
      _meta: { title: 'Checkpoint' },
    },
    '2': {
      class_type: 'CLIPTextEncode',
      inputs: { text: source.coverPrompt.slice(0, 2000), clip: ['1', 1] },
      _meta: { title: 'Prompt' },
    },
    '3': {
      class_type: 'CLIPTextEncode',
      inputs: { text: NEGATIVE, clip: ['1', 1] },
      _meta: { title: 'Negative prompt' },
    },
    '4': {
      class_type: 'EmptyLatentImage',
      inputs: { width: size.width, height: size.height, batch_size: 1 },
      _meta: { title: 'Size' },
    },
    '5': {
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0],
        positive: ['2', 0],
        negative: ['3', 0],
        latent_image: ['4', 0],
        seed,
        steps: 24,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'karras',
        denoise: 1,
      },
      _meta: { title: 'Sampler' },
    },
    '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
  };
};

/** What each `nodes_type` of the square adds after text to image, ending in node 9 (SaveImage). */
const pipelineOf = (source: SquareWorkflowSource): ComfyGraph => {
  const base = textToImage(source);
  const save = (from: string): ComfyGraph[string] => ({
    class_type: 'SaveImage',
    inputs: { images: [from, 0], filename_prefix: 'square' },
    _meta: { title: 'Save' },
  });
  switch (source.nodesType) {
    case 'upscale':
      return {
        ...base,
        '7': {
          class_type: 'ImageScaleBy',
          inputs: { image: ['6', 0], upscale_method: 'bicubic', scale_by: 2 },
          _meta: { title: 'Upscale' },
        },
        '8': {
          class_type: 'ImageSharpen',
          inputs: { image: ['7', 0], sharpen_radius: 1, sigma: 1, alpha: 0.6 },
          _meta: { title: 'Sharpen' },
        },
        '9': save('8'),
      };
    case 'video':
      // Key frames for a clip: a cinematic grade on the still.
      return {
        ...base,
        '7': {
          class_type: 'ImageFilter',
          inputs: { image: ['6', 0], filter: 'vintage' },
          _meta: { title: 'Grade' },
        },
        '9': save('7'),
      };
    case 'audio':
      // A cover for a track: a soft, posterised still.
      return {
        ...base,
        '7': {
          class_type: 'ImageFilter',
          inputs: { image: ['6', 0], filter: 'posterize' },
          _meta: { title: 'Poster' },
        },
        '9': save('7'),
      };
    default:
      return { ...base, '9': save('6') };
  }
};

const storedGraph = (extra: unknown): ComfyGraph | null => {
  if (typeof extra !== 'object' || extra === null || !('graph' in extra)) return null;
  const decoded = ComfyGraph.decode((extra as { graph: unknown }).graph);
  return E.isRight(decoded) ? decoded.right : null;
};

/** The graph a copy of the card starts from: its stored graph when that one is valid, else its pipeline. */
export const squareWorkflowGraph = (source: SquareWorkflowSource): ComfyGraph => {
  const stored = storedGraph(source.extra);
  if (stored !== null && validateGraph(stored).ok) return stored;
  return pipelineOf(source);
};
