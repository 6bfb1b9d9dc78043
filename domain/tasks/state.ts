/**
 * Task state and its reducer (`evolve`). A task's phase is a discriminated union on
 * `status`: in progress (server codes 1 and 2), completed (3), failed (4 or another terminal
 * code). Terminal tasks ignore further reports: polling stops per task at a terminal status.
 */
import { assertNever } from '../kernel/event.js';
import type { TaskEvent } from './events.js';
import { nextProgress } from './rules.js';

/** Spec §3: task domain types 0..25 (0 text to image, 1 upscale, 2 text to video, ...). */
export type TaskDomainType = number;

export interface TaskParams {
  readonly domainType: TaskDomainType;
  readonly prompt: string;
  readonly aspectRatio: string;
  readonly seed: number | null;
}

export interface TaskImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export type TaskPhase =
  | {
      readonly status: 'inProgress';
      readonly code: 1 | 2;
      readonly progress: number;
      readonly statusDesc: string;
    }
  | { readonly status: 'completed'; readonly progress: 100; readonly images: readonly TaskImage[] }
  | {
      readonly status: 'failed';
      readonly progress: number;
      readonly code: number;
      readonly reason: string;
    };

export interface Task {
  readonly id: string;
  readonly params: TaskParams;
  readonly guest: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly estimateMs: number | null;
  readonly phase: TaskPhase;
}

export interface TasksState {
  readonly byId: Readonly<Record<string, Task>>;
  /** Newest first. */
  readonly order: readonly string[];
}

export const initialTasksState: TasksState = { byId: {}, order: [] };

/** Replaces one task, keeping every other reference (cheap for views and for replay). */
const withTask = (state: TasksState, task: Task): TasksState => ({ ...state, byId: { ...state.byId, [task.id]: task } });

/** Polling reports arrive for every task every 3 s, so this reducer is plain spreads, not immer drafts. */
export const evolveTasks = (state: TasksState, event: TaskEvent): TasksState => {
  switch (event.type) {
    case 'tasks/created': {
      const p = event.payload;
      if (state.byId[p.id]) return state;
      const task: Task = {
        id: p.id,
        params: p.params,
        guest: p.guest,
        createdAt: p.createdAt,
        updatedAt: event.meta.at,
        estimateMs: p.estimateMs,
        phase: { status: 'inProgress', code: 1, progress: 0, statusDesc: '' },
      };
      return { byId: { ...state.byId, [p.id]: task }, order: [p.id, ...state.order] };
    }
    case 'tasks/progressReported': {
      const p = event.payload;
      const task = state.byId[p.id];
      if (!task || task.phase.status !== 'inProgress') return state;
      return withTask(state, {
        ...task,
        phase: { status: 'inProgress', code: p.code, progress: nextProgress(task.phase.progress, p.progress), statusDesc: p.statusDesc },
        estimateMs: p.estimateMs ?? task.estimateMs,
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/completed': {
      const task = state.byId[event.payload.id];
      if (!task || task.phase.status !== 'inProgress') return state;
      return withTask(state, {
        ...task,
        phase: { status: 'completed', progress: 100, images: event.payload.images },
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/failed': {
      const task = state.byId[event.payload.id];
      if (!task || task.phase.status !== 'inProgress') return state;
      return withTask(state, {
        ...task,
        phase: { status: 'failed', progress: task.phase.progress, code: event.payload.code, reason: event.payload.reason },
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/removed': {
      const id = event.payload.id;
      if (!state.byId[id]) return state;
      const { [id]: _removed, ...byId } = state.byId;
      return { byId, order: state.order.filter((x) => x !== id) };
    }
    default:
      return assertNever(event);
  }
};
