/**
 * The event recorder: a middleware that stamps every domain event with the next `seq` and the
 * clock's `at`, keeps it in the session log, and passes it on. Commands and redux's own
 * actions pass through unrecorded.
 */
import type { Middleware } from 'redux';
import {
  isAppEventType,
  makeHeader,
  serializeEventLog,
  stamp,
  type DomainEvent,
  type UnstampedEvent,
} from '../../domain/index.js';

export interface Recorder {
  readonly events: () => readonly DomainEvent[];
  /** The session log as JSON Lines: a header line, then one event per line. */
  readonly toJsonLines: (createdAt: number) => string;
  readonly middleware: Middleware;
}

export const makeRecorder = (now: () => number, source = 'atelier-web'): Recorder => {
  const log: DomainEvent[] = [];
  let seq = 0;
  const middleware: Middleware = () => (next) => (action) => {
    const a = action as UnstampedEvent;
    if (typeof a?.type !== 'string' || !isAppEventType(a.type)) return next(action);
    seq += 1;
    const event = stamp(a, seq, now());
    log.push(event);
    return next(event);
  };
  return {
    events: () => log,
    toJsonLines: (createdAt) => serializeEventLog({ header: makeHeader(createdAt, source), events: log }),
    middleware,
  };
};
