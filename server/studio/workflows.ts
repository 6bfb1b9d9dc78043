/**
 * ComfyUI workflows: the node catalogue the simulated runtime knows, the validation of an
 * imported graph (ComfyUI's API format) against it and the execution order. The interpreter that
 * runs a graph on the simulated engines: server/studio/workflowRuntime.ts.
 *
 * Validation, beyond the io-ts codec of the request: every node's class is in the catalogue;
 * every required input is present (or has a default); links point at an existing node's
 * output slot of the type the input takes; scalars have the input's type and range; a combo
 * value is one of its options; there is no cycle; at least one output node (SaveImage or
 * PreviewImage) exists. The first problem answers 10400 with a message naming the node.
 */
import type {
  ComfyGraph,
  ComfyInput,
  NodeInfo,
  WorkflowSummary,
} from '../../infrastructure/contract/creation';
import { FILTERS } from '../../infrastructure/contract/tasks';
import { SAMPLER_NAMES } from '../tasks/options';

type ValueType = 'MODEL' | 'CLIP' | 'VAE' | 'CONDITIONING' | 'LATENT' | 'IMAGE' | 'MASK';
type ScalarType = 'STRING' | 'INT' | 'FLOAT' | 'BOOLEAN' | 'COMBO';

interface InputDef {
  readonly name: string;
  readonly type: ValueType | ScalarType;
  readonly required: boolean;
  readonly default?: string | number | boolean;
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly string[];
}

interface NodeDef {
  readonly classType: string;
  readonly displayName: string;
  readonly category: string;
  readonly description: string;
  readonly inputs: readonly InputDef[];
  readonly outputs: readonly ValueType[];
  readonly outputNode: boolean;
}

const LINK_TYPES: ReadonlySet<string> = new Set([
  'MODEL',
  'CLIP',
  'VAE',
  'CONDITIONING',
  'LATENT',
  'IMAGE',
  'MASK',
]);

export const CHECKPOINTS = [
  'atelier-xl.safetensors',
  'flux-dev.safetensors',
  'anime-pony.safetensors',
] as const;
export const COMFY_SAMPLERS = SAMPLER_NAMES.map((s) =>
  s
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/[^a-z0-9]+/g, '_'),
);
const SCHEDULERS = ['normal', 'karras', 'exponential', 'simple', 'sgm_uniform', 'ddim_uniform'];

const req = (name: string, type: InputDef['type'], extra: Partial<InputDef> = {}): InputDef => ({
  name,
  type,
  required: true,
  ...extra,
});
const opt = (
  name: string,
  type: InputDef['type'],
  dflt: string | number | boolean,
  extra: Partial<InputDef> = {},
): InputDef => ({
  name,
  type,
  required: false,
  default: dflt,
  ...extra,
});

export const NODE_CATALOGUE: readonly NodeDef[] = [
  {
    classType: 'CheckpointLoaderSimple',
    displayName: 'Load Checkpoint',
    category: 'loaders',
    description: 'Loads a checkpoint: its model, text encoder and VAE.',
    inputs: [req('ckpt_name', 'COMBO', { options: CHECKPOINTS })],
    outputs: ['MODEL', 'CLIP', 'VAE'],
    outputNode: false,
  },
  {
    classType: 'LoraLoader',
    displayName: 'Load LoRA',
    category: 'loaders',
    description:
      'Applies a LoRA to a model and its text encoder; its name becomes a trigger word of the prompt.',
    inputs: [
      req('model', 'MODEL'),
      req('clip', 'CLIP'),
      req('lora_name', 'STRING'),
      opt('strength_model', 'FLOAT', 1, { min: -2, max: 2 }),
      opt('strength_clip', 'FLOAT', 1, { min: -2, max: 2 }),
    ],
    outputs: ['MODEL', 'CLIP'],
    outputNode: false,
  },
  {
    classType: 'CLIPTextEncode',
    displayName: 'CLIP Text Encode (Prompt)',
    category: 'conditioning',
    description: 'Encodes a prompt for a sampler.',
    inputs: [req('text', 'STRING'), req('clip', 'CLIP')],
    outputs: ['CONDITIONING'],
    outputNode: false,
  },
  {
    classType: 'EmptyLatentImage',
    displayName: 'Empty Latent Image',
    category: 'latent',
    description: 'A blank latent of the given size and batch.',
    inputs: [
      opt('width', 'INT', 512, { min: 64, max: 1536 }),
      opt('height', 'INT', 512, { min: 64, max: 1536 }),
      opt('batch_size', 'INT', 1, { min: 1, max: 4 }),
    ],
    outputs: ['LATENT'],
    outputNode: false,
  },
  {
    classType: 'KSampler',
    displayName: 'KSampler',
    category: 'sampling',
    description: 'Samples a latent from the positive prompt (the simulated engine renders it).',
    inputs: [
      req('model', 'MODEL'),
      req('positive', 'CONDITIONING'),
      req('negative', 'CONDITIONING'),
      req('latent_image', 'LATENT'),
      opt('seed', 'INT', 0, { min: 0, max: 2 ** 32 }),
      opt('steps', 'INT', 20, { min: 1, max: 150 }),
      opt('cfg', 'FLOAT', 7, { min: 1, max: 30 }),
      opt('sampler_name', 'COMBO', 'euler', { options: COMFY_SAMPLERS }),
      opt('scheduler', 'COMBO', 'normal', { options: SCHEDULERS }),
      opt('denoise', 'FLOAT', 1, { min: 0, max: 1 }),
    ],
    outputs: ['LATENT'],
    outputNode: false,
  },
  {
    classType: 'VAEDecode',
    displayName: 'VAE Decode',
    category: 'latent',
    description: 'Turns a latent into images.',
    inputs: [req('samples', 'LATENT'), req('vae', 'VAE')],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'VAEEncode',
    displayName: 'VAE Encode',
    category: 'latent',
    description: 'Turns images into a latent (for image to image).',
    inputs: [req('pixels', 'IMAGE'), req('vae', 'VAE')],
    outputs: ['LATENT'],
    outputNode: false,
  },
  {
    classType: 'LoadImage',
    displayName: 'Load Image',
    category: 'image',
    description: 'Loads an image you uploaded or generated (its URL).',
    inputs: [req('image', 'STRING')],
    outputs: ['IMAGE', 'MASK'],
    outputNode: false,
  },
  {
    classType: 'ImageScaleBy',
    displayName: 'Upscale Image By',
    category: 'image/upscaling',
    description: 'Resamples images by a factor.',
    inputs: [
      req('image', 'IMAGE'),
      opt('upscale_method', 'COMBO', 'bicubic', { options: ['nearest-exact', 'bilinear', 'bicubic'] }),
      opt('scale_by', 'FLOAT', 2, { min: 0.25, max: 4 }),
    ],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'ImageInvert',
    displayName: 'Invert Image',
    category: 'image',
    description: 'Inverts colours.',
    inputs: [req('image', 'IMAGE')],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'ImageBlur',
    displayName: 'Image Blur',
    category: 'image/postprocessing',
    description: 'Gaussian blur.',
    inputs: [
      req('image', 'IMAGE'),
      opt('blur_radius', 'INT', 1, { min: 1, max: 31 }),
      opt('sigma', 'FLOAT', 1, { min: 0.1, max: 10 }),
    ],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'ImageSharpen',
    displayName: 'Image Sharpen',
    category: 'image/postprocessing',
    description: 'Unsharp mask.',
    inputs: [
      req('image', 'IMAGE'),
      opt('sharpen_radius', 'INT', 1, { min: 1, max: 31 }),
      opt('sigma', 'FLOAT', 1, { min: 0.1, max: 10 }),
      opt('alpha', 'FLOAT', 1, { min: 0, max: 5 }),
    ],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'ImageFilter',
    displayName: 'Image Filter (Atelier)',
    category: 'image/postprocessing',
    description: "One of the AI filter tool's filters.",
    inputs: [req('image', 'IMAGE'), opt('filter', 'COMBO', 'sepia', { options: FILTERS })],
    outputs: ['IMAGE'],
    outputNode: false,
  },
  {
    classType: 'RemoveBackground',
    displayName: 'Remove Background (Atelier)',
    category: 'image',
    description: 'Makes the background transparent; the mask is the subject.',
    inputs: [req('image', 'IMAGE')],
    outputs: ['IMAGE', 'MASK'],
    outputNode: false,
  },
  {
    classType: 'SaveImage',
    displayName: 'Save Image',
    category: 'image',
    description: "Saves the images as the task's results.",
    inputs: [req('images', 'IMAGE'), opt('filename_prefix', 'STRING', 'ComfyUI')],
    outputs: [],
    outputNode: true,
  },
  {
    classType: 'PreviewImage',
    displayName: 'Preview Image',
    category: 'image',
    description: "Shows the images as the task's results.",
    inputs: [req('images', 'IMAGE')],
    outputs: [],
    outputNode: true,
  },
];

export const BY_CLASS = new Map(NODE_CATALOGUE.map((d) => [d.classType, d]));

export const nodeInfo = (d: NodeDef): NodeInfo => ({
  class_type: d.classType,
  display_name: d.displayName,
  category: d.category,
  description: d.description,
  inputs: d.inputs.map((i) => ({
    name: i.name,
    type: i.type,
    required: i.required,
    default: i.default ?? null,
    options: [...(i.options ?? [])],
  })),
  outputs: [...d.outputs],
  output_node: d.outputNode,
});

export const searchNodes = (keyword: string | undefined, category: string | undefined): NodeInfo[] => {
  const k = (keyword ?? '').trim().toLowerCase();
  return NODE_CATALOGUE.filter(
    (d) =>
      (category === undefined || d.category === category || d.category.startsWith(`${category}/`)) &&
      (k === '' ||
        [d.classType, d.displayName, d.category, d.description].some((s) => s.toLowerCase().includes(k))),
  ).map(nodeInfo);
};

export const isLink = (v: ComfyInput): v is [string, number] => Array.isArray(v);
const ID = /^[A-Za-z0-9_-]{1,16}$/;

export interface ValidGraph {
  /** Node ids a run executes, dependencies first. */
  readonly order: readonly string[];
  readonly outputs: readonly string[];
  /** URLs the LoadImage nodes read. */
  readonly imageUrls: readonly string[];
}

export type Validation =
  { readonly ok: true; readonly graph: ValidGraph } | { readonly ok: false; readonly message: string };

const compareIds = (a: string, b: string) => {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
};

export const validateGraph = (graph: ComfyGraph): Validation => {
  const fail = (message: string): Validation => ({ ok: false, message });
  const ids = Object.keys(graph).sort(compareIds);
  for (const id of ids) {
    if (!ID.test(id)) return fail(`node id "${id}" must be 1-16 letters, digits, _ or -`);
    const node = graph[id]!;
    const def = BY_CLASS.get(node.class_type);
    const name = `node ${id} (${node.class_type})`;
    if (!def) return fail(`${name}: unknown node type`);
    for (const key of Object.keys(node.inputs))
      if (!def.inputs.some((i) => i.name === key)) return fail(`${name}: unknown input ${key}`);
    for (const input of def.inputs) {
      const v = node.inputs[input.name];
      if (v === undefined) {
        if (input.required) return fail(`${name}: input ${input.name} is required`);
        continue;
      }
      if (LINK_TYPES.has(input.type)) {
        if (!isLink(v)) return fail(`${name}: input ${input.name} takes a link to a ${input.type} output`);
        const [from, slot] = v;
        const source = Object.prototype.hasOwnProperty.call(graph, from) ? graph[from] : undefined;
        if (!source) return fail(`${name}: input ${input.name} links to missing node ${from}`);
        const sourceDef = BY_CLASS.get(source.class_type);
        const outType = sourceDef?.outputs[slot];
        if (!Number.isInteger(slot) || outType === undefined)
          return fail(
            `${name}: input ${input.name} links to output ${slot} of node ${from}, which has no such output`,
          );
        if (outType !== input.type)
          return fail(
            `${name}: input ${input.name} takes ${input.type}, node ${from} output ${slot} gives ${outType}`,
          );
        continue;
      }
      if (isLink(v)) return fail(`${name}: input ${input.name} takes a ${input.type} value, not a link`);
      switch (input.type) {
        case 'STRING':
          if (typeof v !== 'string' || v.length > 2000)
            return fail(`${name}: input ${input.name} takes a text of up to 2000 characters`);
          break;
        case 'BOOLEAN':
          if (typeof v !== 'boolean') return fail(`${name}: input ${input.name} takes true or false`);
          break;
        case 'INT':
        case 'FLOAT':
          if (typeof v !== 'number' || !Number.isFinite(v) || (input.type === 'INT' && !Number.isInteger(v)))
            return fail(
              `${name}: input ${input.name} takes ${input.type === 'INT' ? 'an integer' : 'a number'}`,
            );
          if ((input.min !== undefined && v < input.min) || (input.max !== undefined && v > input.max))
            return fail(`${name}: input ${input.name} must be within ${input.min}..${input.max}`);
          break;
        case 'COMBO':
          if (typeof v !== 'string' || !(input.options ?? []).includes(v))
            return fail(`${name}: input ${input.name} must be one of ${(input.options ?? []).join(', ')}`);
          break;
        default:
          break;
      }
    }
  }
  const outputs = ids.filter((id) => BY_CLASS.get(graph[id]!.class_type)!.outputNode);
  if (outputs.length === 0) return fail('the workflow has no output node (SaveImage or PreviewImage)');
  // Depth-first from the outputs: dependencies first; a node met again while open is a cycle.
  const state = new Map<string, 'open' | 'done'>();
  const order: string[] = [];
  const visit = (id: string): string | null => {
    const s = state.get(id);
    if (s === 'done') return null;
    if (s === 'open') return `the workflow has a cycle through node ${id}`;
    state.set(id, 'open');
    const node = graph[id]!;
    const deps = Object.values(node.inputs)
      .filter(isLink)
      .map(([from]) => from)
      .sort(compareIds);
    for (const d of deps) {
      const err = visit(d);
      if (err) return err;
    }
    state.set(id, 'done');
    order.push(id);
    return null;
  };
  for (const id of outputs) {
    const err = visit(id);
    if (err) return fail(err);
  }
  const imageUrls = order
    .filter((id) => graph[id]!.class_type === 'LoadImage')
    .map((id) => String(graph[id]!.inputs['image']));
  return { ok: true, graph: { order, outputs, imageUrls } };
};

export const nodeLabel = (graph: ComfyGraph, id: string): string =>
  `${id} ${graph[id]?._meta?.title ?? graph[id]?.class_type ?? '?'}`;

export const summaryOf = (
  id: string,
  name: string,
  graph: ComfyGraph,
  valid: ValidGraph,
  createdAt: number,
): WorkflowSummary => ({
  id,
  name,
  node_count: Object.keys(graph).length,
  execution_order: valid.order.map((n) => nodeLabel(graph, n)),
  outputs: valid.outputs.map((n) => nodeLabel(graph, n)),
  create_at: createdAt,
});
