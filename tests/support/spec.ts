/**
 * Given / when / then over the real root reducer: the one helper behaviour tests use.
 * `given(...events).when(...events)` stamps the events in order (seq from 1, `at` one second
 * apart unless the event carries its own), folds them and checks every invariant.
 */
import {
  evolve,
  initialRootState,
  invariantRegistry,
  replay,
  stamp,
  type DomainEvent,
  type ReplayViolation,
  type RootState,
  type UnstampedEvent,
} from '../../domain/index.js';

export const T0 = Date.UTC(2026, 0, 1);

export const stampAll = (events: readonly UnstampedEvent[], firstSeq = 1, startAt = T0): DomainEvent[] =>
  events.map((e, i) => stamp(e, firstSeq + i, startAt + (firstSeq + i) * 1000));

export interface Outcome {
  readonly before: RootState;
  readonly state: RootState;
  readonly violation: ReplayViolation | null;
  readonly events: readonly DomainEvent[];
}

export const given = (...history: UnstampedEvent[]) => {
  const past = stampAll(history);
  const before = replay(past);
  if (before.violation) throw new Error(`given: ${before.violation.message}`);
  return {
    state: before.state,
    when: (...now: UnstampedEvent[]): Outcome => {
      const fresh = stampAll(now, past.length + 1);
      const all = [...past, ...fresh];
      const result = replay(all);
      return { before: before.state, state: result.state, violation: result.violation, events: all };
    },
  };
};

/** Folds events one at a time, as a store does, returning every intermediate state. */
export const foldStepwise = (events: readonly DomainEvent[]): RootState[] => {
  const states: RootState[] = [];
  let s = initialRootState;
  for (const e of events) {
    s = evolve(s, e);
    states.push(s);
  }
  return states;
};

export { invariantRegistry };
