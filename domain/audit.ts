/**
 * What an auditor asks of a log, as pure functions over the root (the replay CLI and the audit
 * page run the same code): the first event after which an invariant fails, with the states around
 * it and what changed; the state after any event; what changed between two events; and the
 * smallest prefix of a log that still fails, to keep as a regression test.
 *
 * The first failing event is found by one replay, not by a binary search: invariants are not
 * monotone (a later event can mend what an earlier one broke, and a search would land on any
 * failing event, not the first), and a replay checks at the cost of reading the log.
 */
import { diffValues, type Diff } from './kernel/diff.js';
import type { EventLog } from './kernel/log.js';
import type { DomainEvent } from './kernel/event.js';
import { foldWith, replayChecked, type ReplayViolation } from './kernel/replay.js';
import {
  contextNameList,
  evolve as rootEvolve,
  invariantRegistry,
  logStartState,
  ownerOfEventType,
  type ContextName,
  type RootState,
} from './root.js';

/**
 * The reducer the tools replay with: the root's by default. A test hands in a reducer with a
 * deliberate bug to see the tools find it (the real reducers guard their invariants).
 */
export interface AuditOptions {
  readonly evolve?: (state: RootState, event: DomainEvent) => RootState;
}

const evolveOf = (options: AuditOptions) => options.evolve ?? rootEvolve;
const replayOf = (options: AuditOptions, events: readonly DomainEvent[], start: RootState) =>
  replayChecked(evolveOf(options), invariantRegistry, start, events);

export interface Bisection {
  readonly violation: ReplayViolation;
  /** The state before the offending event, and after it. */
  readonly before: RootState;
  readonly after: RootState;
  /** The contexts the offending event changed. */
  readonly changedContexts: readonly ContextName[];
  /** What the offending event changed (paths from the root). */
  readonly diff: Diff;
  /** The contexts the broken invariant reads. */
  readonly reads: readonly ContextName[];
  /**
   * The invariant already failed on the state before the event (only possible for the first
   * event: the log's snapshot, or a state handed in, was broken already).
   */
  readonly brokenBefore: boolean;
}

/** The contexts that are not the same object in two states. */
export const changedContexts = (before: RootState, after: RootState): ContextName[] =>
  contextNameList.filter((name) => before[name] !== after[name]);

/** The first event of the log after which an invariant fails, or null when none does. */
export const bisectLog = (
  log: EventLog,
  options: AuditOptions & { readonly diffLimit?: number } = {},
): Bisection | null => {
  const start = logStartState(log);
  const result = replayOf(options, log.events, start);
  const violation = result.violation;
  if (violation === null) return null;
  const before = result.state;
  const after = evolveOf(options)(before, violation.event);
  const inv = invariantRegistry.find((i) => i.name === violation.invariant);
  return {
    violation,
    before,
    after,
    changedContexts: changedContexts(before, after),
    diff: diffValues(before, after, { limit: options.diffLimit ?? 500 }),
    reads: inv?.reads ?? [],
    brokenBefore: inv !== undefined && inv.check(before, before, violation.event) !== null,
  };
};

/** The state after the first `n` events of the log (0: where it starts). */
export const stateAfter = (log: EventLog, n: number, options: AuditOptions = {}): RootState =>
  foldWith(evolveOf(options), logStartState(log), log.events, { upTo: n });

/** What changed between the states after the first `n` and the first `m` events. */
export const diffBetween = (
  log: EventLog,
  n: number,
  m: number,
  options: AuditOptions & { readonly limit?: number } = {},
): Diff => {
  const evolve = evolveOf(options);
  const lo = Math.min(n, m);
  const hi = Math.max(n, m);
  const atLo = foldWith(evolve, logStartState(log), log.events, { upTo: lo });
  const atHi = foldWith(evolve, atLo, log.events.slice(lo, hi));
  return n <= m ? diffValues(atLo, atHi, options) : diffValues(atHi, atLo, options);
};

export interface FailingPrefix {
  /** The log cut after the offending event (its snapshot kept), possibly reduced (below). */
  readonly log: EventLog;
  readonly violation: ReplayViolation;
  /** How many events of the log the prefix spans (up to and with the offending one). */
  readonly spans: number;
  /**
   * True when the prefix keeps only the events of the contexts the broken invariant reads (and
   * of decorations, which also patches other contexts), because that smaller log still breaks
   * the same invariant, with the same message, at the same event.
   */
  readonly reduced: boolean;
}

const sameViolation = (a: ReplayViolation | null, b: ReplayViolation): boolean =>
  a !== null &&
  a.invariant === b.invariant &&
  a.message === b.message &&
  a.event.meta.seq === b.event.meta.seq;

/**
 * The smallest prefix of the log that still fails: the events up to and with the first one after
 * which an invariant fails (a shorter prefix breaks nothing, as that event is the first). When the
 * events of the other contexts can be left out and the same violation remains, they are.
 */
export const failingPrefix = (log: EventLog, options: AuditOptions = {}): FailingPrefix | null => {
  const start = logStartState(log);
  const violation = replayOf(options, log.events, start).violation;
  if (violation === null) return null;
  const events = log.events.slice(0, violation.index + 1);
  const prefix: EventLog = { ...log, events };
  const reads = new Set<string>(invariantRegistry.find((i) => i.name === violation.invariant)?.reads ?? []);
  const kept = events.filter((e) => {
    const owner = ownerOfEventType(e.type);
    return owner !== undefined && (reads.has(owner) || owner === 'decorations');
  });
  if (kept.length < events.length && sameViolation(replayOf(options, kept, start).violation, violation))
    return { log: { ...log, events: kept }, violation, spans: events.length, reduced: true };
  return { log: prefix, violation, spans: events.length, reduced: false };
};
