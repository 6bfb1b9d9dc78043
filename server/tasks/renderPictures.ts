/**
 * The picture engines of a task render (server/tasks/render.ts): text to image (with the hires
 * upscaler), upscale, image to image, background removal, filters, the eraser, face swap, scribble,
 * expand, colorize, line art, storyboards and comics, and ComfyUI workflow runs
 * (server/studio/workflows.ts). Each writes its files through the render context and returns the
 * task's `task_return` (or null).
 */
import {
  EngineError,
  fromPng,
  MAX_OUTPUT_SIDE,
  openImage,
  resize,
  blit,
  createBitmap,
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
import { runGraph } from '../studio/workflowRuntime';
import { validateGraph } from '../studio/workflows';
import { IMAGE_LONG_SIDE, type RenderContext } from './renderKit';

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

/** The image engine. */
export const renderImages = async (c: RenderContext): Promise<string | null> => {
  const { job, spec, p, prompt, saveRenderedPng } = c;
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
  return null;
};

/** The upscale engine. */
export const upscaleImage = async (c: RenderContext): Promise<string | null> => {
  const { spec, p, inputs, saveRenderedPng } = c;
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
      throw new EngineError(`the image does not decode: ${err instanceof Error ? err.message : String(err)}`);
    });
  await saveRenderedPng(png.data, png.info.width, png.info.height);
  return null;
};

/** The imageToImage engine. */
export const imageToImage = async (c: RenderContext): Promise<string | null> => {
  const { job, p, prompt, input, savePng } = c;
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
  return null;
};

/** The removeBackground engine. */
export const cutOutBackground = async (c: RenderContext): Promise<string | null> => {
  const { input, savePng } = c;
  await savePng(removeBackground(await input()).image);
  return null;
};

/** The filter engine. */
export const filterImage = async (c: RenderContext): Promise<string | null> => {
  const { spec, p, input, savePng } = c;
  await savePng(await applyFilter(await input(), spec.key === 'aiMakeup' ? 'makeup' : (p.filter ?? 'sepia')));
  return null;
};

/** The erase engine. */
export const eraseArea = async (c: RenderContext): Promise<string | null> => {
  const { p, input, loadImage, savePng } = c;
  if (p.mask_key) {
    const src = await input();
    const mask = await resize(await loadImage(p.mask_key), src.width, src.height, 'linear');
    await savePng(eraseMask(src, mask));
    return null;
  }
  if (!p.rect) throw new EngineError('the eraser needs a rectangle or a mask');
  await savePng(eraseRect(await input(), p.rect));
  return null;
};

/** The faceSwap engine. */
export const swapFaces = async (c: RenderContext): Promise<string | null> => {
  const { p, input, loadImage, savePng } = c;
  if (!p.ref_key) throw new EngineError('face swap needs a second image');
  await savePng(await swapFace(await input(), await loadImage(p.ref_key)));
  return null;
};

/** The scribble engine. */
export const renderScribble = async (c: RenderContext): Promise<string | null> => {
  const { job, prompt, input, savePng } = c;
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
  return null;
};

/** The expand engine. */
export const expandImage = async (c: RenderContext): Promise<string | null> => {
  const { p, input, savePng } = c;
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
  return null;
};

/** The colorize engine. */
export const colorizeImage = async (c: RenderContext): Promise<string | null> => {
  const { job, input, savePng } = c;
  const hue = hashString(job.prompt || 'warm') % 360;
  await savePng(colorize(await input(), hslToRgb(hue, 0.6, 0.12), hslToRgb((hue + 40) % 360, 0.75, 0.86)));
  return null;
};

/** The lineArt engine. */
export const drawLineArt = async (c: RenderContext): Promise<string | null> => {
  const { input, savePng } = c;
  await savePng(await lineArt(await input()));
  return null;
};

/** The storyboard/comic engine. */
export const renderPanels = async (c: RenderContext): Promise<string | null> => {
  const { job, spec, p, savePng } = c;
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
  return scenes.map((s, i) => `${i + 1}. ${s}`).join('\n');
};

/** The workflow engine. */
export const runWorkflow = async (c: RenderContext): Promise<string | null> => {
  const { p, loadImage, savePng } = c;
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
  return valid.graph.order.map((id) => `${id} ${wf.graph[id]!.class_type}`).join(' > ');
};
