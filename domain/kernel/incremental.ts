/**
 * Helpers for invariants checked incrementally (`Invariant.holdsAfter`): what changed between two
 * versions of an immutable array, found by reference. Reducers copy an array to change it and
 * keep the elements they did not touch, so the elements outside the changed window are the very
 * objects that were there before, and whatever held for them still holds.
 */

/**
 * Where two arrays differ: `after[start..afterEnd)` replaced `before[start..beforeEnd)`; before
 * `start` and from `afterEnd` (`beforeEnd`) on, the elements are the same references.
 */
export interface ChangedWindow {
  readonly start: number;
  readonly beforeEnd: number;
  readonly afterEnd: number;
}

// The last answer (several invariants ask about the same two arrays in a row).
let lastBefore: readonly unknown[] | null = null;
let lastAfter: readonly unknown[] | null = null;
let lastWindow: ChangedWindow = { start: 0, beforeEnd: 0, afterEnd: 0 };

/** The changed window of two arrays (the last answer is kept: several invariants ask in a row). */
export const changedWindow = <A>(before: readonly A[], after: readonly A[]): ChangedWindow => {
  if (lastBefore === before && lastAfter === after) return lastWindow;
  const min = Math.min(before.length, after.length);
  let start = 0;
  while (start < min && before[start] === after[start]) start++;
  let b = before.length;
  let a = after.length;
  while (b > start && a > start && before[b - 1] === after[a - 1]) {
    b--;
    a--;
  }
  lastBefore = before;
  lastAfter = after;
  lastWindow = { start, beforeEnd: b, afterEnd: a };
  return lastWindow;
};

/**
 * Whether `after` is in order (`inOrder` of each adjacent pair), given that `before` was: only
 * the pairs that touch the changed window can be out of order.
 */
export const orderedAround = <A>(
  before: readonly A[],
  after: readonly A[],
  inOrder: (x: A, y: A) => boolean,
): boolean => {
  const w = changedWindow(before, after);
  const to = Math.min(after.length - 1, w.afterEnd);
  for (let i = Math.max(1, w.start); i <= to; i++)
    if (!inOrder(after[i - 1] as A, after[i] as A)) return false;
  return true;
};

/** Whether every element of `before`'s changed window is still in `after`'s (by `keyOf`). */
export const windowKeeps = <A, K>(before: readonly A[], after: readonly A[], keyOf: (x: A) => K): boolean => {
  const w = changedWindow(before, after);
  for (let i = w.start; i < w.beforeEnd; i++) {
    const key = keyOf(before[i] as A);
    let found = false;
    for (let j = w.start; j < w.afterEnd && !found; j++) found = keyOf(after[j] as A) === key;
    if (!found) return false;
  }
  return true;
};

/** Whether `after` is `before` with `added` appended (by reference). */
export const appendedTo = <A>(before: readonly A[], after: readonly A[], added: number): boolean => {
  if (after.length !== before.length + added) return false;
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return false;
  return true;
};
