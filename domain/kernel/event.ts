/**
 * The event envelope shared by every bounded context. An event is a plain, serialisable
 * fact: `{ type, payload, meta: { seq, at } }`. `seq` orders the log, `at` is epoch
 * milliseconds supplied by the clock adapter, never read by a reducer from the machine.
 */
export interface EventMeta {
  readonly seq: number;
  readonly at: number;
}

export interface DomainEvent<T extends string = string, P = unknown> {
  readonly type: T;
  readonly payload: P;
  readonly meta: EventMeta;
}

/** An event before the recorder has stamped it with `seq` (and, when absent, `at`). */
export interface UnstampedEvent<T extends string = string, P = unknown> {
  readonly type: T;
  readonly payload: P;
  readonly meta?: Partial<EventMeta>;
}

/**
 * Builds an event creator for one event type. Creators return unstamped events; the
 * store's recorder assigns `seq` and `at` before any reducer sees them.
 */
export const eventCreator =
  <T extends string>(type: T) =>
  <P>(payload: P): UnstampedEvent<T, P> => ({ type, payload });

/** A creator whose payload type is fixed up front, so call sites are checked. */
export const defineEvent =
  <P>() =>
  <T extends string>(type: T) => {
    const create = (payload: P, at?: number): UnstampedEvent<T, P> =>
      at === undefined ? { type, payload } : { type, payload, meta: { at } };
    return Object.assign(create, {
      type,
      match: (e: { readonly type: string }): e is DomainEvent<T, P> => e.type === type,
    });
  };

export const stamp = <E extends UnstampedEvent>(
  event: E,
  seq: number,
  at: number,
): DomainEvent<E['type'], E['payload']> => ({
  type: event.type,
  payload: event.payload,
  meta: { seq, at: event.meta?.at ?? at },
});

/** Exhaustiveness guard for `switch` statements over discriminants. */
export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
