/**
 * Runs a task's engine (in an engine worker thread, server/engines/pool.ts): from the job and the
 * bytes of its input files to its output files, in order: images as PNG, video as an animated
 * GIF, audio as a WAV with a waveform cover PNG. No I/O here: `renderTask` (./renderTask.ts)
 * reads the inputs and stores the outputs under `tasks/<id>/<random>/`. Every engine is deterministic per
 * prompt, seed and inputs. Failures (an input that vanished or no longer decodes, an output too
 * large) throw EngineError; the runner fails and refunds the task.
 */
import type { ComfyGraph } from '../../infrastructure/contract/creation';
import type {
  AudioEmotion,
  SongEmotion,
  SongInstrument,
  SongStyle,
  Voice,
} from '../../infrastructure/contract/streaming';
import type { FilterName, FractionRect, TaskImageUri, TaskMedia } from '../../infrastructure/contract/tasks';
import { encodeWav, loudnessPerFrame, sfxKindOf, synthesizeSfx, SAMPLE_RATE } from '../engines/audio';
import { synthesizeSong } from '../engines/song';
import { synthesizeSpeech } from '../engines/speech';
import {
  blit,
  createBitmap,
  decodeImage,
  EngineError,
  encodePng,
  fromPng,
  MAX_OUTPUT_SIDE,
  openImage,
  resize,
  type Bitmap,
  type ResampleKernel,
} from '../engines/bitmap';
import {
  applyFilter,
  applyScribble,
  colorize,
  comicInk,
  eraseMask,
  eraseRect,
  expandCanvas,
  lineArt,
  mix,
  swapFace,
} from '../engines/filters';
import { renderImage, sizeFor } from '../engines/image';
import { removeBackground } from '../engines/matting';
import { hashString } from '../engines/random';
import { animate, videoSize } from '../engines/video';
import { waveformCover } from '../engines/waveform';
import { kindOf } from './kinds';
import { AUDIO_DEFAULT_DURATION, VIDEO, videoTierOf } from './options';
import { runGraph, validateGraph } from './workflows';

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

export const IMAGE_LONG_SIDE = 768;

const hslToRgb = (h: number, s: number, l: number): [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
};

/** Splits a prompt into up to four scene captions (sentences, or numbered variations). */
export const scenesOf = (prompt: string): string[] => {
  const parts = prompt
    .split(/[.;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 4);
  const base = parts.length > 0 ? parts : [prompt.trim()];
  const out = [...base];
  for (let i = base.length; i < 4; i++) out.push(`${base[i % base.length]}, scene ${i + 1}`);
  return out;
};

/** A 2x2 grid of panels with gutters. */
const grid = (
  panels: readonly Bitmap[],
  gutter: number,
  background: readonly [number, number, number, number],
): Bitmap => {
  const pw = panels[0]!.width;
  const ph = panels[0]!.height;
  const out = createBitmap(pw * 2 + gutter * 3, ph * 2 + gutter * 3, background);
  panels.forEach((p, i) =>
    blit(out, p, gutter + (i % 2) * (pw + gutter), gutter + Math.floor(i / 2) * (ph + gutter)),
  );
  return out;
};

export const renderFiles = async (job: RenderJob, inputs: InputFiles): Promise<RenderedTask> => {
  const spec = kindOf(job.domainType);
  const p = job.params;
  const files: RenderedFile[] = [];
  let taskReturn: string | null = null;
  const loadImage = async (key: string): Promise<Bitmap> => {
    const bytes = inputs[key];
    if (!bytes) throw new EngineError('the input file is gone');
    return decodeImage(bytes);
  };
  const savePng = async (b: Bitmap): Promise<void> => {
    if (Math.max(b.width, b.height) > MAX_OUTPUT_SIDE)
      throw new EngineError(`the output would be ${b.width}x${b.height}`);
    files.push({ ext: 'png', bytes: await encodePng(b), width: b.width, height: b.height });
  };
  const saveRenderedPng = async (png: Buffer, width: number, height: number) => {
    files.push({ ext: 'png', bytes: png, width, height });
  };
  const saveWav = async (samples: Float32Array) => {
    const duration = Math.round((samples.length / SAMPLE_RATE) * 100) / 100;
    files.push({ ext: 'wav', bytes: encodeWav(samples), duration });
  };
  const saveAudio = async (samples: Float32Array, coverPrompt: string) => {
    await saveWav(samples);
    const cover = await waveformCover(samples, coverPrompt, job.seed);
    await saveRenderedPng(cover.png, cover.width, cover.height);
  };
  const saveGif = async (gif: Buffer, width: number, height: number, frames: number, duration: number) => {
    files.push({ ext: 'gif', bytes: gif, width, height, frames, duration });
  };
  const input = async (): Promise<Bitmap> => {
    if (!p.input_key) throw new EngineError('the task has no input image');
    return loadImage(p.input_key);
  };
  const prompt = [job.prompt, ...(p.model_triggers ?? [])].filter(Boolean).join(', ');
  /** The prompt spoken in the task's voice and emotion (the same engine and defaults as the studio's stream). */
  const speak = (maxDurationS: number) =>
    synthesizeSpeech({
      text: job.prompt,
      voice: (p.voice as Voice | undefined) ?? 'female',
      emotion: (p.emotion as AudioEmotion | undefined) ?? 'neutral',
      maxDurationS,
    });

  switch (spec.engine) {
    case 'image': {
      const count = p.batch_size ?? 1;
      const text = spec.key === 'aiPortrait' ? `portrait, ${prompt}` : prompt;
      const custom = p.width !== undefined && p.height !== undefined;
      const ratio = custom
        ? `${p.width}:${p.height}`
        : spec.key === 'aiPortrait'
          ? (p.aspect_ratio ?? '3:4')
          : job.aspectRatio;
      const longSide = custom ? Math.max(p.width!, p.height!) : (p.size ?? IMAGE_LONG_SIDE);
      for (let i = 0; i < count; i++) {
        const r = renderImage({ prompt: text, seed: job.seed + i, aspectRatio: ratio, longSide });
        if (!p.upscaler) {
          await saveRenderedPng(r.png, r.width, r.height);
          continue;
        }
        // The hires pass: the picture upscaled in sharp by the chosen method.
        const w = Math.round(r.width * p.upscaler.scale);
        const h = Math.round(r.height * p.upscaler.scale);
        if (Math.max(w, h) > MAX_OUTPUT_SIDE) throw new EngineError(`the output would be ${w}x${h}`);
        const up = await (
          await openImage(r.png)
        )
          .resize(w, h, { fit: 'fill', kernel: p.upscaler.method === 'bilinear' ? 'linear' : 'cubic' })
          .png()
          .toBuffer({ resolveWithObject: true });
        await saveRenderedPng(up.data, up.info.width, up.info.height);
      }
      break;
    }
    case 'upscale': {
      // Decode, resize, sharpen and encode all in sharp: no pixel of it touches a JavaScript thread.
      if (!p.input_key) throw new EngineError('the task has no input image');
      const bytes = inputs[p.input_key];
      if (!bytes) throw new EngineError('the input file is gone');
      const img = await openImage(bytes);
      const { width: iw = 0, height: ih = 0, orientation = 1 } = await img.metadata();
      const [sw, sh] = orientation >= 5 ? [ih, iw] : [iw, ih];
      const scale = spec.key === 'ultraHd' ? 4 : (p.scale ?? 2);
      const w = sw * scale;
      const h = sh * scale;
      if (Math.max(w, h) > MAX_OUTPUT_SIDE) throw new EngineError(`the output would be ${w}x${h}`);
      const kernel: ResampleKernel =
        spec.key === 'ultraHd' ? 'lanczos3' : p.upscale_method === 'bilinear' ? 'linear' : 'cubic';
      const up = img.resize(w, h, { fit: 'fill', kernel });
      const png = await (spec.key === 'ultraHd' ? up.sharpen({ sigma: 1 }) : up)
        .toColourspace('srgb')
        .png()
        .toBuffer({ resolveWithObject: true })
        .catch((err: unknown) => {
          throw new EngineError(
            `the image does not decode: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
      await saveRenderedPng(png.data, png.info.width, png.info.height);
      break;
    }
    case 'video': {
      const [rw, rh] = job.aspectRatio.split(':').map(Number);
      const still = await fromPng(
        renderImage({ prompt, seed: job.seed, aspectRatio: job.aspectRatio, longSide: 512 }).png,
      );
      const size = videoSize(rw ?? 16, rh ?? 9, VIDEO.longSide);
      const a = animate({
        still,
        motion: 'kenBurns',
        seed: job.seed,
        ...size,
        frames: videoTierOf(p.tier).frames,
        delayCs: VIDEO.delayCs,
      });
      await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
      break;
    }
    case 'animate': {
      const still = await input();
      const size = videoSize(still.width, still.height, VIDEO.longSide);
      const a = animate({
        still,
        motion: spec.key === 'aiDance' ? 'sway' : 'kenBurns',
        seed: job.seed,
        ...size,
        frames: spec.key === 'aiDance' ? VIDEO.frames : videoTierOf(p.tier).frames,
        delayCs: VIDEO.delayCs,
      });
      await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
      break;
    }
    case 'lipSync': {
      const still = await input();
      const speech = speak(6);
      const frames = Math.min(60, Math.max(4, Math.ceil(speech.durationS * VIDEO.fps)));
      const mouth = loudnessPerFrame(speech.samples, frames, 1 / VIDEO.fps);
      const size = videoSize(still.width, still.height, VIDEO.longSide);
      const a = animate({
        still,
        motion: 'lipSync',
        seed: job.seed,
        ...size,
        frames,
        delayCs: VIDEO.delayCs,
        mouth,
      });
      await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
      await saveWav(speech.samples);
      break;
    }
    case 'song': {
      const samples = synthesizeSong({
        prompt,
        seed: job.seed,
        style: (p.style as SongStyle | undefined) ?? 'pop',
        emotion: (p.emotion as SongEmotion | undefined) ?? 'happy',
        instrument: (p.instrument as SongInstrument | undefined) ?? 'piano',
        voice: spec.key === 'vocalSong' ? ((p.voice as Voice | undefined) ?? 'female') : null,
        durationS: p.duration ?? AUDIO_DEFAULT_DURATION,
      });
      await saveAudio(samples, prompt);
      taskReturn = `${p.style ?? 'pop'} / ${p.emotion ?? 'happy'} / ${p.instrument ?? 'piano'}`;
      break;
    }
    case 'speech': {
      await saveAudio(speak(10).samples, job.prompt);
      break;
    }
    case 'sfx': {
      await saveAudio(synthesizeSfx(job.prompt, job.seed, p.duration ?? 2), job.prompt);
      taskReturn = sfxKindOf(job.prompt);
      break;
    }
    case 'imageToImage': {
      const src = await input();
      const rendered = await fromPng(
        renderImage({
          prompt,
          seed: job.seed,
          aspectRatio: `${src.width}:${src.height}`,
          longSide: Math.max(src.width, src.height),
        }).png,
      );
      const exact = await resize(rendered, src.width, src.height, 'linear');
      await savePng(mix(src, exact, p.strength ?? 0.5));
      break;
    }
    case 'removeBackground':
      await savePng(removeBackground(await input()).image);
      break;
    case 'filter':
      await savePng(
        await applyFilter(await input(), spec.key === 'aiMakeup' ? 'makeup' : (p.filter ?? 'sepia')),
      );
      break;
    case 'erase': {
      if (p.mask_key) {
        const src = await input();
        const mask = await resize(await loadImage(p.mask_key), src.width, src.height, 'linear');
        await savePng(eraseMask(src, mask));
        break;
      }
      if (!p.rect) throw new EngineError('the eraser needs a rectangle or a mask');
      await savePng(eraseRect(await input(), p.rect));
      break;
    }
    case 'faceSwap': {
      if (!p.ref_key) throw new EngineError('face swap needs a second image');
      await savePng(await swapFace(await input(), await loadImage(p.ref_key)));
      break;
    }
    case 'scribble': {
      const sketch = await input();
      const rendered = await fromPng(
        renderImage({
          prompt,
          seed: job.seed,
          aspectRatio: `${sketch.width}:${sketch.height}`,
          longSide: Math.min(IMAGE_LONG_SIDE, Math.max(sketch.width, sketch.height)),
        }).png,
      );
      await savePng(await applyScribble(rendered, sketch));
      break;
    }
    case 'expand': {
      const src = await input();
      const [rw, rh] = (p.aspect_ratio ?? '16:9').split(':').map(Number);
      const ratio = (rw ?? 16) / (rh ?? 9);
      let w = src.width;
      let h = src.height;
      if (ratio > w / h) w = Math.round(h * ratio);
      else h = Math.round(w / ratio);
      if (w === src.width && h === src.height) {
        w = Math.round(src.width * 1.25);
        h = Math.round(src.height * 1.25);
      }
      if (Math.max(w, h) > MAX_OUTPUT_SIDE) throw new EngineError(`the output would be ${w}x${h}`);
      await savePng(await expandCanvas(src, w, h));
      break;
    }
    case 'colorize': {
      const hue = hashString(job.prompt || 'warm') % 360;
      await savePng(
        colorize(await input(), hslToRgb(hue, 0.6, 0.12), hslToRgb((hue + 40) % 360, 0.75, 0.86)),
      );
      break;
    }
    case 'lineArt':
      await savePng(await lineArt(await input()));
      break;
    case 'storyboard':
    case 'comic': {
      const scenes = scenesOf(job.prompt);
      const ratio = spec.engine === 'storyboard' ? job.aspectRatio : '1:1';
      const panels = await Promise.all(
        scenes.map(async (scene, i) => {
          const b = await fromPng(
            renderImage({
              prompt: `${scene}, ${(p.model_triggers ?? []).join(', ')}`,
              seed: job.seed + i,
              aspectRatio: ratio,
              longSide: 384,
            }).png,
          );
          return spec.engine === 'comic' ? comicInk(b) : b;
        }),
      );
      const size = sizeFor(ratio, 384);
      const same = await Promise.all(panels.map((b) => resize(b, size.width, size.height, 'linear')));
      await savePng(grid(same, 12, spec.engine === 'comic' ? [250, 250, 250, 255] : [18, 18, 24, 255]));
      taskReturn = scenes.map((s, i) => `${i + 1}. ${s}`).join('\n');
      break;
    }
    case 'workflow': {
      const wf = p.workflow;
      if (!wf) throw new EngineError('the task has no workflow');
      const valid = validateGraph(wf.graph);
      if (!valid.ok) throw new EngineError(valid.message);
      const out = await runGraph(wf.graph, valid.graph, {
        loadImage: async (url) => {
          const key = wf.image_keys[url];
          if (!key) throw new EngineError(`the workflow's image ${url} was not checked`);
          return loadImage(key);
        },
      });
      for (const b of out) await savePng(b);
      taskReturn = valid.graph.order.map((id) => `${id} ${wf.graph[id]!.class_type}`).join(' > ');
      break;
    }
    case 'training':
      throw new EngineError('LoRA training runs through /api/v1/model/train');
  }
  return { files, taskReturn };
};
