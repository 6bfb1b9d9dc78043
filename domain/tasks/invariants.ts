import type { Invariant } from '../kernel/invariant.js';
import type { TasksState } from './state.js';

/**
 * Spec §4: progress never goes backwards unless the new value is 0 or 100, and never passes 100.
 * The first invariant of the registry.
 */
export const progressMonotonic: Invariant<TasksState> = {
  name: 'progressMonotonic',
  check: (before, after) => {
    for (const id of after.order) {
      const next = after.byId[id];
      if (!next) return `task ${id} is ordered but missing`;
      const p = next.phase.progress;
      if (!(p >= 0 && p <= 100)) return `task ${id} progress ${p} is outside 0..100`;
      const prev = before.byId[id];
      if (!prev) continue;
      const q = prev.phase.progress;
      if (p < q && p !== 0 && p !== 100) return `task ${id} progress went back from ${q} to ${p}`;
    }
    return null;
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
};

/** A deleted task never reappears: no id is both listed and deleted. */
export const deletedNeverListed: Invariant<TasksState> = {
  name: 'deletedNeverListed',
  check: (_before, after) => {
    const deleted = after.deleted ?? {};
    for (const id of after.order) if (deleted[id]) return `deleted task ${id} is listed again`;
    return null;
  },
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
