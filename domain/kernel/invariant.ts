import type { DomainEvent } from './event.js';

/**
 * A predicate over a transition that must hold after every event. It sees the state before
 * and after the event, so rules about change (progress never goes backwards) are expressible
 * as well as rules about a single state (no negative unread count). Returns a message when
 * broken, `null` when it holds.
 *
 * Two laws let a replay check an invariant at the cost of reading the log rather than of
 * scanning the whole state after every event (`replayChecked`); the registry's properties test
 * them against checking everything (tests/domain/kernel/incremental.test.ts):
 * - Stutter: a state that passed passes again against itself, `check(s, s, e) === null`, so an
 *   invariant need not run when the state it reads did not change (reducers are immutable: an
 *   unchanged state is the same reference).
 * - `holdsAfter`, when given, is sound: if the invariant held for `before` and
 *   `holdsAfter(before, after, event)` is true, then `check(before, after, event)` is `null`.
 *   It looks only at what the event touched (the entries whose references changed, or the ids
 *   the event names); when it cannot tell, it answers false and `check` decides, and names the
 *   problem, so a violation reads the same whichever way it was found. Most look by reference
 *   only and trust no reducer; one where a reference scan would cost more than the reducer
 *   (`social.socialItemsTouchedBy`) relies on its reducer changing only the entries the event
 *   names, a contract its test checks on every generated event; `replayCheckingEverything` (CLI
 *   `--check-everything`) trusts nothing.
 */
export interface Invariant<S> {
  readonly name: string;
  readonly check: (before: S, after: S, event: DomainEvent) => string | null;
  readonly holdsAfter?: (before: S, after: S, event: DomainEvent) => boolean;
}

/**
 * An invariant over a state made of parts (the root state's bounded contexts) that declares the
 * parts it reads: it can only change its verdict when one of them changed.
 */
export interface ReadingInvariant<R> extends Invariant<R> {
  readonly reads: readonly (keyof R & string)[];
  /** Set by `focusInvariant`: the part it reads and the invariant over it, so a replay calls it directly. */
  readonly focus?: { readonly key: keyof R & string; readonly invariant: Invariant<unknown> };
}

export interface InvariantViolation {
  readonly invariant: string;
  readonly message: string;
}

/**
 * Lifts a context's invariant onto the root state: it reads the one part `key`, and its name is
 * prefixed with the part's name (`tasks.progressMonotonic`).
 */
export const focusInvariant = <R, K extends keyof R & string>(
  key: K,
  inv: Invariant<R[K]>,
  prefix: string = key,
): ReadingInvariant<R> => {
  const holdsAfter = inv.holdsAfter;
  return {
    name: `${prefix}.${inv.name}`,
    reads: [key],
    focus: { key, invariant: inv as Invariant<unknown> },
    check: (before, after, event) => inv.check(before[key], after[key], event),
    ...(holdsAfter === undefined
      ? {}
      : {
          holdsAfter: (before: R, after: R, event: DomainEvent) => holdsAfter(before[key], after[key], event),
        }),
  };
};

/** Every invariant checked in order, the whole state each time; the first broken one is named. */
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
