/**
 * Runs a task's engine (in an engine worker thread, server/engines/pool.ts): from the job and the
 * bytes of its input files to its output files, in order: images as PNG, video as an animated
 * GIF, audio as a WAV with a waveform cover PNG. No I/O here: `renderTask` (./renderTask.ts)
 * reads the inputs and stores the outputs under `tasks/<id>/<random>/`. Every engine is deterministic per
 * prompt, seed and inputs. Failures (an input that vanished or no longer decodes, an output too
 * large) throw EngineError; the runner fails and refunds the task. The engines themselves:
 * ./renderPictures.ts and ./renderMedia.ts, over the context of ./renderKit.ts.
 */
import type { ComfyGraph } from '../../infrastructure/contract/creation';
import type { FilterName, FractionRect, TaskImageUri, TaskMedia } from '../../infrastructure/contract/tasks';
import { EngineError } from '../engines/bitmap';
import { makeRenderContext } from './renderKit';
import {
  renderImages,
  upscaleImage,
  imageToImage,
  cutOutBackground,
  filterImage,
  eraseArea,
  swapFaces,
  renderScribble,
  expandImage,
  colorizeImage,
  drawLineArt,
  renderPanels,
  runWorkflow,
} from './renderPictures';
import { renderVideo, animateImage, renderLipSync, renderSong, renderSpeech, renderSfx } from './renderMedia';

/** What a task stores beside its row: the request's kind fields and the resolved inputs. */
export interface StoredParams {
  readonly prompt?: string;
  readonly negative_prompt?: string;
  readonly aspect_ratio?: string;
  readonly batch_size?: number;
  readonly speed_type?: number;
  readonly input_url?: string;
  readonly input_key?: string;
  readonly ref_url?: string;
  readonly ref_key?: string;
  readonly scale?: number;
  readonly upscale_method?: 'bilinear' | 'bicubic';
  readonly filter?: FilterName;
  readonly rect?: FractionRect;
  readonly style?: string;
  readonly emotion?: string;
  readonly instrument?: string;
  readonly voice?: string;
  readonly duration?: number;
  readonly strength?: number;
  readonly model_id?: string;
  readonly model_triggers?: readonly string[];
  readonly sampler_name?: string;
  readonly steps?: number;
  readonly cfg_scale?: number;
  readonly pub_community?: number;
  readonly size?: number;
  readonly width?: number;
  readonly height?: number;
  readonly loras?: readonly { readonly model_id: string; readonly weight: number }[];
  readonly control_units?: readonly { readonly module: string; readonly weight: number }[];
  readonly vae?: string;
  readonly upscaler?: { readonly method: 'bilinear' | 'bicubic'; readonly scale: number };
  readonly prompt_style?: string;
  readonly tier?: string;
  readonly mask_url?: string;
  readonly mask_key?: string;
  /** Set when the finished task was published to the square (spec §3 pub_community). */
  readonly published_artwork_id?: string;
  readonly workflow?: {
    readonly id: string;
    readonly graph: ComfyGraph;
    readonly order: readonly string[];
    readonly image_keys: Readonly<Record<string, string>>;
  };
}

export interface RenderJob {
  readonly id: string;
  readonly domainType: number;
  readonly prompt: string;
  readonly aspectRatio: string;
  readonly seed: number;
  readonly params: StoredParams;
}

export interface RenderOutput {
  readonly images: TaskImageUri[];
  readonly media: TaskMedia[];
  readonly taskReturn: string | null;
}

/** The blob keys a job reads: its input, its second image, a workflow's checked images. */
export const inputKeysOf = (p: StoredParams): string[] => [
  ...(p.input_key ? [p.input_key] : []),
  ...(p.ref_key ? [p.ref_key] : []),
  ...(p.mask_key ? [p.mask_key] : []),
  ...Object.values(p.workflow?.image_keys ?? {}),
];

/** One output file of a task, in the order it is stored (`tasks/<id>/<random>/<n>.<ext>`). */
export type RenderedFile =
  | { readonly ext: 'png'; readonly bytes: Uint8Array; readonly width: number; readonly height: number }
  | { readonly ext: 'wav'; readonly bytes: Uint8Array; readonly duration: number }
  | {
      readonly ext: 'gif';
      readonly bytes: Uint8Array;
      readonly width: number;
      readonly height: number;
      readonly frames: number;
      readonly duration: number;
    };

export interface RenderedTask {
  readonly files: RenderedFile[];
  readonly taskReturn: string | null;
}

/** The bytes of each input key (`null`: the file is gone), read before the job is sent to a worker. */
export type InputFiles = Readonly<Record<string, Uint8Array | null>>;

/** The engine of the job's kind: its files written through the context, its `task_return`. */
const runEngineOf = async (c: ReturnType<typeof makeRenderContext>): Promise<string | null> => {
  switch (c.spec.engine) {
    case 'image':
      return renderImages(c);
    case 'upscale':
      return upscaleImage(c);
    case 'video':
      return renderVideo(c);
    case 'animate':
      return animateImage(c);
    case 'lipSync':
      return renderLipSync(c);
    case 'song':
      return renderSong(c);
    case 'speech':
      return renderSpeech(c);
    case 'sfx':
      return renderSfx(c);
    case 'imageToImage':
      return imageToImage(c);
    case 'removeBackground':
      return cutOutBackground(c);
    case 'filter':
      return filterImage(c);
    case 'erase':
      return eraseArea(c);
    case 'faceSwap':
      return swapFaces(c);
    case 'scribble':
      return renderScribble(c);
    case 'expand':
      return expandImage(c);
    case 'colorize':
      return colorizeImage(c);
    case 'lineArt':
      return drawLineArt(c);
    case 'storyboard':
    case 'comic':
      return renderPanels(c);
    case 'workflow':
      return runWorkflow(c);
    case 'training':
      throw new EngineError('LoRA training runs through /api/v1/model/train');
  }
};

export const renderFiles = async (job: RenderJob, inputs: InputFiles): Promise<RenderedTask> => {
  const c = makeRenderContext(job, inputs);
  const taskReturn = await runEngineOf(c);
  return { files: c.files, taskReturn };
};
