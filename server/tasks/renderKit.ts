/**
 * What every engine of a task render works with (server/tasks/render.ts): the job, its kind and
 * parameters, its prompt with the models' trigger words, its input images, and the output files
 * it writes in order (PNG, WAV with a waveform cover, GIF). Pure of I/O: the inputs' bytes came with
 * the job, the outputs are returned.
 */
import type { AudioEmotion, Voice } from '../../infrastructure/contract/streaming';
import { encodeWav, SAMPLE_RATE } from '../engines/audio';
import { synthesizeSpeech } from '../engines/speech';
import { decodeImage, EngineError, encodePng, MAX_OUTPUT_SIDE, type Bitmap } from '../engines/bitmap';
import { waveformCover } from '../engines/waveform';
import { kindOf, type KindSpec } from './kinds';
import type { InputFiles, RenderedFile, RenderJob, StoredParams } from './render';

export const IMAGE_LONG_SIDE = 768;

export interface RenderContext {
  readonly job: RenderJob;
  readonly spec: KindSpec;
  readonly p: StoredParams;
  readonly inputs: InputFiles;
  /** The prompt with the models' trigger words. */
  readonly prompt: string;
  /** The output files so far. */
  readonly files: RenderedFile[];
  readonly loadImage: (key: string) => Promise<Bitmap>;
  /** The task's input image (EngineError when it has none or it is gone). */
  readonly input: () => Promise<Bitmap>;
  readonly savePng: (b: Bitmap) => Promise<void>;
  readonly saveRenderedPng: (png: Buffer, width: number, height: number) => Promise<void>;
  readonly saveWav: (samples: Float32Array) => Promise<void>;
  /** A WAV and its waveform cover. */
  readonly saveAudio: (samples: Float32Array, coverPrompt: string) => Promise<void>;
  readonly saveGif: (
    gif: Buffer,
    width: number,
    height: number,
    frames: number,
    duration: number,
  ) => Promise<void>;
  /** The prompt spoken in the task's voice and emotion (the same engine and defaults as the studio's stream). */
  readonly speak: (maxDurationS: number) => ReturnType<typeof synthesizeSpeech>;
}

export const makeRenderContext = (job: RenderJob, inputs: InputFiles): RenderContext => {
  const p = job.params;
  const files: RenderedFile[] = [];
  const loadImage = async (key: string): Promise<Bitmap> => {
    const bytes = inputs[key];
    if (!bytes) throw new EngineError('the input file is gone');
    return decodeImage(bytes);
  };
  const saveRenderedPng = async (png: Buffer, width: number, height: number) => {
    files.push({ ext: 'png', bytes: png, width, height });
  };
  const saveWav = async (samples: Float32Array) => {
    const duration = Math.round((samples.length / SAMPLE_RATE) * 100) / 100;
    files.push({ ext: 'wav', bytes: encodeWav(samples), duration });
  };
  return {
    job,
    spec: kindOf(job.domainType),
    p,
    inputs,
    prompt: [job.prompt, ...(p.model_triggers ?? [])].filter(Boolean).join(', '),
    files,
    loadImage,
    input: async () => {
      if (!p.input_key) throw new EngineError('the task has no input image');
      return loadImage(p.input_key);
    },
    savePng: async (b) => {
      if (Math.max(b.width, b.height) > MAX_OUTPUT_SIDE)
        throw new EngineError(`the output would be ${b.width}x${b.height}`);
      files.push({ ext: 'png', bytes: await encodePng(b), width: b.width, height: b.height });
    },
    saveRenderedPng,
    saveWav,
    saveAudio: async (samples, coverPrompt) => {
      await saveWav(samples);
      const cover = await waveformCover(samples, coverPrompt, job.seed);
      await saveRenderedPng(cover.png, cover.width, cover.height);
    },
    saveGif: async (gif, width, height, frames, duration) => {
      files.push({ ext: 'gif', bytes: gif, width, height, frames, duration });
    },
    speak: (maxDurationS) =>
      synthesizeSpeech({
        text: job.prompt,
        voice: (p.voice as Voice | undefined) ?? 'female',
        emotion: (p.emotion as AudioEmotion | undefined) ?? 'neutral',
        maxDurationS,
      }),
  };
};
