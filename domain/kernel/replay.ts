/**
 * The pure replay fold: events through a reducer, invariants checked after every event.
 * The same events always give the same states, so an auditor's replay reproduces a bug.
 */
import type { DomainEvent } from './event.js';
import { checkInvariants, type Invariant, type InvariantViolation } from './invariant.js';

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

export const replayWith = <S>(
  evolve: (state: S, event: DomainEvent) => S,
  invariants: readonly Invariant<S>[],
  initial: S,
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
): ReplayResult<S> => {
  const limit = Math.min(options.upTo ?? events.length, events.length);
  let state = initial;
  for (let index = 0; index < limit; index++) {
    const event = events[index] as DomainEvent;
    const next = evolve(state, event);
    const broken = checkInvariants(invariants, state, next, event);
    if (broken) return { state, applied: index, violation: { ...broken, index, event } };
    state = next;
  }
  return { state, applied: limit, violation: null };
};
