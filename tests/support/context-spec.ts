/**
 * Given / when / then for one bounded context, before or apart from the root: stamps the
 * events, folds them through the context's `evolve`, checks its invariants after each event.
 */
import {
  replayWith,
  stamp,
  type BoundedContext,
  type DomainEvent,
  type ReplayViolation,
  type UnstampedEvent,
} from '../../domain/index.js';
import { T0 } from './spec.js';

export interface ContextOutcome<S> {
  readonly before: S;
  readonly state: S;
  readonly violation: ReplayViolation | null;
}

const stampFrom = (events: readonly UnstampedEvent[], firstSeq: number): DomainEvent[] =>
  events.map((e, i) => stamp(e, firstSeq + i, T0 + (firstSeq + i) * 1000));

export const givenIn =
  <S, E extends DomainEvent>(ctx: BoundedContext<S, E>) =>
  (...history: UnstampedEvent[]) => {
    const evolve = ctx.evolve as unknown as (s: S, e: DomainEvent) => S;
    const past = stampFrom(history, 1);
    const before = replayWith(evolve, ctx.invariants, ctx.initialState, past);
    if (before.violation) throw new Error(`given: ${before.violation.message}`);
    return {
      state: before.state,
      when: (...now: UnstampedEvent[]): ContextOutcome<S> => {
        const result = replayWith(evolve, ctx.invariants, before.state, stampFrom(now, past.length + 1));
        return { before: before.state, state: result.state, violation: result.violation };
      },
    };
  };
