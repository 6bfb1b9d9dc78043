import { memoizeLast } from '../kernel/memo.js';
import { taskIn, type Task, type TaskMediaItem, type TaskMediaKind, type TasksState } from './state.js';

const taskListOf = memoizeLast((order: TasksState['order'], byId: TasksState['byId']): readonly Task[] =>
  order.map((id) => taskIn(byId, id)).filter((t): t is Task => t !== undefined),
);

/** The tasks in list order; the same array until the order or a task changes. */
export const selectTaskList = (s: TasksState): readonly Task[] => taskListOf(s.order, s.byId);

export const selectTasksInProgress = (s: TasksState): readonly Task[] =>
  selectTaskList(s).filter((t) => t.phase.status === 'inProgress');

export const selectTaskById = (s: TasksState, id: string): Task | undefined => taskIn(s.byId, id);

/** Tasks created as a guest (polled and deleted with g_mode=1). */
export const selectGuestTasks = (s: TasksState): readonly Task[] => selectTaskList(s).filter((t) => t.guest);

export const selectEstimate = (s: TasksState) => s.estimate ?? null;

export const selectIsDeleted = (s: TasksState, id: string): boolean =>
  Object.hasOwn(s.deleted ?? {}, id) && (s.deleted ?? {})[id] === true;

/** Completed outputs of one kind across the list (e.g. every audio file), newest first. */
export const selectMediaOfKind = (s: TasksState, kind: TaskMediaKind): readonly TaskMediaItem[] =>
  selectTaskList(s).flatMap((t) =>
    t.phase.status === 'completed' ? (t.phase.media ?? []).filter((m) => m.kind === kind) : [],
  );

/**
 * Whether what Create starts from has its answer (spec §3 options config, and the remixed work of
 * `?remix=` when there is one): loaded or failed, not idle or loading. Create's route loader waits
 * for it so the page's first frame is the form, not its skeleton; the page shows its loading state
 * until then.
 */
export const isCreateSourceSettled = (s: TasksState, remixId: string | null): boolean => {
  const config = s.config?.status ?? 'idle';
  if (config === 'idle' || config === 'loading') return false;
  if (remixId === null) return true;
  const remix = Object.hasOwn(s.remix ?? {}, remixId) ? s.remix?.[remixId] : undefined;
  return remix !== undefined && remix.status !== 'loading';
};
