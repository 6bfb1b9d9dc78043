/**
 * Task state and its reducer (`evolve`). A task's phase is a discriminated union on
 * `status`: in progress (server codes 1 and 2), completed (3), failed (4 or another terminal
 * code). Terminal tasks ignore further reports: polling stops per task at a terminal status.
 * Deleted tasks leave a tombstone, so no late report, creation or list can bring them back.
 */
import { assertNever } from '../kernel/event.js';
import type { TaskEvent, TaskSnapshot } from './events.js';
import type { GenerationOptions, RemixSource, TaskOptions } from './generation.js';
import { applySnapshot, nextEstimate, nextProgress } from './rules.js';

/** Spec §3: task domain types 0..25 (see domainTypes.ts for the table). */
export type TaskDomainType = number;

export interface TaskParams {
  readonly domainType: TaskDomainType;
  readonly prompt: string;
  readonly aspectRatio: string;
  readonly seed: number | null;
  /**
   * Every other field the task was created with (`negative_prompt`, `input_url`, `loras`,
   * `tier` ...): what a retry sends again and what a download writes beside the image.
   */
  readonly options?: TaskOptions;
}

export interface TaskImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export type TaskMediaKind = 'image' | 'video' | 'audio' | 'model';

/** One output of a task: an image, a video (animated GIF), an audio file (WAV). */
export interface TaskMediaItem {
  readonly url: string;
  readonly kind: TaskMediaKind;
  readonly contentType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationS: number | null;
}

export type TaskPhase =
  | {
      readonly status: 'inProgress';
      readonly code: 1 | 2;
      readonly progress: number;
      readonly statusDesc: string;
      /** The workflow node being executed, when the task is a workflow run. */
      readonly currentNode?: string;
    }
  | {
      readonly status: 'completed';
      readonly progress: 100;
      readonly images: readonly TaskImage[];
      readonly media?: readonly TaskMediaItem[];
    }
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
  /** Finished and not yet looked at (the queue shows what finished while the person was away). */
  readonly unseen?: true;
  /** The community work it was published as. */
  readonly publishedAs?: string;
  /** The production box worn on it, as the last task list said (absent: none). */
  readonly productionFrame?: string;
}

/** The last estimate (spec §7 /task/estimate); never negative. */
export interface TaskEstimate {
  readonly key: string;
  readonly domainType: number;
  readonly coins: number;
  readonly estimateMs: number;
  readonly canAfford: boolean;
  readonly at: number;
  readonly queue?: { readonly active: number; readonly limit: number };
  readonly daily?: { readonly used: number; readonly limit: number | null };
}

export type OptionsState =
  | { readonly status: 'idle' | 'loading' | 'failed' }
  | { readonly status: 'loaded'; readonly options: GenerationOptions };

export type RemixState =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly remix: RemixSource }
  | { readonly status: 'notFound' | 'failed' };

export interface TasksState {
  readonly byId: Readonly<Record<string, Task>>;
  /** Newest first. */
  readonly order: readonly string[];
  /** Ids the server deleted: they never reappear. */
  readonly deleted: Readonly<Record<string, true>>;
  readonly estimate: TaskEstimate | null;
  /** The task options config (spec §3), fetched once per page. */
  readonly config?: OptionsState;
  /** Remixed works by id (spec §2 Remix). */
  readonly remix?: Readonly<Record<string, RemixState>>;
  /** Tasks whose publishing is under way. */
  readonly publishing?: Readonly<Record<string, true>>;
}

export const initialTasksState: TasksState = {
  byId: {},
  order: [],
  deleted: {},
  estimate: null,
  config: { status: 'idle' },
  remix: {},
  publishing: {},
};

/**
 * A plain empty object kept as a hash table: V8 turns an object whose properties were deleted into
 * one, where an object filled key by key gets a new hidden shape for each new set of keys. A record
 * keyed by ids (every session's tasks are new keys) copied on every report made thousands of shapes,
 * and the fold of 1,000,000 events runs about a fifth faster without them (`npm run bench`, CPU time).
 * Semantics are those of `{}`: same prototype, same own properties in the same order once filled.
 */
const hashedRecord = (): Record<string, Task> => {
  const record: Record<string, Task | number> = { a: 0, b: 0 };
  delete record['a'];
  delete record['b'];
  return record as Record<string, Task>;
};

/**
 * The tasks by id with one task put: the properties copied in one pass by `Object.assign` into a
 * hashed record (`hashedRecord`). The id "__proto__" goes through a spread: an assignment would set
 * the copy's prototype instead of an own property.
 */
const byIdWith = (byId: TasksState['byId'], task: Task): TasksState['byId'] => {
  if (task.id === '__proto__' || Object.hasOwn(byId, '__proto__')) return { ...byId, [task.id]: task };
  const next = Object.assign(hashedRecord(), byId);
  next[task.id] = task;
  return next;
};

/**
 * The task `byId` holds under `id` itself: an id such as "constructor" or "__proto__" is an id, not
 * a property every object inherits (reading one crashed the reducer on a progress report).
 */
export const taskIn = (byId: Readonly<Record<string, Task>>, id: string): Task | undefined =>
  Object.hasOwn(byId, id) ? byId[id] : undefined;

/** Whether a record of flags by id holds `id` itself (see `taskIn`). */
const flagged = (record: Readonly<Record<string, boolean>>, id: string): boolean =>
  Object.hasOwn(record, id) && record[id] === true;

/** Replaces one task, keeping every other reference (cheap for views and for replay). */
const withTask = (state: TasksState, task: Task): TasksState => ({
  ...state,
  byId: byIdWith(state.byId, task),
});

/** Older logs and preloaded states may lack the newer fields. */
const deletedOf = (state: TasksState): Readonly<Record<string, true>> => state.deleted ?? {};

const snapshotTask = (s: TaskSnapshot, at: number): Task => ({
  id: s.id,
  params: s.params,
  guest: s.guest,
  createdAt: s.createdAt,
  updatedAt: at,
  estimateMs: s.estimateMs,
  phase: applySnapshot(undefined, s),
  ...(s.publishedAs === undefined ? {} : { publishedAs: s.publishedAs }),
  ...(s.productionFrame === undefined ? {} : { productionFrame: s.productionFrame }),
});

const withoutKey = <A>(
  record: Readonly<Record<string, A>> | undefined,
  key: string,
): Readonly<Record<string, A>> => {
  const { [key]: _gone, ...rest } = record ?? {};
  return rest;
};

/** Polling reports arrive for every task every 3 s, so this reducer is plain spreads, not immer drafts. */
export const evolveTasks = (state: TasksState, event: TaskEvent): TasksState => {
  switch (event.type) {
    case 'tasks/created': {
      const p = event.payload;
      if (taskIn(state.byId, p.id) || flagged(deletedOf(state), p.id)) return state;
      const task: Task = {
        id: p.id,
        params: p.params,
        guest: p.guest,
        createdAt: p.createdAt,
        updatedAt: event.meta.at,
        estimateMs: p.estimateMs,
        phase: { status: 'inProgress', code: 1, progress: 0, statusDesc: '' },
      };
      return { ...state, byId: byIdWith(state.byId, task), order: [p.id, ...state.order] };
    }
    case 'tasks/progressReported': {
      const p = event.payload;
      const task = taskIn(state.byId, p.id);
      if (!task || task.phase.status !== 'inProgress') return state;
      const node = p.currentNode ?? task.phase.currentNode;
      return withTask(state, {
        ...task,
        phase: {
          status: 'inProgress',
          code: p.code,
          progress: nextProgress(task.phase.progress, p.progress),
          statusDesc: p.statusDesc,
          ...(node ? { currentNode: node } : {}),
        },
        estimateMs: p.estimateMs ?? task.estimateMs,
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/completed': {
      const task = taskIn(state.byId, event.payload.id);
      if (!task || task.phase.status !== 'inProgress') return state;
      const media = event.payload.media;
      return withTask(state, {
        ...task,
        phase: {
          status: 'completed',
          progress: 100,
          images: event.payload.images,
          ...(media && media.length > 0 ? { media } : {}),
        },
        unseen: true,
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/failed': {
      const task = taskIn(state.byId, event.payload.id);
      if (!task || task.phase.status !== 'inProgress') return state;
      return withTask(state, {
        ...task,
        phase: {
          status: 'failed',
          progress: task.phase.progress,
          code: event.payload.code,
          reason: event.payload.reason,
        },
        unseen: true,
        updatedAt: event.meta.at,
      });
    }
    case 'tasks/removed': {
      const id = event.payload.id;
      if (!taskIn(state.byId, id)) return state;
      const { [id]: _removed, ...byId } = state.byId;
      return { ...state, byId, order: state.order.filter((x) => x !== id) };
    }
    case 'tasks/deleted': {
      const id = event.payload.id;
      const deleted = deletedOf(state);
      if (flagged(deleted, id) && !taskIn(state.byId, id)) return state;
      const { [id]: _gone, ...byId } = state.byId;
      return {
        ...state,
        byId,
        order: taskIn(state.byId, id) ? state.order.filter((x) => x !== id) : state.order,
        deleted: { ...deleted, [id]: true },
      };
    }
    case 'tasks/accountTasksCleared': {
      const order = state.order.filter((id) => taskIn(state.byId, id)?.guest === true);
      if (order.length === state.order.length) return state;
      const byId: Record<string, Task> = {};
      for (const id of order) byId[id] = taskIn(state.byId, id)!;
      return { ...state, byId, order };
    }
    case 'tasks/seen': {
      let byId: Record<string, Task> | null = null;
      for (const id of event.payload.ids) {
        const t = taskIn(state.byId, id);
        if (!t?.unseen) continue;
        const { unseen: _seen, ...rest } = t;
        byId = byId ?? { ...state.byId };
        byId[id] = rest;
      }
      return byId === null ? state : { ...state, byId };
    }
    case 'tasks/optionsRequested':
      return state.config?.status === 'loaded' ? state : { ...state, config: { status: 'loading' } };
    case 'tasks/optionsReceived':
      return { ...state, config: { status: 'loaded', options: event.payload.options } };
    case 'tasks/optionsFailed':
      return state.config?.status === 'loaded' ? state : { ...state, config: { status: 'failed' } };
    case 'tasks/remixRequested': {
      const known = state.remix?.[event.payload.artworkId];
      if (known?.status === 'loaded') return state;
      return { ...state, remix: { ...state.remix, [event.payload.artworkId]: { status: 'loading' } } };
    }
    case 'tasks/remixLoaded': {
      const remix = event.payload.remix;
      return { ...state, remix: { ...state.remix, [remix.artworkId]: { status: 'loaded', remix } } };
    }
    case 'tasks/remixFailed': {
      const { artworkId, notFound } = event.payload;
      if (state.remix?.[artworkId]?.status === 'loaded') return state;
      return {
        ...state,
        remix: { ...state.remix, [artworkId]: { status: notFound ? 'notFound' : 'failed' } },
      };
    }
    case 'tasks/publishStarted': {
      const task = taskIn(state.byId, event.payload.id);
      if (!task || task.phase.status !== 'completed' || task.publishedAs !== undefined) return state;
      return { ...state, publishing: { ...state.publishing, [task.id]: true } };
    }
    case 'tasks/published': {
      const { id, artworkId } = event.payload;
      const task = taskIn(state.byId, id);
      const publishing = withoutKey(state.publishing, id);
      if (!task) return { ...state, publishing };
      return { ...state, publishing, byId: { ...state.byId, [id]: { ...task, publishedAs: artworkId } } };
    }
    case 'tasks/publishRefused':
      return state.publishing?.[event.payload.id]
        ? { ...state, publishing: withoutKey(state.publishing, event.payload.id) }
        : state;
    // A cue to read progress now; the report that follows changes the state.
    case 'tasks/settledPushed':
      return state;
    case 'tasks/estimateReceived':
      return { ...state, estimate: nextEstimate(event.payload, event.meta.at) };
    case 'tasks/listReceived': {
      const { items, requestedAt } = event.payload;
      const deleted = deletedOf(state);
      const listed = new Set<string>();
      const byId: Record<string, Task> = {};
      for (const s of items) {
        if (flagged(deleted, s.id) || listed.has(s.id)) continue;
        listed.add(s.id);
        const known = taskIn(state.byId, s.id);
        if (known) {
          const phase = applySnapshot(known.phase, s);
          const finishedNow = known.phase.status === 'inProgress' && phase.status !== 'inProgress';
          const publishedAs = s.publishedAs ?? known.publishedAs;
          // The list says what is worn now: a box taken off is gone.
          const { productionFrame: _worn, ...rest } = known;
          byId[s.id] = {
            ...rest,
            params:
              known.params.options === undefined && s.params.options
                ? { ...known.params, options: s.params.options }
                : known.params,
            phase,
            estimateMs: s.estimateMs ?? known.estimateMs,
            updatedAt: event.meta.at,
            ...(finishedNow ? { unseen: true as const } : {}),
            ...(publishedAs === undefined ? {} : { publishedAs }),
            ...(s.productionFrame === undefined ? {} : { productionFrame: s.productionFrame }),
          };
        } else byId[s.id] = snapshotTask(s, event.meta.at);
      }
      // Kept beside the list: guest tasks and tasks created after the list was asked for.
      for (const id of state.order) {
        const t = taskIn(state.byId, id);
        if (!t || listed.has(id)) continue;
        if (t.guest || t.createdAt >= requestedAt) byId[id] = t;
      }
      const previous = new Map(state.order.map((id, i) => [id, i]));
      const order = Object.keys(byId).sort((a, b) => {
        const d = byId[b]!.createdAt - byId[a]!.createdAt;
        if (d !== 0) return d;
        return (
          (previous.get(a) ?? Number.MAX_SAFE_INTEGER) - (previous.get(b) ?? Number.MAX_SAFE_INTEGER) ||
          (a < b ? -1 : a > b ? 1 : 0)
        );
      });
      return { ...state, byId, order };
    }
    default:
      return assertNever(event);
  }
};
