/**
 * What a task card shows, decided here so that the view only renders it: the status text's key
 * (queued for server code 1 with no progress yet, rendering otherwise, cancelled for the
 * cancel code), the progress bar, the time left, the workflow node running, what the finished
 * task made, why a failed one failed, and which actions it offers (cancel, retry with the same
 * parameters, download keeping them, publish).
 */
import { DOMAIN_TYPE, domainTypeInfo, type TaskOutputKind } from './domainTypes.js';
import { ASPECT_RATIOS, parametersText } from './generation.js';
import { TASK_CANCELLED_STATUS } from './rules.js';
import type { Task, TaskImage, TaskMediaItem } from './state.js';
import { toolOfDomainType, type ToolSlug } from './tools.js';

export type TaskStatusKey =
  | 'tasks.status.queued'
  | 'tasks.status.rendering'
  | 'tasks.status.completed'
  | 'tasks.status.failed'
  | 'tasks.status.cancelled';

/** The queue's filters: every job kind of the platform. */
export const TASK_GROUPS = ['image', 'tool', 'video', 'audio', 'song', 'lora', 'workflow'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

const GROUP_BY_TYPE: Readonly<Partial<Record<number, TaskGroup>>> = {
  [DOMAIN_TYPE.textToImage]: 'image',
  [DOMAIN_TYPE.imageToImage]: 'image',
  [DOMAIN_TYPE.aiPortrait]: 'image',
  [DOMAIN_TYPE.textToVideo]: 'video',
  [DOMAIN_TYPE.lipSync]: 'video',
  [DOMAIN_TYPE.imageToVideo]: 'video',
  [DOMAIN_TYPE.aiDance]: 'video',
  [DOMAIN_TYPE.textToSpeech]: 'audio',
  [DOMAIN_TYPE.soundEffect]: 'audio',
  [DOMAIN_TYPE.textToMusic]: 'song',
  [DOMAIN_TYPE.vocalSong]: 'song',
  [DOMAIN_TYPE.loraTraining]: 'lora',
  [DOMAIN_TYPE.comfyuiWorkflow]: 'workflow',
};

export const taskGroupOf = (domainType: number): TaskGroup => GROUP_BY_TYPE[domainType] ?? 'tool';

/**
 * Spec §4 "completion shows a success message": the message names what is ready, by the
 * task's kind (a clip, a song, a trained model, a tool's result), not always "your image".
 */
export const completedNoticeKey = (domainType: number): string => {
  const group = taskGroupOf(domainType);
  return group === 'image' ? 'tasks.completed' : `tasks.completed.${group}`;
};

/** LoRA trainings have their own calls; every other kind can be sent again as it was. */
export const isRetryable = (domainType: number): boolean => domainType !== DOMAIN_TYPE.loraTraining;

export interface TaskDownload {
  readonly url: string;
  readonly fileName: string;
  /** The generation parameters the saved file keeps. */
  readonly parameters: string;
}

export interface TaskView {
  readonly id: string;
  readonly status: Task['phase']['status'];
  readonly statusKey: TaskStatusKey;
  readonly prompt: string;
  readonly aspectRatio: string;
  /** 0..100 while in progress; null once it ended. */
  readonly progress: number | null;
  /** Queued with nothing reported yet: the bar shows activity, not a figure. */
  readonly indeterminate: boolean;
  /** Whole seconds left (rounded up) while in progress and the server gave an estimate. */
  readonly etaSeconds: number | null;
  /** The server's status text while in progress (e.g. "running 3 KSampler"). */
  readonly statusText: string | null;
  /** The workflow node being executed (spec §3 comfyui_current_node). */
  readonly currentNode: string | null;
  readonly image: TaskImage | null;
  /** Every image of a batch. */
  readonly images: readonly TaskImage[];
  readonly audio: TaskMediaItem | null;
  readonly model: TaskMediaItem | null;
  readonly output: TaskOutputKind;
  readonly group: TaskGroup;
  /** The tool's label key, for every tool but plain text to image. */
  readonly toolLabelKey: string | null;
  /** The tool page that makes this kind, if one does. */
  readonly toolSlug: ToolSlug | null;
  /** The input image, for a before/after comparison. */
  readonly inputUrl: string | null;
  readonly failureReason: string | null;
  readonly canCancel: boolean;
  /** A failed or cancelled task can be sent again with the same parameters. */
  readonly canRetry: boolean;
  readonly download: TaskDownload | null;
  readonly canPublish: boolean;
  readonly publishedAs: string | null;
  /** The production box worn on it (its image), or null. */
  readonly productionFrame: string | null;
  /** Finished while the person was not looking. */
  readonly unseen: boolean;
}

export const taskStatusKey = (phase: Task['phase']): TaskStatusKey => {
  switch (phase.status) {
    case 'completed':
      return 'tasks.status.completed';
    case 'failed':
      return phase.code === TASK_CANCELLED_STATUS ? 'tasks.status.cancelled' : 'tasks.status.failed';
    case 'inProgress':
      return phase.code === 1 ? 'tasks.status.queued' : 'tasks.status.rendering';
  }
};

const extensionOf = (url: string, contentType: string | null): string => {
  const m = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url);
  if (m) return m[1]!.toLowerCase();
  return contentType?.split('/')[1] ?? 'png';
};

/** `atelier-<kind>-<id>.<ext>`: a name that says what the file is and never collides. */
export const downloadFileNameOf = (task: Task, url: string, contentType: string | null = null): string =>
  `atelier-${domainTypeInfo(task.params.domainType).key}-${task.id}.${extensionOf(url, contentType)}`;

export const taskView = (task: Task): TaskView => {
  const { phase, params } = task;
  const info = domainTypeInfo(params.domainType);
  const media = phase.status === 'completed' ? (phase.media ?? []) : [];
  const images = phase.status === 'completed' ? phase.images : [];
  const inProgress = phase.status === 'inProgress';
  const image = images[0] ?? null;
  const inputUrl = params.options?.['input_url'];
  const tool = toolOfDomainType(params.domainType);
  const downloadable = media.find((m) => m.kind === 'video' || m.kind === 'audio' || m.kind === 'model');
  const download: TaskDownload | null = image
    ? {
        url: downloadable?.kind === 'video' ? downloadable.url : image.url,
        fileName: downloadFileNameOf(task, downloadable?.kind === 'video' ? downloadable.url : image.url),
        parameters: parametersText(params),
      }
    : downloadable
      ? {
          url: downloadable.url,
          fileName: downloadFileNameOf(task, downloadable.url, downloadable.contentType),
          parameters: parametersText(params),
        }
      : null;
  return {
    id: task.id,
    status: phase.status,
    statusKey: taskStatusKey(phase),
    prompt: params.prompt,
    aspectRatio: params.aspectRatio,
    progress: inProgress ? Math.round(phase.progress) : null,
    indeterminate: inProgress && phase.code === 1 && phase.progress === 0,
    etaSeconds:
      inProgress && task.estimateMs !== null && task.estimateMs > 0
        ? Math.ceil(task.estimateMs / 1000)
        : null,
    statusText: inProgress && phase.statusDesc !== '' ? phase.statusDesc : null,
    currentNode: inProgress ? (phase.currentNode ?? null) : null,
    image,
    images,
    audio: media.find((m) => m.kind === 'audio') ?? null,
    model: media.find((m) => m.kind === 'model') ?? null,
    output: info.output,
    group: taskGroupOf(params.domainType),
    toolLabelKey: info.id === 0 ? null : info.labelKey,
    toolSlug: tool?.slug ?? null,
    inputUrl:
      typeof inputUrl === 'string' &&
      (tool?.beforeAfter === true || params.domainType === DOMAIN_TYPE.imageToImage)
        ? inputUrl
        : null,
    failureReason:
      phase.status === 'failed' && phase.code !== TASK_CANCELLED_STATUS && phase.reason !== ''
        ? phase.reason
        : null,
    canCancel: inProgress,
    canRetry: phase.status === 'failed' && isRetryable(params.domainType),
    download,
    // Only a still picture becomes an artwork (a clip's first frame is not what was made).
    canPublish:
      phase.status === 'completed' &&
      info.output === 'image' &&
      image !== null &&
      !task.guest &&
      task.publishedAs === undefined,
    publishedAs: task.publishedAs ?? null,
    productionFrame: task.productionFrame ?? null,
    unseen: task.unseen === true,
  };
};

/** Which views a filter keeps ('all' keeps every one). */
export const filterTaskViews = (views: readonly TaskView[], group: TaskGroup | 'all'): readonly TaskView[] =>
  group === 'all' ? views : views.filter((v) => v.group === group);

/** How many tasks of each group the list holds (groups with none are left out). */
export const taskGroupCounts = (views: readonly TaskView[]): Readonly<Partial<Record<TaskGroup, number>>> => {
  const counts: Partial<Record<TaskGroup, number>> = {};
  for (const v of views) counts[v.group] = (counts[v.group] ?? 0) + 1;
  return counts;
};

/**
 * The request that sends a task again as it was: its kind, prompt and seed, and every field it
 * was created with. Null for a kind that cannot be sent again this way.
 */
export const retryRequestOf = (task: Task): Readonly<Record<string, unknown>> | null => {
  if (!isRetryable(task.params.domainType)) return null;
  const p = task.params;
  // The effective ratio of an image input (e.g. 1280:853) is the server's, not a request field.
  const listed = (ASPECT_RATIOS as readonly string[]).includes(p.aspectRatio);
  return {
    ...(p.options === undefined && listed ? { aspect_ratio: p.aspectRatio } : {}),
    ...(p.options ?? {}),
    domain_type: p.domainType,
    ...(p.prompt === '' ? {} : { prompt: p.prompt }),
    ...(p.seed === null ? {} : { seed: p.seed }),
  };
};
