import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { GenerationOptions, RemixSource } from './generation.js';
import type { TaskImage, TaskMediaItem, TaskParams } from './state.js';

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
  /** A workflow run names the node it executes (spec §3 comfyui_current_node). */
  readonly currentNode?: string | null;
}

export interface TaskCompletedPayload {
  readonly id: string;
  readonly images: readonly TaskImage[];
  /** Every output with its kind (video, audio, ...); absent in logs written before media existed. */
  readonly media?: readonly TaskMediaItem[];
}

export interface TaskFailedPayload {
  readonly id: string;
  readonly code: number;
  readonly reason: string;
}

export interface TaskRemovedPayload {
  readonly id: string;
}

/** The server deleted the task (spec §7 /task/delete); it never comes back. */
export interface TaskDeletedPayload {
  readonly id: string;
  /** Coins the server gave back (a task still queued is refunded). */
  readonly refundedCoins: number;
}

/** What a task with these parameters would cost and take (spec §7 /task/estimate). */
export interface EstimateReceivedPayload {
  /** Which request it answers (see `estimateKeyOf`), so a stale answer is recognisable. */
  readonly key: string;
  readonly domainType: number;
  readonly coins: number;
  readonly estimateMs: number;
  readonly canAfford: boolean;
  /** The caller's queue (spec §8 70002 when full) and daily generations (70001), when the server told. */
  readonly queue?: { readonly active: number; readonly limit: number };
  readonly daily?: { readonly used: number; readonly limit: number | null };
}

/** One task of the server's list, in domain terms. */
export interface TaskSnapshot {
  readonly id: string;
  readonly params: TaskParams;
  readonly guest: boolean;
  readonly createdAt: number;
  readonly estimateMs: number | null;
  /** Server status code (spec §4). */
  readonly status: number;
  readonly progress: number;
  readonly statusDesc: string;
  readonly images: readonly TaskImage[];
  readonly media: readonly TaskMediaItem[];
  /** The work it was published as (spec §3 pub_community), when it was. */
  readonly publishedAs?: string;
  /** The image of the production box its owner wears on it, when one is worn. */
  readonly productionFrame?: string;
}

/**
 * The account's task list as the server returned it (fetched at sign-in). It replaces the
 * account's (non-guest) tasks created before `requestedAt`; tasks created since, and guest
 * tasks, are kept; deleted tasks are never restored.
 */
export interface TaskListReceivedPayload {
  readonly requestedAt: number;
  readonly items: readonly TaskSnapshot[];
}

export const taskCreated = defineEvent<TaskCreatedPayload>()('tasks/created');
/** A poll's report for a task in progress (status 1 or 2); the progress rule of spec §4 applies. */
export const progressReported = defineEvent<ProgressReportedPayload>()('tasks/progressReported');
/** Status 3: the outputs are ready (spec §4). */
export const taskCompleted = defineEvent<TaskCompletedPayload>()('tasks/completed');
/** Status 4 or another terminal code (spec §4); the coins come back on the server. */
export const taskFailed = defineEvent<TaskFailedPayload>()('tasks/failed');
/** The task left this page's list only (nothing changes on the server). */
export const taskRemoved = defineEvent<TaskRemovedPayload>()('tasks/removed');
export const taskDeleted = defineEvent<TaskDeletedPayload>()('tasks/deleted');
export const estimateReceived = defineEvent<EstimateReceivedPayload>()('tasks/estimateReceived');
export const taskListReceived = defineEvent<TaskListReceivedPayload>()('tasks/listReceived');
/**
 * The person signed out: the account's tasks leave this page (the next person on the machine
 * must not see them); guest tasks stay. Nothing is deleted on the server, so no tombstones.
 */
export const accountTasksCleared = defineEvent<Record<string, never>>()('tasks/accountTasksCleared');

/** The server pushed that these tasks ended (issue 23): their progress is read at once. */
export interface SettledPushedPayload {
  readonly ids: readonly string[];
}

/** The person looked at these finished tasks: they are no longer new to them. */
export interface TasksSeenPayload {
  readonly ids: readonly string[];
}

/** The task options config (spec §3) arrived. */
export interface OptionsReceivedPayload {
  readonly options: GenerationOptions;
}

export interface RemixRefPayload {
  readonly artworkId: string;
}

export interface RemixLoadedPayload {
  readonly remix: RemixSource;
}

export interface RemixFailedPayload {
  readonly artworkId: string;
  /** No such work (or not one that can be remixed), rather than a failed call. */
  readonly notFound: boolean;
}

export interface PublishRefPayload {
  readonly id: string;
}

export interface TaskPublishedPayload {
  readonly id: string;
  readonly artworkId: string;
}

export const tasksSeen = defineEvent<TasksSeenPayload>()('tasks/seen');
/**
 * The account socket said these tasks ended. Only a cue: the state changes with the progress
 * report read after it (`tasks/completed`, `tasks/failed`), as after a poll.
 */
export const settledPushed = defineEvent<SettledPushedPayload>()('tasks/settledPushed');
export const optionsRequested = defineEvent<Record<string, never>>()('tasks/optionsRequested');
export const optionsReceived = defineEvent<OptionsReceivedPayload>()('tasks/optionsReceived');
export const optionsFailed = defineEvent<Record<string, never>>()('tasks/optionsFailed');
export const remixRequested = defineEvent<RemixRefPayload>()('tasks/remixRequested');
export const remixLoaded = defineEvent<RemixLoadedPayload>()('tasks/remixLoaded');
export const remixFailed = defineEvent<RemixFailedPayload>()('tasks/remixFailed');
/** The publish passed the sensitive-word check (spec §5) and went to the server. */
export const publishStarted = defineEvent<PublishRefPayload>()('tasks/publishStarted');
export const taskPublished = defineEvent<TaskPublishedPayload>()('tasks/published');
/** The check blocked it, or the server refused it: the task can be published again. */
export const publishRefused = defineEvent<PublishRefPayload>()('tasks/publishRefused');

export type TaskEvent =
  | DomainEvent<typeof taskCreated.type, TaskCreatedPayload>
  | DomainEvent<typeof progressReported.type, ProgressReportedPayload>
  | DomainEvent<typeof taskCompleted.type, TaskCompletedPayload>
  | DomainEvent<typeof taskFailed.type, TaskFailedPayload>
  | DomainEvent<typeof taskRemoved.type, TaskRemovedPayload>
  | DomainEvent<typeof taskDeleted.type, TaskDeletedPayload>
  | DomainEvent<typeof estimateReceived.type, EstimateReceivedPayload>
  | DomainEvent<typeof taskListReceived.type, TaskListReceivedPayload>
  | DomainEvent<typeof accountTasksCleared.type, Record<string, never>>
  | DomainEvent<typeof tasksSeen.type, TasksSeenPayload>
  | DomainEvent<typeof settledPushed.type, SettledPushedPayload>
  | DomainEvent<typeof optionsRequested.type, Record<string, never>>
  | DomainEvent<typeof optionsReceived.type, OptionsReceivedPayload>
  | DomainEvent<typeof optionsFailed.type, Record<string, never>>
  | DomainEvent<typeof remixRequested.type, RemixRefPayload>
  | DomainEvent<typeof remixLoaded.type, RemixLoadedPayload>
  | DomainEvent<typeof remixFailed.type, RemixFailedPayload>
  | DomainEvent<typeof publishStarted.type, PublishRefPayload>
  | DomainEvent<typeof taskPublished.type, TaskPublishedPayload>
  | DomainEvent<typeof publishRefused.type, PublishRefPayload>;

export const taskEventTypes = [
  taskCreated.type,
  progressReported.type,
  taskCompleted.type,
  taskFailed.type,
  taskRemoved.type,
  taskDeleted.type,
  estimateReceived.type,
  taskListReceived.type,
  accountTasksCleared.type,
  tasksSeen.type,
  settledPushed.type,
  optionsRequested.type,
  optionsReceived.type,
  optionsFailed.type,
  remixRequested.type,
  remixLoaded.type,
  remixFailed.type,
  publishStarted.type,
  taskPublished.type,
  publishRefused.type,
] as const;
