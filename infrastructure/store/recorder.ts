/**
 * The event recorder: a middleware that stamps every domain event with the next `seq` and the
 * clock's `at`, keeps it in the session log, and passes it on. Commands and redux's own
 * actions pass through unrecorded. The log keeps a redacted copy (domain `redact`: no credential,
 * e-mail, cookie, URL signature or card number), since it is exported and shown to auditors;
 * the reducer receives the event as it happened.
 */
import type { Middleware } from 'redux';
import {
  isAppEventType,
  makeHeader,
  redact,
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
    log.push(redact(event));
    return next(event);
  };
  return {
    events: () => log,
    toJsonLines: (createdAt) => serializeEventLog({ header: makeHeader(createdAt, source), events: log }),
    middleware,
  };
};
