/**
 * Studio rules (spec §3, §7, §8, §9): the LoRA training form and phases (at least 9 images, the
 * training codes 120000-120013), a ComfyUI graph's inputs as a form and the run's progress per
 * node, an app's or template's recipe, and the e-book reader's pages.
 */

// ---- LoRA training -------------------------------------------------------------------------

/** Spec §8 "at least 9 images"; the data-set and name limits are the server's, repeated here. */
export const TRAIN_MIN_IMAGES = 9;
export const TRAIN_MAX_IMAGES = 50;
export const TRAIN_NAME_MAX_LENGTH = 40;
export const TRAIN_STEPS_RANGE = { min: 100, max: 3000, default: 1000 } as const;
const TRIGGER_WORD = /^[\p{L}\p{N}_ -]{1,32}$/u;
const TAG = /^[\p{L}\p{N}_ -]{1,32}$/u;
export const TRAIN_MAX_TAGS = 20;

/** Spec §8 training codes: 120000-120012 the training family, 120013 the tier's limit. */
export const TRAINING_CODES = {
  datasetLimit: 120000,
  alreadyTraining: 120001,
  tooFewImages: 120002,
  nameTooLong: 120006,
  trainingLimit: 120013,
} as const;
export const isTrainingCode = (code: number): boolean => code >= 120000 && code <= 120013;

export interface TrainingForm {
  readonly name: string;
  readonly images: readonly string[];
  readonly triggerWord: string;
  readonly tags: readonly string[];
  readonly steps: number;
}

export type TrainingField = 'name' | 'images' | 'triggerWord' | 'tags' | 'steps';

export interface TrainingProblem {
  readonly field: TrainingField;
  readonly messageKey: string;
  readonly values: Readonly<Record<string, number>>;
}

/**
 * What keeps a training from being sent: a blank or too long name, fewer than 9 images (spec §8,
 * what the server's code 120002 says) or more than the data set holds (120000), a trigger word or tag of
 * other than letters, digits, spaces, dashes and underscores (1..32), steps out of range.
 */
export const trainingProblems = (form: TrainingForm): readonly TrainingProblem[] => {
  const out: TrainingProblem[] = [];
  const name = form.name.trim();
  if (name === '') out.push({ field: 'name', messageKey: 'lora.errors.nameRequired', values: {} });
  else if (name.length > TRAIN_NAME_MAX_LENGTH)
    out.push({
      field: 'name',
      messageKey: 'lora.errors.nameTooLong',
      values: { max: TRAIN_NAME_MAX_LENGTH },
    });
  const images = new Set(form.images).size;
  if (images < TRAIN_MIN_IMAGES)
    out.push({
      field: 'images',
      messageKey: 'lora.errors.tooFewImages',
      values: { min: TRAIN_MIN_IMAGES, count: images },
    });
  else if (images > TRAIN_MAX_IMAGES)
    out.push({ field: 'images', messageKey: 'lora.errors.tooManyImages', values: { max: TRAIN_MAX_IMAGES } });
  if (form.triggerWord.trim() !== '' && !TRIGGER_WORD.test(form.triggerWord.trim()))
    out.push({ field: 'triggerWord', messageKey: 'lora.errors.triggerWord', values: {} });
  if (form.tags.length > TRAIN_MAX_TAGS || form.tags.some((t) => !TAG.test(t)))
    out.push({ field: 'tags', messageKey: 'lora.errors.tags', values: { max: TRAIN_MAX_TAGS } });
  if (
    !Number.isInteger(form.steps) ||
    form.steps < TRAIN_STEPS_RANGE.min ||
    form.steps > TRAIN_STEPS_RANGE.max
  )
    out.push({
      field: 'steps',
      messageKey: 'lora.errors.steps',
      values: { min: TRAIN_STEPS_RANGE.min, max: TRAIN_STEPS_RANGE.max },
    });
  return out;
};

/** Tags typed as one line: split on commas (ASCII or CJK), trimmed, blanks and repeats dropped. */
export const parseTags = (text: string): readonly string[] => [
  ...new Set(
    text
      .split(/[,，、]/)
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  ),
];

/** Training status of the server: 1 queued, 2 training, 3 done, 4 failed, 5 stopped. */
export type TrainingPhase = 'queued' | 'training' | 'done' | 'failed' | 'stopped';
export const trainingPhaseOf = (status: number): TrainingPhase =>
  status === 1
    ? 'queued'
    : status === 2
      ? 'training'
      : status === 3
        ? 'done'
        : status === 5
          ? 'stopped'
          : 'failed';
export const isTrainingRunning = (status: number): boolean => status === 1 || status === 2;
/** How often a running training is asked for its progress (the task polling period, spec §9). */
export const TRAINING_POLL_MS = 3000;

// ---- ComfyUI workflows ---------------------------------------------------------------------

export type WorkflowLink = readonly [string, number];
export type WorkflowInput = string | number | boolean | WorkflowLink;
export interface WorkflowNode {
  readonly class_type: string;
  readonly inputs: Readonly<Record<string, WorkflowInput>>;
  readonly _meta?: { readonly title?: string };
}
export type WorkflowGraph = Readonly<Record<string, WorkflowNode>>;

export const isLink = (v: WorkflowInput): v is WorkflowLink => Array.isArray(v);

export type WorkflowFieldKind = 'text' | 'longText' | 'number' | 'boolean';

export interface WorkflowField {
  /** `<node id>.<input name>`. */
  readonly key: string;
  readonly nodeId: string;
  readonly nodeTitle: string;
  readonly name: string;
  readonly kind: WorkflowFieldKind;
  readonly value: string | number | boolean;
}

const LONG_TEXT = /^(text|prompt|positive|negative)$/i;

/** Node ids in ComfyUI's order: numeric ids by number, then the others by name. */
export const nodeIdsInOrder = (graph: WorkflowGraph): readonly string[] =>
  Object.keys(graph).sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    const an = Number.isFinite(na) && a.trim() !== '';
    const bn = Number.isFinite(nb) && b.trim() !== '';
    if (an && bn) return na - nb;
    if (an !== bn) return an ? -1 : 1;
    return a.localeCompare(b);
  });

export const nodeTitle = (graph: WorkflowGraph, id: string): string =>
  graph[id]?._meta?.title?.trim() || graph[id]?.class_type || id;

/** The graph's inputs a person can set: every input that is a value, not a link to another node. */
export const workflowFields = (graph: WorkflowGraph): readonly WorkflowField[] =>
  nodeIdsInOrder(graph).flatMap((nodeId) => {
    const node = graph[nodeId]!;
    return Object.entries(node.inputs).flatMap(([name, value]): WorkflowField[] => {
      if (isLink(value)) return [];
      const kind: WorkflowFieldKind =
        typeof value === 'boolean'
          ? 'boolean'
          : typeof value === 'number'
            ? 'number'
            : LONG_TEXT.test(name)
              ? 'longText'
              : 'text';
      return [{ key: `${nodeId}.${name}`, nodeId, nodeTitle: nodeTitle(graph, nodeId), name, kind, value }];
    });
  });

/**
 * The graph with the form's values: each value keeps its input's type (a number field that does not
 * read as a finite number keeps the graph's value); links and unknown keys are left alone.
 */
export const applyWorkflowValues = (
  graph: WorkflowGraph,
  values: Readonly<Record<string, string | number | boolean>>,
): WorkflowGraph => {
  const out: Record<string, WorkflowNode> = {};
  for (const nodeId of Object.keys(graph)) {
    const node = graph[nodeId]!;
    const inputs: Record<string, WorkflowInput> = {};
    for (const [name, current] of Object.entries(node.inputs)) {
      const key = `${nodeId}.${name}`;
      const next = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
      if (next === undefined || isLink(current)) inputs[name] = current;
      else if (typeof current === 'number') {
        const n = typeof next === 'number' ? next : Number(String(next).trim());
        inputs[name] = String(next).trim() !== '' && Number.isFinite(n) ? n : current;
      } else if (typeof current === 'boolean') inputs[name] = next === true || next === 'true';
      else inputs[name] = String(next);
    }
    out[nodeId] = { ...node, inputs };
  }
  return out;
};

/** True when the form changed a value of the graph. */
export const workflowValuesChange = (
  graph: WorkflowGraph,
  values: Readonly<Record<string, string | number | boolean>>,
): boolean => JSON.stringify(applyWorkflowValues(graph, values)) !== JSON.stringify(graph);

export type NodeRunState = 'pending' | 'running' | 'done' | 'failed';

export interface NodeRun {
  /** `<id> <title>` as the server names nodes (execution order and current node). */
  readonly label: string;
  readonly state: NodeRunState;
}

/**
 * Progress per node of a run: the nodes before the one executing are done, it runs, the rest wait.
 * A completed run has every node done; a failed one marks the node it stopped at (the last one
 * reported) failed. `currentNode` is the task's `comfyui_current_node`.
 */
export const nodeRuns = (
  executionOrder: readonly string[],
  run: { readonly status: 'inProgress' | 'completed' | 'failed'; readonly currentNode: string | null },
): readonly NodeRun[] => {
  const at = run.currentNode === null ? -1 : executionOrder.indexOf(run.currentNode);
  return executionOrder.map((label, i): NodeRun => {
    if (run.status === 'completed') return { label, state: 'done' };
    if (run.status === 'failed') return { label, state: i < at ? 'done' : i === at ? 'failed' : 'pending' };
    return { label, state: i < at ? 'done' : i === at ? 'running' : 'pending' };
  });
};

// ---- apps and design templates -------------------------------------------------------------

/**
 * An AI app or design template as a recipe (our reading: the square shows their card, not how they
 * run): the person's subject in the item's style, at the cover's aspect ratio, as text to image.
 */
export const APP_SUBJECT_MAX = 300;
export const recipePrompt = (itemTitle: string, subject: string): string => {
  const s = subject.trim().slice(0, APP_SUBJECT_MAX);
  const style = itemTitle.trim();
  return s === '' ? style : `${s}, ${style} style`;
};

const RECIPE_RATIOS = ['1:1', '3:4', '2:3', '9:16', '4:3', '3:2', '16:9'] as const;
/** The task aspect ratio closest to the cover's shape. */
export const recipeAspectRatio = (width: number, height: number): (typeof RECIPE_RATIOS)[number] => {
  if (!(width > 0) || !(height > 0)) return '1:1';
  const target = Math.log(width / height);
  let best: (typeof RECIPE_RATIOS)[number] = '1:1';
  let distance = Infinity;
  for (const r of RECIPE_RATIOS) {
    const [w, h] = r.split(':').map(Number) as [number, number];
    const d = Math.abs(Math.log(w / h) - target);
    if (d < distance) {
      distance = d;
      best = r;
    }
  }
  return best;
};

// ---- e-book reader -------------------------------------------------------------------------

/** Characters per page of the reader; a page ends at a paragraph or word break. */
export const EBOOK_PAGE_CHARS = 900;

/**
 * A chapter's text as pages of at most `size` characters: paragraphs are kept together when they
 * fit, long ones are broken between words, a word longer than a page is cut. No page is empty, and
 * the pages hold every word of the text in order.
 */
export const paginate = (text: string, size = EBOOK_PAGE_CHARS): readonly string[] => {
  const max = Math.max(20, Math.floor(size));
  const pages: string[] = [];
  let page = '';
  const push = () => {
    if (page.trim() !== '') pages.push(page.trim());
    page = '';
  };
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
  for (const paragraph of paragraphs) {
    const joined = page === '' ? paragraph : `${page}\n\n${paragraph}`;
    if (joined.length <= max) {
      page = joined;
      continue;
    }
    if (page !== '') push();
    let line = '';
    for (const word of paragraph.split(' ')) {
      let w = word;
      while (w.length > max) {
        if (line !== '') {
          page = line;
          push();
          line = '';
        }
        page = w.slice(0, max);
        push();
        w = w.slice(max);
      }
      const next = line === '' ? w : `${line} ${w}`;
      if (next.length <= max) line = next;
      else {
        page = line;
        push();
        line = w;
      }
    }
    page = line;
  }
  push();
  return pages;
};

export interface ReaderPosition {
  readonly chapter: number;
  readonly page: number;
}

export type ReaderMove = 'next' | 'previous' | 'first' | 'last';

/**
 * Where a move leads: next and previous cross into the neighbouring chapter at its ends (the
 * previous chapter's last page is `-1`, resolved once its pages are known); first and last are the
 * chapter's own ends. Chapters are 1-based, pages 0-based.
 */
export const moveReader = (
  at: ReaderPosition,
  move: ReaderMove,
  pagesInChapter: number,
  chapters: number,
): ReaderPosition => {
  const pages = Math.max(1, pagesInChapter);
  switch (move) {
    case 'next':
      if (at.page < pages - 1) return { chapter: at.chapter, page: at.page + 1 };
      return at.chapter < chapters ? { chapter: at.chapter + 1, page: 0 } : at;
    case 'previous':
      if (at.page > 0) return { chapter: at.chapter, page: at.page - 1 };
      return at.chapter > 1 ? { chapter: at.chapter - 1, page: -1 } : at;
    case 'first':
      return { chapter: at.chapter, page: 0 };
    case 'last':
      return { chapter: at.chapter, page: pages - 1 };
  }
};

/** A page index in range for a chapter of `pages` pages (-1 meaning its last). */
export const resolvePage = (page: number, pages: number): number =>
  page < 0 ? Math.max(0, pages - 1) : Math.min(Math.max(0, pages - 1), page);

/** The reader's key bindings: arrows and Page Up/Down turn pages, Home/End go to the chapter's ends. */
export const readerMoveOfKey = (key: string, rtl = false): ReaderMove | null => {
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'PageDown':
    case ' ':
      return 'next';
    case 'PageUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
};
