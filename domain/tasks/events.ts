import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { TaskImage, TaskParams } from './state.js';

/** A task the server accepted. `guest` tasks are polled with g_mode=1. */
export interface TaskCreatedPayload {
  readonly id: string;
  readonly params: TaskParams;
  readonly guest: boolean;
  readonly estimateMs: number | null;
  readonly createdAt: number;
}

export interface ProgressReportedPayload {
  readonly id: string;
  /** Server status code: 1 queued, 2 running. */
  readonly code: 1 | 2;
  readonly progress: number;
  readonly statusDesc: string;
  readonly estimateMs: number | null;
}

export interface TaskCompletedPayload {
  readonly id: string;
  readonly images: readonly TaskImage[];
}

export interface TaskFailedPayload {
  readonly id: string;
  readonly code: number;
  readonly reason: string;
}

export interface TaskRemovedPayload {
  readonly id: string;
}

export const taskCreated = defineEvent<TaskCreatedPayload>()('tasks/created');
export const progressReported = defineEvent<ProgressReportedPayload>()('tasks/progressReported');
export const taskCompleted = defineEvent<TaskCompletedPayload>()('tasks/completed');
export const taskFailed = defineEvent<TaskFailedPayload>()('tasks/failed');
export const taskRemoved = defineEvent<TaskRemovedPayload>()('tasks/removed');

export type TaskEvent =
  | DomainEvent<typeof taskCreated.type, TaskCreatedPayload>
  | DomainEvent<typeof progressReported.type, ProgressReportedPayload>
  | DomainEvent<typeof taskCompleted.type, TaskCompletedPayload>
  | DomainEvent<typeof taskFailed.type, TaskFailedPayload>
  | DomainEvent<typeof taskRemoved.type, TaskRemovedPayload>;

export const taskEventTypes = [
  taskCreated.type,
  progressReported.type,
  taskCompleted.type,
  taskFailed.type,
  taskRemoved.type,
] as const;
