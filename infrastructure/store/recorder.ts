/**
 * The event recorder: a middleware that stamps every domain event with the next `seq` and the
 * clock's `at`, keeps it in the session log, and passes it on. Commands and redux's own
 * actions pass through unrecorded. The log keeps a redacted copy (domain `redact`: no credential,
 * e-mail, cookie, URL signature or card number), since it is exported and shown to auditors;
 * the reducer receives the event as it happened.
 *
 * Bounded (issue 24): the log is a ring of two segments of `segment` events each. When the newer
 * segment is full, the older one is dropped and the state at the start of the newer one (a
 * redacted snapshot taken when it began) becomes the log's base. The memory held is at most two
 * segments of events and two snapshots however long the session runs; an export is the base
 * snapshot plus every event after it (log version 2), which replays from the snapshot, and always
 * holds at least the last `segment` events. A `sink` (the IndexedDB ring in the browser) is told
 * of every new segment and of the events recorded, so the log outlives the page.
 */
import type { Middleware } from 'redux';
import {
  isAppEventType,
  makeHeader,
  redact,
  serializeEventLog,
  stamp,
  type DomainEvent,
  type EventLog,
  type LogSnapshot,
  type UnstampedEvent,
} from '../../domain/index.js';

/** Events in a segment of the browser's log: its memory holds between one and two of them. */
export const LOG_SEGMENT_EVENTS = 5_000;

/** Where a recorder writes its segments as they fill (the IndexedDB ring in the browser). */
export interface LogSink {
  /** A segment begins after the event `snapshot.seq`, from that state (null: from the initial state). */
  readonly segmentStarted: (index: number, snapshot: LogSnapshot | null) => void;
  /** An event recorded in segment `index`. */
  readonly recorded: (index: number, event: DomainEvent) => void;
}

/**
 * A sink that holds what it is told until `sink` resolves, then passes everything on in order
 * (the IndexedDB ring loads after the first paint). If it never comes, what it held is dropped
 * and later calls are ignored: the log stays in memory only.
 */
export const deferredSink = (sink: Promise<LogSink>): LogSink => {
  let target: LogSink | null = null;
  let waiting: ((s: LogSink) => void)[] | null = [];
  sink.then(
    (s) => {
      target = s;
      for (const call of waiting ?? []) call(s);
      waiting = null;
    },
    () => {
      waiting = null;
    },
  );
  return {
    segmentStarted: (index, snapshot) => {
      if (target !== null) target.segmentStarted(index, snapshot);
      else waiting?.push((s) => s.segmentStarted(index, snapshot));
    },
    recorded: (index, event) => {
      if (target !== null) target.recorded(index, event);
      else waiting?.push((s) => s.recorded(index, event));
    },
  };
};

export interface Recorder {
  /** The events the log holds: every event after its base snapshot. */
  readonly events: () => readonly DomainEvent[];
  /** The log as parsed values: header, base snapshot (null while nothing was dropped), events. */
  readonly toLog: (createdAt: number) => EventLog;
  /** The session log as JSON Lines: a header line, the base snapshot line if any, then one event per line. */
  readonly toJsonLines: (createdAt: number) => string;
  readonly middleware: Middleware;
}

export interface RecorderOptions {
  readonly now: () => number;
  readonly source?: string;
  /** Events per segment; `Infinity` keeps every event (tests, the replay tool). */
  readonly segment?: number;
  readonly sink?: LogSink;
}

interface Segment {
  /** The state before the segment's first event (null: the initial state). */
  readonly start: LogSnapshot | null;
  readonly events: DomainEvent[];
}

export const makeRecorder = ({
  now,
  source = 'atelier-web',
  segment = Infinity,
  sink,
}: RecorderOptions): Recorder => {
  let older: Segment | null = null;
  let newer: Segment = { start: null, events: [] };
  let index = 0;
  let seq = 0;
  sink?.segmentStarted(index, null);
  const events = (): readonly DomainEvent[] =>
    older === null ? newer.events : [...older.events, ...newer.events];
  const middleware: Middleware = (api) => (next) => (action) => {
    const a = action as UnstampedEvent;
    if (typeof a?.type !== 'string' || !isAppEventType(a.type)) return next(action);
    seq += 1;
    const event = stamp(a, seq, now());
    const kept = redact(event);
    newer.events.push(kept);
    sink?.recorded(index, kept);
    const result = next(event);
    if (newer.events.length >= segment) {
      // The state after this event starts the next segment; the older segment goes.
      const start: LogSnapshot = { state: redact(api.getState() as unknown), seq };
      older = newer;
      newer = { start, events: [] };
      index += 1;
      sink?.segmentStarted(index, start);
    }
    return result;
  };
  const toLog = (createdAt: number): EventLog => ({
    header: makeHeader(createdAt, source),
    snapshot: (older ?? newer).start,
    events: events(),
  });
  return {
    events,
    toLog,
    toJsonLines: (createdAt) => serializeEventLog(toLog(createdAt)),
    middleware,
  };
};
