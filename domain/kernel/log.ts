/**
 * The event-log format: JSON Lines, a header line, then (from version 2) at most one snapshot
 * line, then one event per line. Parsing is pure (text in, typed log or a located error out) so
 * the web client, the replay CLI and other frontends read logs the same way.
 *
 * Versions: a log of an older version is upcast step by step (`logUpcasters`, one pure function
 * per version) before its events are decoded; a newer or unknown version is refused before any
 * event is read, never half replayed.
 * - 1: header, events.
 * - 2: header, optionally one snapshot line `{"snapshot": <state>, "seq": n}` (the state after the
 *   event of seq n, for a log whose older events a bounded recorder dropped), events after seq n.
 */
import * as E from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './event.js';

export const EVENT_LOG_FORMAT = 'atelier-event-log';
export const EVENT_LOG_VERSION = 2;
/** The oldest version this code still reads (by upcasting). */
export const OLDEST_EVENT_LOG_VERSION = 1;

export interface EventLogHeader {
  readonly format: typeof EVENT_LOG_FORMAT;
  readonly version: typeof EVENT_LOG_VERSION;
  readonly createdAt: number;
  readonly source: string;
}

/** The state after the event of seq `seq`; the log's events follow it. */
export interface LogSnapshot {
  readonly state: unknown;
  readonly seq: number;
}

export interface EventLog {
  readonly header: EventLogHeader;
  /** Where the log starts from; absent or null: the initial state. */
  readonly snapshot?: LogSnapshot | null;
  readonly events: readonly DomainEvent[];
  /** The version the log was written in, when it was upcast from an older one. */
  readonly writtenVersion?: number;
}

export interface LogParseError {
  /** 1-based line of the log where parsing stopped. */
  readonly line: number;
  readonly message: string;
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

const isFiniteNumber = (u: unknown): u is number => typeof u === 'number' && Number.isFinite(u);

export const serializeEventLog = (log: EventLog): string => {
  const snapshot = log.snapshot ?? null;
  const head =
    snapshot === null ? [log.header] : [log.header, { snapshot: snapshot.state, seq: snapshot.seq }];
  return [...head, ...log.events].map((line) => JSON.stringify(line)).join('\n') + '\n';
};

export const makeHeader = (createdAt: number, source: string): EventLogHeader => ({
  format: EVENT_LOG_FORMAT,
  version: EVENT_LOG_VERSION,
  createdAt,
  source,
});

/**
 * A log as read from its lines, before its events are decoded: what upcasters rewrite. Event
 * lines are parsed JSON, each with the 1-based line it came from.
 */
export interface RawEventLog {
  readonly version: number;
  readonly header: Readonly<Record<string, unknown>>;
  readonly snapshot: LogSnapshot | null;
  readonly events: readonly unknown[];
  readonly lines: readonly number[];
}

/** One step of the upcasting chain: a log of version `from` rewritten as version `from + 1`. */
export interface LogUpcaster {
  readonly from: number;
  readonly what: string;
  readonly upcast: (log: RawEventLog) => RawEventLog;
}

/** v1 -> v2: version 2 only adds the optional snapshot line; a v1 log has none, its events stay. */
export const upcastV1toV2: LogUpcaster = {
  from: 1,
  what: 'adds the optional snapshot line (a v1 log has none); events are unchanged',
  upcast: (log) => ({ ...log, version: 2, header: { ...log.header, version: 2 }, snapshot: null }),
};

/** The chain, one upcaster per version from the oldest read to the current one. */
export const logUpcasters: readonly LogUpcaster[] = [upcastV1toV2];

/** Why a header's version cannot be read by this code, or null when it can. */
export const refuseVersion = (version: unknown): string | null => {
  if (typeof version === 'number' && Number.isInteger(version)) {
    if (version > EVENT_LOG_VERSION)
      return `log version ${version} is newer than this replay understands (${EVENT_LOG_VERSION})`;
    if (version >= OLDEST_EVENT_LOG_VERSION) return null;
  }
  return `log version ${version === undefined ? '(none)' : JSON.stringify(version)} is unknown: this replay understands versions ${OLDEST_EVENT_LOG_VERSION} to ${EVENT_LOG_VERSION}`;
};

/** Upcasts a raw log step by step to the current version (each step a pure function). */
export const upcastEventLog = (
  raw: RawEventLog,
  upcasters: readonly LogUpcaster[] = logUpcasters,
): E.Either<LogParseError, RawEventLog> => {
  let log = raw;
  while (log.version < EVENT_LOG_VERSION) {
    const step = upcasters.find((u) => u.from === log.version);
    if (step === undefined)
      return E.left({ line: 1, message: `no upcaster from log version ${log.version}` });
    const next = step.upcast(log);
    if (next.version !== log.version + 1)
      return E.left({ line: 1, message: `the upcaster from version ${log.version} gave ${next.version}` });
    log = next;
  }
  return E.right(log);
};

const parseLine = (text: string, line: number): E.Either<LogParseError, unknown> => {
  try {
    return E.right(JSON.parse(text) as unknown);
  } catch (err) {
    return E.left({ line, message: `not JSON: ${err instanceof Error ? err.message : String(err)}` });
  }
};

const isSnapshotLine = (u: unknown): u is Record<string, unknown> =>
  isRecord(u) && 'snapshot' in u && !('type' in u);

const toSnapshot = (u: Record<string, unknown>, line: number): E.Either<LogParseError, LogSnapshot> => {
  const seq = u['seq'];
  if (!isRecord(u['snapshot'])) return E.left({ line, message: 'a snapshot line needs a state object' });
  if (!(isFiniteNumber(seq) && Number.isInteger(seq) && seq >= 0))
    return E.left({ line, message: 'a snapshot line needs "seq", the seq of the last event it holds' });
  return E.right({ state: u['snapshot'], seq });
};

/**
 * The lines of a log read as its version says: header, snapshot line (version 2 on), event lines
 * parsed as JSON. A version this code cannot read is refused here, before any other line is read.
 */
export const readRawEventLog = (text: string): E.Either<LogParseError, RawEventLog> => {
  const lines = text.split(/\r?\n/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  if (firstIndex < 0) return E.left({ line: 1, message: 'the log is empty' });
  const head = parseLine(lines[firstIndex] ?? '', firstIndex + 1);
  if (E.isLeft(head)) return head;
  const header = head.right;
  if (!isRecord(header) || header['format'] !== EVENT_LOG_FORMAT)
    return E.left({ line: firstIndex + 1, message: `the first line is not an ${EVENT_LOG_FORMAT} header` });
  const refused = refuseVersion(header['version']);
  if (refused !== null) return E.left({ line: firstIndex + 1, message: refused });
  const version = header['version'] as number;
  let snapshot: LogSnapshot | null = null;
  const events: unknown[] = [];
  const at: number[] = [];
  for (let i = firstIndex + 1; i < lines.length; i++) {
    const text = lines[i] as string;
    if (text.trim() === '') continue;
    const parsed = parseLine(text, i + 1);
    if (E.isLeft(parsed)) return parsed;
    const u = parsed.right;
    if (version >= 2 && isSnapshotLine(u)) {
      if (snapshot !== null || events.length > 0)
        return E.left({ line: i + 1, message: 'a snapshot line may only come once, right after the header' });
      const s = toSnapshot(u, i + 1);
      if (E.isLeft(s)) return s;
      snapshot = s.right;
      continue;
    }
    events.push(u);
    at.push(i + 1);
  }
  return E.right({ version, header, snapshot, events, lines: at });
};

const toEvent = (u: unknown, line: number, previousSeq: number): E.Either<LogParseError, DomainEvent> => {
  if (!isRecord(u) || typeof u['type'] !== 'string')
    return E.left({ line, message: 'an event needs a string "type"' });
  const meta = u['meta'];
  if (!isRecord(meta) || !isFiniteNumber(meta['seq']) || !isFiniteNumber(meta['at']))
    return E.left({ line, message: `event ${u['type']} needs meta.seq and meta.at as numbers` });
  if (meta['seq'] <= previousSeq)
    return E.left({
      line,
      message: `event seq ${meta['seq']} does not follow ${previousSeq}: the log is out of order`,
    });
  if (!('payload' in u)) return E.left({ line, message: `event ${u['type']} has no payload` });
  return E.right({
    type: u['type'],
    payload: u['payload'],
    meta: { seq: meta['seq'], at: meta['at'] },
  });
};

/** Decodes the events of a log upcast to the current version; sequence numbers must increase. */
export const decodeEventLog = (
  raw: RawEventLog,
  writtenVersion = raw.version,
): E.Either<LogParseError, EventLog> => {
  const h = raw.header;
  const header: EventLogHeader = {
    format: EVENT_LOG_FORMAT,
    version: EVENT_LOG_VERSION,
    createdAt: isFiniteNumber(h['createdAt']) ? h['createdAt'] : 0,
    source: typeof h['source'] === 'string' ? h['source'] : 'unknown',
  };
  const events: DomainEvent[] = [];
  let previousSeq = raw.snapshot === null ? -Infinity : raw.snapshot.seq;
  for (let i = 0; i < raw.events.length; i++) {
    const decoded = toEvent(raw.events[i], raw.lines[i] ?? 0, previousSeq);
    if (E.isLeft(decoded)) return decoded;
    events.push(decoded.right);
    previousSeq = decoded.right.meta.seq;
  }
  return E.right({
    header,
    snapshot: raw.snapshot,
    events,
    ...(writtenVersion === EVENT_LOG_VERSION ? {} : { writtenVersion }),
  });
};

/**
 * Parses a JSON Lines event log of any version this code reads: refused when its version is newer
 * or unknown, upcast when older, then decoded. Blank lines are ignored; sequence numbers must
 * increase (and follow the snapshot's).
 */
export const parseEventLog = (text: string): E.Either<LogParseError, EventLog> => {
  const raw = readRawEventLog(text);
  if (E.isLeft(raw)) return raw;
  const current = upcastEventLog(raw.right);
  if (E.isLeft(current)) return current;
  return decodeEventLog(current.right, raw.right.version);
};

/** JSON with object keys sorted, so equal states give equal bytes whatever their insertion order. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

/** The media type of an exported log (JSON Lines). */
export const EVENT_LOG_CONTENT_TYPE = 'application/x-ndjson';

/** The name an exported log is saved under: `atelier-events-2026-11-23T21-13-39-000Z.jsonl`. */
export const eventLogFileName = (at: number): string =>
  `atelier-events-${new Date(at).toISOString().replace(/[:.]/g, '-')}.jsonl`;
