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
  /**
   * The context's state as a log's snapshot line holds it (parsed JSON, written by this or an older
   * version of the code): for a context whose state changed shape, the older shape read as the new.
   * Absent: taken as written.
   */
  readonly fromSnapshot?: (written: unknown) => S;
}
