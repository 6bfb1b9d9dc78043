import type { Invariant } from '../kernel/invariant.js';
import { taskIn, type Task, type TasksState } from './state.js';

/**
 * The listed tasks an event changed, for the invariants checked incrementally: none when the
 * table is the same object, else the ids of `order` whose task is not the same object any more.
 * Null when `order` or `deleted` changed: the invariants are checked in full. Reducers are
 * immutable, so this holds whatever event made the change (no reducer is trusted to touch only
 * the task an event names); its cost is one look per listed task, a fraction of the copy of the
 * table the reducer made.
 */
export const tasksTouched = (before: TasksState, after: TasksState): readonly string[] | null => {
  if (after.order !== before.order || after.deleted !== before.deleted) return null;
  if (after.byId === before.byId) return [];
  const touched: string[] = [];
  for (const id of after.order) if (taskIn(after.byId, id) !== taskIn(before.byId, id)) touched.push(id);
  return touched;
};

const countKeys = (record: object): number => {
  let n = 0;
  for (const _key in record) n++;
  return n;
};

/** The task was in the table before and still is (replaced, not added nor dropped). */
const keptTask = (before: TasksState, after: TasksState, id: string): boolean =>
  Object.hasOwn(before.byId, id) && Object.hasOwn(after.byId, id);

const progressProblem = (id: string, next: Task | undefined, prev: Task | undefined): string | null => {
  if (!next) return `task ${id} is ordered but missing`;
  const p = next.phase.progress;
  if (!(p >= 0 && p <= 100)) return `task ${id} progress ${p} is outside 0..100`;
  if (!prev) return null;
  const q = prev.phase.progress;
  return p < q && p !== 0 && p !== 100 ? `task ${id} progress went back from ${q} to ${p}` : null;
};

/**
 * Spec §4: progress never goes backwards unless the new value is 0 or 100, and never passes 100.
 * The first invariant of the registry.
 */
export const progressMonotonic: Invariant<TasksState> = {
  name: 'progressMonotonic',
  check: (before, after) => {
    for (const id of after.order) {
      const problem = progressProblem(id, taskIn(after.byId, id), taskIn(before.byId, id));
      if (problem !== null) return problem;
    }
    return null;
  },
  holdsAfter: (before, after) => {
    const touched = tasksTouched(before, after);
    if (touched === null) return false;
    // A touched task that is not listed (or not kept) is left to the full check.
    for (const id of touched)
      if (
        !keptTask(before, after, id) ||
        progressProblem(id, taskIn(after.byId, id), taskIn(before.byId, id)) !== null
      )
        return false;
    return true;
  },
};

/** Every id in `order` has a task and every task is ordered exactly once. */
export const orderMatchesTasks: Invariant<TasksState> = {
  name: 'orderMatchesTasks',
  check: (_before, after) => {
    const ids = Object.keys(after.byId);
    if (ids.length !== after.order.length || new Set(after.order).size !== after.order.length)
      return 'task order and task table disagree';
    return null;
  },
  // The same order (so still unique): the table must still hold as many tasks.
  holdsAfter: (before, after) =>
    after.order === before.order &&
    (after.byId === before.byId || countKeys(after.byId) === after.order.length),
};

/** A deleted task never reappears: no id is both listed and deleted. */
export const deletedNeverListed: Invariant<TasksState> = {
  name: 'deletedNeverListed',
  check: (_before, after) => {
    const deleted = after.deleted ?? {};
    for (const id of after.order) if (Object.hasOwn(deleted, id)) return `deleted task ${id} is listed again`;
    return null;
  },
  holdsAfter: (before, after) => after.order === before.order && after.deleted === before.deleted,
};

/** Spec §7 estimate: the coins and time shown are never negative. */
export const estimateNonNegative: Invariant<TasksState> = {
  name: 'estimateNonNegative',
  check: (_before, after) => {
    const e = after.estimate;
    if (!e) return null;
    if (!(e.coins >= 0) || !(e.estimateMs >= 0))
      return `estimate ${e.key} is negative (${e.coins} coins, ${e.estimateMs} ms)`;
    return null;
  },
};

export const taskInvariants = [
  progressMonotonic,
  orderMatchesTasks,
  deletedNeverListed,
  estimateNonNegative,
] as const;
