/**
 * Tasks on the server, every domain type of domain/tasks/domainTypes.ts, composed from one module
 * per step: creation and estimates (server/tasks/create.ts, checks in server/tasks/prepare.ts),
 * progress/detail/list for their owner only (read.ts), soft deletion and cancelling (lifecycle.ts)
 * and the runner that advances, renders, finishes or fails and refunds tasks (runner.ts), with the
 * LoRA trainings advanced on the same tick (server/studio/trainer.ts).
 */
import {
  IMAGE_TASK_COST,
  type TaskCancelResponse,
  type TaskCreateRequest,
  type TaskDeleteResponse,
  type TaskEstimateResponse,
  type TaskItem,
  type TaskListRequest,
  type TaskListResponse,
} from '../../infrastructure/contract/tasks';
import type { Caller } from '../auth';
import type { BlobStore } from '../blobs/store';
import type { Database } from '../db/database';
import { advanceTrainings } from '../studio/trainer';
import { createTask, estimateTask } from './create';
import type { TaskStore } from './items';
import { cancelTasks, removeTasks } from './lifecycle';
import { taskDetail, taskList, taskProgress } from './read';
import { hasLiveWork, releaseClaims } from './claims';
import { tickTasks, type WorkSettings } from './runner';
import { TIER_LIMITS } from './tiers';

export type { WorkSettings } from './runner';

export const TASK_COST = IMAGE_TASK_COST;
/** The non-member queue limit (kept for callers of the first version; tiers: tasks/tiers.ts). */
export const QUEUE_LIMIT = TIER_LIMITS.none.queue;
/** Guests' daily generations (spec §8 70001 when exceeded). */
export const GUEST_DAILY_LIMIT = TIER_LIMITS.guest.daily ?? 10;

export interface TaskService {
  create(caller: Caller, req: TaskCreateRequest, now: number): Promise<TaskItem>;
  estimate(caller: Caller, req: TaskCreateRequest, now: number): Promise<TaskEstimateResponse>;
  progress(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskItem[]>;
  detail(caller: Caller, id: string, guest: boolean, now: number): Promise<TaskItem>;
  list(caller: Caller, req: TaskListRequest, now: number): Promise<TaskListResponse>;
  remove(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskDeleteResponse>;
  /** Stops tasks still running: status 5 ("cancelled"), their coins back. */
  cancel(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskCancelResponse>;
  /** Advances every running task and training; returns how many changed. */
  tick(now: number): Promise<number>;
  /**
   * Stops this process's work: the tick in flight (`inFlight`) ends after the render it is on, then
   * every task and training this process holds is released to be claimed at once by another
   * process or the next start. Answers how many rows were released.
   */
  stop(inFlight: Promise<unknown> | null): Promise<number>;
}

export const makeTaskService = (
  db: Database,
  blobs: BlobStore,
  durationMs: number,
  work: WorkSettings,
): TaskService => {
  const store: TaskStore = { db, blobs };
  let stopping = false;
  const working: WorkSettings = { ...work, stopping: () => stopping };
  return {
    create: (caller, req, now) => createTask(store, durationMs, caller, req, now),
    estimate: (caller, req, now) => estimateTask(store, durationMs, caller, req, now),
    progress: (caller, ids, guest, now) => taskProgress(store, caller, ids, guest, now),
    detail: (caller, id, guest, now) => taskDetail(store, caller, id, guest, now),
    list: (caller, req, now) => taskList(store, caller, req, now),
    remove: (caller, ids, guest, now) => removeTasks(store, caller, ids, guest, now),
    cancel: (caller, ids, guest, now) => cancelTasks(store, caller, ids, guest, now),
    // A stopped service claims nothing more (its rows went back in `stop`); with no live work
    // anywhere there is nothing to renew or claim.
    tick: async (now) =>
      stopping || !(await hasLiveWork(db))
        ? 0
        : (await tickTasks(store, working, now)) + (await advanceTrainings(db, blobs, working, now)),
    stop: async (inFlight) => {
      stopping = true;
      await inFlight;
      return (
        (await releaseClaims(db, 'tasks', work.worker)) +
        (await releaseClaims(db, 'lora_trainings', work.worker))
      );
    },
  };
};
