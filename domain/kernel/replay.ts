/**
 * The pure replay folds: events through a reducer, with or without invariants. The same events
 * always give the same states, so an auditor's replay reproduces a bug.
 *
 * Two ways to check invariants give the same first violation (index, invariant, message):
 * - `replayWith` checks every invariant against the whole state after every event: the plain
 *   definition, kept as the oracle of the faster one and for contexts tested on their own.
 * - `replayChecked` checks an invariant only when the event changed a part of the state it reads
 *   (by reference: reducers are immutable) and then, where the invariant can, only what the event
 *   touched (`Invariant.holdsAfter`). The first event is checked in full, so a state handed in
 *   (a log's snapshot) is held to every invariant once.
 */
import type { DomainEvent } from './event.js';
import {
  checkInvariants,
  type Invariant,
  type InvariantViolation,
  type ReadingInvariant,
} from './invariant.js';

export interface ReplayViolation extends InvariantViolation {
  /** 0-based index of the offending event in the replayed sequence. */
  readonly index: number;
  readonly event: DomainEvent;
}

export interface ReplayResult<S> {
  readonly state: S;
  /** How many events were applied; on a violation, the events before the offending one. */
  readonly applied: number;
  readonly violation: ReplayViolation | null;
}

export interface ReplayOptions {
  /** Stop after this many events (the state at event N). */
  readonly upTo?: number;
}

const limitOf = (events: readonly DomainEvent[], options: ReplayOptions): number =>
  Math.max(0, Math.min(options.upTo ?? events.length, events.length));

/** Folds the events up to the limit, stopping at the first event `check` finds breaking an invariant. */
const foldUntilBroken = <S>(
  evolve: (state: S, event: DomainEvent) => S,
  initial: S,
  events: readonly DomainEvent[],
  options: ReplayOptions,
  check: (index: number, before: S, after: S, event: DomainEvent) => InvariantViolation | null,
): ReplayResult<S> => {
  const limit = limitOf(events, options);
  let state = initial;
  for (let index = 0; index < limit; index++) {
    const event = events[index] as DomainEvent;
    const next = evolve(state, event);
    const broken = check(index, state, next, event);
    if (broken) return { state, applied: index, violation: { ...broken, index, event } };
    state = next;
  }
  return { state, applied: limit, violation: null };
};

/** Every invariant after every event, over the whole state (the definition, and the oracle). */
export const replayWith = <S>(
  evolve: (state: S, event: DomainEvent) => S,
  invariants: readonly Invariant<S>[],
  initial: S,
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
): ReplayResult<S> =>
  foldUntilBroken(evolve, initial, events, options, (_index, before, after, event) =>
    checkInvariants(invariants, before, after, event),
  );

/** The fold alone: no invariant is checked. */
export const foldWith = <S>(
  evolve: (state: S, event: DomainEvent) => S,
  initial: S,
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
): S => {
  const limit = limitOf(events, options);
  let state = initial;
  for (let index = 0; index < limit; index++) state = evolve(state, events[index] as DomainEvent);
  return state;
};

/** Invariants in runs that read the same parts, so a run is skipped on one look at its parts. */
interface Run<S> {
  readonly reads: readonly (keyof S & string)[];
  readonly invariants: readonly ReadingInvariant<S>[];
}

const sameReads = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((k, i) => k === b[i]);

const runsOf = <S>(invariants: readonly ReadingInvariant<S>[]): Run<S>[] => {
  const runs: { reads: readonly (keyof S & string)[]; invariants: ReadingInvariant<S>[] }[] = [];
  for (const inv of invariants) {
    const last = runs[runs.length - 1];
    if (last !== undefined && sameReads(last.reads, inv.reads)) last.invariants.push(inv);
    else runs.push({ reads: inv.reads, invariants: [inv] });
  }
  return runs;
};

/**
 * The parts of a state whose references differ between two versions, written into `out` from its
 * start, and how many. A state of many parts can tell it with one literal comparison a part (the
 * root's `collectChangedContexts`), where a loop over the part names pays a lookup by name for each.
 */
export type ChangedParts<S> = (before: S, after: S, out: (keyof S & string)[]) => number;

/**
 * The checker `replayChecked` uses after each event but the first: the first broken invariant
 * in registry order among those whose parts changed, found incrementally where possible. It
 * assumes every invariant held for `before`, which the replay guarantees (it stops at a violation).
 * Given `changedParts` (which must name exactly the parts whose references differ), it visits
 * only the runs that read one of them instead of looking at every run's parts.
 */
export const incrementalChecker = <S extends object>(
  invariants: readonly ReadingInvariant<S>[],
  changedParts?: ChangedParts<S>,
) => {
  const runs = runsOf(invariants);
  // A run over one part, each invariant focused on it, is checked on the part itself (no projection).
  const parts = runs.map((run) =>
    run.reads.length === 1 && run.invariants.every((inv) => inv.focus?.key === run.reads[0])
      ? { key: run.reads[0] as keyof S, invariants: run.invariants.map((inv) => inv.focus!.invariant) }
      : null,
  );
  /** The run `r` after a change to one of its parts: null, or its first broken invariant. */
  const checkRun = (r: number, before: S, after: S, event: DomainEvent): InvariantViolation | null => {
    const part = parts[r];
    if (part === null || part === undefined) return firstBroken(runs[r] as Run<S>, before, after, event);
    const b = before[part.key];
    const a = after[part.key];
    const invs = part.invariants;
    for (let i = 0; i < invs.length; i++) {
      const inv = invs[i] as Invariant<unknown>;
      if (inv.holdsAfter !== undefined && inv.holdsAfter(b, a, event)) continue;
      if (inv.check(b, a, event) !== null) return firstBroken(runs[r] as Run<S>, before, after, event);
    }
    return null;
  };
  const changedRun = (run: Run<S>, before: S, after: S): boolean => {
    for (const key of run.reads) if (before[key] !== after[key]) return true;
    return false;
  };
  if (changedParts === undefined)
    return (before: S, after: S, event: DomainEvent): InvariantViolation | null => {
      if (before === after) return null;
      for (let r = 0; r < runs.length; r++) {
        if (!changedRun(runs[r] as Run<S>, before, after)) continue;
        const broken = checkRun(r, before, after, event);
        if (broken !== null) return broken;
      }
      return null;
    };
  // The runs that read each part, in registry order.
  const runsReading = new Map<string, number[]>();
  runs.forEach((run, r) => {
    for (const key of run.reads) {
      const list = runsReading.get(key) ?? [];
      if (list[list.length - 1] !== r) list.push(r);
      runsReading.set(key, list);
    }
  });
  const NONE: readonly number[] = [];
  const changed: (keyof S & string)[] = [];
  return (before: S, after: S, event: DomainEvent): InvariantViolation | null => {
    if (before === after) return null;
    const n = changedParts(before, after, changed);
    // Nearly always one part (the context that owns the event); else the runs of all, in registry order.
    const due =
      n === 1
        ? (runsReading.get(changed[0] as string) ?? NONE)
        : [...new Set(changed.slice(0, n).flatMap((key) => runsReading.get(key) ?? NONE))].sort(
            (x, y) => x - y,
          );
    for (let i = 0; i < due.length; i++) {
      const broken = checkRun(due[i] as number, before, after, event);
      if (broken !== null) return broken;
    }
    return null;
  };
};

/** The first broken invariant of a run, named as the registry names it. */
const firstBroken = <S>(run: Run<S>, before: S, after: S, event: DomainEvent): InvariantViolation | null => {
  for (const inv of run.invariants) {
    if (inv.holdsAfter !== undefined && inv.holdsAfter(before, after, event)) continue;
    const message = inv.check(before, after, event);
    if (message !== null) return { invariant: inv.name, message };
  }
  return null;
};

/** Invariants checked at the cost of reading: the same first violation as `replayWith`. */
export const replayChecked = <S extends object>(
  evolve: (state: S, event: DomainEvent) => S,
  invariants: readonly ReadingInvariant<S>[],
  initial: S,
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
  checker: (before: S, after: S, event: DomainEvent) => InvariantViolation | null = incrementalChecker(
    invariants,
  ),
): ReplayResult<S> =>
  foldUntilBroken(evolve, initial, events, options, (index, before, after, event) =>
    // The first event is checked whole: the state it starts from (a snapshot) may be broken already.
    index === 0 ? checkInvariants(invariants, before, after, event) : checker(before, after, event),
  );
