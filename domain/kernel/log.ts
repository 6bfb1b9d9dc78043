/**
 * The event-log format: JSON Lines, a header line then one event per line. Parsing is pure
 * (text in, typed log or a located error out) so the web client, the replay CLI and other
 * frontends read logs the same way.
 */
import * as E from 'fp-ts/lib/Either.js';
import type { DomainEvent } from './event.js';

export const EVENT_LOG_FORMAT = 'atelier-event-log';
export const EVENT_LOG_VERSION = 1;

export interface EventLogHeader {
  readonly format: typeof EVENT_LOG_FORMAT;
  readonly version: typeof EVENT_LOG_VERSION;
  readonly createdAt: number;
  readonly source: string;
}

export interface EventLog {
  readonly header: EventLogHeader;
  readonly events: readonly DomainEvent[];
}

export interface LogParseError {
  /** 1-based line of the log where parsing stopped. */
  readonly line: number;
  readonly message: string;
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

const isFiniteNumber = (u: unknown): u is number => typeof u === 'number' && Number.isFinite(u);

export const serializeEventLog = (log: EventLog): string =>
  [log.header, ...log.events].map((line) => JSON.stringify(line)).join('\n') + '\n';

export const makeHeader = (createdAt: number, source: string): EventLogHeader => ({
  format: EVENT_LOG_FORMAT,
  version: EVENT_LOG_VERSION,
  createdAt,
  source,
});

const parseJson = (text: string, line: number): E.Either<LogParseError, unknown> =>
  E.tryCatch(
    () => JSON.parse(text) as unknown,
    (err) => ({ line, message: `not JSON: ${err instanceof Error ? err.message : String(err)}` }),
  );

const toHeader = (u: unknown): E.Either<LogParseError, EventLogHeader> => {
  if (!isRecord(u) || u['format'] !== EVENT_LOG_FORMAT)
    return E.left({ line: 1, message: `the first line is not an ${EVENT_LOG_FORMAT} header` });
  if (u['version'] !== EVENT_LOG_VERSION)
    return E.left({ line: 1, message: `unsupported log version ${String(u['version'])}` });
  return E.right({
    format: EVENT_LOG_FORMAT,
    version: EVENT_LOG_VERSION,
    createdAt: isFiniteNumber(u['createdAt']) ? u['createdAt'] : 0,
    source: typeof u['source'] === 'string' ? u['source'] : 'unknown',
  });
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

/** Parses a JSON Lines event log; blank lines are ignored, sequence numbers must increase. */
export const parseEventLog = (text: string): E.Either<LogParseError, EventLog> => {
  const lines = text.split(/\r?\n/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  if (firstIndex < 0) return E.left({ line: 1, message: 'the log is empty' });
  const headerResult = E.chain(toHeader)(parseJson(lines[firstIndex] ?? '', firstIndex + 1));
  if (E.isLeft(headerResult)) return headerResult;
  const events: DomainEvent[] = [];
  let previousSeq = -Infinity;
  for (let i = firstIndex + 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const parsed = E.chain((u: unknown) => toEvent(u, i + 1, previousSeq))(parseJson(raw, i + 1));
    if (E.isLeft(parsed)) return parsed;
    events.push(parsed.right);
    previousSeq = parsed.right.meta.seq;
  }
  return E.right({ header: headerResult.right, events });
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
