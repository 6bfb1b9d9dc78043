/**
 * What a task card shows, decided here so that the view only renders it: the status text's key
 * (queued for server code 1 with no progress yet, rendering otherwise), the progress bar, the
 * time left, what the finished task made, and why a failed one failed.
 */
import { domainTypeInfo, type TaskOutputKind } from './domainTypes.js';
import type { Task, TaskImage, TaskMediaItem } from './state.js';

export type TaskStatusKey =
  'tasks.status.queued' | 'tasks.status.rendering' | 'tasks.status.completed' | 'tasks.status.failed';

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
  readonly image: TaskImage | null;
  readonly audio: TaskMediaItem | null;
  readonly model: TaskMediaItem | null;
  readonly output: TaskOutputKind;
  /** The tool's label key, for every tool but plain text to image. */
  readonly toolLabelKey: string | null;
  readonly failureReason: string | null;
  /** A failed text-to-image task can be sent again with the same prompt and ratio. */
  readonly retry: { readonly prompt: string; readonly aspectRatio: string } | null;
}

export const taskStatusKey = (phase: Task['phase']): TaskStatusKey => {
  switch (phase.status) {
    case 'completed':
      return 'tasks.status.completed';
    case 'failed':
      return 'tasks.status.failed';
    case 'inProgress':
      return phase.code === 1 ? 'tasks.status.queued' : 'tasks.status.rendering';
  }
};

export const taskView = (task: Task): TaskView => {
  const { phase, params } = task;
  const info = domainTypeInfo(params.domainType);
  const media = phase.status === 'completed' ? (phase.media ?? []) : [];
  const inProgress = phase.status === 'inProgress';
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
    image: phase.status === 'completed' ? (phase.images[0] ?? null) : null,
    audio: media.find((m) => m.kind === 'audio') ?? null,
    model: media.find((m) => m.kind === 'model') ?? null,
    output: info.output,
    toolLabelKey: info.id === 0 ? null : info.labelKey,
    failureReason: phase.status === 'failed' ? phase.reason : null,
    retry:
      phase.status === 'failed' && params.domainType === 0
        ? { prompt: params.prompt, aspectRatio: params.aspectRatio }
        : null,
  };
};
