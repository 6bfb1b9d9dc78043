import type { DomainEvent } from './event.js';

/**
 * A predicate over a transition that must hold after every event. It sees the state before
 * and after the event, so rules about change (progress never goes backwards) are expressible
 * as well as rules about a single state (no negative unread count). Returns a message when
 * broken, `null` when it holds.
 */
export interface Invariant<S> {
  readonly name: string;
  readonly check: (before: S, after: S, event: DomainEvent) => string | null;
}

export interface InvariantViolation {
  readonly invariant: string;
  readonly message: string;
}

/** Lifts a context's invariant onto the root state through a projection. */
export const focusInvariant = <R, S>(
  project: (root: R) => S,
  inv: Invariant<S>,
  prefix: string,
): Invariant<R> => ({
  name: `${prefix}.${inv.name}`,
  check: (before, after, event) => inv.check(project(before), project(after), event),
});

export const checkInvariants = <S>(
  invariants: readonly Invariant<S>[],
  before: S,
  after: S,
  event: DomainEvent,
): InvariantViolation | null => {
  for (const inv of invariants) {
    const message = inv.check(before, after, event);
    if (message !== null) return { invariant: inv.name, message };
  }
  return null;
};
