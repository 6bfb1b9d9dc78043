import type { DomainEvent } from './event.js';
import type { Invariant } from './invariant.js';

/**
 * The one public shape of a bounded context as the root composes it: its initial state,
 * its reducer (`evolve`), the event types it owns and the invariants over its state.
 */
export interface BoundedContext<S, E extends DomainEvent = DomainEvent> {
  readonly name: string;
  readonly initialState: S;
  readonly evolve: (state: S, event: E) => S;
  readonly eventTypes: readonly E['type'][];
  readonly invariants: readonly Invariant<S>[];
}
