/**
 * The ComfyUI workflow interpreter: runs a validated graph (server/studio/workflows.ts) on the
 * simulated engines, node by node in execution order. A KSampler renders with the image engine from
 * its positive conditioning, LoadImage reads a file the caller owns, the image nodes are real pixel
 * operations; the output nodes' images are the result.
 */
import type { ComfyGraph } from '../../infrastructure/contract/creation';
import type { FilterName } from '../../infrastructure/contract/tasks';
import {
  blur,
  createBitmap,
  EngineError,
  fromPng,
  MAX_OUTPUT_SIDE,
  resize,
  type Bitmap,
} from '../engines/bitmap';
import { applyFilter, invert, mix, unsharp } from '../engines/filters';
import { renderImage } from '../engines/image';
import { removeBackground } from '../engines/matting';
import { BY_CLASS, isLink, type ValidGraph } from './workflows';

interface ModelValue {
  readonly kind: 'MODEL';
  readonly name: string;
  readonly loras: readonly string[];
}
interface ClipValue {
  readonly kind: 'CLIP';
  readonly loras: readonly string[];
}
interface LatentValue {
  readonly kind: 'LATENT';
  readonly width: number;
  readonly height: number;
  readonly images: readonly Bitmap[] | null;
  readonly batch: number;
}
type Value =
  | ModelValue
  | ClipValue
  | { readonly kind: 'VAE' }
  | { readonly kind: 'CONDITIONING'; readonly text: string }
  | LatentValue
  | { readonly kind: 'IMAGE'; readonly images: readonly Bitmap[] }
  | { readonly kind: 'MASK'; readonly images: readonly Bitmap[] };

export interface RunContext {
  /** Loads the image of a LoadImage node (already checked to be the caller's). */
  readonly loadImage: (url: string) => Promise<Bitmap>;
}

const STYLE_OF_CHECKPOINT: Readonly<Record<string, string>> = {
  'atelier-xl.safetensors': 'detailed',
  'flux-dev.safetensors': 'photoreal light',
  'anime-pony.safetensors': 'anime, vivid',
};

/** One node being run: its inputs' values and scalars, and the caller's images. */
interface NodeScope {
  readonly id: string;
  /** The value linked to input `name`. */
  readonly input: (name: string) => Value;
  /** The scalar of input `name`, or its default. */
  readonly scalar: (name: string) => string | number | boolean;
  /** The images linked to input `name`. */
  readonly images: (name: string) => readonly Bitmap[];
  readonly ctx: RunContext;
}

const imagesOf = (v: Value): readonly Bitmap[] => {
  if (v.kind !== 'IMAGE' && v.kind !== 'MASK') throw new EngineError(`expected images, got ${v.kind}`);
  return v.images;
};

const scopeOf = (
  graph: ComfyGraph,
  values: ReadonlyMap<string, Value[]>,
  id: string,
  ctx: RunContext,
): NodeScope => {
  const input = (name: string): Value => {
    const v = graph[id]!.inputs[name];
    if (v === undefined || !isLink(v)) throw new EngineError(`node ${id}: ${name} is not linked`);
    const out = values.get(v[0])?.[v[1]];
    if (!out) throw new EngineError(`node ${id}: ${name} has no value`);
    return out;
  };
  const scalar = (name: string): string | number | boolean => {
    const v = graph[id]!.inputs[name];
    if (v !== undefined && !isLink(v)) return v;
    const def = BY_CLASS.get(graph[id]!.class_type)!.inputs.find((i) => i.name === name);
    if (def?.default === undefined) throw new EngineError(`node ${id}: ${name} is missing`);
    return def.default;
  };
  return { id, input, scalar, images: (name) => imagesOf(input(name)), ctx };
};

/** The KSampler: each latent image rendered from the positive text in the checkpoint's style. */
const sample = async ({ input, scalar }: NodeScope): Promise<Value[]> => {
  const model = input('model') as ModelValue;
  const positive = input('positive');
  const latent = input('latent_image') as LatentValue;
  const seed = Number(scalar('seed'));
  const denoise = Number(scalar('denoise'));
  const text = positive.kind === 'CONDITIONING' ? positive.text : '';
  const style = STYLE_OF_CHECKPOINT[model.name] ?? '';
  const images: Bitmap[] = [];
  const count = latent.images ? latent.images.length : latent.batch;
  for (let i = 0; i < count; i++) {
    const base = latent.images?.[i];
    const w = base?.width ?? latent.width;
    const h = base?.height ?? latent.height;
    const rendered = await fromPng(
      renderImage({
        prompt: `${text}, ${style}`,
        seed: seed + i,
        aspectRatio: `${w}:${h}`,
        longSide: Math.max(w, h),
      }).png,
    );
    const exact = await resize(rendered, w, h, 'linear');
    images.push(base ? mix(base, exact, denoise) : exact);
  }
  return [{ kind: 'LATENT', width: latent.width, height: latent.height, images, batch: count }];
};

const loadImageNode = async ({ scalar, ctx }: NodeScope): Promise<Value[]> => {
  const img = await ctx.loadImage(String(scalar('image')));
  const mask = createBitmap(img.width, img.height, [255, 255, 255, 255]);
  for (let p = 0; p < img.width * img.height; p++)
    mask.data[p * 4] = mask.data[p * 4 + 1] = mask.data[p * 4 + 2] = img.data[p * 4 + 3]!;
  return [
    { kind: 'IMAGE', images: [img] },
    { kind: 'MASK', images: [mask] },
  ];
};

const scaleBy = async ({ id, scalar, images }: NodeScope): Promise<Value[]> => {
  const by = Number(scalar('scale_by'));
  const method = String(scalar('upscale_method'));
  const scaled = await Promise.all(
    images('image').map((b) => {
      const w = Math.max(1, Math.round(b.width * by));
      const h = Math.max(1, Math.round(b.height * by));
      if (Math.max(w, h) > MAX_OUTPUT_SIDE)
        throw new EngineError(`node ${id}: ${w}x${h} is larger than ${MAX_OUTPUT_SIDE} pixels`);
      return resize(
        b,
        w,
        h,
        method === 'nearest-exact' ? 'nearest' : method === 'bilinear' ? 'linear' : 'cubic',
      );
    }),
  );
  return [{ kind: 'IMAGE', images: scaled }];
};

const removeBackgroundNode = async ({ images }: NodeScope): Promise<Value[]> => {
  const mattes = images('image').map((b) => removeBackground(b));
  const masks = mattes.map((m) => {
    const mask = createBitmap(m.image.width, m.image.height);
    for (let p = 0; p < m.background.length; p++)
      mask.data[p * 4] = mask.data[p * 4 + 1] = mask.data[p * 4 + 2] = m.background[p] ? 0 : 255;
    return mask;
  });
  return [
    { kind: 'IMAGE', images: mattes.map((m) => m.image) },
    { kind: 'MASK', images: masks },
  ];
};

/** What each node class computes: its output values, slot by slot. */
const NODE_RUNNERS: Readonly<Record<string, (n: NodeScope) => Promise<Value[]>>> = {
  CheckpointLoaderSimple: async ({ scalar }) => [
    { kind: 'MODEL', name: String(scalar('ckpt_name')), loras: [] },
    { kind: 'CLIP', loras: [] },
    { kind: 'VAE' },
  ],
  LoraLoader: async ({ input, scalar }) => {
    const model = input('model') as ModelValue;
    const clip = input('clip') as ClipValue;
    const lora = String(scalar('lora_name')).replace(/\.safetensors$/, '');
    return [
      { ...model, loras: [...model.loras, lora] },
      { ...clip, loras: [...clip.loras, lora] },
    ];
  },
  CLIPTextEncode: async ({ input, scalar }) => {
    const clip = input('clip') as ClipValue;
    return [
      { kind: 'CONDITIONING', text: [String(scalar('text')), ...clip.loras].filter(Boolean).join(', ') },
    ];
  },
  EmptyLatentImage: async ({ scalar }) => [
    {
      kind: 'LATENT',
      width: Number(scalar('width')),
      height: Number(scalar('height')),
      images: null,
      batch: Number(scalar('batch_size')),
    },
  ],
  KSampler: sample,
  VAEDecode: async ({ input }) => {
    const latent = input('samples') as LatentValue;
    const images =
      latent.images ??
      Array.from({ length: latent.batch }, () =>
        createBitmap(latent.width, latent.height, [128, 128, 128, 255]),
      );
    return [{ kind: 'IMAGE', images }];
  },
  VAEEncode: async ({ images }) => {
    const pixels = images('pixels');
    return [
      {
        kind: 'LATENT',
        width: pixels[0]?.width ?? 512,
        height: pixels[0]?.height ?? 512,
        images: pixels,
        batch: pixels.length,
      },
    ];
  },
  LoadImage: loadImageNode,
  ImageScaleBy: scaleBy,
  ImageInvert: async ({ images }) => [{ kind: 'IMAGE', images: images('image').map(invert) }],
  ImageBlur: async ({ images, scalar }) => [
    {
      kind: 'IMAGE',
      images: await Promise.all(images('image').map((b) => blur(b, Number(scalar('blur_radius'))))),
    },
  ],
  ImageSharpen: async ({ images, scalar }) => [
    {
      kind: 'IMAGE',
      images: await Promise.all(
        images('image').map((b) => unsharp(b, Number(scalar('sharpen_radius')), Number(scalar('alpha')))),
      ),
    },
  ],
  ImageFilter: async ({ images, scalar }) => [
    {
      kind: 'IMAGE',
      images: await Promise.all(
        images('image').map((b) => applyFilter(b, String(scalar('filter')) as FilterName)),
      ),
    },
  ],
  RemoveBackground: removeBackgroundNode,
};

/** The output nodes: their `images` input is the graph's result. */
const OUTPUT_NODES: ReadonlySet<string> = new Set(['SaveImage', 'PreviewImage']);

/** Runs the graph and returns the images of its output nodes, in order. */
export const runGraph = async (graph: ComfyGraph, valid: ValidGraph, ctx: RunContext): Promise<Bitmap[]> => {
  const values = new Map<string, Value[]>();
  const results: Bitmap[] = [];
  for (const id of valid.order) {
    const node = graph[id]!;
    const scope = scopeOf(graph, values, id, ctx);
    if (OUTPUT_NODES.has(node.class_type)) {
      results.push(...scope.images('images'));
      values.set(id, []);
      continue;
    }
    const run = Object.hasOwn(NODE_RUNNERS, node.class_type) ? NODE_RUNNERS[node.class_type] : undefined;
    if (!run) throw new EngineError(`node ${id}: no runtime for ${node.class_type}`);
    values.set(id, await run(scope));
  }
  return results;
};
